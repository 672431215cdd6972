"""Space Pioneers actions: dense ids, a value type, text and JSON forms.

======== =================================== =========================================
kind     text form                           meaning
======== =================================== =========================================
take     ``take 1``, ``take 2``              draw face-up card 1 or 2 (refilled)
draw     ``draw``                            draw the deck's top card
seek     ``seek``                            "no spaceship around": show the hand and
                                             draw until a spaceship comes
pass     ``pass``                            end the turn without placing a card
back     ``back``                            put the chosen card back into the hand
done     ``done``                            end the turn without removing a spaceship
choose   ``choose Pyros-3``                  pick the card from the hand to place
capture  ``capture Pyros-3``                 which planet card to capture, when the
                                             rules leave the choice to the player
remove   ``remove Blaze-2``                  a spaceship from hand or network to the
                                             discard pile
place    ``place 2 -1 0``                    the chosen card into player 2's network,
                                             column -1, row 0 (the first card of a
                                             network is at 0 0; rows grow downwards)
======== =================================== =========================================

Ids are grouped in this order, so lists built kind by kind are already sorted.
:class:`Action` is one decision as a value: ``Action.from_id``, ``.id``, ``str(a)`` (its
text form), ``Action.from_text``, ``.to_json()`` and ``Action.from_json``.
A card is named by its planet or ship and its copy number (1 to 8 for planets,
1 to 4 for ships); its JSON form is its id, 0 to 95.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from navcomp.core.errors import MalformedActionError, quoted
from navcomp.games.space_pioneers.components import CARDS, CELLS, GRID, MAX_PLAYERS, NUM_CARDS

TAKE0: Final = 0
DRAW: Final = 2
SEEK: Final = 3
PASS: Final = 4
BACK: Final = 5
DONE: Final = 6
CHOOSE0: Final = 7
CAPTURE0: Final = CHOOSE0 + NUM_CARDS
REMOVE0: Final = CAPTURE0 + NUM_CARDS
PLACE0: Final = REMOVE0 + NUM_CARDS
NUM_ACTIONS: Final = PLACE0 + MAX_PLAYERS * CELLS

_WORDS: Final = {DRAW: "draw", SEEK: "seek", PASS: "pass", BACK: "back", DONE: "done"}
_BY_WORD: Final = {word: action for action, word in _WORDS.items()}
_CARD_ACTIONS: Final = {"choose": CHOOSE0, "capture": CAPTURE0, "remove": REMOVE0}
_HALF: Final = GRID // 2


def _card_names() -> tuple[str, ...]:
    names: list[str] = []
    copies: dict[str, int] = {}
    for card in CARDS:
        copies[card.name] = copies.get(card.name, 0) + 1
        names.append(f"{card.name}-{copies[card.name]}")
    return tuple(names)


CARD_NAMES: Final = _card_names()
"""Each card's text name, by id: ``Pyros-3`` is the third Pyros card."""
_CARD_BY_NAME: Final = {name.lower(): card for card, name in enumerate(CARD_NAMES)}


def cell_xy(cell: int) -> tuple[int, int]:
    """A grid cell as (column, row) relative to a network's first card."""
    return cell % GRID - _HALF, cell // GRID - _HALF


def xy_cell(x: int, y: int) -> int:
    if not (-_HALF <= x <= _HALF and -_HALF <= y <= _HALF):
        raise MalformedActionError(f"columns and rows run from {-_HALF} to {_HALF}")
    return (y + _HALF) * GRID + x + _HALF


def place_action(network: int, cell: int) -> int:
    return PLACE0 + network * CELLS + cell


def _card(text: str) -> int:
    try:
        return _CARD_BY_NAME[text.lower()]
    except KeyError:
        raise MalformedActionError(f"no card is called {quoted(text)} (try e.g. Pyros-3)") from None


