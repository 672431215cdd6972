"""What one viewer may see of a table: its own view, its legal actions, the log."""

from __future__ import annotations

from typing import Any

from navcomp.core.protocol import GameState


def seat_payload(state: GameState, seat: int | None, view: Any = None) -> dict[str, Any]:
    """The view for ``seat`` (None: a spectator) and, on its turn, its legal actions.

    ``view`` is that seat's view if the caller already has it."""
    if view is None:
        view = state.view(seat)
    payload: dict[str, Any] = {"view": view, "legal": None, "can_undo": False}
    if seat is not None and state.current_player == seat:
        game = state.game
        payload["legal"] = [
            {"id": a, "text": game.action_to_text(a), "json": game.action_to_json(a)}
            for a in state.legal_actions()
        ]
        payload["can_undo"] = state.can_undo()
    return payload


def public_log(
    game_state: GameState, entries: list[tuple[int, int, int | None]], viewer: int | None
) -> list[dict[str, Any]]:
    """The log as ``viewer`` may read it; ``game_state`` is the initial state (changed)."""
    out = []
    stack: list[GameState] = []
    state = game_state
    for seq, seat, action in entries:
        if action is None:
            state = stack.pop()
            text = "undo"
        else:
            text = state.public_action_text(action, viewer)
            stack.append(state.clone())
            state.apply_action(action)
        out.append({"seq": seq, "seat": seat, "text": text})
    return out
