"""The API's routes.  Each is thin: parse, call the lobby or the pipeline, push."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field
from sqlalchemy import Connection, select
from starlette.staticfiles import StaticFiles

from navcomp.core.registry import game_names, get_game
from navcomp.server import accounts, lobby, notify, pipeline
from navcomp.server.accounts import Session
from navcomp.server.bots import BotJob
from navcomp.server.errors import ApiError
from navcomp.server.games import log_entries
from navcomp.server.http import CSRF_COOKIE, SESSION_COOKIE
from navcomp.server.views import public_log, seat_payload
from navcomp.server.websocket import add_live_route
from navcomp.store.schema import game_tables, seats

if TYPE_CHECKING:
    from navcomp.server.app import Server

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


class Credentials(BaseModel):
    name: str = Field(max_length=100)
    password: str = Field(max_length=400)


class BotSeat(BaseModel):
    seat: int
    level: str


class NewTable(BaseModel):
    game: str = "space-mission"
    seats: int = Field(ge=1, le=10)
    bots: list[BotSeat] = Field(default_factory=list, max_length=10)
    options: dict[str, Any] = Field(default_factory=dict)


class Join(BaseModel):
    seat: int | None = None


class Invite(BaseModel):
    name: str = Field(max_length=100)


class BotLevel(BaseModel):
    level: str | None


class Move(BaseModel):
    action: int | str | dict[str, Any]
    expected_version: int


class Undo(BaseModel):
    expected_version: int


class Webhook(BaseModel):
    url: str | None = Field(default=None, max_length=500)


class ReadNotices(BaseModel):
    ids: list[int] | None = None


def _session_body(session: Session, response: Response) -> dict[str, Any]:
    response.set_cookie(
        SESSION_COOKIE, session.token, httponly=True, samesite="lax", max_age=30 * 86400
    )
    response.set_cookie(CSRF_COOKIE, session.csrf, samesite="lax", max_age=30 * 86400)
    return {
        "user": {"id": session.user.id, "name": session.user.name, "guest": session.user.is_guest},
        "token": session.token,
        "csrf": session.csrf,
    }


def add_routes(app: FastAPI, server: Server) -> None:
    _account_routes(app, server)
    _lobby_routes(app, server)
    _play_routes(app, server)
    add_live_route(app, server)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        """The browser table: one page, the rest is static files and the API."""
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def _account_routes(app: FastAPI, server: Server) -> None:
    @app.post("/api/accounts/register", status_code=201, tags=["accounts"])
    async def register(body: Credentials, response: Response) -> dict[str, Any]:
        session = await server.tx(lambda c: accounts.register(c, body.name, body.password))
        return _session_body(session, response)

    @app.post("/api/accounts/login", tags=["accounts"])
    async def log_in(body: Credentials, response: Response) -> dict[str, Any]:
        session = await server.tx(lambda c: accounts.log_in(c, body.name, body.password))
        return _session_body(session, response)

    @app.post("/api/accounts/guest", status_code=201, tags=["accounts"])
    async def guest(response: Response) -> dict[str, Any]:
        session = await server.tx(accounts.guest)
        return _session_body(session, response)

    @app.post("/api/accounts/logout", tags=["accounts"])
    async def log_out(request: Request, response: Response) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        await server.tx(lambda c: accounts.log_out(c, session.token))
        server.sessions.drop(session.token)
        response.delete_cookie(SESSION_COOKIE)
        response.delete_cookie(CSRF_COOKIE)
        return {"ok": True}

    @app.get("/api/me", tags=["accounts"])
    async def me(request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        user = session.user
        return {"id": user.id, "name": user.name, "guest": user.is_guest}

    @app.put("/api/me/webhook", tags=["accounts"])
    async def webhook(body: Webhook, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        await server.tx(lambda c: accounts.set_webhook(c, session.user, body.url))
        return {"url": body.url}

    @app.get("/api/notifications", tags=["accounts"])
    async def notifications(request: Request, unread: bool = False) -> list[dict[str, Any]]:
        session = await server.session(request)
        assert session is not None
        return await server.read(lambda c: notify.listing(c, session.user.id, unread))

    @app.post("/api/notifications/read", tags=["accounts"])
    async def read(body: ReadNotices, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        await server.tx(lambda c: notify.mark_read(c, session.user.id, body.ids))
        return {"ok": True}


def _lobby_routes(app: FastAPI, server: Server) -> None:
    @app.get("/api/games", tags=["lobby"])
    async def games() -> list[dict[str, Any]]:
        out = []
        for name in game_names():
            info = get_game(name).info
            out.append(
                {
                    "name": name,
                    "title": info.title,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "options": dict(info.options),
                }
            )
        return out

    @app.get("/api/tables", tags=["lobby"])
    async def open_tables() -> list[dict[str, Any]]:
        return await server.read(lobby.list_open)

    @app.post("/api/tables", status_code=201, tags=["lobby"])
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

        def work(c: Connection) -> dict[str, Any]:
            change(c, session)
            if not c.execute(select(game_tables.c.id).where(game_tables.c.id == table_id)).first():
                return {"id": table_id, "status": "closed"}
            return lobby.describe(lobby.table_row(c, table_id), lobby.seat_rows(c, table_id))

        described = await server.tx(work)
        live = None
        if described["status"] == "playing":
            live = await server.read(lambda c: server.games.load(c, lobby.table_row(c, table_id)))
        server.hub.publish_table(table_id, described, live)
        return described

    @app.post("/api/tables/{table_id}/join", tags=["lobby"])
    async def join(table_id: int, request: Request, body: Join | None = None) -> dict[str, Any]:
        seat = None if body is None else body.seat
        return await lobby_change(
            table_id, request, lambda c, s: lobby.join(c, s.user, table_id, seat)
        )

    @app.post("/api/tables/{table_id}/leave", tags=["lobby"])
    async def leave(table_id: int, request: Request) -> dict[str, Any]:
        """Leave an open table; the creator leaving closes it."""
        return await lobby_change(table_id, request, lambda c, s: lobby.leave(c, s.user, table_id))

    @app.post("/api/tables/{table_id}/invite", tags=["lobby"])
    async def invite(table_id: int, body: Invite, request: Request) -> dict[str, Any]:
        return await lobby_change(
            table_id, request, lambda c, s: lobby.invite(c, s.user, table_id, body.name)
        )

    @app.post("/api/tables/{table_id}/start", tags=["lobby"])
    async def start(table_id: int, request: Request) -> dict[str, Any]:
        described = await lobby_change(table_id, request, lambda c, s: _start(c, s, table_id))
        await schedule_bot(server, table_id)
        return described

    @app.put("/api/tables/{table_id}/seats/{seat}/bot", tags=["lobby"])
    async def seat_bot(table_id: int, seat: int, body: BotLevel, request: Request) -> Any:
        session = await server.session(request)
        assert session is not None

        def work(c: Connection) -> dict[str, Any]:
            lobby.set_bot(c, session.user, table_id, seat, body.level)
            return lobby.describe(lobby.table_row(c, table_id), lobby.seat_rows(c, table_id))

        return await server.tx(work)

    @app.get("/api/my/games", tags=["lobby"])
    async def my_games(request: Request) -> list[dict[str, Any]]:
        session = await server.session(request)
        assert session is not None
        return await server.read(lambda c: _my_games(c, session.user.id))


def _start(c: Connection, session: Session, table_id: int) -> None:
    first = lobby.start(c, session.user, table_id)
    seat_list = lobby.seat_rows(c, table_id)
    user_id = seat_list[first].user_id
    if user_id is not None:
        from navcomp.store.schema import notifications

        c.execute(
            notifications.insert().values(
                user_id=user_id,
                table_id=table_id,
                text=f"Your turn at table {table_id}",
                read=False,
                created_at=accounts.now(),
            )
        )


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


def _play_routes(app: FastAPI, server: Server) -> None:
    @app.get("/api/tables/{table_id}", tags=["play"])
    async def table(table_id: int, request: Request) -> dict[str, Any]:
        session = await server.session(request, required=False)

        def work(c: Connection) -> dict[str, Any]:
            row = lobby.table_row(c, table_id)
            seat_list = lobby.seat_rows(c, table_id)
            seat = lobby.seat_of(seat_list, session.user if session else None)
            out = {"table": lobby.describe(row, seat_list), "seat": seat}
            if row.status != "open":
                live = server.games.load(c, row)
                out.update(seat_payload(live.state, seat))
            return out

        return await server.read(work)

    @app.post("/api/tables/{table_id}/moves", tags=["play"])
    async def move(table_id: int, body: Move, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        return await submit(server, table_id, session.user, body.action, body.expected_version)

    @app.post("/api/tables/{table_id}/undo", tags=["play"])
    async def undo(table_id: int, body: Undo, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        return await submit(server, table_id, session.user, None, body.expected_version)

    @app.get("/api/tables/{table_id}/log", tags=["play"])
    async def log(table_id: int, request: Request) -> dict[str, Any]:
        session = await server.session(request, required=False)

        def work(c: Connection) -> dict[str, Any]:
            row = lobby.table_row(c, table_id)
            seat = lobby.seat_of(lobby.seat_rows(c, table_id), session.user if session else None)
            entries = [(e.seq, e.seat, e.action) for e in log_entries(c, table_id)]
            initial = get_game(row.game).new_initial_state(row.num_seats, row.seed, row.options)
            return {"version": row.version, "entries": public_log(initial, entries, seat)}

        return await server.read(work)

    @app.get("/api/tables/{table_id}/replay", tags=["play"])
    async def replay(table_id: int) -> dict[str, Any]:
        return await server.read(lambda c: _replay(c, table_id))


def _replay(c: Connection, table_id: int) -> dict[str, Any]:
    """Once the game is over: the setup, every action in full and every state."""
    row = lobby.table_row(c, table_id)
    if row.status != "over":
        raise ApiError(409, "game_not_over", "the replay opens when the game is over")
    game = get_game(row.game)
    state = game.new_initial_state(row.num_seats, row.seed, row.options)
    states = [state.clone()]
    entries = []
    for entry in log_entries(c, table_id):
        if entry.action is None:
            states.pop()
            state = states[-1].clone()
            text = "undo"
        else:
            text = game.action_to_text(entry.action)
            state.apply_action(entry.action)
            states.append(state.clone())
        entries.append(
            {"seq": entry.seq, "seat": entry.seat, "text": text, "state": state.to_json()}
        )
    return {
        "table": lobby.describe(row, lobby.seat_rows(c, table_id)),
        "seed": row.seed,
        "initial": states[0].to_json(),
        "entries": entries,
    }


async def submit(
    server: Server, table_id: int, actor: Any, action: Any, expected_version: int
) -> dict[str, Any]:
    """The move pipeline, then pushes, notices and the next bot."""

    def work(c: Connection) -> tuple[pipeline.Moved, dict[int, str]]:
        moved = pipeline.move(c, server.games, table_id, actor, action, expected_version)
        return moved, notify.hooks_for(c, [u for u, _ in moved.notify])

    moved, hooks = await server.tx(work)
    server.games.store(table_id, moved.live)
    described = moved.table
    last = {"seat": moved.seat, "texts": moved.action_text}
    server.hub.publish(table_id, described, moved.live, last)
    for user_id, text in moved.notify:
        if user_id in hooks:
            server.webhooks.send(hooks[user_id], {"table": table_id, "text": text})
    to_move = described["to_move"]
    if to_move is not None and described["seats"][to_move]["bot"] is not None:
        await schedule_bot(server, table_id)
    return {"version": moved.version, "table": described}


async def schedule_bot(server: Server, table_id: int) -> None:
    """If a bot is to move at ``table_id``, set it thinking."""

    def work(c: Connection) -> BotJob | None:
        row = lobby.table_row(c, table_id)
        if row.status != "playing" or row.to_move is None:
            return None
        level = lobby.seat_rows(c, table_id)[row.to_move].bot_level
        if level is None:
            return None
        live = server.games.load(c, row)
        return BotJob(
            table_id,
            row.version,
            row.to_move,
            level,
            row.game,
            row.num_seats,
            row.seed,
            dict(row.options),
            tuple(live.actions),
        )

    job = await server.read(work)
    if job is not None:
        server.runner.schedule(job, lambda j, a: _bot_move(server, j, a))


async def _bot_move(server: Server, job: BotJob, action: int) -> None:
    try:
        await submit(server, job.table_id, job.seat, action, job.version)
    except ApiError as error:
        if error.code != "stale_version":  # someone else moved first: nothing to do
            raise


async def resume_bots(server: Server) -> None:
    """After a start or restart: every table waiting for a bot gets one thinking."""
    rows = await server.read(
        lambda c: c.execute(select(game_tables.c.id).where(game_tables.c.status == "playing")).all()
    )
    for row in rows:
        await schedule_bot(server, row.id)
