"""What each player, and a spectator, may see.  Field by field in docs/protocol.md.

The public part is built once and is the whole spectator view; a player's view
adds a ``private`` object with their hand, the cards they chose for a Top up, tiles,
reserved tiles and stack memory.  Until the draw, cards chosen for a Top up still
count as hand cards to everyone else (rules decision 9).  Nothing here reads a pile's
hidden contents except for the player who is looking at it right now (which is also in
that player's memory).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON, UNDO_TEXT
from navcomp.games.space_mission.actions import Action, action_text
from navcomp.games.space_mission.board import GATE
from navcomp.games.space_mission.components import (
    CARDS,
    NUM_KINDS,
    PLANETS,
    RING_SIZE,
    TILE_NAMES,
)
from navcomp.games.space_mission.rules import BY_SCAN, LOOK_NAMES, OVER, PHASE_NAMES, PICK, TOPUP

if TYPE_CHECKING:
    from navcomp.games.space_mission.state import SpaceMissionState

VIEW_VERSION = 1
TOPUP_HIDDEN = "choose cards for a Top up"
"""A Top up's discard as everyone but the chooser reads it: no card, no count."""


def _tiles(counts: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {TILE_NAMES[k]: counts[k] for k in range(NUM_KINDS) if counts[k]}


_CARD_TEXTS = tuple(card.text for card in CARDS)


def _card_texts(cards: list[int]) -> list[str]:
    return [_CARD_TEXTS[c] for c in cards]


def public_view(s: SpaceMissionState) -> dict[str, Any]:
    reserved = [[0] * s.n for _ in range(RING_SIZE)]
    collected = [0] * s.n
    for owner, _, pos, _, is_reserved in s.taken:
        if is_reserved:
            reserved[pos][owner] += 1
        else:
            collected[owner] += 1
    over = s.phase == OVER
    view: dict[str, Any] = {
        "game": "space-mission",
        "version": VIEW_VERSION,
        "players": s.n,
        "phase": PHASE_NAMES[s.phase],
        "current_player": None if over else s.cur,
        "start_player": s.start,
        "round": s.rounds + (0 if over else 1),
        "last_round": s.final_round,
        "actions_taken": s.done,
        "can_undo": s.can_undo(),
        "looking_at": None,
        "space_face_up": s.faceup,
        "space_threshold": s.threshold,
        "draw_pile": len(s.draw),
        "discard_pile": _card_texts(s.discard),
        "planets": _planets(s, reserved),
        "seats": _seats(s, reserved, collected),
        "options": {"hide_reserved": s.hide_reserved, "max_rounds": s.max_rounds},
        "result": None,
    }
    if s.phase == PICK:
        view["looking_at"] = {
            "planet": PLANETS[s.board.ring[s.pick_pos]].slug,
            "for": LOOK_NAMES[s.pick_mode],
        }
    result = s.result()
    if result is not None:
        view["result"] = result.to_json()
    return view


def _planets(s: SpaceMissionState, reserved: list[list[int]]) -> list[dict[str, Any]]:
    """The ring's planets in order, with what lies on and around each."""
    n = s.n
    planets = []
    for pos, planet_id in enumerate(s.board.ring):
        planet = PLANETS[planet_id]
        developer = s.developer[pos]
        planets.append(
            {
                "position": pos,
                "planet": planet.slug,
                "name": planet.name,
                "jump": planet.jump,
                "scan": planet.scan,
                "landing": list(planet.landing),
                "developed_by": None if developer < 0 else developer,
                "tiles_face_down": s.down[pos],
                "space_face_up": s.up[pos],
                "reserved": reserved[pos],
                "scanned_by": [p for p in range(n) if s.scanned[pos] >> p & 1],
                "ships": [p for p in range(n) if s.ship[p] == pos],
            }
        )
    return planets


def _seats(
    s: SpaceMissionState, reserved: list[list[int]], collected: list[int]
) -> list[dict[str, Any]]:
    """What everybody sees of each seat."""
    ring = s.board.ring
    stations = s.stations()
    return [
        {
            "seat": p,
            "ship": "gate" if s.ship[p] == GATE else PLANETS[ring[s.ship[p]]].slug,
            "chips": s.chips[p],
            "probes": s.probes[p],
            "stations": stations[p],
            "hand_size": len(s.hands[p]) + (len(s.chosen) if p == s.cur else 0),
            "tiles": collected[p],
            "reserved": sum(reserved[pos][p] for pos in range(RING_SIZE)),
        }
        for p in range(s.n)
    ]


def private_view(s: SpaceMissionState, player: int, hidden_reserved: bool) -> dict[str, Any]:
    """``player``'s own part of their view; ``hidden_reserved``: the printed rule hides
    which tiles they reserved from them."""
    ring = s.board.ring
    reserved: list[dict[str, Any]] = []
    for owner, kind, pos, _, is_reserved in s.taken:
        if owner == player and is_reserved:
            entry: dict[str, Any] = {"planet": PLANETS[ring[pos]].slug}
            entry["tile"] = None if hidden_reserved else TILE_NAMES[kind]
            reserved.append(entry)
    if not hidden_reserved:
        reserved.sort(key=lambda e: (e["planet"], e["tile"]))
    else:
        reserved.sort(key=lambda e: e["planet"])
    memory = []
    for pos in range(RING_SIZE):
        seen = s.remembered(player, pos)
        if seen is None:
            continue
        counts, seq = seen
        assert counts is not None
        since = sum(1 for o, _, where, t, _ in s.taken if where == pos and t > seq and o != player)
        memory.append(
            {"planet": PLANETS[ring[pos]].slug, "tiles": _tiles(counts), "taken_since": since}
        )
    private: dict[str, Any] = {
        "hand": _card_texts(s.hands[player]),
        "chosen": _card_texts(s.chosen) if player == s.cur else [],
        "tiles": _tiles(s.collected(player)),
        "reserved": reserved,
        "memory": memory,
        "pile": None,
    }
    if s.phase == PICK and s.cur == player:
        pile = s.real[s.pick_pos]
        assert pile is not None
        private["pile"] = _tiles(pile)
    return private


def check_seat(s: SpaceMissionState, player: int | None) -> None:
    """Refuse a viewer that is neither a seat of the game nor the spectator (``None``)."""
    if player is not None and not (isinstance(player, int) and 0 <= player < s.n):
        raise ValueError(f"no seat {player!r} in a {s.n}-player game")


def view(s: SpaceMissionState, player: int | None) -> JSON:
    check_seat(s, player)
    result = public_view(s)
    result["you"] = player
    if player is not None:
        result["private"] = private_view(s, player, s.hide_reserved)
    return result


def views(s: SpaceMissionState, players: Sequence[int | None]) -> dict[int | None, JSON]:
    """The views of ``players``, sharing one public part."""
    public = public_view(s)
    out: dict[int | None, JSON] = {}
    for player in players:
        check_seat(s, player)
        seen = {**public, "you": player}
        if player is not None:
            seen["private"] = private_view(s, player, s.hide_reserved)
        out[player] = seen
    return out


def public_action_text(s: SpaceMissionState, action: int, viewer: int | None) -> str:
    """The text of ``action`` by the current player, as ``viewer`` may read it.

    Which tile a pick takes is secret to everyone but the actor, who chose it; a
    reservation under the printed rule is secret to the actor too (they may not look
    at it).  Which cards a Top up discards is the chooser's until the draw, which
    names them all (rules decision 9).
    """
    act = Action.from_id(action)
    kind = act.kind
    if kind == "pick" and (viewer != s.cur or (s.hide_reserved and s.pick_mode == BY_SCAN)):
        verb = "reserve" if s.pick_mode == BY_SCAN else "take"
        return f"{verb} a tile on {PLANETS[s.board.ring[s.pick_pos]].slug}"
    if kind == "discard" and viewer != s.cur:
        return TOPUP_HIDDEN
    if kind == "draw" and s.chosen:
        return f"draw, discarding {' '.join(_card_texts(s.chosen))}"
    return action_text(action)


def public_undo_text(s: SpaceMissionState, viewer: int | None) -> str:
    """A take-back as ``viewer`` reads it.  During a Top up it can only take back a chosen
    card; to everyone else it reads as one more choice, so they learn neither how many
    cards are chosen nor that one was put back (rules decision 9)."""
    if s.phase == TOPUP and viewer != s.cur:
        return TOPUP_HIDDEN
    return UNDO_TEXT
