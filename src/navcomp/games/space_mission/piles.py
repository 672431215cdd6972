"""The planets' piles of tiles: a look (the pile dealt on the first), a tile taken, space
tiles turned face up.

Part of the rules (:mod:`navcomp.games.space_mission.rules` decides when each happens and
what the turn does next); these change the piles, the taken tiles, the memories of what
players saw and the knowledge kept for determinizations (:mod:`.knowledge`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from navcomp.core.rng import LCG_ADD, LCG_MUL, MASK64
from navcomp.games.space_mission import knowledge
from navcomp.games.space_mission.components import NUM_KINDS, RING_SIZE, SPACE

if TYPE_CHECKING:
    from navcomp.games.space_mission.rules import SpaceMissionRules

T = TypeVar("T")


def put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def look(s: SpaceMissionRules, pos: int) -> bool:
    """The current player sees the pile at ``pos``.  True if it holds a point tile (the
    player picks one next); else its space tiles are turned face up."""
    pile = s.real[pos]
    first = not s.touched[pos]
    if pile is None:
        pile = deal_pile(s, pos)
        s.touched = put(s.touched, pos, True)
    at = s.cur * RING_SIZE + pos
    s.derived_memory = put(s.derived_memory, at, (None, s.take_seq))
    if s.know is None:
        s.memory = put(s.memory, at, (pile, s.take_seq))
    else:
        before = knowledge.seen(s, s.cur, pos)
        s.memory = put(s.memory, at, (pile, s.take_seq))
        s.know = knowledge.after_look(s, pos, before, first)
    s.undo_depth = 0
    if pile[SPACE] < s.down[pos]:
        return True
    turn_face_up(s, pos)
    return False


def take(s: SpaceMissionRules, kind: int, reserve: bool) -> None:
    """The current player takes a tile of ``kind`` from the pile they look at (``reserve``:
    a scan's, which waits for a station and costs a chip meanwhile)."""
    p = s.cur
    pos = s.pick_pos
    before = s.real[pos]
    assert before is not None
    pile = put(before, kind, before[kind] - 1)
    s.real = put(s.real, pos, pile)
    down = s.down[pos] - 1
    s.down = put(s.down, pos, down)
    s.take_seq += 1
    if reserve:
        s.chips[p] -= 1
    s.taken += ((p, kind, pos, s.take_seq, reserve),)
    at = p * RING_SIZE + pos
    s.memory = put(s.memory, at, (pile, s.take_seq))
    s.derived_memory = put(s.derived_memory, at, (None, s.take_seq))
    if s.know is not None:
        s.know = knowledge.after_pick(s, len(s.taken) - 1)
    if pile[SPACE] == down:
        turn_face_up(s, pos)


def deal_pile(s: SpaceMissionRules, pos: int) -> tuple[int, ...]:
    """Deal the undealt pile at ``pos`` from the undealt tiles.

    In a real game this is a pile nobody has seen.  In a determinized world
    it may be a pile others looked at and the world's player did not
    (``touched``): it must then hold a point tile (or it would have been
    turned up), and enough point tiles must stay undealt for every other
    such pile.  Deals that break this are drawn again.
    """
    size = s.down[pos]
    must_score = s.touched[pos] and size > 0
    real, touched, down = s.real, s.touched, s.down
    still_needed = sum(
        1
        for other in range(RING_SIZE)
        if other != pos and real[other] is None and touched[other] and down[other]
    )
    rng = s.rng
    undealt = sum(s.pool)
    while True:
        pool = list(s.pool)
        pile = [0] * NUM_KINDS
        left = undealt
        for _ in range(size):
            rng = (rng * LCG_MUL + LCG_ADD) & MASK64  # a step of navcomp.core.rng
            r = ((rng >> 32) * left) >> 32
            kind = 0
            while r >= pool[kind]:
                r -= pool[kind]
                kind += 1
            pool[kind] -= 1
            pile[kind] += 1
            left -= 1
        if (not must_score or pile[SPACE] < size) and left - pool[SPACE] >= still_needed:
            break
    s.rng = rng
    s.pool = tuple(pool)
    dealt = tuple(pile)
    s.real = put(s.real, pos, dealt)
    return dealt


def turn_face_up(s: SpaceMissionRules, pos: int) -> None:
    """The pile holds no point tile: its space tiles are turned face up."""
    pile = s.real[pos]
    assert pile is not None
    spaces = pile[SPACE]
    if s.know is not None:
        s.know = knowledge.before_turn_up(s, pos, spaces)
    s.real = put(s.real, pos, put(pile, SPACE, 0))
    s.down = put(s.down, pos, s.down[pos] - spaces)
    s.up = put(s.up, pos, s.up[pos] + spaces)
    s.faceup += spaces
    if s.faceup >= s.threshold:
        s.final_round = True
