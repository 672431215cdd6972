"""What each player sees of a Space Pioneers position (see docs/protocol.md).

Public: the networks, the face-up cards, the discard pile, the cards removed
while seeking a spaceship, the deck's size, hand sizes and the hand cards
everybody saw arrive, captured planets, missions met, points without tasks.
Private until the end: hands, top-secret cards, the card chosen to place.
At the end everything is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON
from navcomp.games.space_pioneers.actions import CARD_NAMES, cell_xy
from navcomp.games.space_pioneers.components import CARDS
from navcomp.games.space_pioneers.missions import (
    MISSIONS,
    SIDE_NAMES,
    SOLO_SIDES,
    TOP_SECRET,
    Mission,
    SoloMission,
    solo_targets,
)
from navcomp.games.space_pioneers.rules import OVER, PHASE_NAMES
from navcomp.games.space_pioneers.scoring import points, tasks_met

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.state import SpacePioneersState


@cache
def card_json(card: int) -> dict[str, Any]:
    """A card as views show it: id, name (Pyros-3), kind, title (Pyros), colour, symbols."""
    data = CARDS[card].to_json()
    return {**data, "name": CARD_NAMES[card], "title": data["name"]}


def _cards(cards: Sequence[int]) -> list[dict[str, Any]]:
    return [card_json(c) for c in cards]


def _public(s: SpacePioneersState) -> dict[str, Any]:
    over = s.phase == OVER
    seats = []
    for p in range(s.n):
        seat: dict[str, Any] = {
            "hand_size": len(s.hands[p]),
            "known_hand": _cards(sorted(s.hands[p] if over else s.known[p])),
            "network": [
                {"x": cell_xy(cell)[0], "y": cell_xy(cell)[1], "card": card_json(card)}
                for cell, card in sorted(s.networks[p].items())
            ],
            "captured": _cards(s.captured[p]),
            "missions": [bool(s.missions[p] & mission) for mission in Mission] if s.n > 1 else [],
            "points": points(s, p),
            "secret": None,
        }
        if over and s.secrets:
            seat["secret"] = _secret(s, p, reveal=True)
        seats.append(seat)
    data: dict[str, Any] = {
        "game": "space-pioneers",
        "players": s.n,
        "solo": s.n == 1,
        "phase": PHASE_NAMES[s.phase],
        "current_player": None if over else s.current,
        "start_player": s.start,
        "turn": s.turn_number,
        "ending": s.ending,
        "deck": len(s.deck),
        "face_up": [card_json(c) if c >= 0 else None for c in s.face_up],
        "discard": _cards(s.discard),
        "removed": _cards(s.removed),
        "missions": list(MISSIONS) if s.n > 1 else [],
        "seats": seats,
        "capture_from": s.placed_in if s.pending else None,
        "result": None,
    }
    if s.n == 1:
        data["solo_card"] = {
            "side": SIDE_NAMES[s.side],
            "missions": list(SOLO_SIDES[s.side]),
            "targets": dict(
                zip(("big_network", "long_line"), solo_targets(s.solo_cards), strict=True)
            ),
            "done": [bool(s.side_done & done) for done in (SoloMission.FIRST, SoloMission.SECOND)],
            "fulfilled": s.solo_done,
            "completed": s.solo_cards,
            "last_turn": s.last_turn,
        }
    result = s.result()
    if result is not None:
        data["result"] = result.to_json()
    return data


def _secret(s: SpacePioneersState, p: int, reveal: bool) -> dict[str, Any]:
    card = s.secrets[p]
    return {
        "card": card + 1,
        "tasks": list(TOP_SECRET[card]),
        "met": list(tasks_met(s, p)) if reveal else None,
    }


def _private(s: SpacePioneersState, public: dict[str, Any], viewer: int | None) -> JSON:
    data = dict(public)
    data["viewer"] = viewer
    if viewer is None:
        return data
    data["hand"] = _hand(s, viewer)
    data["selected"] = _selected(s, viewer)
    if s.secrets and s.phase != OVER:
        seats = list(data["seats"])
        seats[viewer] = {**seats[viewer], "secret": _secret(s, viewer, reveal=False)}
        data["seats"] = seats
    return data


def _hand(s: SpacePioneersState, seat: int) -> list[dict[str, Any]]:
    return _cards(sorted(s.hands[seat]))


def _selected(s: SpacePioneersState, seat: int) -> dict[str, Any] | None:
    """The card ``seat`` has chosen to place, while it is their turn to place it."""
    return card_json(s.selected) if s.current == seat and s.selected >= 0 else None


def private_view(s: SpacePioneersState, seat: int, revealed: bool) -> dict[str, Any]:
    """``seat``'s own part of the position: hand, chosen card, top-secret card (with the
    tasks met shown once the game is over, or ``revealed``)."""
    if not (isinstance(seat, int) and 0 <= seat < s.n):
        raise ValueError(f"no seat {seat!r} in a {s.n}-player game")
    reveal = revealed or s.phase == OVER
    secret = _secret(s, seat, reveal) if s.secrets else None
    return {"hand": _hand(s, seat), "selected": _selected(s, seat), "secret": secret}


def view(s: SpacePioneersState, viewer: int | None) -> JSON:
    return _private(s, _public(s), viewer)


def revealed_view(s: SpacePioneersState, player: int) -> JSON:
    """``player``'s view with its own part also under ``private`` (hand, chosen card,
    top-secret card with the tasks met so far): the replay reads a seat's part there."""
    data = dict(_private(s, _public(s), player))
    data["private"] = private_view(s, player, revealed=True)
    return data


def views(s: SpacePioneersState, viewers: Sequence[int | None]) -> dict[int | None, JSON]:
    public = _public(s)
    return {viewer: _private(s, public, viewer) for viewer in viewers}
