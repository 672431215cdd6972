"""The one dispatcher: what follows a committed change is carried out here, and only here.

Every route and background task reads the same way: run the use case in a transaction,
hand its effects (``navcomp.service.effects``) to :func:`carry_out`, answer.  The pushes
to this process's clients, the announcements to other processes, the mail sender's
wake-ups, the webhooks and the bots' jobs are all made from this module; so are the
pushes of what another process announced (:func:`relay`, :func:`relay_chat`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING

from navcomp.core.protocol import ActionInput
from navcomp.domain import refusals
from navcomp.domain.model import Table, User
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.service import chat, lobby
from navcomp.service.bot_jobs import BotJob, job_for
from navcomp.service.effects import (
    CallWebhook,
    Effect,
    EndSessions,
    PushChat,
    PushClosed,
    PushMove,
    PushTable,
    StartBot,
    WakeMail,
)
from navcomp.service.games import Live
from navcomp.service.moves import Moved, move
from navcomp.service.views import closed_json
from navcomp.store import tables
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server

BOT_GAVE_WAY = (refusals.STALE_VERSION, refusals.TABLE_NOT_FOUND, refusals.GAME_OVER)
"""A bot's move refused for these is dropped: someone else moved first, the table was
closed (a tutorial started anew), or the game ended by a vote."""


async def carry_out(server: Server, effects: Iterable[Effect]) -> None:
    """Carry out the effects of a committed change, in order."""
    for effect in effects:
        match effect:
            case PushMove(table, live, described):
                server.games.store(table.id, live)
                server.hub.publish(table, live, described)
                await _announce(server, table.id, moved=True)
            case PushTable(table, forget):
                if forget:
                    server.games.forget(table.id)
                await _push_table(server, table)
            case PushClosed(table_id):
                server.hub.publish_closed(table_id, closed_json(table_id))
                await _announce(server, table_id, moved=False)
            case PushChat(message_id):
                if server.fanout is not None:
                    server.fanout.announce_chat(message_id)
                await relay_chat(server, message_id)
            case WakeMail():
                server.mail.wake()
            case CallWebhook(url, payload):
                server.webhooks.send(url, payload)
            case StartBot(table_id, job):
                await _start_bot(server, table_id, job)
            case EndSessions(digests):
                for digest in digests:
                    server.sessions.drop_digest(digest)
                    if server.fanout is not None:
                        server.fanout.announce_logout(digest)


async def submit(
    server: Server,
    table_id: int,
    actor: User | int,
    action: ActionInput | None,
    expected_version: int,
) -> Moved:
    """Apply ``action`` (None: undo) for ``actor`` (a user, or a bot's seat number), then
    carry out what follows."""
    at = server.settings.now()

    def work(c: Connection) -> Moved:
        return move(c, server.games, table_id, actor, action, expected_version, at)

    try:
        moved = await server.tx(work)
    except Refusal as error:
        if error.kind is not refusals.STALE_VERSION:
            raise
        # The kept game may have missed a change besides moves (a vote, a seat handed
        # over, in another process): it is forgotten, and the move tried once more from
        # the database, where a move truly too late is refused again.
        moved = await server.tx(work)
    await carry_out(server, moved.effects)
    return moved


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
    await carry_out(server, [PushClosed(table_id) if table is None else PushTable(table)])
    return table


async def resume_bots(server: Server) -> None:
    """After a start or restart: every table waiting for a bot gets one thinking."""
    for table_id in await server.read(tables.playing):
        await _start_bot(server, table_id, None)


async def retake_bots(server: Server, before: datetime) -> None:
    """Every table whose bot has been on turn since before ``before`` gets one thinking
    here: the process that was to move it stopped or died under it (the sweeper's work;
    a bot already thinking here about that turn is not asked twice)."""
    for table_id in await server.read(lambda c: tables.bots_on_turn_since(c, before)):
        await _start_bot(server, table_id, None)


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


async def relay_chat(server: Server, message_id: int) -> None:
    """Push a new message to this process's clients who may read it."""
    delivery = await server.read(lambda c: chat.delivery(c, message_id))
    if delivery is not None:
        server.hub.publish_chat(
            delivery.table_id, delivery.message, delivery.blockers, delivery.kept_from
        )


async def _push_table(server: Server, table: Table) -> None:
    live = None
    if table.status is not TableStatus.OPEN:
        live = await server.read(lambda c: server.games.load(c, table))
    server.hub.publish_table(table, live)
    await _announce(server, table.id, moved=False)


async def _announce(server: Server, table_id: int, moved: bool) -> None:
    if server.fanout is not None:
        await server.fanout.announce(table_id, moved=moved)


async def _start_bot(server: Server, table_id: int, job: BotJob | None) -> None:
    if job is None:

        def work(c: Connection) -> BotJob | None:
            table = lobby.get(c, table_id)
            if table.bot_on_turn() is None:
                return None
            return job_for(table, server.games.load(c, table).actions)

        job = await server.read(work)
    if job is not None:
        _think(server, job)


def _think(server: Server, job: BotJob) -> None:
    server.runner.schedule(job, lambda j, action: _bot_move(server, j, action))


async def _bot_move(server: Server, job: BotJob, action: int) -> None:
    try:
        await submit(server, job.table_id, job.seat, action, job.version)
    except Refusal as error:
        if error.kind not in BOT_GAVE_WAY:
            raise
