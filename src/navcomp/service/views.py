"""What one viewer may see of a table, as JSON: the table, its own view, its legal
actions, the log.  The one place a :class:`Table` becomes JSON."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from navcomp.core.protocol import GameState
from navcomp.domain.model import Entry, Table
from navcomp.domain.tables import TableStatus
from navcomp.service.games import walk_log


def table_json(table: Table, at: datetime) -> dict[str, Any]:
    """What anyone may know about a table (never the seed), as of ``at`` (the server's
    clock, ``Settings.now``)."""
    turn_since = table.turn_since
    return {
        "id": table.id,
        "game": table.game,
        "status": table.status.value,
        "num_seats": table.num_seats,
        "options": table.options,
        "version": table.version,
        "to_move": table.to_move,
        "turn_since": turn_since.isoformat() if turn_since else None,
        "seats": [
            {
                "seat": s.seat,
                "player": s.name,
                "bot": s.bot_level,
                "ended": None if s.ended is None else s.ended.value,
                "former": s.former,
                "pending": s.pending,
            }
            for s in table.seats
        ],
        "creator_seat": table.seat_of(table.creator_id),
        "result": None if table.result is None else table.result.to_json(),
        "tutorial": table.tutorial,
        "rated": table.rated,
        "pace": None if table.pace is None else table.pace.to_json(),
        "clock": clock_json(table, at),
        "end_reason": None if table.end_reason is None else table.end_reason.value,
        "visibility": table.visibility.value,
        "spectators": table.spectators,
        "rematch": table.rematch_id,
    }


def clock_json(table: Table, at: datetime) -> dict[str, Any] | None:
    """Each seat's bank, where the mover's turn stands and its deadline, with the server's
    time: a page counts the mover's clock down from these."""
    if table.clock is None:
        return None
    deadline = table.deadline
    return {
        **table.clock.to_json(),
        "deadline": deadline.isoformat() if deadline else None,
        "now": at.isoformat(),
    }


def moved_json(described: dict[str, Any]) -> dict[str, Any]:
    """A move's answer: the new version and the table after it (``described``: its
    :func:`table_json`, which the move's pushes carry too)."""
    return {"version": described["version"], "table": described}


def closed_json(table_id: int) -> dict[str, Any]:
    """A table its creator closed, as the lobby's answer and its push name it."""
    return {"id": table_id, "status": TableStatus.CLOSED.value}


def time_is_up(described: dict[str, Any]) -> bool:
    """Whether the mover's time is up at the table ``described`` (its :func:`table_json`):
    the others choose what follows, and the mover may not move."""
    clock = described.get("clock") or {}
    return bool(clock.get("stage") == "time_up")


def seat_payload(
    state: GameState, seat: int | None, view: Any = None, time_up: bool = False
) -> dict[str, Any]:
    """The view for ``seat`` (None: a spectator) and, on its turn, its legal actions (none
    once its ``time_up``: a move would be refused).

    ``view`` is that seat's view if the caller already has it."""
    if view is None:
        view = state.view(seat)
    payload: dict[str, Any] = {"view": view, "legal": None, "can_undo": False}
    if seat is not None and state.current_player == seat and not time_up:
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
            "detail": None if entry.action is None else before.public_action_detail(entry.action),
        }
        for entry, before, _ in walk_log(initial, entries)
    ]
