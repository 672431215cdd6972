"""Building Space Mission positions for tests, with the cards and tiles kept accounted for.

A test starts from :func:`new_state` (a fresh game on the fixed ring :data:`RING`, start
player 0, every ship on the gate) and arranges what it needs:

* cards with :func:`set_cards` (hands, draw pile, discard pile);
* piles with :func:`set_pile` (the face-down tiles of a planet, and face-up space tiles);
* history with :func:`scan_mark`, :func:`reserve`, :func:`collect`, :func:`develop_mark`,
  :func:`set_probes`, :func:`take_all_chips`;
* ships with :func:`put_ship`.

The helpers never change a state field in place: they build the new value and store it
in the container type the engine uses for that field (list or tuple), so they work
whichever representation the engine chooses.

Accounting kept by these helpers (and checked by :func:`check_accounting`):

* every card is exactly once in a hand, the draw pile, the discard pile or the cards chosen
  for a Top up in progress (except where a test asks for cards to be left out: both piles
  empty is unreachable otherwise);
* every tile kind: undealt pool + dealt piles + taken/reserved tiles + face-up spaces is
  the printed count.  A pile set smaller than eight leaves its missing tiles in the pool
  (tiles "out of play"), so the pool may hold more than the undealt piles need; a tile
  reserved or collected from an undealt pile shrinks that pile;
* chips: supply + probes + scan markers + stations = 20 per player.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from navcomp.core import Game, Match, play
from navcomp.games.space_mission import GAME, SpaceMissionState
from navcomp.games.space_mission.board import GATE, board_for
from navcomp.games.space_mission.components import (
    CARD_BY_TEXT,
    CARDS,
    CHIPS_PER_PLAYER,
    NUM_CARDS,
    NUM_KINDS,
    PLANET_BY_SLUG,
    PLANETS,
    RING_SIZE,
    SPACE,
    TILE_BY_NAME,
    TILE_COUNTS,
    TILE_NAMES,
)

RING: tuple[str, ...] = (
    "freezer",  # 0  jump 1, scan 3, landing 2 4
    "green-heggar",  # 1  jump 2, scan 1, landing 3 4
    "hazard",  # 2  jump 1, scan 4, landing 1 3  (neighbours Green Heggar, Ruby Red)
    "ruby-red",  # 3  jump 3, scan 2, landing 1 4
    "tempest",  # 4  jump 1, scan 2, landing 3 3
    "aqua-vita",  # 5  jump 2, scan 3, landing 1 2
    "oasis",  # 6  jump 2, scan 4, landing 1 1
    "crystal-maze",  # 7  jump 4, scan 2, landing 4 4
)
"""The ring used by :func:`new_state`.  Not in play: Dust Bowl, Nimbus, Caldera, Obsidian."""

NOT_IN_RING: tuple[str, ...] = ("dust-bowl", "nimbus", "caldera", "obsidian")

FULL_HAND: list[str] = ["B3/O3", "B4/O4", "G2/O2", "G3/O3", "B3/G1"]
"""Five filler cards: none scans Hazard or Oasis, none lands on Hazard, none jumps with blue 1."""


# ---------------------------------------------------------------- basic lookups


def card(text: str) -> int:
    """A card id from its text, e.g. ``card("B1/O2")``."""
    return CARD_BY_TEXT[text]


def cards(*texts: str) -> list[int]:
    return sorted(card(t) for t in texts)


def card_texts(ids: Iterable[int]) -> list[str]:
    return [CARDS[c].text for c in ids]


def kind(name: str) -> int:
    """A tile kind from its name, e.g. ``kind("water")``."""
    return TILE_BY_NAME[name]


def tiles(counts: Mapping[str, int]) -> list[int]:
    """Counts by tile kind from ``{"water": 2, "space": 1}``."""
    result = [0] * NUM_KINDS
    for name, count in counts.items():
        result[TILE_BY_NAME[name]] += count
    return result


def pos(s: SpaceMissionState, slug: str) -> int:
    """The ring position of a planet in play."""
    position = s.board.position_of[PLANET_BY_SLUG[slug]]
    if position == GATE:
        raise ValueError(f"{slug} is not in this game's ring")
    return position


# ---------------------------------------------------------------- storing fields


def store(s: SpaceMissionState, name: str, values: Iterable[Any]) -> None:
    """Replace a sequence field, keeping the engine's container type (list or tuple)."""
    old = getattr(s, name)
    setattr(s, name, tuple(values) if isinstance(old, tuple) else list(values))
    s.redo_bookkeeping()  # what the rules keep up to date follows only their own moves


