"""Space Mission in ``navcomp play``: its terminal hooks (see :mod:`navcomp.core.terminal`).

The loop is generic; this says how a Space Mission position reads in text
(:mod:`render`), how the choices are ordered, what is worth announcing after a move
and why a game ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from navcomp.core.protocol import JSON, GameState
from navcomp.core.terminal import TerminalHooks
from navcomp.games.space_mission import render
from navcomp.games.space_mission.actions import Action
from navcomp.games.space_mission.state import SpaceMissionState

CHOICE_ORDER = (
    "confirm", "pick", "draw", "discover", "develop", "scan", "fly", "jump", "discard",
)  # fmt: skip
"""How the numbered choices are listed: the usual moves first, discards last, so
that typing 1 never throws a card away."""

HELP = """\
How to play: a turn is two actions, then 'confirm'. Type the number of a choice
or its words (e.g. 'jump B1/O2 hazard'). Cards show coordinates: B blue (jump),
G green (scan), O orange (landing); a '?' matches any number of its colour.
  draw                   top up: draw until you hold five cards
  discard <card>         before drawing, throw cards away (then 'draw')
  jump <card> <planet>   blue number = the planet's jump coordinate; costs a chip
  fly <planet>           move to a neighbouring planet in the ring, free
  scan <card>            green number = your planet's scan coordinate: look at
                         its pile and reserve a point tile (costs a chip)
  develop <card> <card>  after scanning it: two orange numbers = your planet's
                         landing pair; build a station (a chip), reserved tiles
                         go to their owners and you take a point tile
  discover               on a developed planet: take a point tile from its pile
  pick <tile>            the tile you choose while looking at a pile
Space tiles cannot be taken; once enough are face up (see the status line), the
round is finished and the game ends. Score: probes on the gate 9/6/3/1 by rank,
stations 3 each, minerals and aliens: count x most of one colour, matter 7 a
green-blue pair, water 2/5/9/14, medals 3.
Undo takes back a fly, jump or discard of this turn; drawing cards, looking at a
pile and confirmed turns are final."""


class SpaceMissionTerminal(TerminalHooks):
    help = HELP
    option_help = MappingProxyType(
        {
            "hide_reserved": "printed rule: you cannot look at your reserved tiles",
            "max_rounds": "end and score the game after N rounds (default 0: no cap)",
        }
    )

    def render(
        self, state: GameState, player: int, names: Sequence[str], color: bool, full: bool
    ) -> str:
        view = state.view(player)
        if view["phase"] == "confirm" and not full:  # nothing new to decide: keep it short
            undo = "'undo' to take an action back, " if view["can_undo"] else ""
            return "\n".join(
                [
                    render.render_status(view, names, color),
                    f"Type 1 to end your turn, {undo}'board' to look.",
                ]
            )
        parts = [render.render_board(view, names, color), render.render_private(view, color)]
        return "\n\n".join(parts)

    def order_choices(self, state: GameState, actions: Sequence[int]) -> list[int]:
        """By kind (``CHOICE_ORDER``), then card, then planets in ring order."""
        assert isinstance(state, SpaceMissionState)
        position_of = state.board.position_of

        def order(action_id: int) -> tuple[int, int, int]:
            act = Action.from_id(action_id)
            ring = -1 if act.planet is None else position_of[act.planet]
            return CHOICE_ORDER.index(act.kind), act.cards[0] if act.cards else -1, ring

        return sorted(actions, key=order)

    def move_text(self, text: str) -> str:
        return "ends the turn" if text == "confirm" else text

    def announce(self, before: JSON, after: JSON, names: Sequence[str]) -> list[str]:
        """Space tiles a move turned face up, and the start of the last round."""
        lines = []
        for old, new in zip(before["planets"], after["planets"], strict=True):
            turned = new["space_face_up"] - old["space_face_up"]
            if turned:
                lines.append(
                    f"  {turned} space tile(s) turned face up on {new['name']}"
                    f" ({after['space_face_up']}/{after['space_threshold']})."
                )
        if after["last_round"] and not before["last_round"]:
            last = names[(after["start_player"] - 1) % after["players"]]
            lines.append(f"  The last round has begun: the game ends after {last}'s turn.")
        return lines

    def end_reason(self, view: JSON) -> str:
        if view["result"]["capped"]:
            return "the round cap was reached"
        if view["space_face_up"] >= view["space_threshold"]:
            return f"{view['space_face_up']} space tiles are face up and the round is finished"
        return "no space tile can ever be turned face up again (no chips left to scan or develop)"
