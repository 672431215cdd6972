"""What each player cannot place of the planet tiles, kept up to date as the game goes.

A determinization re-deals the tiles its player cannot place (see
:mod:`navcomp.games.space_mission.determinize`).  Finding them takes a pass over
every tile taken and every pile the player remembers.  The rules keep the answer
for every player instead (``SpaceMissionRules.know``), changing it only where a
look, a pick, a develop or a pile turned face up changes it, so a
determinization does no bookkeeping for tiles.  Those are a few dozen events in a
game of a thousand actions.

For player p, a :data:`Knowledge` is ``(free, points, loose, pinned, unknown)``:

``free``
    counts by tile kind (spaces last) of the tiles p cannot place: all tiles less
    the face-up spaces, the tiles p holds and may look at, and the piles p
    remembers (as remembered: face-up spaces left out);
``points``
    the point tiles of ``free``: their kinds in ascending order, as bytes;
``loose``
    indices in ``taken``, ascending, of the tiles p cannot see that no pile p
    remembers pins down: a world deals them from ``points``;
``pinned``
    for each pile p remembers that others have taken from since, by position:
    ``(position, the pile as remembered, its point tiles, indices of the tiles
    taken since)``; a world deals those tiles from the remembered pile;
``unknown``
    positions, ascending, of the piles somebody looked at and p does not
    remember: a world deals them again when somebody looks.

Everything in it is a function of what p knows, in a canonical order, so worlds
drawn from two positions p cannot tell apart are the same, rng for rng.

``know`` is ``None`` in a determinized world (search plays in worlds and never
needs it) and after anything but the rules changed the tiles, the taken tiles or
the memories of a state: :func:`of_player` then works it out from scratch.
"""

from __future__ import annotations

from operator import add, sub
from typing import TYPE_CHECKING, Final

from navcomp.games.space_mission.components import RING_SIZE, SPACE, TILE_COUNTS

if TYPE_CHECKING:
    from navcomp.games.space_mission.rules import SpaceMissionRules
    from navcomp.games.space_mission.state import SpaceMissionState

Pinned = tuple[int, tuple[int, ...], bytes, tuple[int, ...]]
Knowledge = tuple[tuple[int, ...], bytes, tuple[int, ...], tuple[Pinned, ...], tuple[int, ...]]

_RUNS: Final = tuple(
    tuple(bytes((k,)) * c for c in range(TILE_COUNTS[k] + 1)) for k in range(SPACE)
)
_R0, _R1, _R2, _R3, _R4, _R5, _R6, _R7, _R8, _R9 = _RUNS
assert SPACE == 10


def points_of(c: tuple[int, ...] | list[int]) -> bytes:
    """The point tiles of the counts ``c``: their kinds in ascending order, as bytes."""
    return b"".join((
        _R0[c[0]], _R1[c[1]], _R2[c[2]], _R3[c[3]], _R4[c[4]],
        _R5[c[5]], _R6[c[6]], _R7[c[7]], _R8[c[8]], _R9[c[9]],
    ))  # fmt: skip


_OTHERS: Final = tuple(
    tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(8)
)

INITIAL: Final[Knowledge] = (TILE_COUNTS, points_of(TILE_COUNTS), (), (), ())
"""Before anybody has looked at anything."""


def of_player(s: SpaceMissionState, player: int) -> Knowledge:
    """``player``'s knowledge worked out from the state.

    In a determinized world this may deal a pile the player remembers (see
    ``SpaceMissionState.remembered``).
    """
    free = list(TILE_COUNTS)
    free[SPACE] -= s.faceup
    memories = [s.remembered(player, pos) for pos in range(RING_SIZE)]
    since: list[list[int]] = [[] for _ in range(RING_SIZE)]
    loose = []
    hidden_own = s.hide_reserved
    for i, (owner, kind, pos, seq, reserved) in enumerate(s.taken):
        if owner == player and not (reserved and hidden_own):
            free[kind] -= 1
            continue
        memory = memories[pos]
        if memory is not None and seq > memory[1]:
            since[pos].append(i)
        else:
            loose.append(i)
    pinned = []
    unknown = []
    for pos in range(RING_SIZE):
        memory = memories[pos]
        if memory is not None:
            counts = memory[0]
            assert counts is not None
            free = list(map(sub, free, counts))
            if since[pos]:
                pinned.append((pos, counts, points_of(counts), tuple(since[pos])))
        elif s.touched[pos]:
            unknown.append(pos)
    return tuple(free), points_of(free), tuple(loose), tuple(pinned), tuple(unknown)


def of_everyone(s: SpaceMissionState) -> tuple[Knowledge, ...]:
    return tuple(of_player(s, p) for p in range(s.n))


