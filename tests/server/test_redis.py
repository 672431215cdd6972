"""Several processes through a Redis of the test's own: restarted, frozen, sharing
logouts and the throttle's counts."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from conftest import postgres_url
from server.redis_helpers import PrivateRedis
from server.test_races import _first_move, _two_player_game
from server_helpers import Player, ServerProcess, running, wait_for


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def two_servers(
    postgres_database: str, private_redis: PrivateRedis
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    url = postgres_url(postgres_database)
    first = ServerProcess(url, "--redis-url", private_redis.url).start()
    second = ServerProcess(url, "--redis-url", private_redis.url).start()
    try:
        yield first, second
    finally:
        said = first.stop() + second.stop()
        assert "Traceback" not in said, said


def test_the_first_move_after_redis_is_back_reaches_the_other_process(
    two_servers: tuple[ServerProcess, ServerProcess], private_redis: PrivateRedis
) -> None:
    first, second = two_servers
    table_id, seats = _two_player_game(first.base)
    live_url = f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live"
    with connect(live_url, additional_headers=seats[0].headers) as socket:
        assert json.loads(socket.recv(timeout=10))["version"] == 0
        private_redis.stop()
        private_redis.start()
        # the second process pushes its tables afresh once it listens again
        assert json.loads(socket.recv(timeout=30))["version"] == 0
        answer, _ = _first_move(table_id, seats)
        assert answer.status_code == 200, answer.text
        assert json.loads(socket.recv(timeout=10))["version"] == 1


def test_a_frozen_redis_does_not_slow_a_move(
    two_servers: tuple[ServerProcess, ServerProcess], private_redis: PrivateRedis
) -> None:
    first, second = two_servers
    table_id, seats = _two_player_game(first.base)
    live_url = f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live"
    with connect(live_url, additional_headers=seats[0].headers) as socket:
        assert json.loads(socket.recv(timeout=10))["version"] == 0
        private_redis.freeze()
        try:
            started = time.monotonic()
            answer, _ = _first_move(table_id, seats)
            took = time.monotonic() - started
        finally:
            private_redis.thaw()
        assert answer.status_code == 200, answer.text
        assert took < 2.0, f"a move with Redis frozen took {took:.1f} s"
        pushed = json.loads(socket.recv(timeout=30))
        while pushed["version"] == 0:  # a fresh push, if the relay reconnected meanwhile
            pushed = json.loads(socket.recv(timeout=30))
        assert pushed["version"] == 1


def test_a_logout_reaches_every_process_at_once(
    sqlite_url: str, private_redis: PrivateRedis
) -> None:
    with (
        running(sqlite_url, redis_url=private_redis.url) as one,
        running(sqlite_url, redis_url=private_redis.url) as two,
    ):
        ann = Player(one, "ann")
        assert two.get("/api/me", headers=ann.headers).status_code == 200  # two keeps it now
        assert ann.post("/api/accounts/logout").status_code == 200
        wait_for(lambda: two.get("/api/me", headers=ann.headers).status_code == 401, timeout=5)
        assert one.get("/api/me", headers=ann.headers).status_code == 401


def test_the_throttle_counts_across_processes(sqlite_url: str, private_redis: PrivateRedis) -> None:
    wrong = {"name": "ann", "password": "not the password"}
    with (
        running(sqlite_url, redis_url=private_redis.url, logins_per_name=3) as one,
        running(sqlite_url, redis_url=private_redis.url, logins_per_name=3) as two,
    ):
        Player(one, "ann")
        for client in (one, two, one):
            assert client.post("/api/accounts/login", json=wrong).status_code == 401
        for client in (two, one):
            answer = client.post("/api/accounts/login", json=wrong)
            assert answer.json()["error"]["code"] == "too_many_attempts"
    with running(f"{sqlite_url}-other", redis_url=private_redis.url, logins_per_name=3) as other:
        # another database's processes count apart, on the same Redis
        Player(other, "ann")
        assert other.post("/api/accounts/login", json=wrong).status_code == 401


def test_logins_go_on_while_the_throttles_redis_is_frozen(
    sqlite_url: str, private_redis: PrivateRedis
) -> None:
    with running(sqlite_url, redis_url=private_redis.url) as client:
        Player(client, "ann")
        private_redis.freeze()
        try:
            answer = client.post(
                "/api/accounts/login", json={"name": "ann", "password": "correct horse"}
            )
        finally:
            private_redis.thaw()
        assert answer.status_code == 200, answer.text
