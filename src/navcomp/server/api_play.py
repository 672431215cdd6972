"""Routes: a table's state, moves, undo, the log and the replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from sqlalchemy import Connection

from navcomp.core.registry import get_game
from navcomp.server import lobby
from navcomp.server.errors import ApiError, Body
from navcomp.server.fields import DbInt, JsonObject, TableId, Text
from navcomp.server.flow import submit
from navcomp.server.games import log_entries, walk_log
from navcomp.server.schemas import (
    BODY,
    DB,
    MAYBE_SIGNED_IN,
    SIGNED_IN,
    Log,
    Moved,
    Replay,
    TableState,
    errors,
)
from navcomp.server.views import public_log, seat_payload

if TYPE_CHECKING:
    from navcomp.core.protocol import GameState
    from navcomp.server.app import Server


class Move(Body):
    action: int | Text | JsonObject
    expected_version: DbInt


class Undo(Body):
    expected_version: DbInt


def add_play_routes(app: FastAPI, server: Server) -> None:
    @app.get(
        "/api/tables/{table_id}",
        response_model=TableState,
        response_model_exclude_unset=True,
        openapi_extra=MAYBE_SIGNED_IN,
        responses=errors(404, 422, DB),
        tags=["play"],
    )
    async def table(table_id: TableId, request: Request) -> dict[str, Any]:
        session = await server.session(request, required=False)

        def work(c: Connection) -> dict[str, Any]:
            row = lobby.table_row(c, table_id)
            seat_list = lobby.seat_rows(c, table_id)
            seat = lobby.seat_of(seat_list, session.user if session else None)
            out = {"table": lobby.describe(row, seat_list), "seat": seat}
            if row.status != "open":
                live = server.games.load(c, row)
                out.update(seat_payload(live.state, seat))
                out["last"] = None if live.last is None else live.last.seen_by(seat)
            return out

        return await server.read(work)

    @app.post(
        "/api/tables/{table_id}/moves",
        response_model=Moved,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, 404, 409, DB),
        tags=["play"],
    )
    async def move(table_id: TableId, body: Move, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        return await submit(server, table_id, session.user, body.action, body.expected_version)

    @app.post(
        "/api/tables/{table_id}/undo",
        response_model=Moved,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, 404, 409, DB),
        tags=["play"],
    )
    async def undo(table_id: TableId, body: Undo, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        return await submit(server, table_id, session.user, None, body.expected_version)

    @app.get(
        "/api/tables/{table_id}/log",
        response_model=Log,
        openapi_extra=MAYBE_SIGNED_IN,
        responses=errors(404, 422, DB),
        tags=["play"],
    )
    async def log(table_id: TableId, request: Request) -> dict[str, Any]:
        session = await server.session(request, required=False)

        def work(c: Connection) -> dict[str, Any]:
            row = lobby.table_row(c, table_id)
            seat = lobby.seat_of(lobby.seat_rows(c, table_id), session.user if session else None)
            initial = get_game(row.game).new_initial_state(row.num_seats, row.seed, row.options)
            entries = public_log(initial, log_entries(c, table_id, row.version), seat)
            return {"version": row.version, "entries": entries}

        return await server.read(work)

    @app.get(
        "/api/tables/{table_id}/replay",
        response_model=Replay,
        responses=errors(404, 409, 422, DB),
        tags=["play"],
    )
    async def replay(table_id: TableId) -> dict[str, Any]:
        return await server.read(lambda c: _replay(c, table_id))


def _replay(c: Connection, table_id: int) -> dict[str, Any]:
    """Once the game is over: the setup, every action in full and every state."""
    row = lobby.table_row(c, table_id)
    if row.status != "over":
        raise ApiError(409, "game_not_over", "the replay opens when the game is over")
    game = get_game(row.game)
    initial = game.new_initial_state(row.num_seats, row.seed, row.options)
    entries = [
        {
            "seq": entry.seq,
            "seat": entry.seat,
            "text": "undo" if entry.action is None else game.action_to_text(entry.action),
            "state": after.to_json(),
            **_revealed(after, row.num_seats),
        }
        for entry, _, after in walk_log(initial, log_entries(c, table_id))
    ]
    return {
        "table": lobby.describe(row, lobby.seat_rows(c, table_id)),
        "seed": row.seed,
        "initial": initial.to_json(),
        "initial_view": _revealed(initial, row.num_seats),
        "entries": entries,
    }


def _revealed(state: GameState, num_seats: int) -> dict[str, Any]:
    """A state as the browser draws it, nothing hidden: the public view and every seat's
    private part (``private``, indexed by seat), so the replay needs no rules of its own."""
    return {
        "view": state.view(None),
        "private": [state.private_view(seat, revealed=True) for seat in range(num_seats)],
    }
