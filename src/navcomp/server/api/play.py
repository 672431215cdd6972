"""Routes: a table's state, moves, undo, the log and the replay."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, status
from pydantic import Field

from navcomp.core.registry import get_game
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import DbInt, JsonObject, TableId, Text
from navcomp.server.api.schemas import (
    BODY,
    DB,
    MAYBE_SIGNED_IN,
    SIGNED_IN,
    Answer,
    LogEntry,
    Table,
    errors,
)
from navcomp.service import lobby
from navcomp.service.games import walk_log
from navcomp.service.moves import submit
from navcomp.service.views import moved_json, public_log, seat_payload, table_json, time_is_up
from navcomp.store import tables
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.core.protocol import GameState

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
    def work(c: Connection) -> dict[str, Any]:
        found = lobby.watched(c, table_id, session.user.id if session else None)
        seat = found.seat_of(session.user.id if session else None)
        described = table_json(found, server.settings.now())
        out = {"table": described, "seat": seat}
        if found.status is not TableStatus.OPEN:
            live = server.games.load(c, found)
            out.update(seat_payload(live.state, seat, time_up=time_is_up(described)))
            out["last"] = None if live.last is None else live.last.seen_by(seat)
        return out

    return await server.read(work)


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
    def work(c: Connection) -> dict[str, Any]:
        found = lobby.watched(c, table_id, session.user.id if session else None)
        seat = found.seat_of(session.user.id if session else None)
        initial = get_game(found.game).new_initial_state(found.num_seats, found.seed, found.options)
        entries = public_log(initial, tables.log(c, table_id, found.version), seat)
        return {"version": found.version, "entries": entries}

    return await server.read(work)


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
    return await server.read(lambda c: _replay(c, table_id, user_id, at))


def _replay(c: Connection, table_id: int, user_id: int | None, at: datetime) -> dict[str, Any]:
    """Once the game is over: the setup, every action in full and every state."""
    found = lobby.watched(c, table_id, user_id)
    if found.status is not TableStatus.OVER:
        raise Refusal(refusals.GAME_NOT_OVER, "the replay opens when the game is over")
    game = get_game(found.game)
    initial = game.new_initial_state(found.num_seats, found.seed, found.options)
    entries = [
        {
            "seq": entry.seq,
            "seat": entry.seat,
            "text": "undo" if entry.action is None else game.action_to_text(entry.action),
            # what the table's log adds for everybody, so the replay words a move as it did
            "detail": None if entry.action is None else before.public_action_detail(entry.action),
            "state": after.to_json(),
            **_revealed(after, found.num_seats),
        }
        for entry, before, after in walk_log(initial, tables.log(c, table_id))
    ]
    return {
        "table": table_json(found, at),
        "seed": found.seed,
        "initial": initial.to_json(),
        "initial_view": _revealed(initial, found.num_seats),
        "entries": entries,
    }


def _revealed(state: GameState, num_seats: int) -> dict[str, Any]:
    """A state as the browser draws it, nothing hidden: the public view and every seat's
    private part (``private``, indexed by seat), so the replay needs no rules of its own."""
    return {
        "view": state.view(None),
        "private": [state.private_view(seat, revealed=True) for seat in range(num_seats)],
    }
