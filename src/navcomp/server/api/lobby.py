"""Routes: games, tables before and around play, my games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, status
from pydantic import Field

from navcomp.bots.levels import levels_for
from navcomp.bots.strength import strength_for
from navcomp.core.registry import game_names, get_game
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import Visibility
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import MAX_SEATS, JsonObject, Seat, SeatPath, TableId, Text
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.server.api.static_files import has_view
from navcomp.server.runtime.context import Server
from navcomp.server.runtime.dispatch import carry_out, change_table
from navcomp.service import lobby, scores, watching
from navcomp.service.answers import ClosedTable, GameInfo, MyTable, SoloScores, Table
from navcomp.service.effects import StartBot
from navcomp.service.views import closed_json, table_json
from navcomp.store.db import Connection

router = APIRouter(tags=["lobby"])


class BotSeat(Body):
    seat: Seat
    level: Text = Field(max_length=40)


class NewTable(Body):
    game: Text = Field(default="space-mission", max_length=40)
    seats: int = Field(ge=1, le=MAX_SEATS)
    bots: list[BotSeat] = Field(default_factory=list, max_length=MAX_SEATS)
    options: JsonObject = Field(default_factory=dict)
    pace: JsonObject | None = None  # domain/clocks.py; None: no clock (stalls after 21 days)
    rated: bool = False  # the game's end changes the players' ratings
    visibility: Literal["public", "unlisted", "invite"] = "public"  # domain/model.py Visibility
    spectators: bool = True  # people without a seat may watch the game


class Join(Body):
    seat: Seat | None = None


class Invite(Body):
    name: Text = Field(max_length=100)


class BotLevel(Body):
    level: Text | None = Field(max_length=40)


CHANGE_ERRORS = errors(
    *BODY,
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_404_NOT_FOUND,
    status.HTTP_409_CONFLICT,
    DB,
)
"""A change to a table, sent with a body."""
BARE_CHANGE_ERRORS = errors(
    status.HTTP_422_UNPROCESSABLE_CONTENT,
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_404_NOT_FOUND,
    status.HTTP_409_CONFLICT,
    DB,
)
"""A change to a table, sent without a body."""


@router.get("/api/games", response_model=list[GameInfo])
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
                "view": has_view(name),
                "bot_strength": strength_for(name, levels_for(game)),
            }
        )
    return out


@router.get(
    "/api/solo-scores",
    response_model=SoloScores,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(status.HTTP_422_UNPROCESSABLE_CONTENT, DB),
)
async def solo_high_scores(game: str, server: ServerDep, session: MaybeSignedIn) -> dict[str, Any]:
    """My best scores at a game played alone, and the best of everybody (ten each)."""
    if game not in game_names():
        raise lobby.unknown_game(game)
    user_id = None if session is None else session.user.id
    return await server.read(lambda c: scores.high_scores(c, game, user_id))


@router.get("/api/tables", response_model=list[Table], responses=errors(DB))
async def open_tables(server: ServerDep) -> list[dict[str, Any]]:
    """The public tables waiting for players."""
    found = await server.read(lobby.list_open)
    return [table_json(table, server.settings.now()) for table in found]


@router.get("/api/watch", response_model=list[Table], responses=errors(DB))
async def games_to_watch(server: ServerDep) -> list[dict[str, Any]]:
    """The public games on whose host allows spectators, the newest first."""
    found = await server.read(lobby.list_watchable)
    return [table_json(table, server.settings.now()) for table in found]


@router.post(
    "/api/tables",
    status_code=status.HTTP_201_CREATED,
    response_model=Table,
    openapi_extra=SIGNED_IN,
    responses=errors(
        *BODY,
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_409_CONFLICT,
        status.HTTP_429_TOO_MANY_REQUESTS,
        DB,
    ),
)
async def create(body: NewTable, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    bots = {b.seat: b.level for b in body.bots}
    if len(bots) != len(body.bots):
        raise Refusal(refusals.INVALID_SEAT, "one bot per seat")
    at = server.settings.now()
    await server.throttle.table_made(session.user.id)
    max_open = server.settings.open_tables_per_account
    made = await server.tx(
        lambda c: lobby.create(
            c,
            session.user,
            body.game,
            body.seats,
            bots,
            body.options,
            body.pace,
            body.rated,
            (Visibility(body.visibility), body.spectators),
            max_open,
            at=at,
        )
    )
    return table_json(made, at)


async def _changed(
    server: Server, table_id: int, change: Callable[[Connection], None]
) -> dict[str, Any]:
    table = await change_table(server, table_id, change)
    return closed_json(table_id) if table is None else table_json(table, server.settings.now())


@router.post(
    "/api/tables/{table_id}/join",
    response_model=Table | ClosedTable,
    openapi_extra=SIGNED_IN,
    responses=CHANGE_ERRORS,
)
async def join(
    table_id: TableId, server: ServerDep, session: SignedIn, body: Join | None = None
) -> dict[str, Any]:
    seat = None if body is None else body.seat
    return await _changed(server, table_id, lambda c: lobby.join(c, session.user, table_id, seat))


@router.post(
    "/api/tables/{table_id}/leave",
    response_model=Table | ClosedTable,
    openapi_extra=SIGNED_IN,
    responses=BARE_CHANGE_ERRORS,
)
async def leave(table_id: TableId, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """Leave an open table; the creator leaving closes it."""
    return await _changed(server, table_id, lambda c: lobby.leave(c, session.user, table_id))


@router.post(
    "/api/tables/{table_id}/invite",
    response_model=Table | ClosedTable,
    openapi_extra=SIGNED_IN,
    responses={**CHANGE_ERRORS, **errors(status.HTTP_429_TOO_MANY_REQUESTS)},
)
async def invite(
    table_id: TableId, body: Invite, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    await server.throttle.invitation_asked(session.user.id)
    invitee = await server.tx(lambda c: lobby.new_invitee(c, session.user, table_id, body.name))
    if invitee is not None:
        await server.throttle.invitation_written(session.user.id, invitee)
    return await _changed(
        server,
        table_id,
        lambda c: lobby.invite(c, session.user, table_id, body.name, server.settings.now()),
    )


@router.post(
    "/api/tables/{table_id}/start",
    response_model=Table | ClosedTable,
    openapi_extra=SIGNED_IN,
    responses=BARE_CHANGE_ERRORS,
)
async def start(table_id: TableId, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    at = server.settings.now()
    described = await _changed(
        server, table_id, lambda c: lobby.start(c, session.user, table_id, at)
    )
    await carry_out(server, [StartBot(table_id)])
    return described


@router.put(
    "/api/tables/{table_id}/seats/{seat}/bot",
    response_model=Table,
    openapi_extra=SIGNED_IN,
    responses=CHANGE_ERRORS,
)
async def seat_bot(
    table_id: TableId, seat: SeatPath, body: BotLevel, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    def work(c: Connection) -> dict[str, Any]:
        lobby.set_bot(c, session.user, table_id, seat, body.level)
        return table_json(lobby.get(c, table_id), server.settings.now())

    return await server.tx(work)


@router.get(
    "/api/my/games",
    response_model=list[MyTable],
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, DB),
)
async def my_games(server: ServerDep, session: SignedIn) -> list[dict[str, Any]]:
    at = server.settings.now()
    return await server.read(lambda c: watching.my_games(c, session.user.id, at))
