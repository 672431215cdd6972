"""The fixed layout of one game: which planets lie where in the ring.

A :class:`Board` is immutable and shared by every clone of a game's states, so
lookup tables that depend on the ring are computed once per layout.
"""

from __future__ import annotations

from functools import lru_cache

from navcomp.games.space_mission.actions import FLY0, SCAN_ID, jump_id
from navcomp.games.space_mission.components import (
    BLUE_CARDS,
    CARDS,
    GREEN_CARDS,
    NUM_CARDS,
    NUM_PLANETS,
    PLANETS,
    RING_SIZE,
    card_matches,
)

GATE = -1
"""Ship position of a ship on the jump gate."""

# Ring-independent tables; a Board picks from them.
_JUMPS: dict[int, tuple[tuple[int, int], ...]] = {
    card: tuple(
        (planet, jump_id(card, planet))
        for planet in range(NUM_PLANETS)
        if card_matches(CARDS[card].blue, PLANETS[planet].jump)
    )
    for card in BLUE_CARDS
}
_SCANS: tuple[dict[int, int], ...] = tuple(
    {card: SCAN_ID[card] for card in GREEN_CARDS if card_matches(CARDS[card].green, planet.scan)}
    for planet in PLANETS
)


class Board:
    __slots__ = ("fly", "jumps", "landing", "position_of", "ring", "scans")

    def __init__(self, ring: tuple[int, ...]) -> None:
        if len(ring) != RING_SIZE or len(set(ring)) != RING_SIZE:
            raise ValueError("a ring holds 8 different planets")
        if not all(0 <= p < NUM_PLANETS for p in ring):
            raise ValueError("unknown planet in the ring")
        self.ring = ring
        position_of = [GATE] * NUM_PLANETS
        for pos, planet in enumerate(ring):
            position_of[planet] = pos
        self.position_of: tuple[int, ...] = tuple(position_of)
        # fly[pos]: sorted fly action ids to the two neighbours of pos
        self.fly: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(FLY0 + ring[(pos + d) % RING_SIZE] for d in (-1, 1)))
            for pos in range(RING_SIZE)
        )
        # jumps[card]: ((position, action id), ...) for every planet in play it reaches
        jumps: list[tuple[tuple[int, int], ...]] = [()] * NUM_CARDS
        for card, reachable in _JUMPS.items():
            jumps[card] = tuple(
                (position_of[planet], action) for planet, action in reachable
                if position_of[planet] != GATE
            )  # fmt: skip
        self.jumps: tuple[tuple[tuple[int, int], ...], ...] = tuple(jumps)
        # scans[pos]: card -> scan action id, for the cards that scan the planet at pos
        self.scans: tuple[dict[int, int], ...] = tuple(_SCANS[planet] for planet in ring)
        self.landing: tuple[tuple[int, int], ...] = tuple(PLANETS[p].landing for p in ring)


@lru_cache(maxsize=4096)
def board_for(ring: tuple[int, ...]) -> Board:
    return Board(ring)
