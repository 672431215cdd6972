"""Several servers behind a real load balancer: nginx with the shipped configuration
(deploy/nginx/navcomp.conf) in front of two ``navcomp serve`` processes on one
PostgreSQL and one Redis.  A move made through either process reaches every live socket;
a process killed or stopped loses no move it answered, its sockets open again on the
other, and its bots' turns are taken up there."""

from __future__ import annotations

import random
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.topology_helpers import (
    LiveClient,
    Mover,
    Topology,
    bot_game,
    play_once,
    topology,
    two_player_game,
    wait_for_version,
)
from server_helpers import ServerProcess, wait_for

SERVICE_RESTART = 1012


@pytest.fixture
def deployed(tmp_path: Path) -> Iterator[Topology]:
    with topology(tmp_path) as running:
        yield running


@pytest.fixture
def sockets() -> Iterator[list[LiveClient]]:
    """The test's live sockets, each stopped at the end."""
    opened: list[LiveClient] = []
    yield opened
    for client in opened:
        client.stop()


def _watch(deployed: Topology, sockets: list[LiveClient], table_id: int, seats: dict) -> None:
    """A live socket for each seat, through nginx: one process holds each (nginx gives a
    new connection to the process with the fewest)."""
    for seat in sorted(seats):
        client = LiveClient(deployed.nginx, table_id, seats[seat])
        client.start()
        sockets.append(client)
        wait_for(lambda client=client: client.sees(0))


def test_a_move_made_through_either_process_reaches_every_socket(
    deployed: Topology, sockets: list[LiveClient]
) -> None:
    with deployed.client() as client:
        table_id, seats = two_player_game(client)
    _watch(deployed, sockets, table_id, seats)
    rnd = random.Random(0)
    for server in (deployed.first, deployed.second, deployed.first, deployed.second):
        with server_client(server) as direct:
            to_move = direct.get(f"/api/tables/{table_id}", headers=seats[0]).json()["table"]
            version, _, answer = play_once(direct, table_id, seats[to_move["to_move"]], rnd)
        assert answer.status_code == 200, answer.text
        wait_for_version(sockets, version + 1)
    with deployed.client() as client:  # and through nginx, to whichever process
        table = client.get(f"/api/tables/{table_id}", headers=seats[0]).json()["table"]
        version, _, answer = play_once(client, table_id, seats[table["to_move"]], rnd)
    assert answer.status_code == 200, answer.text
    wait_for_version(sockets, version + 1)


def test_the_metrics_stay_behind_nginx(deployed: Topology) -> None:
    """nginx answers ``/metrics`` itself: the servers' own answers are JSON, whatever
    they have or lack at that path."""
    with deployed.client() as client:
        for path in ("/metrics", "/metrics/", "/metrics?x=1"):
            answer = client.get(path)
            assert answer.status_code == 404
            assert "json" not in answer.headers.get("content-type", ""), answer.text
        missing = client.get("/api/no-such-route")  # what a server answers, for contrast
        assert missing.status_code == 404 and "json" in missing.headers["content-type"]


def server_client(server: ServerProcess) -> object:
    import httpx2 as httpx

    return httpx.Client(base_url=server.base, timeout=20)


def _bot_thinking_on_the_first(deployed: Topology) -> tuple[int, int]:
    """A table against a bot whose turn the first process (slow bots) is thinking about:
    its id and its version."""
    rnd = random.Random(1)
    with server_client(deployed.first) as direct:
        table_id, person = bot_game(direct)
        while (table := direct.get(f"/api/tables/{table_id}", headers=person).json()["table"])[
            "to_move"
        ] == 0:  # a turn may take several moves
            _, _, answer = play_once(direct, table_id, person, rnd)
            assert answer.status_code == 200, answer.text
    return table_id, table["version"]


def _goes_on(deployed: Topology, mover: Mover, bot_table: int, bot_at: int) -> None:
    """After one process went: more moves are answered through nginx, and the bot whose
    turn it was thinking about moves, from the other."""
    acknowledged = mover.acknowledged()
    wait_for(lambda: mover.acknowledged() >= acknowledged + 10, timeout=60)
    wait_for(lambda: len(deployed.log(bot_table)) > bot_at, timeout=60)
    assert deployed.log(bot_table)[bot_at + 1][0] == 1  # the bot's seat


