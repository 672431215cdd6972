"""Why an action is not legal now, in words, for error messages.

Reads only what the player to move may know (the public board and their own
hand), so the reason never tells them a secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from navcomp.games.space_mission.actions import Action
from navcomp.games.space_mission.board import GATE
from navcomp.games.space_mission.components import CARDS, PLANETS
from navcomp.games.space_mission.rules import CONFIRM_TURN, MAIN, OVER, PICK, TOPUP

if TYPE_CHECKING:
    from navcomp.games.space_mission.state import SpaceMissionState

_PHASE_NEEDS = {
    TOPUP: "finish your Top up first: discard more cards or draw",
    PICK: "choose the tile to take first (pick <tile>)",
    CONFIRM_TURN: "you have taken your two actions: confirm the turn",
}


def explain_illegal(s: SpaceMissionState, action_id: int) -> str:
    """A short reason why ``action_id`` is not legal for the player to move."""
    if s.phase == OVER:
        return "the game is over"
    act = Action.from_id(action_id)
    if s.phase != MAIN and not _fits_phase(s.phase, act.kind):
        return _PHASE_NEEDS[s.phase]
    p = s.cur
    hand = s.hands[p]
    missing = [CARDS[c].text for c in act.cards if c not in hand]
    if missing:
        return f"you do not hold {' and '.join(missing)}"
    pos = s.ship[p]
    here = None if pos == GATE else PLANETS[s.board.ring[pos]]
    if act.kind == "confirm":
        return f"a turn is two actions; you have taken {s.done}"
    if act.kind == "pick":
        looking = s.phase == PICK
        return "that tile is not in the pile" if looking else "you are not looking at a pile"
    if act.planet is not None and s.board.position_of[act.planet] == GATE:
        return f"{PLANETS[act.planet].name} is not in this game"
    if act.kind == "fly":
        if here is None:
            return "from the jump gate only a jump leads away"
        return f"{PLANETS[act.planet or 0].name} is not next to {here.name}"
    if act.kind == "jump":
        return _jump_reason(s, act)
    if here is None:
        return "your ship is on the jump gate, not at a planet"
    developed = s.developer[pos] >= 0
    if act.kind == "discover":
        return f"{here.name} has no station yet" if not developed else "its pile holds no tiles"
    if developed:
        return f"{here.name} already has a station"
    if not s.chips[p]:
        return "you have no chips left"
    if act.kind == "scan":
        return f"the card's green coordinate does not match {here.name}'s scan coordinate"
    if not s.scanned[pos] >> p & 1:
        return f"you must scan {here.name} before you develop it"
    return f"the two cards must match {here.name}'s landing coordinates {here.landing}"


def _fits_phase(phase: int, kind: str) -> bool:
    return (phase == TOPUP and kind in ("discard", "draw")) or (phase == PICK and kind == "pick")


def _jump_reason(s: SpaceMissionState, act: Action) -> str:
    if not s.chips[s.cur]:
        return "a jump costs a chip and you have none left"
    planet = PLANETS[act.planet or 0]
    if s.board.position_of[act.planet or 0] == s.ship[s.cur]:
        return f"your ship is already at {planet.name}"
    return f"the card's blue coordinate does not match {planet.name}'s jump coordinate"
