"""Bots' turns through the job queue: servers with ``--jobs queue`` defer them, ``navcomp
worker`` processes run them, once, whatever process dies or restarts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import connect

from conftest import own_postgres_database
from navcomp.commands.serve import free_port
from server.postgres_helpers import PrivatePostgres
from server.queue_helpers import WorkerProcess, bot_moves, jobs_in, play_some
from server.redis_helpers import PrivateRedis
from server_helpers import Player, ServerProcess, new_game, wait_for

REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def queue_database() -> Iterator[str]:
    with own_postgres_database(f"navcomp_queue_{os.getpid()}") as url:
        yield url


def _server(database_url: str, redis_url: str = REDIS) -> ServerProcess:
    return ServerProcess(database_url, "--jobs", "queue", "--redis-url", redis_url).start()


def _bot_to_move(player: Player, table_id: int) -> dict[str, object] | None:
    table = player.table(table_id)
    return table if table["table"]["to_move"] == 1 else None


def _play_until_the_bot_is_on_turn(player: Player, table_id: int) -> int:
    """The person's moves until the bot is on turn; the version then."""
    while True:
        table = player.table(table_id)
        if table["table"]["to_move"] == 1:
            return int(table["table"]["version"])
        answer = player.move(table_id, table["legal"][0]["id"], table["table"]["version"])
        assert answer.status_code == 200, answer.text


def test_a_bot_turn_waits_in_the_queue_until_a_worker_runs_it(queue_database: str) -> None:
    server = _server(queue_database)
    metrics_port = free_port()
    worker = WorkerProcess(queue_database, REDIS, "--metrics-port", str(metrics_port))
    try:
        with httpx.Client(base_url=server.base) as client:
            ann = Player(client, "ann")
            table_id = new_game(ann, [], bots={1: "easy"})
            version = _play_until_the_bot_is_on_turn(ann, table_id)
            waiting = wait_for(lambda: jobs_in(queue_database, "todo"))
            assert waiting == [("navcomp.bot_turn", {"table_id": table_id})]
            assert bot_moves(queue_database, table_id, 1) == [], "no worker, no bot move"
            assert _admin_counts(queue_database)["queued_jobs"] == {"navcomp.bot_turn": 1}
            worker.start()
            wait_for(lambda: ann.table(table_id)["table"]["to_move"] == 0)
            assert bot_moves(queue_database, table_id, 1)[0] == version + 1
            assert play_some(ann, table_id, 30) > 0
            # the bot answers the last move, then the queue is empty (done jobs deleted)
            wait_for(lambda: not jobs_in(queue_database, "todo") + jobs_in(queue_database, "doing"))
            scrape = f"http://127.0.0.1:{metrics_port}/metrics"
            wait_for(lambda: _metric(scrape, 'navcomp_queue_jobs{job="bot"}') == 0)
            assert _metric(scrape, 'navcomp_job_seconds_count{job="bot"}') >= 2
            assert _metric(scrape, 'navcomp_jobs_queued{job="bot"}') == 0
            assert _metric(scrape, "navcomp_moves_total") >= 2  # the bot's, made here
    finally:
        said = worker.stop()
        server.stop()
    assert "Traceback" not in said, said


def test_a_worker_killed_mid_thought_hands_the_turn_to_another_and_the_bot_moves_once(
    queue_database: str,
) -> None:
    server = _server(queue_database)
    first = WorkerProcess(queue_database, REDIS, "--bot-seconds", "3")
    second = WorkerProcess(queue_database, REDIS, "--bot-seconds", "3")
    try:
        with httpx.Client(base_url=server.base) as client:
            ann = Player(client, "ann")
            table_id = new_game(ann, [], bots={1: "hard"})
            first.start()
            version = _play_until_the_bot_is_on_turn(ann, table_id)
            wait_for(lambda: jobs_in(queue_database, "doing"))  # the first is thinking
            first.kill()
            second.start()
            wait_for(lambda: ann.table(table_id)["table"]["to_move"] == 0, timeout=60)
            moved = bot_moves(queue_database, table_id, 1)
            assert moved[0] == version + 1
            assert len(moved) == len(set(moved))
            assert ann.table(table_id)["table"]["version"] == moved[-1]
            assert play_some(ann, table_id, 3) == 3
    finally:
        said = second.stop()
        server.stop()
    assert "took back job" in said


