"""The job queue: bots' turns, mail and webhooks handed to ``navcomp worker`` processes.

With ``--jobs queue`` a server thinks for no bot, sends no mail and calls no webhook: it
defers a job, and a worker (``runtime/worker.py``, on this machine or another) runs it.
The queue is procrastinate's, in the PostgreSQL database the tables live in: a job is a
committed row, so it outlives any process (a server's, a worker's, the database's own
restart), and a host runs nothing besides PostgreSQL and Redis (the pushes across
processes).  A worker holds the job it runs while it sends heartbeats; a worker that
stops sending them (killed, frozen, cut off) gives its jobs back to the others.

A bot's job names only the table: the worker reads the turn it finds, thinks, and moves
with the version it read, so a job run twice (its worker killed after the move, say)
moves once; the second run finds the turn moved on and has nothing to do.  One job per
table waits at a time (procrastinate's queueing lock); two that run at once (one taken
back from a worker that fell silent while it still thought) race, and the version
refuses the later move.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from procrastinate import App, PsycopgConnector, exceptions

log = logging.getLogger("navcomp.queue")

BOT_TURN = "navcomp.bot_turn"
MAIL = "navcomp.mail"
WEBHOOK = "navcomp.webhook"
TASKS = (BOT_TURN, MAIL, WEBHOOK)
SCHEMA_LOCK = 0x6E6176716A6F6273  # "navqjobs": PostgreSQL advisory lock key


def libpq_url(database_url: str) -> str:
    """The URL without SQLAlchemy's driver name, as psycopg takes it; ValueError for a
    database that is not PostgreSQL (the queue lives in PostgreSQL only)."""
    scheme, _, rest = database_url.partition("://")
    if scheme.split("+")[0] not in ("postgresql", "postgres"):
        raise ValueError("the job queue (--jobs queue) needs a PostgreSQL --database-url")
    return "postgresql://" + rest


def bot_lock(table_id: int) -> str:
    return f"navcomp-bot-{table_id}"


class JobQueue:
    """Deferring jobs into the queue, and its procrastinate app (the worker adds its tasks
    to :attr:`app`)."""

    def __init__(self, database_url: str, pool_size: int = 4) -> None:
        self.conninfo = libpq_url(database_url)
        connector = PsycopgConnector(conninfo=self.conninfo, min_size=1, max_size=pool_size)
        self.app = App(connector=connector)

    async def open(self) -> None:
        """Connect, and create the queue's tables on a database that has none yet (one
        process at a time, as the migrations do)."""
        await self.app.open_async()
        await self._ensure_schema()

    async def _ensure_schema(self) -> None:
        import psycopg

        async with await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True) as conn:
            await conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
            try:
                found = await conn.execute("SELECT to_regclass('procrastinate_jobs')")
                row = await found.fetchone()
                if row is None or row[0] is None:
                    await self.app.schema_manager.apply_schema_async()
            finally:
                await conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))

    async def close(self) -> None:
        await self.app.close_async()

    async def bot_turn(self, table_id: int) -> None:
        """A bot is to move at ``table_id``: a worker will see to it (once, if a job for
        the table is already waiting)."""
        deferrer = self.app.configure_task(BOT_TURN, queueing_lock=bot_lock(table_id))
        with contextlib.suppress(exceptions.AlreadyEnqueued):
            await deferrer.defer_async(table_id=table_id)

    async def mail(self) -> None:
        """Mail was written: a worker sends what is due (once, if one is already asked)."""
        with contextlib.suppress(exceptions.AlreadyEnqueued):
            await self.app.configure_task(MAIL, queueing_lock="navcomp-mail").defer_async()

    async def webhook(self, user_id: int, payload: dict[str, Any]) -> None:
        """A notice for the webhook of ``user_id``: the job names the account, not the hook's
        address (a path may hold a secret, and the queue's rows and logs show a job's
        arguments); the worker reads the address when it calls."""
        await self.app.configure_task(WEBHOOK).defer_async(user_id=user_id, payload=payload)

    async def waiting(self) -> dict[str, int]:
        """Jobs waiting or running, by task (for metrics and ``navcomp admin``)."""
        counts = dict.fromkeys(TASKS, 0)
        for status in ("todo", "doing"):
            for row in await self.app.job_manager.list_jobs_async(status=status):
                if row.task_name in counts:
                    counts[row.task_name] += 1
        return counts
