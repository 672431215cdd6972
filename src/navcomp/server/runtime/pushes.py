"""Pushes of changes other than this process's moves (``moves.py`` pushes those): the
lobby's changes to a table, and changes another process announced (``fanout.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from navcomp.domain.model import Table
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby
from navcomp.service.games import Live
from navcomp.service.views import closed_json
from navcomp.store import tables
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


async def change_table(
    server: Server, table_id: int, change: Callable[[Connection], None]
) -> Table | None:
    """Make a lobby ``change`` to the table, then push the table as it now is to its
    clients here and announce it to other processes; None: the change closed it."""

    def work(c: Connection) -> Table | None:
        change(c)
        if not lobby.exists(c, table_id):
            return None
        tables.touch_open(c, table_id, server.settings.now())
        return lobby.get(c, table_id)

    table = await server.tx(work)
    if table is None:
        await push_closed(server, table_id)
        return None
    live = None
    if table.status is TableStatus.PLAYING:
        live = await server.read(lambda c: server.games.load(c, table))
    server.hub.publish_table(table, live)
    if server.fanout is not None:
        await server.fanout.announce(table_id, moved=False)
    return table


async def push_closed(server: Server, table_id: int) -> None:
    """The table is closed: its clients here are told, and other processes."""
    server.hub.publish_closed(table_id, closed_json(table_id))
    if server.fanout is not None:
        await server.fanout.announce(table_id, moved=False)


async def push_table(server: Server, table: Table) -> None:
    """A change besides a move (a time-out, a seat handed to a bot...): push the table as it
    now is here, and announce it to other processes."""
    live = None
    if table.status is not TableStatus.OPEN:
        live = await server.read(lambda c: server.games.load(c, table))
    server.hub.publish_table(table, live)
    if server.fanout is not None:
        await server.fanout.announce(table.id, moved=False)


async def relay(server: Server, table_id: int, moved: bool) -> None:
    """Another process changed ``table_id`` (``moved``: by a move): push the new state to
    our own clients; the move's texts come with the game, rebuilt from the log."""
    if server.hub.connected(table_id) == 0:
        return

    def work(c: Connection) -> tuple[Table | None, Live | None]:
        table = tables.get(c, table_id)
        if table is None or table.status is TableStatus.OPEN:
            return table, None
        return table, server.games.load(c, table)

    table, live = await server.read(work)
    if table is None:
        server.hub.publish_closed(table_id, {**closed_json(table_id), "seats": []})
    elif live is None or not moved:
        server.hub.publish_table(table, live)
    else:
        server.hub.publish(table, live)