def test_a_worker_told_to_stop_gives_back_the_turn_it_thought_about_and_exits(
    queue_database: str,
) -> None:
    server = _server(queue_database)
    first = WorkerProcess(queue_database, REDIS, "--bot-seconds", "20", "--drain-seconds", "1")
    second = WorkerProcess(queue_database, REDIS, "--bot-seconds", "1")
    try:
        with httpx.Client(base_url=server.base) as client:
            ann = Player(client, "ann")
            table_id = new_game(ann, [], bots={1: "hard"})
            first.start()
            version = _play_until_the_bot_is_on_turn(ann, table_id)
            wait_for(lambda: jobs_in(queue_database, "doing"))
            assert first.process is not None
            first.process.terminate()
            first.process.wait(15)  # within the drain and the stop, far below 20 s of thought
            assert [task for task, _ in jobs_in(queue_database, "todo")] == ["navcomp.bot_turn"]
            assert jobs_in(queue_database, "doing") == []
            second.start()
            wait_for(lambda: ann.table(table_id)["table"]["to_move"] == 0, timeout=60)
            assert bot_moves(queue_database, table_id, 1)[0] == version + 1
    finally:
        said = first.stop()
        second.stop()
        server.stop()
    assert "Traceback" not in said, said


def test_the_database_and_redis_restarted_while_games_run_lose_nothing(
    tmp_path: object,
) -> None:
    cluster = PrivatePostgres()
    cluster.start()
    with PrivateRedis(tmp_path) as redis:  # type: ignore[arg-type]
        server = _server(cluster.url, redis.url)
        worker = WorkerProcess(cluster.url, redis.url, "--bot-wait-seconds", "2").start()
        try:
            with httpx.Client(base_url=server.base) as client:
                ann = Player(client, "ann")
                table_id = new_game(ann, [], bots={1: "easy"})
                assert play_some(ann, table_id, 15) == 15
                live_url = f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/live"
                with connect(live_url, additional_headers=ann.headers) as socket:
                    _play_until_the_bot_is_on_turn(ann, table_id)
                    cluster.stop()
                    redis.stop()
                    cluster.start()
                    redis.start()
                    wait_for(lambda: _answers(ann, table_id), timeout=60)
                    wait_for(lambda: ann.table(table_id)["table"]["to_move"] == 0, timeout=60)
                    answered = ann.table(table_id)["table"]["version"]
                    # the bot's answer, made after the outage, reaches the person's socket
                    assert _pushed_up_to(socket, answered)
                assert play_some(ann, table_id, 15, seed=2) > 0
        finally:
            print("the worker said:", worker.stop()[-8000:])  # shown if the test fails
            server.stop()
            cluster.remove()


def _pushed_up_to(socket: Any, version: int) -> bool:
    """Whether the socket receives a push of ``version`` (within a minute)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            message = json.loads(socket.recv(timeout=5))
        except TimeoutError:
            continue
        if message.get("version", -1) >= version:
            return True
    return False


def _metric(url: str, series: str) -> float:
    for line in httpx.get(url).text.splitlines():
        if line.startswith(series + " "):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"{series} is not among the metrics")


def _admin_counts(database_url: str) -> dict[str, Any]:
    admin = [sys.executable, "-m", "navcomp", "admin", "counts", "--json"]
    counted = subprocess.run(
        [*admin, "--database-url", database_url],
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, Any] = json.loads(counted.stdout)
    return found


def _answers(player: Player, table_id: int) -> bool:
    try:
        return bool(player.get(f"/api/tables/{table_id}").status_code == 200)
    except httpx.HTTPError:
        return False
