"""Bots take their turns on the server, in worker processes, never on the event loop.

A bot's job carries the table's setup and effective log; the worker rebuilds the
position and asks the bot, which looks only at what its seat may know.  The
answer goes through the same move service as a person's, with the version the
job was made for, so a stale answer changes nothing.  ``resume`` finds every
table waiting for a bot (after a restart, say) and schedules it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from navcomp.bots.base import Bot
from navcomp.core.protocol import replay
from navcomp.core.registry import get_game
from navcomp.server.runtime import metrics
from navcomp.service.bot_jobs import BotJob, bot_rng

log = logging.getLogger("navcomp.bots")


KEPT_BOTS = 64
"""Searching bots a worker keeps, the most recently asked, one per table and seat."""
_kept: OrderedDict[tuple[int, int, str, float | None], Bot] = OrderedDict()


def think(job: BotJob, seconds: float | None) -> int:
    """In a worker: the bot's action for ``job``."""
    import navcomp.games  # noqa: F401  (registers the games in a fresh process)

    game = get_game(job.game)
    state = replay(game, job.num_seats, job.seed, job.options, job.actions)
    rng = bot_rng(job.seed, 0 if job.tutorial else job.table_id, job.version, job.seat)
    return kept_bot(job, seconds).choose(state, rng)


def kept_bot(job: BotJob, seconds: float | None) -> Bot:
    """The bot for ``job``: a searching one is kept for the table's seat, so that the
    next decision of its turn (if this worker is asked) goes on with what is left of
    the turn's budget and the playouts already made (``navcomp.bots.carry``); the bot
    itself checks that a decision is where its last one led."""
    from navcomp.bots.levels import SEARCHING, make_bot

    if job.level not in SEARCHING or job.tutorial:
        return make_bot(job.level, seconds)
    key = (job.table_id, job.seat, job.level, seconds)
    bot = _kept.pop(key, None) or make_bot(job.level, seconds)
    _kept[key] = bot
    while len(_kept) > KEPT_BOTS:
        _kept.popitem(last=False)
    return bot


def default_workers(count: int) -> list[Executor]:
    return [default_executor() for _ in range(count)]


def default_executor() -> Executor:
    """A worker: a pool of one process (a bot kept in it stays with its tables)."""
    return ProcessPoolExecutor(
        1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_exit_with_parent,
        initargs=(os.getpid(),),
    )


