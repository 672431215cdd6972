"""Routes: games, tables before and around play, my games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from pydantic import Field
from sqlalchemy import Connection, select

from navcomp.bots.levels import levels_for
from navcomp.core.registry import game_names, get_game
from navcomp.server import lobby, notify, scores
from navcomp.server.accounts import Session
from navcomp.server.errors import ApiError, Body
from navcomp.server.fields import MAX_SEATS, JsonObject, Seat, SeatPath, TableId, Text
from navcomp.server.flow import schedule_bot
from navcomp.server.schemas import (
    BODY,
    DB,
    MAYBE_SIGNED_IN,
    SIGNED_IN,
    ClosedTable,
    GameInfo,
    MyTable,
    SoloScores,
    Table,
    errors,
)
from navcomp.store.schema import game_tables, seats

if TYPE_CHECKING:
    from navcomp.server.app import Server


class BotSeat(Body):
    seat: Seat
    level: Text = Field(max_length=40)


class NewTable(Body):
    game: Text = Field(default="space-mission", max_length=40)
    seats: int = Field(ge=1, le=MAX_SEATS)
    bots: list[BotSeat] = Field(default_factory=list, max_length=MAX_SEATS)
    options: JsonObject = Field(default_factory=dict)


class Join(Body):
    seat: Seat | None = None


class Invite(Body):
    name: Text = Field(max_length=100)


class BotLevel(Body):
    level: Text | None = Field(max_length=40)


def add_lobby_routes(app: FastAPI, server: Server) -> None:
    @app.get("/api/games", response_model=list[GameInfo], tags=["lobby"])
    async def games() -> list[dict[str, Any]]:
        out = []
        for name in game_names():
            game = get_game(name)
            info = game.info
            out.append(
                {
                    "name": name,
                    "title": info.title,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "options": dict(info.options),
                    "bot_levels": list(levels_for(game)),
                }
            )
        return out

    @app.get(
        "/api/solo-scores",
        response_model=SoloScores,
        openapi_extra=MAYBE_SIGNED_IN,
        responses=errors(422, DB),
        tags=["lobby"],
    )
    async def solo_high_scores(game: str, request: Request) -> dict[str, Any]:
        """My best scores at a game played alone, and the best of everybody (ten each)."""
        if game not in game_names():
            raise lobby.unknown_game(game)
        session = await server.session(request, required=False)
        user_id = None if session is None else session.user.id
        return await server.read(lambda c: scores.high_scores(c, game, user_id))

    @app.get("/api/tables", response_model=list[Table], responses=errors(DB), tags=["lobby"])
    async def open_tables() -> list[dict[str, Any]]:
        return await server.read(lobby.list_open)

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=Table,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, DB),
        tags=["lobby"],
    )
    async def create(body: NewTable, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        bots = {b.seat: b.level for b in body.bots}
        if len(bots) != len(body.bots):
            raise ApiError(422, "invalid_seat", "one bot per seat")

        def work(c: Connection) -> dict[str, Any]:
            table_id = lobby.create(c, session.user, body.game, body.seats, bots, body.options)
            return lobby.describe(lobby.table_row(c, table_id), lobby.seat_rows(c, table_id))

        return await server.tx(work)

    async def lobby_change(table_id: int, request: Request, change: Any) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None

        def work(c: Connection) -> tuple[dict[str, Any], dict[int, int]]:
            change(c, session)
            if not lobby.table_exists(c, table_id):
                return {"id": table_id, "status": "closed"}, {}
            seat_list = lobby.seat_rows(c, table_id)
            described = lobby.describe(lobby.table_row(c, table_id), seat_list)
            return described, lobby.seated_accounts(seat_list)

        described, seat_of_user = await server.tx(work)
        live = None
        if described["status"] == "playing":
            live = await server.read(lambda c: server.games.load(c, lobby.table_row(c, table_id)))
        server.hub.publish_table(table_id, described, seat_of_user, live)
        if server.fanout is not None:
            await server.fanout.announce(table_id, moved=False)
        return described

    @app.post(
        "/api/tables/{table_id}/join",
        response_model=Table | ClosedTable,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, 404, 409, DB),
        tags=["lobby"],
    )
    async def join(table_id: TableId, request: Request, body: Join | None = None) -> dict[str, Any]:
        seat = None if body is None else body.seat
        return await lobby_change(
            table_id, request, lambda c, s: lobby.join(c, s.user, table_id, seat)
        )

    @app.post(
        "/api/tables/{table_id}/leave",
        response_model=Table | ClosedTable,
        openapi_extra=SIGNED_IN,
        responses=errors(422, 401, 403, 404, 409, DB),
        tags=["lobby"],
    )
    async def leave(table_id: TableId, request: Request) -> dict[str, Any]:
        """Leave an open table; the creator leaving closes it."""
        return await lobby_change(table_id, request, lambda c, s: lobby.leave(c, s.user, table_id))

    @app.post(
        "/api/tables/{table_id}/invite",
        response_model=Table | ClosedTable,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, 404, 409, DB),
        tags=["lobby"],
    )
    async def invite(table_id: TableId, body: Invite, request: Request) -> dict[str, Any]:
        return await lobby_change(
            table_id, request, lambda c, s: lobby.invite(c, s.user, table_id, body.name)
        )

    @app.post(
        "/api/tables/{table_id}/start",
        response_model=Table | ClosedTable,
        openapi_extra=SIGNED_IN,
        responses=errors(422, 401, 403, 404, 409, DB),
        tags=["lobby"],
    )
    async def start(table_id: TableId, request: Request) -> dict[str, Any]:
        described = await lobby_change(table_id, request, lambda c, s: _start(c, s, table_id))
        await schedule_bot(server, table_id)
        return described

    @app.put(
        "/api/tables/{table_id}/seats/{seat}/bot",
        response_model=Table,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, 404, 409, DB),
        tags=["lobby"],
    )
    async def seat_bot(table_id: TableId, seat: SeatPath, body: BotLevel, request: Request) -> Any:
        session = await server.session(request)
        assert session is not None

        def work(c: Connection) -> dict[str, Any]:
            lobby.set_bot(c, session.user, table_id, seat, body.level)
            return lobby.describe(lobby.table_row(c, table_id), lobby.seat_rows(c, table_id))

        return await server.tx(work)

    @app.get(
        "/api/my/games",
        response_model=list[MyTable],
        openapi_extra=SIGNED_IN,
        responses=errors(401, DB),
        tags=["lobby"],
    )
    async def my_games(request: Request) -> list[dict[str, Any]]:
        session = await server.session(request)
        assert session is not None
        return await server.read(lambda c: _my_games(c, session.user.id))


def _start(c: Connection, session: Session, table_id: int) -> None:
    first = lobby.start(c, session.user, table_id)
    seat_list = lobby.seat_rows(c, table_id)
    user_id = seat_list[first].user_id
    if user_id is not None:
        notify.add(c, user_id, table_id, "turn", notify.turn_text(table_id))


def _my_games(c: Connection, user_id: int) -> list[dict[str, Any]]:
    rows = c.execute(
        select(game_tables, seats.c.seat)
        .join(seats, seats.c.table_id == game_tables.c.id)
        .where(seats.c.user_id == user_id)
    ).all()
    out = []
    for row in rows:
        described = lobby.describe(row, lobby.seat_rows(c, row.id))
        described["my_seat"] = row.seat
        described["my_turn"] = row.status == "playing" and row.to_move == row.seat
        out.append(described)
    out.sort(
        key=lambda t: (
            not t["my_turn"],
            {"playing": 0, "open": 1, "over": 2}[t["status"]],
            t["turn_since"] or "",
        )
    )
    return out
