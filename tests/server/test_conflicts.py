"""Requests racing for one row, and a database that goes away: 409 and 503, never 500."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import httpx2 as httpx
import pytest

from conftest import postgres_url
from server.postgres_helpers import PrivatePostgres, private_cluster
from server_helpers import Player, ServerProcess, running

RACERS = 12


def _together(calls: list[Callable[[], httpx.Response]]) -> list[httpx.Response]:
    """Run ``calls`` in threads that start at one moment; their answers."""
    barrier = threading.Barrier(len(calls))
    answers: list[httpx.Response] = []
    lock = threading.Lock()

    def run(call: Callable[[], httpx.Response]) -> None:
        barrier.wait()
        answer = call()
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.fixture
def postgres_server(postgres_database: str) -> Iterator[ServerProcess]:
    # the same invitation sent by racers at once is new to each of them when they check
    # it, so each counts against the invitee's throttles
    server = ServerProcess(
        postgres_url(postgres_database), "--invitations-per-invitee=0", "--invitations-per-pair=0"
    ).start()
    try:
        yield server
    finally:
        server.stop()


def _codes(answers: list[httpx.Response]) -> list[tuple[int, str]]:
    return sorted(
        (a.status_code, a.json()["error"]["code"] if a.status_code >= 400 else "") for a in answers
    )


def test_of_many_registrations_of_one_name_at_once_exactly_one_wins(
    postgres_server: ServerProcess,
) -> None:
    url = postgres_server.base + "/api/accounts/register"
    body = {"name": "twin", "password": "correct horse"}
    for _ in range(3):
        answers = _together([lambda: httpx.post(url, json=body, timeout=30)] * RACERS)
        body["name"] += "x"
        assert _codes(answers)[0] == (201, "")
        assert _codes(answers)[1:] == [(409, "name_taken")] * (RACERS - 1), _codes(answers)


def test_racing_invites_and_seat_changes_end_in_one_change(postgres_server: ServerProcess) -> None:
    base = postgres_server.base

    def register(name: str) -> dict[str, str]:
        answer = httpx.post(
            base + "/api/accounts/register", json={"name": name, "password": "correct horse"}
        )
        assert answer.status_code == 201, answer.text
        return {"Authorization": f"Bearer {answer.json()['token']}"}

    ann, ben = register("ann"), register("ben")
    others = [register(f"player{i}") for i in range(RACERS)]
    made = httpx.post(base + "/api/tables", json={"game": "space-mission", "seats": 3}, headers=ann)
    table = f"{base}/api/tables/{made.json()['id']}"
    invites = _together(
        [lambda: httpx.post(table + "/invite", json={"name": "ben"}, headers=ann, timeout=30)]
        * RACERS
    )
    assert _codes(invites) == [(200, "")] * RACERS
    notices = httpx.get(base + "/api/notifications", headers=ben).json()
    assert len(notices) == 1
    joins = _together(
        [
            lambda h=h: httpx.post(table + "/join", json={"seat": 1}, headers=h, timeout=30)
            for h in others
        ]
    )
    assert _codes(joins) == [(200, "")] + [(409, "seat_taken")] * (RACERS - 1)
    bots = _together(
        [lambda: httpx.put(table + "/seats/2/bot", json={"level": "easy"}, headers=ann, timeout=30)]
        * RACERS
    )
    assert _codes(bots) == [(200, "")] * RACERS
    seats = httpx.get(table, headers=ann).json()["table"]["seats"]
    assert [s["bot"] for s in seats] == [None, None, "easy"]


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    with private_cluster() as cluster:
        yield cluster


def test_a_database_outage_is_503_and_passes(private_postgres: PrivatePostgres) -> None:
    with running(private_postgres.url) as client:
        ann = Player(client, "ann")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        private_postgres.stop()
        answers = [
            client.get("/api/tables"),
            ann.get(f"/api/tables/{table_id}"),
            ann.post("/api/tables", {"game": "space-mission", "seats": 2}),
            client.post("/api/accounts/register", json={"name": "ben", "password": "12345678"}),
            client.post("/api/accounts/guest", json={}),
            ann.move(table_id, 1, 0),
        ]
        for answer in answers:
            assert (answer.status_code, answer.json()["error"]["code"]) == (
                503,
                "database_unavailable",
            ), answer.text
        private_postgres.start()
        assert [t["id"] for t in client.get("/api/tables").json()] == [table_id]
        assert ann.post("/api/tables", {"game": "space-mission", "seats": 2}).status_code == 201