# --------------------------------------------------------------------- updates
# Each is called by the rules of a real game (``know`` not ``None``), right after
# the change it follows, and returns the new ``know``.  Memories there hold counts.


def seen(s: SpaceMissionRules, player: int, pos: int) -> tuple[int, ...] | None:
    """``player``'s memory of ``pos`` as remembered (no face-up spaces); real games only."""
    entry = s.memory[player * RING_SIZE + pos]
    if entry is None:
        return None
    counts = entry[0]
    assert counts is not None
    if s.up[pos] and counts[SPACE]:
        return (*counts[:SPACE], 0)
    return counts


def after_look(
    s: SpaceMissionRules, pos: int, before: tuple[int, ...] | None, first: bool
) -> tuple[Knowledge, ...]:
    """The current player has just looked at ``pos``; ``before``: their memory of it
    until now (as remembered); ``first``: nobody had looked at it before."""
    assert s.know is not None
    know = list(s.know)
    q = s.cur
    free, _, loose, pinned, unknown = know[q]
    now = seen(s, q, pos)
    assert now is not None
    if before is None:
        counts = tuple(map(sub, free, now))
    else:
        counts = tuple(map(add, map(sub, free, now), before))
    if pinned:
        kept = []
        for entry in pinned:
            if entry[0] == pos:  # taken since the last look: now simply not seen
                loose = tuple(sorted(loose + entry[3]))
            else:
                kept.append(entry)
        pinned = tuple(kept)
    if pos in unknown:
        unknown = tuple(x for x in unknown if x != pos)
    know[q] = (counts, points_of(counts), loose, pinned, unknown)
    if first:
        for p in _OTHERS[s.n][q]:
            free, points, loose, pinned, unknown = know[p]
            know[p] = (free, points, loose, pinned, tuple(sorted((*unknown, pos))))
    return tuple(know)


def after_pick(s: SpaceMissionRules, index: int) -> tuple[Knowledge, ...]:
    """``taken[index]`` has just been taken by the current player (memory updated)."""
    assert s.know is not None
    know = list(s.know)
    q, kind, pos, _, reserved = s.taken[index]
    if reserved and s.hide_reserved:  # out of the taker's memory and out of sight
        free, _, loose, pinned, unknown = know[q]
        counts = list(free)
        counts[kind] += 1
        know[q] = (tuple(counts), points_of(counts), (*loose, index), pinned, unknown)
    memory = s.memory
    for p in _OTHERS[s.n][q]:
        free, points, loose, pinned, unknown = know[p]
        if memory[p * RING_SIZE + pos] is None:
            know[p] = (free, points, (*loose, index), pinned, unknown)
            continue
        for i, entry in enumerate(pinned):
            if entry[0] == pos:
                grown = (pos, entry[1], entry[2], (*entry[3], index))
                pinned = (*pinned[:i], grown, *pinned[i + 1 :])
                break
        else:
            remembered = seen(s, p, pos)
            assert remembered is not None
            new = (pos, remembered, points_of(remembered), (index,))
            pinned = tuple(sorted((*pinned, new)))
        know[p] = (free, points, loose, pinned, unknown)
    return tuple(know)


def before_turn_up(s: SpaceMissionRules, pos: int, spaces: int) -> tuple[Knowledge, ...]:
    """The ``spaces`` space tiles of ``pos`` are about to be turned face up."""
    assert s.know is not None
    if not spaces:
        return s.know
    know = list(s.know)
    for p in range(s.n):
        free, points, loose, pinned, unknown = know[p]
        counts = list(free)
        counts[SPACE] -= spaces
        remembered = seen(s, p, pos)
        if remembered is not None:  # remembered spaces stop counting: they are face up now
            counts[SPACE] += remembered[SPACE]
            pinned = tuple(
                (at, (*pile[:SPACE], 0), tiles, records)
                if at == pos
                else (at, pile, tiles, records)
                for at, pile, tiles, records in pinned
            )
        know[p] = (tuple(counts), points, loose, pinned, unknown)
    return tuple(know)


def after_hand_out(s: SpaceMissionRules, indices: list[int]) -> tuple[Knowledge, ...]:
    """The reserved tiles ``taken[i]`` for ``i`` in ``indices`` have just been handed
    out; under the printed rule their owners see them only now."""
    assert s.know is not None
    if not s.hide_reserved or not indices:
        return s.know
    know = list(s.know)
    for i in indices:
        owner, kind, _, _, _ = s.taken[i]
        free, _, loose, pinned, unknown = know[owner]
        counts = list(free)
        counts[kind] -= 1
        rest = tuple(x for x in loose if x != i)
        assert len(rest) == len(loose) - 1
        know[owner] = (tuple(counts), points_of(counts), rest, pinned, unknown)
    return tuple(know)
