"""Routes: a table's state, moves, undo, the log and the replay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, status
from pydantic import Field

from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import DbInt, JsonObject, TableId, Text
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.server.runtime.dispatch import submit
from navcomp.service import watching
from navcomp.service.answers import Answer, LogEntry, Table
from navcomp.service.views import moved_json

if TYPE_CHECKING:
    pass

router = APIRouter(tags=["play"])


class LastEntry(Answer):
    seat: int
    text: str
    detail: Any  # the move's outcome, the same for everybody (a card shown, points)


class LegalAction(Answer):
    id: int  # the action's number in the game
    text: str  # as a move may name it
    action_json: Any = Field(alias="json")  # the game's own JSON of it, as a move may send it


class TableState(Answer):
    """The table and my seat; once started (the fields after ``seat`` are there only
    then), my view, my legal actions on my turn, and the log's last entry as I may read
    it."""

    table: Table
    seat: int | None
    view: dict[str, Any] | None = None  # the game's own view, as my seat (or a spectator) sees it
    legal: list[LegalAction] | None = None  # None: not my turn
    can_undo: bool | None = None
    last: LastEntry | None = None  # None: no move yet


class Moved(Answer):
    version: int
    table: Table


class Log(Answer):
    version: int
    entries: list[LogEntry]


class Revealed(Answer):
    view: dict[str, Any]  # the game's own view for spectators
    private: list[dict[str, Any] | None]  # each seat's private part of its view, by seat


class ReplayEntry(Answer):
    seq: int
    seat: int
    text: str
    detail: Any  # as the log's entry has it
    state: dict[str, Any]  # the game's own JSON of the state after the move
    view: dict[str, Any]
    private: list[dict[str, Any] | None]


class Replay(Answer):
    table: Table
    seed: int
    initial: dict[str, Any]  # the game's own JSON of the state before any move
    initial_view: Revealed
    entries: list[ReplayEntry]


WATCH_ERRORS = errors(
    status.HTTP_403_FORBIDDEN, status.HTTP_404_NOT_FOUND, status.HTTP_422_UNPROCESSABLE_CONTENT, DB
)
"""Reading a table's game: refused to strangers where the host allows no spectators."""


class Move(Body):
    action: int | Text | JsonObject
    expected_version: DbInt


class Undo(Body):
    expected_version: DbInt


@router.get(
    "/api/tables/{table_id}",
    response_model=TableState,
    response_model_exclude_unset=True,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=WATCH_ERRORS,
)
async def table(table_id: TableId, server: ServerDep, session: MaybeSignedIn) -> dict[str, Any]:
    user_id = session.user.id if session else None
    at = server.settings.now()
    return await server.read(lambda c: watching.table(c, server.games, table_id, user_id, at))


MOVE_ERRORS = errors(
    *BODY,
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_404_NOT_FOUND,
    status.HTTP_409_CONFLICT,
    DB,
)


@router.post(
    "/api/tables/{table_id}/moves",
    response_model=Moved,
    openapi_extra=SIGNED_IN,
    responses=MOVE_ERRORS,
)
async def move(
    table_id: TableId, body: Move, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    moved = await submit(server, table_id, session.user, body.action, body.expected_version)
    return moved_json(moved.described)


@router.post(
    "/api/tables/{table_id}/undo",
    response_model=Moved,
    openapi_extra=SIGNED_IN,
    responses=MOVE_ERRORS,
)
async def undo(
    table_id: TableId, body: Undo, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    moved = await submit(server, table_id, session.user, None, body.expected_version)
    return moved_json(moved.described)


@router.get(
    "/api/tables/{table_id}/log",
    response_model=Log,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=WATCH_ERRORS,
)
async def log(table_id: TableId, server: ServerDep, session: MaybeSignedIn) -> dict[str, Any]:
    user_id = session.user.id if session else None
    return await server.read(lambda c: watching.log(c, table_id, user_id))


@router.get(
    "/api/tables/{table_id}/replay",
    response_model=Replay,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        status.HTTP_409_CONFLICT,
        status.HTTP_422_UNPROCESSABLE_CONTENT,
        DB,
    ),
)
async def replay(table_id: TableId, server: ServerDep, session: MaybeSignedIn) -> dict[str, Any]:
    user_id = session.user.id if session else None
    at = server.settings.now()
    return await server.read(lambda c: watching.replay(c, table_id, user_id, at))
