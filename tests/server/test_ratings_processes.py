"""Two rated games of one player ending at the same moment on two server processes that
share one PostgreSQL database: both updates count, each built on the other's result."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from openskill.models import PlackettLuce
from sqlalchemy import create_engine, select

from conftest import postgres_url
from navcomp.store.schema import rating_changes, ratings
from server_helpers import ServerProcess

COUNT_GAME = str(Path(__file__).parent.parent / "count_game.py")
ROUNDS = 12
MODEL = PlackettLuce()


class Account:
    def __init__(self, base: str, name: str) -> None:
        answer = httpx.post(
            f"{base}/api/accounts/register", json={"name": name, "password": "correct horse"}
        )
        assert answer.status_code == 201, answer.text
        self.headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        self.key = f"user:{answer.json()['user']['id']}"  # its rating's key

    def post(self, base: str, path: str, body: Any = None) -> Any:
        answer = httpx.post(base + path, json=body, headers=self.headers, timeout=30)
        assert answer.status_code in (200, 201), answer.text
        return answer.json()


def _ready_game(base: str, ann: Account, other: Account) -> int:
    """A rated count-to-three: ann counts, ``other`` stops; ann's stop will end it."""
    table = ann.post(base, "/api/tables", {"game": "count-to-three", "seats": 2, "rated": True})
    table_id: int = table["id"]
    other.post(base, f"/api/tables/{table_id}/join")
    ann.post(base, f"/api/tables/{table_id}/start")
    ann.post(base, f"/api/tables/{table_id}/moves", {"action": "count", "expected_version": 0})
    other.post(base, f"/api/tables/{table_id}/moves", {"action": "stop", "expected_version": 1})
    return table_id


def _finish_at_once(ann: Account, bases: list[str], tables: list[int]) -> list[Any]:
    """Ann's final stop at both tables, each through its own process, released together."""
    start = threading.Barrier(len(tables))
    answers: list[Any] = [None] * len(tables)

    def finish(i: int) -> None:
        start.wait()
        answers[i] = httpx.post(
            f"{bases[i]}/api/tables/{tables[i]}/moves",
            json={"action": "stop", "expected_version": 2},
            headers=ann.headers,
            timeout=30,
        )

    threads = [threading.Thread(target=finish, args=(i,)) for i in range(len(tables))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def _stored(url: str) -> dict[str, tuple[float, float, int]]:
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(select(ratings)).all()
        changes = conn.execute(select(rating_changes)).all()
    engine.dispose()
    return {r.player: (r.mu, r.sigma, r.games) for r in rows} | {"changes": (0, 0, len(changes))}


def _after(
    ann: tuple[float, float], first: tuple[float, float], second: tuple[float, float]
) -> list[tuple[float, float]]:
    """Ann wins against ``first``, then against ``second``: the three ratings after."""
    a1, f1 = MODEL.rate(
        [[MODEL.create_rating(list(ann))], [MODEL.create_rating(list(first))]], ranks=[1, 2]
    )
    a2, s1 = MODEL.rate([a1, [MODEL.create_rating(list(second))]], ranks=[1, 2])
    return [(a2[0].mu, a2[0].sigma), (f1[0].mu, f1[0].sigma), (s1[0].mu, s1[0].sigma)]


def test_two_games_of_one_player_ending_at_once_both_count(postgres_database: str) -> None:
    url = postgres_url(postgres_database)
    many = ("--tables-per-account", "0")  # ann makes a table a round on each process
    first = ServerProcess(url, *many, program=COUNT_GAME).start()
    second = ServerProcess(url, *many, program=COUNT_GAME).start()
    try:
        ann, ben, cat = (Account(first.base, name) for name in ("ann", "ben", "cat"))
        keys = {"ann": ann.key, "ben": ben.key, "cat": cat.key}
        skill = {name: (MODEL.mu, MODEL.sigma) for name in ("ann", "ben", "cat")}
        for round_ in range(ROUNDS):
            tables = [_ready_game(first.base, ann, ben), _ready_game(second.base, ann, cat)]
            answers = _finish_at_once(ann, [first.base, second.base], tables)
            assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
            stored = _stored(url)
            now = {name: stored[key][:2] for name, key in keys.items()}
            assert stored[keys["ann"]][2] == 2 * (round_ + 1)
            assert stored["changes"][2] == 4 * (round_ + 1)
            ben_first = _after(skill["ann"], skill["ben"], skill["cat"])
            cat_first = _after(skill["ann"], skill["cat"], skill["ben"])
            orders = [
                {"ann": ben_first[0], "ben": ben_first[1], "cat": ben_first[2]},
                {"ann": cat_first[0], "cat": cat_first[1], "ben": cat_first[2]},
            ]
            assert any(
                all(now[n] == pytest.approx(order[n], rel=1e-9) for n in now) for order in orders
            ), (round_, now, orders)
            skill = now
    finally:
        first.stop()
        second.stop()