def put(s: SpaceMissionState, name: str, index: int, value: Any) -> None:
    """``s.<name>[index] = value`` without changing the field in place."""
    values = list(getattr(s, name))
    values[index] = value
    store(s, name, values)


def _pile_value(s: SpaceMissionState, counts: Sequence[int]) -> Any:
    """A pile in the representation the engine uses for counts (as ``pool``)."""
    return tuple(counts) if isinstance(s.pool, tuple) else list(counts)


# ---------------------------------------------------------------- setup


def new_state(
    n: int = 2,
    *,
    seed: int = 0,
    start: int = 0,
    ring: Sequence[str] = RING,
    options: Mapping[str, Any] | None = None,
) -> SpaceMissionState:
    """A fresh game on a fixed ring with a fixed start player (nothing dealt yet)."""
    s = GAME.new_initial_state(n, seed, options)
    s.board = board_for(tuple(PLANET_BY_SLUG[slug] for slug in ring))
    s.start = s.cur = start
    return s


def set_cards(
    s: SpaceMissionState,
    hands: Mapping[int, Sequence[str]] | None = None,
    *,
    draw: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
    leave_out_rest: bool = False,
) -> None:
    """Put the named cards where asked.

    Hands not named keep whatever of their cards nobody claimed.  The remaining cards go
    to the draw pile, or to the discard pile when the draw pile is given.  When both
    piles are given the remaining cards must be none, unless ``leave_out_rest`` (for the
    unreachable both-piles-empty case): then they leave the game.
    """
    hands = dict(hands or {})
    claimed: list[int] = []
    for texts in hands.values():
        claimed += [card(t) for t in texts]
    draw_ids = None if draw is None else [card(t) for t in draw]
    discard_ids = None if discard is None else [card(t) for t in discard]
    claimed += draw_ids or []
    claimed += discard_ids or []
    if len(set(claimed)) != len(claimed):
        raise ValueError("a card is named twice")
    taken = set(claimed)
    new_hands = []
    for p in range(s.n):
        if p in hands:
            new_hands.append(sorted(card(t) for t in hands[p]))
        else:
            new_hands.append(sorted(c for c in s.hands[p] if c not in taken))
    s.hands = new_hands
    in_hands = {c for h in s.hands for c in h}
    rest = [c for c in range(NUM_CARDS) if c not in taken and c not in in_hands]
    if draw_ids is None:
        s.draw = rest
        s.discard = discard_ids or []
    elif discard_ids is None:
        s.draw = draw_ids
        s.discard = rest
    else:
        if rest and not leave_out_rest:
            raise ValueError(f"{len(rest)} cards have no place")
        s.draw = draw_ids
        s.discard = discard_ids
    s.redo_bookkeeping()


def put_ship(s: SpaceMissionState, p: int, slug: str | None) -> None:
    """Ship of ``p`` to a planet (``None``: the jump gate)."""
    put(s, "ship", p, GATE if slug is None else pos(s, slug))


def _take_from_pool(s: SpaceMissionState, counts: Sequence[int]) -> None:
    pool = list(s.pool)
    for k in range(NUM_KINDS):
        if pool[k] < counts[k]:
            raise ValueError(f"not enough {TILE_NAMES[k]} tiles left for this position")
        pool[k] -= counts[k]
    store(s, "pool", pool)


