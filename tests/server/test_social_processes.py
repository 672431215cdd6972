"""Friends and rematches across two server processes on one PostgreSQL database sharing a
Redis: who is online is seen from the other process, and a rematch offered on one
process reaches a player whose socket is on the other."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import connect

from conftest import postgres_url
from server.redis_helpers import PrivateRedis
from server.test_races import Remote
from server_helpers import ServerProcess

COUNT_PROGRAM = str(Path(__file__).parent.parent / "count_game.py")


@pytest.fixture
def two_servers(
    postgres_database: str, tmp_path: Path
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    redis = PrivateRedis(tmp_path).start()
    url = postgres_url(postgres_database)
    first = ServerProcess(url, "--redis-url", redis.url, program=COUNT_PROGRAM).start()
    second = ServerProcess(url, "--redis-url", redis.url, program=COUNT_PROGRAM).start()
    try:
        yield first, second
    finally:
        said = first.stop() + second.stop()
        redis.stop()
        assert "Traceback" not in said, said


def on(player: Remote, base: str) -> Remote:
    """The same account, speaking to another process."""
    other = Remote.__new__(Remote)
    other.base, other.headers = base, player.headers
    return other


def test_friends_online_and_a_rematch_reach_the_other_process(
    two_servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = two_servers
    ann, ben = Remote(first.base, "ann"), on(Remote(first.base, "ben"), second.base)
    assert ben.call("POST", "/api/friends", {"name": "ann"}).status_code == 200
    accepted = ann.call("POST", "/api/friends", {"name": "ben"}).json()
    assert accepted["friends"] == [{"name": "ben", "online": True}]  # ben was on the other

    made = ann.call("POST", "/api/tables", {"game": "count-to-three", "seats": 2}).json()
    table_id = made["id"]
    assert ben.call("POST", f"/api/tables/{table_id}/join").status_code == 200
    assert ann.call("POST", f"/api/tables/{table_id}/start").status_code == 200
    for player, version in ((ann, 0), (ben, 1)):
        moved = player.call(
            "POST", f"/api/tables/{table_id}/moves", {"action": "stop", "expected_version": version}
        )
        assert moved.status_code == 200, moved.text
    live = f"ws://127.0.0.1:{second.port}/api/tables/{table_id}/live"
    with connect(live, additional_headers=ben.headers) as socket:
        assert json.loads(socket.recv(timeout=10))["table"]["status"] == "over"
        offered = ann.call("POST", f"/api/tables/{table_id}/rematch").json()
        pushed = json.loads(socket.recv(timeout=10))
        assert pushed["table"]["rematch"] == offered["id"]
        rematch_live = f"ws://127.0.0.1:{first.port}/api/tables/{offered['id']}/live"
        with connect(rematch_live, additional_headers=ann.headers) as ann_socket:
            assert json.loads(ann_socket.recv(timeout=10))["type"] == "table"
            started = ben.call("POST", f"/api/tables/{table_id}/rematch/accept").json()
            assert started["status"] == "playing"
            pushed_start = json.loads(ann_socket.recv(timeout=10))
            assert pushed_start["type"] == "state" and pushed_start["seat"] == 1
