"""Missions, top-secret tasks and the solo card: what each asks, as checks.

The four missions are the same for every player; each is met by the active
player after placing a card and stays met.  Tasks are judged once, at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntFlag
from typing import Final

from navcomp.games.space_pioneers.components import COLOURS, PLANET, SHIP
from navcomp.games.space_pioneers.network import (
    COLOUR_OF,
    KIND,
    TYPE,
    Network,
    height,
    longest_line,
    surrounded_planet,
    width,
)

MISSIONS: Final = ("capture_elsewhere", "four_captures", "six_in_line", "four_planet_colours")
"""The wording differs from the printed card where bot games showed a mission met in
(almost) every game or (almost) none: see docs/rules/space-pioneers.md."""


class Mission(IntFlag):
    """The missions as bits of the missions a seat has met (``missions``), in the order
    of :data:`MISSIONS`."""

    CAPTURE_ELSEWHERE = 1
    FOUR_CAPTURES = 2
    SIX_IN_LINE = 4
    FOUR_PLANET_COLOURS = 8


ALL_MISSIONS: Final = int(
    Mission.CAPTURE_ELSEWHERE
    | Mission.FOUR_CAPTURES
    | Mission.SIX_IN_LINE
    | Mission.FOUR_PLANET_COLOURS
)
assert (1 << len(MISSIONS)) - 1 == ALL_MISSIONS


class SoloMission(IntFlag):
    """The solo card's two missions on the side up, as bits of those met (``side_done``):
    side A's capture and big network, side B's long line and spaceship removed."""

    FIRST = 1
    SECOND = 2
    BOTH = FIRST | SECOND


LINE: Final = 6
"""Cards in one unbroken row or column for mission 3 (printed: four)."""
CAPTURES: Final = 4
"""Planet cards captured in all that also meet mission 2 (printed: two in one turn only)."""
SHIP_KINDS: Final = 4
"""Spaceship kinds for task 1 of card 1 (printed: three)."""
TALL: Final = 7
"""Rows for task 1 of card 4 (printed: five)."""
HAND: Final = 1
"""Task 2 of card 1: no spaceship in hand at the end, and at most this many cards
(printed: no spaceship only)."""

TOP_SECRET: Final = (
    ("four_ship_kinds", "light_hand"),
    ("surrounded_planet", "three_planet_kinds"),
    ("five_wide", "three_of_a_planet"),
    ("seven_tall", "two_other_networks"),
    ("twelve_cards", "three_planets_one_colour"),
)
SOLO_SIDES: Final = (("capture", "big_network"), ("long_line", "remove_ship"))
SIDE_NAMES: Final = ("A", "B")
SOLO_CARDS: Final = (6, 2)
"""Solo side A: cards in the network, plus this many for every card completed so far."""
SOLO_LINE: Final = (4, 1)
"""Solo side B: cards in one line, plus this many for every card completed so far."""

MISSION_POINTS: Final = 2
TASK_POINTS: Final = 3


@dataclass
class Turn:
    """What the active player did this turn, for the missions that ask about deeds."""

    captured: int = 0
    placed_elsewhere: bool = False
    removed_from_network: bool = False


def missions_met(done: int, network: Network, turn: Turn, captured: int = 0) -> int:
    """The bits of the missions not yet in ``done`` that are met now; ``captured``: the
    planet cards the player has captured in all, this turn's included."""
    met = 0
    if turn.placed_elsewhere and turn.captured:
        met |= Mission.CAPTURE_ELSEWHERE
    if turn.captured >= 2 or captured >= CAPTURES:
        met |= Mission.FOUR_CAPTURES
    if not done & Mission.SIX_IN_LINE and longest_line(network) >= LINE:
        met |= Mission.SIX_IN_LINE
    if not done & Mission.FOUR_PLANET_COLOURS and len(
        {COLOUR_OF[c] for c in network.values() if KIND[c] == PLANET}
    ) == len(COLOURS):
        met |= Mission.FOUR_PLANET_COLOURS
    return int(met & ~done)


def solo_targets(completed: int) -> tuple[int, int]:
    """Cards in the network (side A) and in one line (side B) the solo card asks for once
    it has been completed ``completed`` times."""
    return (
        SOLO_CARDS[0] + SOLO_CARDS[1] * completed,
        SOLO_LINE[0] + SOLO_LINE[1] * completed,
    )


def solo_met(side: int, done: int, network: Network, turn: Turn, completed: int = 0) -> int:
    """The bits of the current solo side's missions not yet in ``done`` met now."""
    cards, line = solo_targets(completed)
    met = SoloMission(0)
    if side == 0:
        if turn.captured:
            met |= SoloMission.FIRST
        if len(network) >= cards:
            met |= SoloMission.SECOND
    else:
        if longest_line(network) >= line:
            met |= SoloMission.FIRST
        if turn.removed_from_network:
            met |= SoloMission.SECOND
    return int(met & ~done)


@dataclass(frozen=True)
class Record:
    """A player's deeds over the game, for the tasks judged at the end."""

    network: Network
    hand: list[int]
    captured: list[int]
    elsewhere: list[int]
    """How many planets this player placed in each player's network."""


def task_met(key: str, record: Record, num_players: int) -> bool:
    network = record.network
    cards = network.values()
    if key == "four_ship_kinds":
        return len({TYPE[c] for c in cards if KIND[c] == SHIP}) >= SHIP_KINDS
    if key == "light_hand":
        return len(record.hand) <= HAND and all(KIND[c] != SHIP for c in record.hand)
    if key == "surrounded_planet":
        return surrounded_planet(network)
    if key == "three_planet_kinds":
        return len({TYPE[c] for c in record.captured}) >= 3
    if key == "five_wide":
        return width(network) >= 5
    if key == "three_of_a_planet":
        return any(sum(TYPE[c] == t for c in record.captured) >= 3 for t in range(8))
    if key == "seven_tall":
        return height(network) >= TALL
    if key == "two_other_networks":
        if num_players == 2:  # one other network: two planets placed in it
            return sum(record.elsewhere) >= 2
        return sum(1 for count in record.elsewhere if count) >= 2
    if key == "twelve_cards":
        return len(network) >= 12
    if key == "three_planets_one_colour":
        colours = [COLOUR_OF[c] for c in cards if KIND[c] == PLANET]
        return any(colours.count(colour) >= 3 for colour in range(4))
    raise KeyError(key)
