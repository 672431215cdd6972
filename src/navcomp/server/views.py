"""What one viewer may see of a table: its own view, its legal actions, the log."""

from __future__ import annotations

from typing import Any

from navcomp.core.protocol import GameState
from navcomp.server.games import Entry, walk_log


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
    initial: GameState, entries: list[Entry], viewer: int | None
) -> list[dict[str, Any]]:
    """The log as ``viewer`` may read it, from the game's initial state."""
    return [
        {
            "seq": entry.seq,
            "seat": entry.seat,
            "text": before.public_undo_text(viewer)
            if entry.action is None
            else before.public_action_text(entry.action, viewer),
        }
        for entry, before, _ in walk_log(initial, entries)
    ]
