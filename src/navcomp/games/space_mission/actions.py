"""Space Mission actions: dense ids, a value type, text and JSON forms.

Every decision a player makes is one action id in ``range(NUM_ACTIONS)``.
Ids are grouped by kind in this order, so a legal-action list built kind by
kind, cards ascending, is already sorted:

======== ===================================== ==================================
kind     text form                             meaning
======== ===================================== ==================================
discard  ``discard B1/O2``                     top up: discard a card first
confirm  ``confirm``                           end the turn after two actions
draw     ``draw``                              top up: draw to five (ends Top up)
discover ``discover``                          look at a developed planet's pile
pick     ``pick water``                        take/reserve a tile of this kind
fly      ``fly hazard``                        fly to a neighbouring planet
scan     ``scan G3/O1``                        scan the ship's planet with a card
jump     ``jump B1/O2 hazard``                 jump to a planet with a card
develop  ``develop B1/O2 G3/O4``               develop with two landing cards
======== ===================================== ==================================
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar, Final

from navcomp.core.errors import MalformedActionError, quoted
from navcomp.games.space_mission.components import (
    BLUE_CARDS,
    CARD_BY_TEXT,
    CARDS,
    GREEN_CARDS,
    NUM_CARDS,
    NUM_PLANETS,
    ORANGE_CARDS,
    PLANET_BY_SLUG,
    PLANETS,
    POINT_KINDS,
    TILE_BY_NAME,
    TILE_NAMES,
)

DISCARD0: Final = 0  # discard ids equal card ids: a hand is its own discard list
CONFIRM: Final = NUM_CARDS
DRAW: Final = CONFIRM + 1
DISCOVER: Final = DRAW + 1
PICK0: Final = DISCOVER + 1
FLY0: Final = PICK0 + len(POINT_KINDS)
SCAN0: Final = FLY0 + NUM_PLANETS
JUMP0: Final = SCAN0 + len(GREEN_CARDS)
DEVELOP0: Final = JUMP0 + len(BLUE_CARDS) * NUM_PLANETS
DEVELOP_PAIRS: Final = tuple(combinations(ORANGE_CARDS, 2))
NUM_ACTIONS: Final = DEVELOP0 + len(DEVELOP_PAIRS)

KINDS: Final = ("discard", "confirm", "draw", "discover", "pick", "fly", "scan", "jump", "develop")

SCAN_ID: Final = {c: SCAN0 + i for i, c in enumerate(GREEN_CARDS)}
_BLUE_INDEX: Final = {c: i for i, c in enumerate(BLUE_CARDS)}
DEVELOP_ID: Final = {pair: DEVELOP0 + i for i, pair in enumerate(DEVELOP_PAIRS)}


def jump_id(card: int, planet: int) -> int:
    return JUMP0 + _BLUE_INDEX[card] * NUM_PLANETS + planet


@dataclass(frozen=True, slots=True)
class Action:
    """One decision as a small hashable value.  ``str(a)`` is its text form."""

    KINDS: ClassVar[tuple[str, ...]] = KINDS

    kind: str
    cards: tuple[int, ...] = ()
    planet: int | None = None
    tile: int | None = None

    @property
    def id(self) -> int:
        return _ID_BY_ACTION[self]

    @classmethod
    def from_id(cls, action_id: int) -> Action:
        if isinstance(action_id, bool) or not 0 <= action_id < NUM_ACTIONS:
            raise MalformedActionError(f"no action has id {quoted(action_id)}")
        return ACTIONS[action_id]

    def __str__(self) -> str:
        words = [self.kind, *(CARDS[c].text for c in self.cards)]
        if self.planet is not None:
            words.append(PLANETS[self.planet].slug)
        if self.tile is not None:
            words.append(TILE_NAMES[self.tile])
        return " ".join(words)

    @classmethod
    def from_text(cls, text: str) -> Action:
        if not isinstance(text, str):
            raise MalformedActionError("an action text must be a string")
        words = text.split()
        if not words:
            raise MalformedActionError("empty action")
        kind = words[0].lower()
        if kind not in KINDS:
            raise MalformedActionError(
                f"unknown action {quoted(words[0])}; one of: {', '.join(KINDS)}"
            )
        cards: list[int] = []
        planet: int | None = None
        tile: int | None = None
        for word in words[1:]:
            low = word.lower()
            if word.upper() in CARD_BY_TEXT:
                cards.append(CARD_BY_TEXT[word.upper()])
            elif low in PLANET_BY_SLUG and planet is None:
                planet = PLANET_BY_SLUG[low]
            elif low in TILE_BY_NAME and tile is None:
                tile = TILE_BY_NAME[low]
            else:
                raise MalformedActionError(f"{quoted(word)} is no card, planet or tile here")
        return cls._build(kind, cards, planet, tile)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        if self.kind == "develop":
            data["cards"] = [CARDS[c].text for c in self.cards]
        elif self.cards:
            data["card"] = CARDS[self.cards[0]].text
        if self.planet is not None:
            data["planet"] = PLANETS[self.planet].slug
        if self.tile is not None:
            data["tile"] = TILE_NAMES[self.tile]
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, Mapping):
            raise MalformedActionError("an action must be a JSON object")
        kind = data.get("type")
        if kind not in KINDS:
            raise MalformedActionError(f"unknown action type {quoted(kind)}")
        allowed = {"type", "card", "cards", "planet", "tile"}
        extra = set(data) - allowed
        if extra:
            raise MalformedActionError(f"unexpected fields: {quoted(', '.join(sorted(extra)))}")
        if kind == "develop":
            if "card" in data:
                raise MalformedActionError("develop takes 'cards', a list of two card texts")
            texts = data.get("cards", [])
        else:
            if "cards" in data:
                raise MalformedActionError(f"{kind} takes 'card', one card text")
            texts = [data["card"]] if "card" in data else []
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise MalformedActionError("cards must be card texts such as 'B1/O2'")
        cards = [_parse(CARD_BY_TEXT, t.upper(), "card") for t in texts]  # upper: 'b1/o2' ok
        planet = _parse(PLANET_BY_SLUG, data["planet"], "planet") if "planet" in data else None
        tile = _parse(TILE_BY_NAME, data["tile"], "tile") if "tile" in data else None
        return cls._build(kind, cards, planet, tile)

    @classmethod
    def _build(cls, kind: str, cards: list[int], planet: int | None, tile: int | None) -> Action:
        action = cls(kind, tuple(sorted(cards)), planet, tile)
        if action not in _ID_BY_ACTION:
            raise MalformedActionError(f"malformed {kind}: the form is {_SHAPES[kind]}")
        return action


def _parse(table: Mapping[str, int], value: Any, what: str) -> int:
    if not isinstance(value, str):
        raise MalformedActionError(f"a {what} is given by its name, not {quoted(value)}")
    found = table.get(value) if value in table else table.get(value.lower())
    if found is None:
        raise MalformedActionError(f"unknown {what} {quoted(value)}")
    return found


_SHAPES: Final = {
    "confirm": "'confirm'",
    "draw": "'draw'",
    "discover": "'discover'",
    "pick": "'pick <tile>' with a point tile",
    "fly": "'fly <planet>'",
    "discard": "'discard <card>'",
    "scan": "'scan <card>' with a card that has a green coordinate",
    "jump": "'jump <card> <planet>' with a card that has a blue coordinate",
    "develop": "'develop <card> <card>': two different cards with orange coordinates",
}


def _all_actions() -> tuple[Action, ...]:
    table = [Action("discard", (c,)) for c in range(NUM_CARDS)]
    table += [Action("confirm"), Action("draw"), Action("discover")]
    table += [Action("pick", tile=k) for k in POINT_KINDS]
    table += [Action("fly", planet=p) for p in range(NUM_PLANETS)]
    table += [Action("scan", (c,)) for c in GREEN_CARDS]
    table += [Action("jump", (c,), planet=p) for c in BLUE_CARDS for p in range(NUM_PLANETS)]
    table += [Action("develop", pair) for pair in DEVELOP_PAIRS]
    return tuple(table)


ACTIONS: Final = _all_actions()
_ID_BY_ACTION: Final = {a: i for i, a in enumerate(ACTIONS)}
assert len(ACTIONS) == NUM_ACTIONS
assert ACTIONS[DEVELOP0].kind == "develop" and ACTIONS[JUMP0].kind == "jump"
assert ACTIONS[SCAN0].kind == "scan" and ACTIONS[CONFIRM].kind == "confirm"


@functools.cache
def action_text(action_id: int) -> str:
    """``str(Action.from_id(action_id))``, made once per id (the server says every move
    to every seat)."""
    return str(Action.from_id(action_id))
