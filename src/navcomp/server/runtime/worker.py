"""A worker: runs the queue's jobs (``runtime/queue.py``) for every server on the database.

A bot's turn is read from the database when the job starts, thought out on the worker's
own bot processes, and played through the same dispatcher as a server's moves
(``dispatch.play_bot``), with the version it was thought for: a move too late is refused
and dropped.  Its effects go the same way as a server's: the move announced over Redis
(the servers push it to their clients), the next bot's turn, mail and webhooks deferred
as jobs.  Mail is sent from the outbox as in a single process (``mail_sender``: of several
workers one claims each mail); webhooks are retried with a growing wait.

Besides the jobs, each worker keeps the queue honest every ``upkeep_seconds``: the jobs
of a worker that stopped sending heartbeats go back to the queue, and a bot turn waiting
longer than ``bot_wait_seconds`` with no job (its server died between the commit and
the deferral, the database was away) gets one.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import httpcore2
from procrastinate import RetryStrategy
from procrastinate.exceptions import ConnectorException

from navcomp.domain.refusals import Refusal
from navcomp.server.runtime import dispatch, metrics, stopping
from navcomp.server.runtime.context import Server
from navcomp.server.runtime.queue import BOT_TURN, MAIL, WEBHOOK, JobQueue, bot_lock
from navcomp.server.runtime.webhooks import shown
from navcomp.store import accounts, tables

log = logging.getLogger("navcomp.worker")

JOB_LABELS = {BOT_TURN: "bot", MAIL: "mail", WEBHOOK: "webhook"}

RETRIED = RetryStrategy(max_attempts=8, wait=1, exponential_wait=2)
"""A job that failed (the database away, a hook down) runs again after 1 + 2**n s."""


@dataclass(frozen=True)
class WorkerOptions:
    concurrency: int = 4  # jobs run at once (bots think on the server's bot processes)
    heartbeat_seconds: float = 2.0
    stalled_seconds: float = 10.0  # a worker silent this long has its jobs taken back
    drain_seconds: float = 5.0  # on SIGTERM, running jobs get this long, then go back
    upkeep_seconds: float = 2.0
    bot_wait_seconds: float = 10.0  # a bot turn waiting this long with no job gets one


class QueueWorker:
    """The jobs of ``server``'s queue, run here."""

    def __init__(self, server: Server, options: WorkerOptions) -> None:
        if server.queue is None:
            raise ValueError("a worker needs a server with a job queue")
        self.server = server
        self.queue: JobQueue = server.queue
        self.options = options
        app = self.queue.app
        app.task(name=BOT_TURN, retry=RETRIED)(_timed("bot", self.bot_turn))
        app.task(name=MAIL, retry=RETRIED)(_timed("mail", self.mail))
        app.task(name=WEBHOOK, retry=RETRIED)(_timed("webhook", self.webhook))

    async def bot_turn(self, table_id: int) -> None:
        job = await dispatch.bot_job(self.server, table_id)
        if job is None:
            return
        action = await self.server.runner.decide(job)
        await dispatch.play_bot(self.server, job, action)

    async def mail(self) -> None:
        while await self.server.mail.send_due() > 0:
            pass

    async def webhook(self, user_id: int, payload: dict[str, Any]) -> None:
        """Deliver once to the account's hook as it is now (none: nothing to do); a hook
        that answers 5xx, times out or cannot be reached raises, and the job runs again
        later.  An address refused is given up."""
        hooks = await self.server.read(lambda c: accounts.webhooks(c, [user_id]))
        url = hooks.get(user_id)
        if url is None:
            return
        try:
            status = await self.server.webhooks.try_now(url, payload)
        except Refusal as refusal:
            log.warning("webhook to %s refused: %s", shown(url), refusal.message)
            return
        except (TimeoutError, httpcore2.NetworkError, httpcore2.TimeoutException) as error:
            raise RuntimeError(f"webhook to {shown(url)}: {type(error).__name__}") from None
        if status >= 500:
            raise RuntimeError(f"webhook to {shown(url)} answered {status}")

    async def run(self, install_signal_handlers: bool = True) -> None:
        """Run jobs until stopped (SIGTERM, SIGINT): running jobs get ``drain_seconds``
        to end, then go back to the queue for another worker."""
        upkeep = asyncio.get_running_loop().create_task(self._upkeep())
        try:
            while True:
                try:
                    await self.queue.app.run_worker_async(
                        name=f"navcomp-{os.getpid()}",
                        concurrency=self.options.concurrency,
                        install_signal_handlers=install_signal_handlers,
                        update_heartbeat_interval=self.options.heartbeat_seconds,
                        stalled_worker_timeout=self.options.stalled_seconds,
                        shutdown_graceful_timeout=self.options.drain_seconds,
                        delete_jobs="successful",
                        fetch_job_polling_interval=self.options.upkeep_seconds,
                    )
                    return
                except ConnectorException as error:
                    # procrastinate's worker ends when the database goes away while it
                    # asks for a job (it waits out an outage only while listening)
                    log.warning("the queue's database is away (%r): starting again", error)
                    await asyncio.sleep(self.options.upkeep_seconds)
        finally:
            await stopping.stop(upkeep)

    async def _upkeep(self) -> None:
        while True:
            await asyncio.sleep(self.options.upkeep_seconds)
            try:
                await self.take_back_stalled()
                await self.start_waiting_bots()
                await self.count_queue()
            except Exception as error:  # the database away: again at the next round
                log.warning("queue upkeep: %r", error)

    async def take_back_stalled(self) -> int:
        """The jobs of workers silent for ``stalled_seconds`` go back to the queue."""
        manager = self.queue.app.job_manager
        stalled = await manager.get_stalled_jobs(
            seconds_since_heartbeat=self.options.stalled_seconds
        )
        taken = 0
        for job in stalled:
            with contextlib.suppress(Exception):  # another worker took it back first
                await manager.retry_job(job)
                taken += 1
                log.warning("took back job %s (%s) of a silent worker", job.id, job.task_name)
        return taken

    async def count_queue(self) -> None:
        for task, count in (await self.queue.waiting()).items():
            metrics.QUEUE_JOBS.labels(job=JOB_LABELS[task]).set(count)

    async def start_waiting_bots(self) -> int:
        """A job for every bot turn that has waited ``bot_wait_seconds`` with none."""
        since = self.server.settings.now() - timedelta(seconds=self.options.bot_wait_seconds)
        waiting = await self.server.read(lambda c: tables.bots_on_turn_since(c, since))
        if not waiting:
            return 0
        manager = self.queue.app.job_manager
        doing = await manager.list_jobs_async(task=BOT_TURN, status="doing")
        busy = {job.queueing_lock for job in doing}
        started = 0
        for table_id in waiting:
            if bot_lock(table_id) not in busy:
                await self.queue.bot_turn(table_id)
                started += 1
        return started


def _timed(job: str, run: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """``run`` counted in the metrics: jobs in hand here, and each one's time."""

    @functools.wraps(run)
    async def timed(**arguments: Any) -> None:
        metrics.JOBS_QUEUED.labels(job=job).inc()
        try:
            with metrics.JOB_SECONDS.labels(job=job).time():
                await run(**arguments)
        finally:
            metrics.JOBS_QUEUED.labels(job=job).dec()

    return timed


async def serve_jobs(server: Server, options: WorkerOptions) -> None:
    """``navcomp worker``: connect, announce over Redis, send mail, run jobs until told
    to stop."""
    assert server.queue is not None
    started = time.monotonic()
    await server.queue.open()
    if server.fanout is not None:
        await server.fanout.start(_nothing_to_relay)
    await server.mail.start()
    worker = QueueWorker(server, options)
    log.info("worker ready in %.1f s", time.monotonic() - started)
    try:
        await worker.run()
    finally:
        await server.mail.close()
        if server.fanout is not None:
            await server.fanout.close()
        await server.queue.close()
        await server.close()


async def _nothing_to_relay(_table_id: int, _moved: bool) -> None:
    """A worker has no clients: others' changes are nothing to it."""
