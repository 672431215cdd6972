"""Routes: when time runs out or a player leaves (``endings.py``): more time, a bot in
the late seat, a claim, a resignation, a vote to abort, and the table's events."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from fastapi import APIRouter, status

from navcomp.domain.model import User
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.fields import TableId
from navcomp.server.api.schemas import DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.server.runtime.context import Server
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import endings, watching
from navcomp.service.answers import Table, TableEvent
from navcomp.service.views import table_json
from navcomp.store.db import Connection

router = APIRouter(tags=["endings"])

ENDING_ERRORS = errors(
    status.HTTP_422_UNPROCESSABLE_CONTENT,
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_404_NOT_FOUND,
    status.HTTP_409_CONFLICT,
    DB,
)

Ending = Callable[[Connection, User, int, datetime], endings.Changed]


async def _ended(server: Server, table_id: int, user: User, ending: Ending) -> dict[str, Any]:
    at = server.settings.now()
    changed = await server.tx(lambda c: ending(c, user, table_id, at))
    await carry_out(server, changed.effects)
    return table_json(changed.table, at)


def _route(path: str, ending: Ending, summary: str) -> None:
    async def route(table_id: TableId, server: ServerDep, session: SignedIn) -> dict[str, Any]:
        return await _ended(server, table_id, session.user, ending)

    route.__name__ = ending.__name__
    router.post(
        f"/api/tables/{{table_id}}/{path}",
        response_model=Table,
        openapi_extra=SIGNED_IN,
        responses=ENDING_ERRORS,
        summary=summary,
    )(route)


_route("extra-time", endings.extra_time, "Give the mover, whose time is up, more time")
_route("hand-to-bot", endings.hand_to_bot, "A bot takes the late or silent seat")
_route("claim", endings.claim, "Claim a game of two whose other player's time is up")
_route("resign", endings.resign, "Leave the game: a bot plays on, or with two the other wins")
_route("abort-vote", endings.vote_abort, "Vote to end the game without a result")


@router.get(
    "/api/tables/{table_id}/events",
    response_model=list[TableEvent],
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        status.HTTP_422_UNPROCESSABLE_CONTENT,
        DB,
    ),
)
async def events(
    table_id: TableId, server: ServerDep, session: MaybeSignedIn
) -> list[dict[str, Any]]:
    """The table's changes besides moves (time up, more time, seats taken over...), to
    whoever may see its game."""
    user_id = session.user.id if session else None
    return await server.read(lambda c: watching.events(c, table_id, user_id))