def test_a_killed_process_loses_no_answered_move_and_its_sockets_and_bots_go_on(
    deployed: Topology, sockets: list[LiveClient]
) -> None:
    with deployed.client() as client:
        table_id, seats = two_player_game(client)
    _watch(deployed, sockets, table_id, seats)
    mover = Mover(deployed, table_id, seats)
    mover.start()
    try:
        wait_for(lambda: mover.acknowledged() >= 10)
        bot_table, bot_at = _bot_thinking_on_the_first(deployed)
        deployed.first.kill()
        assert len(deployed.log(bot_table)) == bot_at  # its bot was still thinking
        _goes_on(deployed, mover, bot_table, bot_at)
    finally:
        mover.stop()
    mover.check_log(acknowledged_only=False)  # a move played as it died went unanswered
    final = max(deployed.log(table_id))
    wait_for_version(sockets, final)  # each socket opened again, on the second process
    assert any(client.opened > 1 for client in sockets), "no socket was on the killed process"


def test_a_stopped_process_drains_closes_its_sockets_for_a_restart_and_hands_back_its_bots(
    deployed: Topology, sockets: list[LiveClient]
) -> None:
    with deployed.client() as client:
        table_id, seats = two_player_game(client)
        others = [two_player_game(client) for _ in range(2)]
    _watch(deployed, sockets, table_id, seats)
    mover = Mover(deployed, table_id, seats)
    # more moves under way as it stops: through nginx, and straight to the process
    more = [Mover(deployed, *others[0]), Mover(deployed, *others[1], server=deployed.first)]
    for one in (mover, *more):
        one.start()
    try:
        wait_for(lambda: all(one.acknowledged() >= 10 for one in (mover, *more)))
        bot_table, bot_at = _bot_thinking_on_the_first(deployed)
        deployed.first.process.send_signal(signal.SIGTERM)
        # within a few seconds, though its bot had minutes left to think
        wait_for(lambda: deployed.first.process.poll() is not None, timeout=15)
        # uvicorn, done, ends by the signal it was sent, as systemd expects of a stop
        assert deployed.first.process.returncode in (0, -signal.SIGTERM)
        said = deployed.first.stop()
        assert "Traceback" not in said and "ERROR" not in said, said
        _goes_on(deployed, mover, bot_table, bot_at)
    finally:
        for one in (mover, *more):
            one.stop()
    for one in (mover, *more):
        one.check_log(acknowledged_only=True)  # nothing played but what was answered
    final = max(deployed.log(table_id))
    wait_for_version(sockets, final)
    closed_for_restart = [c for c in sockets if SERVICE_RESTART in c.close_codes]
    assert closed_for_restart, [client.close_codes for client in sockets]
    assert all(client.opened > 1 for client in closed_for_restart)


def test_with_workers_a_killed_server_loses_nothing_and_the_workers_keep_the_bots_playing(
    tmp_path: Path, sockets: list[LiveClient]
) -> None:
    """nginx, two servers with ``--jobs queue`` and two ``navcomp worker`` processes on one
    PostgreSQL and Redis: the bots think on the workers, whichever server goes."""
    with topology(tmp_path, workers=2) as deployed, deployed.client() as client:
        table_id, seats = two_player_game(client)
        bot_table, person = bot_game(client, level="easy")
        _watch(deployed, sockets, table_id, seats)
        mover = Mover(deployed, table_id, seats)
        mover.start()
        try:
            wait_for(lambda: mover.acknowledged() >= 10)
            assert _bot_answers(client, bot_table, person, turns=2) == 2
            deployed.first.kill()
            acknowledged = mover.acknowledged()
            wait_for(lambda: mover.acknowledged() >= acknowledged + 10, timeout=60)
            assert _bot_answers(client, bot_table, person, turns=2) == 2
        finally:
            mover.stop()
        mover.check_log(acknowledged_only=False)
        wait_for_version(sockets, max(deployed.log(table_id)))
        seats_moved = {seat for seat, _ in deployed.log(bot_table).values()}
        assert seats_moved == {0, 1}


def _bot_answers(client: object, table_id: int, person: dict[str, str], turns: int) -> int:
    """Play the person's moves until the bot (seat 1) has answered ``turns`` times."""
    import httpx2 as httpx

    assert isinstance(client, httpx.Client)
    rnd = random.Random(table_id)
    answered = 0
    while answered < turns:
        seen = wait_for(lambda: _person_on_turn(client, table_id, person), timeout=60)
        if seen["table"]["status"] == "over":
            return answered
        _, _, answer = play_once(client, table_id, person, rnd)
        if answer.status_code != 200:  # the killed server had this request: once more
            continue
        if answer.json()["table"]["to_move"] == 1:
            answered += 1
    wait_for(lambda: _person_on_turn(client, table_id, person), timeout=60)
    return answered


def _person_on_turn(client: Any, table_id: int, person: dict[str, str]) -> dict[str, Any] | None:
    try:
        seen: dict[str, Any] = client.get(f"/api/tables/{table_id}", headers=person).json()
    except Exception:  # the request went to the process as it was killed
        return None
    if seen["table"]["status"] == "over" or seen.get("legal"):
        return seen
    return None
