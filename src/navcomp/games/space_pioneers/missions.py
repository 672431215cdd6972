"""Missions, top-secret tasks and the solo card: what each asks, as checks.

The four missions are the same for every player; each is met by the active
player after placing a card and stays met.  Tasks are judged once, at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from navcomp.games.space_pioneers.components import PLANET, SHIP
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

MISSIONS: Final = ("planet_elsewhere", "double_capture", "four_in_line", "four_colours")
ALL_MISSIONS: Final = (1 << len(MISSIONS)) - 1

TOP_SECRET: Final = (
    ("three_ship_kinds", "no_ship_in_hand"),
    ("surrounded_planet", "three_planet_kinds"),
    ("five_wide", "three_of_a_planet"),
    ("five_tall", "two_other_networks"),
    ("twelve_cards", "three_planets_one_colour"),
)
SOLO_SIDES: Final = (("capture", "six_cards"), ("four_in_line", "remove_ship"))
SIDE_NAMES: Final = ("A", "B")

MISSION_POINTS: Final = 2
TASK_POINTS: Final = 3


@dataclass
class Turn:
    """What the active player did this turn, for the missions that ask about deeds."""

    captured: int = 0
    placed_elsewhere: bool = False
    removed_from_network: bool = False


def missions_met(done: int, network: Network, turn: Turn) -> int:
    """The bits of the missions not yet in ``done`` that are met now."""
    met = 0
    if turn.placed_elsewhere:
        met |= 1
    if turn.captured >= 2:
        met |= 2
    if not done & 4 and longest_line(network) >= 4:
        met |= 4
    if not done & 8 and len({COLOUR_OF[c] for c in network.values()}) == 4:
        met |= 8
    return met & ~done


def solo_met(side: int, done: int, network: Network, turn: Turn) -> int:
    """The bits of the current solo side's missions not yet in ``done`` met now."""
    if side == 0:
        met = (1 if turn.captured else 0) | (2 if len(network) >= 6 else 0)
    else:
        met = (1 if longest_line(network) >= 4 else 0) | (2 if turn.removed_from_network else 0)
    return met & ~done


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
    if key == "three_ship_kinds":
        return len({TYPE[c] for c in cards if KIND[c] == SHIP}) >= 3
    if key == "no_ship_in_hand":
        return all(KIND[c] != SHIP for c in record.hand)
    if key == "surrounded_planet":
        return surrounded_planet(network)
    if key == "three_planet_kinds":
        return len({TYPE[c] for c in record.captured}) >= 3
    if key == "five_wide":
        return width(network) >= 5
    if key == "three_of_a_planet":
        return any(sum(TYPE[c] == t for c in record.captured) >= 3 for t in range(8))
    if key == "five_tall":
        return height(network) >= 5
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
