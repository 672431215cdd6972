"""Space Pioneers in ``navcomp play``: its terminal hooks (see :mod:`navcomp.core.terminal`)."""

from __future__ import annotations

from collections.abc import Sequence

from navcomp.core.protocol import JSON, GameState
from navcomp.core.terminal import TerminalHooks
from navcomp.games.space_pioneers import render
from navcomp.games.space_pioneers.actions import Action
from navcomp.games.space_pioneers.views import card_json

HELP = """\
How to play: build a network of cards; planets and spaceships alternate, your first
card is a spaceship. A turn: draw ('take 1', 'take 2' for a face-up card, 'draw' from
the deck, or 'seek' a spaceship when none is in your hand or face up), then 'choose'
a card and 'place' it (the places are marked ? on the board; 'back' to choose again)
or 'pass', then 'remove' a spaceship to the discard pile or 'done'.
A side you touch must match in one criterion in your own network (same colour, the
two corner symbols of the touching edges, or above/below the middle symbol); planets
placed in another player's network ('place <player> <x> <y>') need two.
Placing a planet captures the other cards of that planet in the network (1 point
each) unless taking one would split it. Missions 2 points, top-secret tasks 3.
Card symbols: * star, o ring, ~ comet, ) moon; colours r b g y; ^ marks a ship."""

_ORDER = {"take": 1, "draw": 0, "seek": 2, "choose": 0, "pass": 1, "place": 0, "back": 1}
_ORDER |= {"capture": 0, "done": 0, "remove": 1}


class SpacePioneersTerminal(TerminalHooks):
    help = HELP

    def render(
        self, state: GameState, player: int, names: Sequence[str], color: bool, full: bool
    ) -> str:
        view = state.view(player)
        marks = {}
        if state.current_player == player:
            legal = [state.game.action_to_json(a) for a in state.legal_actions()]
            marks = render.place_marks(view, legal)
        board = render.render_board(view, names, marks)
        return "\n\n".join(part for part in (board, render.render_private(view)) if part)

    def order_choices(self, state: GameState, actions: Sequence[int]) -> list[int]:
        """The usual move first: draw, choose, place; 'done' before removing a ship."""
        return sorted(actions, key=lambda a: (_ORDER[Action.from_id(a).kind], a))

    def choice_label(self, state: GameState, action: int) -> str:
        text = state.game.action_to_text(action)
        data = Action.from_id(action).to_json()
        if "card" in data:
            card = card_json(data["card"])
            return f"{text}  ({card['colour']} {card['kind']})"
        if data["type"] == "take":
            card = state.view(state.current_player)["face_up"][data["slot"]]
            return f"{text}  ({card['name']}, {card['colour']} {card['kind']})"
        if data["type"] == "place":
            whose = "your" if data["network"] == state.current_player else f"P{data['network']}'s"
            return f"{text}  (in {whose} network)"
        return text

    def announce(self, before: JSON, after: JSON, names: Sequence[str]) -> list[str]:
        lines = []
        for p, (old, new) in enumerate(zip(before["seats"], after["seats"], strict=True)):
            gained = len(new["captured"]) - len(old["captured"])
            if gained:
                lines.append(f"  {names[p]} captured {gained} planet card(s).")
            for key, was, now in zip(
                after["missions"], old["missions"], new["missions"], strict=True
            ):
                if now and not was:
                    lines.append(f"  {names[p]} fulfilled a mission: {render.MISSION_TEXT[key]}.")
        if after["ending"] and not before["ending"]:
            if after["solo"]:
                lines.append("  The end has begun: one more turn after this one.")
            else:
                last = names[(after["start_player"] - 1) % after["players"]]
                lines.append(f"  The end has begun: the game ends after {last}'s turn.")
        solo_before, solo_after = before.get("solo_card"), after.get("solo_card")
        if solo_before and solo_after and solo_after["fulfilled"] > solo_before["fulfilled"]:
            lines.append(
                f"  Solo missions fulfilled: {solo_after['fulfilled']}"
                f" (cards completed: {solo_after['completed']}); now side {solo_after['side']}."
            )
        return lines

    def end_reason(self, view: JSON) -> str:
        if view["deck"] == 0:
            return "the deck ran out"
        return "a player fulfilled their last mission"
