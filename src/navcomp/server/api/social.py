"""Routes: friends (requests, accepting, parting, who is online) and rematches."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, status
from pydantic import Field

from navcomp.domain.model import Table as TableValue
from navcomp.server.api.deps import ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import PlayerName, TableId, Text
from navcomp.server.api.schemas import BODY, DB, SIGNED_IN, errors
from navcomp.server.runtime.context import Server
from navcomp.server.runtime.dispatch import carry_out, change_table
from navcomp.service import friends, lobby, rematch
from navcomp.service.answers import ClosedTable, FriendList, Table
from navcomp.service.effects import Effect, PushTable, StartBot
from navcomp.service.views import closed_json, table_json
from navcomp.store.db import Connection

router = APIRouter(tags=["social"])


class FriendName(Body):
    name: Text = Field(max_length=100)


FRIEND_ERRORS = errors(
    *BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, status.HTTP_404_NOT_FOUND, DB
)


@router.get(
    "/api/friends",
    response_model=FriendList,
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, DB),
)
async def my_friends(server: ServerDep, session: SignedIn) -> dict[str, Any]:
    at = server.settings.now()
    return await server.read(lambda c: friends.listing(c, session.user, at))


@router.post(
    "/api/friends",
    response_model=FriendList,
    openapi_extra=SIGNED_IN,
    responses=FRIEND_ERRORS,
)
async def ask(body: FriendName, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """Ask a player by name to be friends, or accept their request."""
    at = server.settings.now()

    def work(c: Connection) -> dict[str, Any]:
        friends.ask(c, session.user, body.name, at)
        return friends.listing(c, session.user, at)

    return await server.tx(work)


@router.delete(
    "/api/friends/{name}",
    response_model=FriendList,
    openapi_extra=SIGNED_IN,
    responses=FRIEND_ERRORS,
)
async def part(name: PlayerName, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """End a friendship, decline a request or take one's own back."""
    at = server.settings.now()

    def work(c: Connection) -> dict[str, Any]:
        friends.part(c, session.user, name)
        return friends.listing(c, session.user, at)

    return await server.tx(work)


REMATCH_ERRORS = errors(
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_404_NOT_FOUND,
    status.HTTP_409_CONFLICT,
    status.HTTP_422_UNPROCESSABLE_CONTENT,
    DB,
)


async def _pushed(
    server: Server, table_id: int, rematch_table: TableValue, changed: bool
) -> dict[str, Any]:
    """Both tables as they now are, to their clients here and in other processes, if the
    call ``changed`` them: the finished one shows the offer, the rematch its seats."""
    if not changed:
        return table_json(rematch_table, server.settings.now())
    finished = await server.read(lambda c: lobby.get(c, table_id))
    effects: list[Effect] = [
        PushTable(rematch_table),
        PushTable(finished),
        StartBot(rematch_table.id),
    ]
    await carry_out(server, effects)
    return table_json(rematch_table, server.settings.now())


@router.post(
    "/api/tables/{table_id}/rematch",
    response_model=Table,
    openapi_extra=SIGNED_IN,
    responses=REMATCH_ERRORS,
)
async def offer(table_id: TableId, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """Offer the players of a finished game a rematch (again: the same one)."""
    at = server.settings.now()
    made, changed = await server.tx(lambda c: rematch.offer(c, session.user, table_id, at))
    return await _pushed(server, table_id, made, changed)


@router.post(
    "/api/tables/{table_id}/rematch/accept",
    response_model=Table,
    openapi_extra=SIGNED_IN,
    responses=REMATCH_ERRORS,
)
async def accept(table_id: TableId, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """Take one's seat at the rematch offered from this finished table."""
    at = server.settings.now()
    taken, changed = await server.tx(lambda c: rematch.accept(c, session.user, table_id, at))
    return await _pushed(server, table_id, taken, changed)


@router.post(
    "/api/tables/{table_id}/rematch/decline",
    response_model=Table | ClosedTable,
    openapi_extra=SIGNED_IN,
    responses=REMATCH_ERRORS,
)
async def decline(table_id: TableId, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """Leave one's seat at the rematch open (the one who offered it closes it)."""
    rematch_id = await server.read(lambda c: rematch.offered_id(c, table_id))

    def work(c: Connection) -> None:
        rematch.decline(c, session.user, table_id)

    left = await change_table(server, rematch_id, work)
    finished = await server.read(lambda c: lobby.get(c, table_id))
    await carry_out(server, [PushTable(finished)])
    return closed_json(rematch_id) if left is None else table_json(left, server.settings.now())
