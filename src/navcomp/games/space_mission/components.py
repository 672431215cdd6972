"""The printed components of Space Mission: planets, NavComp cards, planet tiles.

Everything here is constant data, indexed by small integers so the rules can
work on flat lists.  Names and text forms are the stable public spellings.
"""

from __future__ import annotations

from typing import Final, NamedTuple

JOKER: Final = 0
"""Coordinate value printed as ``?`` on a card: any number of its colour."""


class Planet(NamedTuple):
    name: str
    slug: str
    jump: int
    scan: int
    landing: tuple[int, int]


PLANETS: Final[tuple[Planet, ...]] = (
    Planet("Freezer", "freezer", 1, 3, (2, 4)),
    Planet("Hazard", "hazard", 1, 4, (1, 3)),
    Planet("Tempest", "tempest", 1, 2, (3, 3)),
    Planet("Green Heggar", "green-heggar", 2, 1, (3, 4)),
    Planet("Aqua Vita", "aqua-vita", 2, 3, (1, 2)),
    Planet("Oasis", "oasis", 2, 4, (1, 1)),
    Planet("Ruby Red", "ruby-red", 3, 2, (1, 4)),
    Planet("Dust Bowl", "dust-bowl", 3, 4, (2, 3)),
    Planet("Nimbus", "nimbus", 3, 1, (2, 4)),
    Planet("Caldera", "caldera", 4, 1, (2, 3)),
    Planet("Crystal Maze", "crystal-maze", 4, 2, (4, 4)),
    Planet("Obsidian", "obsidian", 4, 3, (1, 2)),
)
NUM_PLANETS: Final = len(PLANETS)
RING_SIZE: Final = 8
PLANET_BY_SLUG: Final = {p.slug: i for i, p in enumerate(PLANETS)}


class Card(NamedTuple):
    """A NavComp card; a colour the card lacks is ``None``, a joker is ``JOKER``."""

    blue: int | None
    green: int | None
    orange: int | None

    @property
    def text(self) -> str:
        parts = []
        for letter, value in (("B", self.blue), ("G", self.green), ("O", self.orange)):
            if value is not None:
                parts.append(f"{letter}{'?' if value == JOKER else value}")
        return "/".join(parts)


def _make_cards() -> tuple[Card, ...]:
    cards: list[Card] = []
    cards += [Card(b, None, o) for b in range(1, 5) for o in range(1, 5)]
    cards += [Card(JOKER, None, o) for o in range(1, 5)]
    cards += [Card(None, g, o) for g in range(1, 5) for o in range(1, 5)]
    cards += [Card(None, g, JOKER) for g in range(1, 5)]
    cards += [Card(b, g, None) for b in range(1, 5) for g in range(1, 5)]
    cards += [Card(b, JOKER, None) for b in range(1, 5)]
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _make_cards()
NUM_CARDS: Final = len(CARDS)
CARD_BY_TEXT: Final = {c.text: i for i, c in enumerate(CARDS)}
HAND_SIZE: Final = 5

BLUE_CARDS: Final = tuple(i for i, c in enumerate(CARDS) if c.blue is not None)
GREEN_CARDS: Final = tuple(i for i, c in enumerate(CARDS) if c.green is not None)
ORANGE_CARDS: Final = tuple(i for i, c in enumerate(CARDS) if c.orange is not None)


def card_matches(value: int | None, wanted: int) -> bool:
    """True when a card coordinate (possibly a joker) can stand for ``wanted``."""
    return value is not None and value in (JOKER, wanted)


# Planet tiles.  Indices 0..9 are point tiles; SPACE is last.
TILE_NAMES: Final = (
    "mineral-red",
    "mineral-purple",
    "mineral-green",
    "mineral-blue",
    "alien-brown",
    "alien-blue",
    "matter-green",
    "matter-blue",
    "water",
    "medal",
    "space",
)
TILE_COUNTS: Final = (4, 4, 4, 4, 5, 5, 4, 4, 8, 6, 16)
NUM_KINDS: Final = len(TILE_NAMES)
SPACE: Final = NUM_KINDS - 1
POINT_KINDS: Final = tuple(range(SPACE))
TILE_BY_NAME: Final = {name: i for i, name in enumerate(TILE_NAMES)}
MINERALS: Final = (0, 1, 2, 3)
ALIENS: Final = (4, 5)
MATTER_GREEN: Final = 6
MATTER_BLUE: Final = 7
WATER: Final = 8
MEDAL: Final = 9
PILE_SIZE: Final = 8

CHIPS_PER_PLAYER: Final = 20
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
SPACE_THRESHOLD: Final = {2: 6, 3: 8, 4: 10, 5: 12}
"""Face-up space tiles that start the last round, by player count."""

assert sum(TILE_COUNTS) == RING_SIZE * PILE_SIZE == 64
assert NUM_CARDS == 60
