"""Space Pioneers' components: the 96 network cards, the grid, the placement criteria.

The cards are committed data (``cards.json``, laid out once by
``scripts/pioneers_cards.py``).  A card has a kind (planet or spaceship), a
type (which planet or ship), a colour, and six symbols: its top edge (left
corner, middle, right corner) and its bottom edge likewise.  Its left side is
its two left corners, its right side its two right corners.
"""

from __future__ import annotations

import json
from enum import IntFlag
from importlib import resources
from typing import Final, NamedTuple

COLOURS: Final = ("red", "blue", "green", "yellow")
SYMBOLS: Final = ("star", "ring", "comet", "moon")
PLANET_NAMES: Final = (
    "Pyros",
    "Cinder",
    "Aquaris",
    "Glacia",
    "Verdana",
    "Sylvan",
    "Solis",
    "Aurum",
)
SHIP_NAMES: Final = ("Blaze", "Ember", "Tide", "Frost", "Grove", "Fern", "Spark", "Halo")
"""Two planets and two ships per colour, in the order of ``COLOURS``."""

PLANET: Final = 0
SHIP: Final = 1

NUM_CARDS: Final = 96
MIN_PLAYERS: Final = 1
MAX_PLAYERS: Final = 5
HAND_SIZE: Final = 3
FACE_UP: Final = 2

GRID: Final = 21
"""A network lies on a GRID x GRID board; its first card is in the middle."""
CELLS: Final = GRID * GRID
CENTRE: Final = (GRID // 2) * GRID + GRID // 2

# Where the card already there lies, seen from the card being placed.
LEFT: Final = 0
RIGHT: Final = 1
ABOVE: Final = 2
BELOW: Final = 3


class Criterion(IntFlag):
    """The criteria a touching side meets."""

    COLOUR = 1
    """Both cards are of the same colour."""
    OUTER = 2
    """The two corner symbols of the touching edges are the same."""
    MIDDLE = 4
    """Above or below: the middle symbols of the touching edges are the same."""


_COLOUR, _OUTER, _MIDDLE = int(Criterion.COLOUR), int(Criterion.OUTER), int(Criterion.MIDDLE)
"""The criteria as plain ints, for the table of every pair of cards (an operation on a
flag is a call of Python code)."""


class Card(NamedTuple):
    id: int
    kind: str
    type: int
    """Index into PLANET_NAMES or SHIP_NAMES."""
    colour: int
    top: tuple[int, int, int]
    """Symbols of the top edge: left corner, middle, right corner."""
    bottom: tuple[int, int, int]

    @property
    def name(self) -> str:
        return (PLANET_NAMES if self.kind == "planet" else SHIP_NAMES)[self.type]

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "kind": self.kind,
            "name": self.name,
            "colour": COLOURS[self.colour],
            "top": [SYMBOLS[s] for s in self.top],
            "bottom": [SYMBOLS[s] for s in self.bottom],
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Card:
        kind = str(data["kind"])
        names = PLANET_NAMES if kind == "planet" else SHIP_NAMES
        top = [SYMBOLS.index(str(s)) for s in data["top"]]  # type: ignore[attr-defined]
        bottom = [SYMBOLS.index(str(s)) for s in data["bottom"]]  # type: ignore[attr-defined]
        return cls(
            id=int(data["id"]),  # type: ignore[call-overload]
            kind=kind,
            type=names.index(str(data["name"])),
            colour=COLOURS.index(str(data["colour"])),
            top=(top[0], top[1], top[2]),
            bottom=(bottom[0], bottom[1], bottom[2]),
        )


def criteria(new: Card, old: Card, where: int) -> int:
    """The criteria (the bits of a :class:`Criterion`) met by ``new`` placed with ``old`` on
    its ``where`` side."""
    met = _COLOUR if new.colour == old.colour else 0
    if where == LEFT:
        outer = (new.top[0], new.bottom[0]) == (old.top[2], old.bottom[2])
    elif where == RIGHT:
        outer = (new.top[2], new.bottom[2]) == (old.top[0], old.bottom[0])
    elif where == ABOVE:
        outer = (new.top[0], new.top[2]) == (old.bottom[0], old.bottom[2])
        met |= _MIDDLE if new.top[1] == old.bottom[1] else 0
    else:
        outer = (new.bottom[0], new.bottom[2]) == (old.top[0], old.top[2])
        met |= _MIDDLE if new.bottom[1] == old.top[1] else 0
    return met | (_OUTER if outer else 0)


def two_or_more(met: int) -> bool:
    return bin(met).count("1") >= 2


def match_rates(cards: list[Card]) -> tuple[float, float]:
    """How often a planet beside a ship meets one criterion, and two (planet placed)."""
    planets = [c for c in cards if c.kind == "planet"]
    ships = [c for c in cards if c.kind == "ship"]
    one = two = total = 0
    for planet in planets:
        for ship in ships:
            for where in (LEFT, RIGHT, ABOVE, BELOW):
                total += 1
                met = criteria(planet, ship, where)
                one += met != 0
                two += two_or_more(met)
    return one / total, two / total


def _load() -> tuple[Card, ...]:
    text = resources.files("navcomp.games.space_pioneers").joinpath("cards.json").read_text()
    return tuple(Card.from_json(entry) for entry in json.loads(text))


CARDS: Final = _load() if resources.files(__package__).joinpath("cards.json").is_file() else ()