def set_pile(
    s: SpaceMissionState, slug: str, counts: Mapping[str, int] | None = None, *, up: int = 0
) -> int:
    """Deal the face-down pile of a planet exactly (and ``up`` face-up space tiles there).

    The pile counts as looked at.  Returns the planet's ring position.  Tiles the pile
    held before (face down or face up) go back to the pool.
    """
    at = pos(s, slug)
    pool = list(s.pool)
    old = s.real[at]
    if old is not None:
        pool = [a + b for a, b in zip(pool, old, strict=True)]
    pool[SPACE] += s.up[at]
    store(s, "pool", pool)
    s.faceup -= s.up[at]
    pile = tiles(counts or {})
    _take_from_pool(s, [*pile[:SPACE], pile[SPACE] + up])
    put(s, "real", at, _pile_value(s, pile))
    put(s, "down", at, sum(pile))
    put(s, "up", at, up)
    put(s, "touched", at, True)
    s.faceup += up
    s.redo_bookkeeping()
    return at


def scan_mark(s: SpaceMissionState, p: int, slug: str) -> None:
    """Record that ``p`` has scanned the planet (e.g. a scan that found nothing)."""
    at = pos(s, slug)
    put(s, "scanned", at, s.scanned[at] | 1 << p)


def _tile_left_pile(s: SpaceMissionState, at: int, name: str) -> None:
    """A tile left the pile at ``at`` before the position: an undealt pile shrinks by one,
    a dealt pile (set smaller than eight) gives up one of its missing tiles."""
    _take_from_pool(s, tiles({name: 1}))
    if s.real[at] is None:
        if s.down[at] == 0:
            raise ValueError("no tile left in that pile")
        put(s, "down", at, s.down[at] - 1)


def _add_taken(s: SpaceMissionState, p: int, name: str, at: int, reserved: bool) -> None:
    s.take_seq += 1
    store(s, "taken", [*s.taken, (p, kind(name), at, s.take_seq, reserved)])


def reserve(s: SpaceMissionState, p: int, slug: str, name: str) -> None:
    """``p`` scanned the planet earlier and reserved a tile there (marker chip placed)."""
    at = pos(s, slug)
    _tile_left_pile(s, at, name)
    _add_taken(s, p, name, at, True)
    put(s, "chips", p, s.chips[p] - 1)
    scan_mark(s, p, slug)


def collect(
    s: SpaceMissionState, p: int, name: str, count: int = 1, slug: str | None = None
) -> None:
    """``p`` holds ``count`` more collected tiles of a kind (taken earlier from ``slug``,
    or from the first undealt piles with tiles left)."""
    for _ in range(count):
        if slug is None:
            at = next(i for i, pile in enumerate(s.real) if pile is None and s.down[i])
        else:
            at = pos(s, slug)
        _tile_left_pile(s, at, name)
        _add_taken(s, p, name, at, False)


def develop_mark(s: SpaceMissionState, p: int, slug: str) -> None:
    """``p`` scanned and built a station on the planet earlier (station chip placed)."""
    at = pos(s, slug)
    put(s, "developer", at, p)
    put(s, "chips", p, s.chips[p] - 1)
    scan_mark(s, p, slug)


def set_probes(s: SpaceMissionState, probes: Sequence[int]) -> None:
    """Probe chips on the jump gate, taken from each player's supply."""
    for p, count in enumerate(probes):
        put(s, "chips", p, s.chips[p] - (count - s.probes[p]))
        put(s, "probes", p, count)


def take_all_chips(s: SpaceMissionState, p: int) -> None:
    """``p`` has used up the supply: the rest went onto the gate as probes."""
    put(s, "probes", p, s.probes[p] + s.chips[p])
    put(s, "chips", p, 0)


# ---------------------------------------------------------------- checks


