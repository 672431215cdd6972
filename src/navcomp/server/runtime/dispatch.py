"""The one dispatcher: what follows a committed change is carried out here, and only here.

Every route and background task reads the same way: run the use case in a transaction,
hand its effects (``navcomp.service.effects``) to :func:`carry_out`, answer.  The pushes
to this process's clients, the announcements to other processes, the mail sender's
wake-ups, the webhooks and the bots' jobs are all made from this module; so are the
pushes of what another process announced (:func:`relay`, :func:`relay_chat`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import ActionInput
from navcomp.domain import refusals
from navcomp.domain.model import Table, User
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.server.runtime import metrics
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

log = logging.getLogger("navcomp.dispatch")

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
                await _wake_mail(server)
            case CallWebhook(url, payload, user_id):
                await _call_webhook(server, url, payload, user_id)
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
    started = time.perf_counter()

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
    metrics.MOVES.inc()
    metrics.MOVE_SECONDS.observe(time.perf_counter() - started)
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
    """After a start or restart: every table waiting for a bot gets one thinking (with
    a queue, the workers see to it)."""
    if server.queue is not None:
        return
    for table_id in await server.read(tables.playing):
        await _start_bot(server, table_id, None)


async def retake_bots(server: Server, before: datetime) -> None:
    """Every table whose bot has been on turn since before ``before`` gets one thinking
    here: the process that was to move it stopped or died under it (the sweeper's work;
    a bot already thinking here about that turn is not asked twice).  With a queue, the
    workers see to it (``worker.QueueWorker.start_waiting_bots``)."""
    if server.queue is not None:
        return
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
        server.games.store(table_id, live)  # the next relay steps on from it
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


async def bot_job(server: Server, table_id: int) -> BotJob | None:
    """The job of the bot on turn at ``table_id`` as the table now stands (None: no bot
    is to move there, or the table is gone)."""

    def work(c: Connection) -> BotJob | None:
        table = tables.get(c, table_id)
        if table is None or table.bot_on_turn() is None:
            return None
        return job_for(table, server.games.load(c, table).actions)

    return await server.read(work)


async def play_bot(server: Server, job: BotJob, action: int) -> bool:
    """Play the bot's ``action``, thought out for ``job``; False: the table moved on, or
    ended, before it (the move is dropped: the version makes a late move change nothing)."""
    try:
        await submit(server, job.table_id, job.seat, action, job.version)
    except Refusal as error:
        if error.kind not in BOT_GAVE_WAY:
            raise
        return False
    return True


async def _start_bot(server: Server, table_id: int, job: BotJob | None) -> None:
    if server.queue is not None:
        await _deferred(server.queue.bot_turn(table_id), "a bot's turn")
        return
    if job is None:
        job = await bot_job(server, table_id)
    if job is not None:
        _think(server, job)


def _think(server: Server, job: BotJob) -> None:
    server.runner.schedule(job, lambda j, action: play_bot(server, j, action))


async def _wake_mail(server: Server) -> None:
    if server.queue is None:
        server.mail.wake()
    else:  # without the job, a worker finds the mail at its next poll
        await _deferred(server.queue.mail(), "mail")


async def _call_webhook(server: Server, url: str, payload: dict[str, Any], user_id: int) -> None:
    if server.queue is None:
        server.webhooks.send(url, payload)
    elif server.settings.webhooks:
        await _deferred(server.queue.webhook(user_id, payload), "a webhook")


async def _deferred(deferral: Awaitable[None], what: str) -> None:
    """Defer a job; the change is committed, so a queue out of reach only delays it:
    the workers find bot turns and mail waiting by themselves (a webhook is lost, as
    when a hook's own queue is full)."""
    try:
        await deferral
    except Exception as error:
        log.warning("could not queue %s: %r", what, error)
