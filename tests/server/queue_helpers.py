"""``navcomp worker`` in a real process, and a game against bots driven through a server,
for the job queue's tests."""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import IO, Any

from sqlalchemy import create_engine, text

from navcomp.server.runtime.context import Server, Settings
from navcomp.server.runtime.worker import QueueWorker, WorkerOptions
from server_helpers import Player, wait_for


class WorkerProcess:
    def __init__(self, database_url: str, redis_url: str, *extra: str) -> None:
        self.args = [
            sys.executable,
            *("-m", "navcomp", "worker", "--database-url", database_url),
            *("--redis-url", redis_url, "--stalled-seconds", "3", "--heartbeat-seconds", "0.5"),
            *extra,
        ]
        self.process: subprocess.Popen[bytes] | None = None
        self.output: IO[bytes] | None = None

    def start(self) -> WorkerProcess:
        self.output = tempfile.TemporaryFile()  # noqa: SIM115 (open while the worker runs)
        self.process = subprocess.Popen(self.args, stdout=self.output, stderr=subprocess.STDOUT)
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        if self.output is not None:
            self.output.close()

    def stop(self) -> str:
        """SIGTERM, and what the worker printed."""
        if self.output is None or self.output.closed:
            return ""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.output.seek(0)
        said = self.output.read().decode(errors="replace")
        self.output.close()
        return said


def human_turn_or_over(player: Player, table_id: int) -> dict[str, Any] | None:
    table = player.table(table_id)
    if table["table"]["status"] == "over" or table["legal"]:
        return table
    return None


def play_some(player: Player, table_id: int, moves: int, seed: int = 1) -> int:
    """Make ``moves`` of the person's moves, each after the bots have answered; how many
    the person made before the game ended."""
    rnd = random.Random(seed)
    made = 0
    while made < moves:
        table = wait_for(lambda: human_turn_or_over(player, table_id), timeout=60)
        if table["table"]["status"] == "over":
            break
        legal = [a for a in table["legal"] if not a["text"].startswith("discard")]
        answer = player.move(table_id, rnd.choice(legal)["id"], table["table"]["version"])
        assert answer.status_code == 200, answer.text
        made += 1
    return made


def jobs_in(database_url: str, status: str) -> list[tuple[str, Any]]:
    """The queue's jobs of ``status``, as (task, args)."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT task_name, args FROM procrastinate_jobs WHERE status = :s"),
                {"s": status},
            )
            return [(row[0], row[1]) for row in rows]
    finally:
        engine.dispose()


def bot_moves(database_url: str, table_id: int, seat: int) -> list[int]:
    """The versions at which ``seat`` moved at ``table_id``, from the log."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT seq FROM moves WHERE table_id = :t AND seat = :s ORDER BY seq"),
                {"t": table_id, "s": seat},
            )
            return [row[0] for row in rows]
    finally:
        engine.dispose()


QUICK_WORKER = WorkerOptions(heartbeat_seconds=0.5, stalled_seconds=3, upkeep_seconds=0.5)


@contextlib.contextmanager
def worker_in_thread(
    settings: Settings, options: WorkerOptions = QUICK_WORKER
) -> Iterator[QueueWorker]:
    """A worker of ``settings`` (its jobs=queue) on an event loop of its own thread, while
    the block runs."""
    ready = threading.Event()
    found: list[Any] = []

    async def work() -> None:
        server = Server(settings)
        assert server.queue is not None
        await server.queue.open()
        await server.mail.start()
        worker = QueueWorker(server, options)
        found.append((worker, asyncio.get_running_loop(), asyncio.current_task()))
        ready.set()
        try:
            await worker.run(install_signal_handlers=False)
        finally:
            await server.mail.close()
            await server.queue.close()
            await server.close()

    def run() -> None:
        with contextlib.suppress(asyncio.CancelledError):  # how the block's end stops it
            asyncio.run(work())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30), "the worker did not start"
    worker, loop, task = found[0]
    try:
        yield worker
    finally:
        loop.call_soon_threadsafe(task.cancel)
        thread.join(30)