def check_accounting(s: SpaceMissionState) -> None:
    """Cards, tiles and chips are all accounted for (see the module docstring)."""
    every_card = [c for h in s.hands for c in h] + list(s.draw) + list(s.discard) + s.chosen
    assert len(every_card) == len(set(every_card)), "a card is in two places"
    counts = list(s.pool)
    for pile in s.real:
        if pile is not None:
            counts = [a + b for a, b in zip(counts, pile, strict=True)]
    for _, k, _, _, _ in s.taken:
        counts[k] += 1
    counts[SPACE] += sum(s.up)
    assert counts == list(TILE_COUNTS), "tiles are not accounted for"
    assert s.faceup == sum(s.up)
    for at, pile in enumerate(s.real):
        if pile is not None:
            assert sum(pile) == s.down[at]
    undealt = sum(s.down[at] for at in range(RING_SIZE) if s.real[at] is None)
    assert sum(s.pool) >= undealt, "the undealt piles need more tiles than are left"
    for p in range(s.n):
        markers = sum(1 for owner, _, _, _, reserved in s.taken if owner == p and reserved)
        stations = sum(1 for d in s.developer if d == p)
        assert s.chips[p] >= 0
        assert s.chips[p] + s.probes[p] + markers + stations == CHIPS_PER_PLAYER


def snapshot(s: SpaceMissionState) -> Any:
    """The whole state, secrets included, as an independent value to compare later."""
    return copy.deepcopy(s.to_json())


# ---------------------------------------------------------------- moving and reading


def do(s: SpaceMissionState, *texts: str) -> None:
    """Play actions by text for the current player, through the checked path."""
    for text in texts:
        current = s.current_player
        assert current is not None, "the game is over"
        play(s, current, text)


def legal_texts(s: SpaceMissionState) -> set[str]:
    return {GAME.action_to_text(a) for a in s.legal_actions()}


def legal_of_kind(s: SpaceMissionState, kind_name: str) -> set[str]:
    return {t for t in legal_texts(s) if t.split()[0] == kind_name}


def pass_turn(s: SpaceMissionState) -> None:
    """The current player tops up twice and confirms (a no-op turn with a full hand)."""
    do(s, "draw", "draw", "confirm")


def phase(s: SpaceMissionState) -> str:
    """The decision the current player faces: "action", "top-up", "pick", "confirm", "over"."""
    return str(s.view(None)["phase"])


def pile_of(s: SpaceMissionState, slug: str) -> dict[str, int] | None:
    """The face-down pile of a planet by tile name (``None``: not dealt yet)."""
    pile = s.real[pos(s, slug)]
    if pile is None:
        return None
    return {TILE_NAMES[k]: pile[k] for k in range(NUM_KINDS) if pile[k]}


def tiles_of(s: SpaceMissionState, p: int) -> dict[str, int]:
    """Collected (not reserved) tiles of ``p`` by name."""
    counts = s.collected(p)
    return {TILE_NAMES[k]: counts[k] for k in range(NUM_KINDS) if counts[k]}


def reserved_of(s: SpaceMissionState, p: int) -> list[tuple[str, str]]:
    """Reserved tiles of ``p`` as sorted (planet slug, tile name) pairs."""
    ring = s.board.ring
    return sorted(
        (PLANETS[ring[at]].slug, TILE_NAMES[k])
        for owner, k, at, _, reserved in s.taken
        if owner == p and reserved
    )


def is_scanned_by(s: SpaceMissionState, p: int, slug: str) -> bool:
    return bool(s.scanned[pos(s, slug)] >> p & 1)


class _FromState(Game[SpaceMissionState]):
    """A rule book whose every game starts from one prepared position."""

    def __init__(self, state: SpaceMissionState) -> None:
        self._state = state.clone()
        self.info = GAME.info

    def new_initial_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> SpaceMissionState:
        return self._state.clone()

    def state_from_json(self, data: Any) -> SpaceMissionState:
        return GAME.state_from_json(data)

    def action_to_text(self, action: int) -> str:
        return GAME.action_to_text(action)

    def action_from_text(self, text: str) -> int:
        return GAME.action_from_text(text)

    def action_to_json(self, action: int) -> Any:
        return GAME.action_to_json(action)

    def action_from_json(self, data: Any) -> int:
        return GAME.action_from_json(data)


def match_from(s: SpaceMissionState) -> Match[SpaceMissionState]:
    """A :class:`Match` (undo replays its log) that starts from the prepared position."""
    return Match(_FromState(s), s.n, 0)