def _exit_with_parent(parent: int) -> None:
    """In a worker: end when the server ends, even if it was killed (SIGKILL leaves
    workers behind otherwise, waiting for jobs that will never come).

    Ctrl-C in a terminal, or a signal to the whole process group, reaches the workers
    too; stopping them is the server's work (it shuts its pool down), so they ignore it
    rather than die under a running job."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def _job_counted() -> Callable[[Any], None]:
    """A job is queued from now on; the callback, when its task is done, counts it done."""
    metrics.JOBS_QUEUED.labels(job="bot").inc()
    scheduled = time.perf_counter()

    def done(_task: Any) -> None:
        metrics.JOBS_QUEUED.labels(job="bot").dec()
        metrics.JOB_SECONDS.labels(job="bot").observe(time.perf_counter() - scheduled)

    return done


class BotRunner:
    """Runs bot jobs on ``workers`` (executors of one process each); ``renew`` makes a
    new one when a worker dies (a crash or the out-of-memory killer breaks a process
    pool for good).

    A table's jobs go to the worker that ran its last one while that worker is free, so
    that a bot kept there (:func:`kept_bot`) goes on with its turn's playouts; a busy
    worker's tables go to the least busy one rather than wait."""

    def __init__(
        self,
        workers: Sequence[Executor],
        seconds: float | None = None,
        renew: Callable[[], Executor] | None = None,
    ) -> None:
        if not workers:
            raise ValueError("a bot runner needs at least one worker")
        self.workers = list(workers)
        self.seconds = seconds
        self.renew = renew
        self.closing = False
        self._pending: set[tuple[int, int]] = set()
        self._retried: set[tuple[int, int]] = set()
        self._busy = [0] * len(self.workers)
        self._home: OrderedDict[int, int] = OrderedDict()  # table id: its last worker
        self.tasks: set[asyncio.Task[None]] = set()

    def schedule(self, job: BotJob, submit: Any) -> None:
        """Think about ``job`` off the loop, then ``await submit(job, action)``."""
        key = (job.table_id, job.version)
        if key in self._pending or self.closing:
            return
        self._pending.add(key)
        task = asyncio.get_running_loop().create_task(self._run(job, submit, key))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        task.add_done_callback(_job_counted())

    def worker_for(self, table_id: int) -> int:
        """The worker to run the table's next job: its last one if free, else the least
        busy (its last one on a tie)."""
        home = self._home.pop(table_id, table_id % len(self.workers))
        if self._busy[home]:
            home = min(range(len(self.workers)), key=lambda w: (self._busy[w], w != home))
        self._home[table_id] = home
        while len(self._home) > KEPT_BOTS * len(self.workers):
            self._home.popitem(last=False)
        return home

    async def decide(self, job: BotJob) -> int:
        """The bot's action for ``job``, thought out on a worker (BrokenProcessPool: the
        worker died under it, and a new one takes its place for the next job)."""
        index = self.worker_for(job.table_id)
        executor = self.workers[index]
        self._busy[index] += 1
        try:
            loop = asyncio.get_running_loop()
            with metrics.BOT_THINKING_SECONDS.time():
                return await loop.run_in_executor(executor, think, job, self.seconds)
        except BrokenProcessPool:
            self._renew(index, executor, job.table_id)
            raise
        finally:
            self._busy[index] -= 1

    async def _run(self, job: BotJob, submit: Any, key: tuple[int, int]) -> None:
        try:
            action = await self.decide(job)
        except BrokenProcessPool:
            self._pending.discard(key)
            self._again(job, submit, key)
            return
        except Exception:
            self._pending.discard(key)
            if not self.closing:
                log.exception("the bot at table %d failed to move", job.table_id)
            return
        try:
            await submit(job, action)
        finally:
            self._pending.discard(key)

    def _renew(self, index: int, broken: Executor, table_id: int) -> None:
        """A new worker in place of one that died (once, however many jobs saw it die)."""
        if self.closing or self.renew is None or self.workers[index] is not broken:
            return
        log.warning("a bot worker died (table %d): starting a new worker", table_id)
        broken.shutdown(wait=False, cancel_futures=True)
        self.workers[index] = self.renew()

    def _again(self, job: BotJob, submit: Any, key: tuple[int, int]) -> None:
        """A worker died under ``job``: the job once more, on the new worker."""
        if self.closing:
            return
        if self.renew is None or key in self._retried:
            log.error("the bot at table %d stopped: its worker died", job.table_id)
            return
        self._retried.add(key)
        self.schedule(job, submit)

    async def idle(self) -> None:
        """Wait until no bot is thinking (for tests and shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    def shutdown(self) -> None:
        """Stop: jobs not started are dropped, and a bot thinking is stopped (its worker
        process killed), so that a stopping server does not wait for it: the turn goes
        to another process's sweeper (``Settings.bot_stall_seconds``) or to the next
        start (``dispatch.resume_bots``)."""
        self.closing = True
        for task in self.tasks:
            task.cancel()
        for worker in self.workers:
            _stop_now(worker)


def _stop_now(worker: Executor) -> None:
    """Shut ``worker`` down, its running job abandoned: its process is killed first (the
    pool, broken, fails its jobs), then the pool is waited for (leaving before it, as
    ``shutdown(wait=False)`` would, leaves its semaphores behind)."""
    for process in list((getattr(worker, "_processes", None) or {}).values()):
        process.kill()  # not terminate: a worker ignores SIGTERM (_exit_with_parent)
        process.join(5)
    worker.shutdown(wait=True, cancel_futures=True)