KINDS: Final = ("take", *_WORDS.values(), *_CARD_ACTIONS, "place")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision as a small hashable value.  ``str(a)`` is its text form."""

    KINDS: ClassVar[tuple[str, ...]] = KINDS

    kind: str
    slot: int | None = None
    """The face-up slot a ``take`` draws from, 0 or 1."""
    card: int | None = None
    """The card a ``choose``, ``capture`` or ``remove`` names."""
    network: int | None = None
    """Whose network a ``place`` puts the chosen card into."""
    cell: int | None = None
    """Where in that network (see :func:`cell_xy`)."""

    @property
    def id(self) -> int:
        return _ID_BY_ACTION[self]

    @classmethod
    def from_id(cls, action_id: int) -> Action:
        if isinstance(action_id, bool) or not 0 <= action_id < NUM_ACTIONS:
            raise MalformedActionError(f"no action has id {quoted(action_id)}")
        return ACTIONS[action_id]

    def __str__(self) -> str:
        if self.slot is not None:
            return f"take {self.slot + 1}"
        if self.card is not None:
            return f"{self.kind} {CARD_NAMES[self.card]}"
        if self.cell is not None:
            x, y = cell_xy(self.cell)
            return f"place {self.network} {x} {y}"
        return self.kind

    @classmethod
    def from_text(cls, text: str) -> Action:
        return ACTIONS[_id_from_text(text)]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.kind}
        if self.slot is not None:
            data["slot"] = self.slot
        elif self.card is not None:
            data["card"] = self.card
        elif self.cell is not None:
            x, y = cell_xy(self.cell)
            data.update(network=self.network, x=x, y=y)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        return ACTIONS[_id_from_json(data)]


def _all_actions() -> tuple[Action, ...]:
    table = [Action("take", slot=slot) for slot in range(DRAW - TAKE0)]
    table += [Action(_WORDS[word]) for word in range(DRAW, CHOOSE0)]
    table += [Action(kind, card=c) for kind in _CARD_ACTIONS for c in range(NUM_CARDS)]
    table += [
        Action("place", network=network, cell=cell)
        for network in range(MAX_PLAYERS)
        for cell in range(CELLS)
    ]
    return tuple(table)


def _id_from_text(text: str) -> int:
    words = text.strip().lower().split()
    if not words:
        raise MalformedActionError("an empty action")
    word, args = words[0], words[1:]
    if word in _BY_WORD and not args:
        return _BY_WORD[word]
    if word == "take" and args in (["1"], ["2"]):
        return TAKE0 + int(args[0]) - 1
    if word in _CARD_ACTIONS and len(args) == 1:
        return _CARD_ACTIONS[word] + _card(args[0])
    if word == "place" and len(args) == 3:
        try:
            network, x, y = (int(a) for a in args)
        except ValueError:
            raise MalformedActionError("place takes a player and two numbers") from None
        if not 0 <= network < MAX_PLAYERS:
            raise MalformedActionError(f"players are 0 to {MAX_PLAYERS - 1}")
        return place_action(network, xy_cell(x, y))
    raise MalformedActionError(f"cannot read {quoted(text)} as an action")


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise MalformedActionError(f"{key!r} must be an integer from {low} to {high}")
    return value


def _id_from_json(data: Mapping[str, Any]) -> int:
    kind = data.get("type")
    if kind == "take":
        return TAKE0 + _int(data, "slot", 0, 1)
    if isinstance(kind, str) and kind in _BY_WORD:
        return _BY_WORD[kind]
    if isinstance(kind, str) and kind in _CARD_ACTIONS:
        return _CARD_ACTIONS[kind] + _int(data, "card", 0, NUM_CARDS - 1)
    if kind == "place":
        network = _int(data, "network", 0, MAX_PLAYERS - 1)
        x = _int(data, "x", -_HALF, _HALF)
        y = _int(data, "y", -_HALF, _HALF)
        return place_action(network, xy_cell(x, y))
    raise MalformedActionError(f"unknown action type {quoted(kind)}")


ACTIONS: Final = _all_actions()
_ID_BY_ACTION: Final = {a: i for i, a in enumerate(ACTIONS)}
assert len(ACTIONS) == NUM_ACTIONS
assert ACTIONS[CAPTURE0].kind == "capture" and ACTIONS[PLACE0].kind == "place"


@functools.cache
def action_text(action_id: int) -> str:
    """``str(Action.from_id(action_id))``, made once per id."""
    return str(Action.from_id(action_id))
