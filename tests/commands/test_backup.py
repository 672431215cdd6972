"""``navcomp backup`` while a server serves moves: each backup is one consistent moment
(every table's version is its log's length, its events their count, every game played to
its end has its result and score), restores into a fresh database, and the last one,
taken once the moves stopped, restores table by table to what the source holds.
``navcomp restore`` refuses a database that holds anything unless ``--force``.  On SQLite
and PostgreSQL."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, func, inspect, select, table, text

from conftest import own_postgres_database
from navcomp.commands.cli import main
from server_helpers import ServerProcess, wait_for

COUNT_GAME = str(Path(__file__).parent.parent / "count_game.py")
BACKUPS_WHILE_PLAYING = 3


class Mover:
    """One player on a real server, playing solo games of count to three one after the
    other, in a thread, until told to stop."""

    def __init__(self, base: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=30)
        body = {"name": "ann", "password": "correct horse"}
        answer = self.client.post("/api/accounts/register", json=body)
        assert answer.status_code == 201, answer.text
        self.client.cookies.clear()
        self.client.headers["Authorization"] = f"Bearer {answer.json()['token']}"
        self.games = 0
        self.failure: str | None = None
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._play)

    def _post(self, path: str, body: Any = None) -> Any:
        answer = self.client.post(path, json=body)
        if answer.status_code not in (200, 201):
            raise AssertionError(f"{path}: {answer.status_code} {answer.text}")
        return answer.json()

    def _play(self) -> None:
        try:
            while not self.stopping.is_set():
                table_id = self._post("/api/tables", {"game": "count-to-three", "seats": 1})["id"]
                self._post(f"/api/tables/{table_id}/start")
                for version in range(3):
                    move = {"action": "count", "expected_version": version}
                    self._post(f"/api/tables/{table_id}/moves", move)
                self.games += 1
        except Exception as error:  # told to the test, which fails on it
            self.failure = repr(error)

    @contextmanager
    def playing(self) -> Iterator[Mover]:
        self.thread.start()
        try:
            yield self
        finally:
            self.stopping.set()
            self.thread.join(60)
            self.client.close()


def _read(url: str, work: Any) -> Any:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return work(conn)
    finally:
        engine.dispose()


def snapshot(url: str) -> dict[str, list[str]]:
    """Every table of the database with its rows, in an order of their own."""

    def work(conn: Any) -> dict[str, list[str]]:
        return {
            name: sorted(repr(tuple(row)) for row in conn.execute(text(f'SELECT * FROM "{name}"')))
            for name in inspect(conn).get_table_names()
        }

    found: dict[str, list[str]] = _read(url, work)
    return found


def check_consistent(url: str) -> int:
    """Fails unless the database is one moment of play; the moves it holds."""

    def work(conn: Any) -> int:
        query = "SELECT id, version, events, status, end_reason, result FROM game_tables"
        for row in conn.execute(text(query)):
            logged = conn.execute(text(f"SELECT count(*) FROM moves WHERE table_id = {row.id}"))
            events = conn.execute(
                text(f"SELECT count(*) FROM table_events WHERE table_id = {row.id}")
            )
            assert (row.version, row.events) == (logged.scalar_one(), events.scalar_one()), row
            scored = conn.execute(text(f"SELECT score FROM solo_scores WHERE table_id = {row.id}"))
            if row.status == "over":
                assert row.end_reason == "finished" and row.result is not None, row
                assert scored.scalar_one() == 3, row
            else:
                assert scored.first() is None, row
        moves: int = conn.execute(select(func.count()).select_from(table("moves"))).scalar_one()
        return moves

    found: int = _read(url, work)
    return found


@contextmanager
def fresh_database(kind: str, tmp_path: Path, name: str) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / name}.db"
    else:
        with own_postgres_database(f"navcomp_{name}_{os.getpid()}") as url:
            yield url


def navcomp(*argv: str) -> int:
    return main(list(argv))


def test_backups_taken_while_moves_are_served_are_consistent_and_restore(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kind = "sqlite" if database_url.startswith("sqlite") else "postgresql"
    server = ServerProcess(database_url, "--tables-per-account=0", program=COUNT_GAME).start()
    backups = [tmp_path / f"during-{i}.backup" for i in range(BACKUPS_WHILE_PLAYING)]
    try:
        with Mover(server.base).playing() as mover:
            wait_for(lambda: mover.games >= 2 or mover.failure)
            for backup in backups:
                before = mover.games
                assert navcomp("backup", str(backup), "--database-url", database_url) == 0
                wait_for(lambda before=before: mover.games > before or mover.failure)
            assert mover.failure is None, mover.failure
    finally:
        said = server.stop()
    last = tmp_path / "last.backup"
    assert navcomp("backup", str(last), "--database-url", database_url) == 0, said
    source = snapshot(database_url)
    assert {"users", "game_tables", "moves", "solo_scores", "alembic_version"} <= set(source)
    held = []
    for i, backup in enumerate([*backups, last]):
        with fresh_database(kind, tmp_path, f"restored{i}") as restored:
            assert navcomp("restore", str(backup), "--database-url", restored) == 0
            held.append(check_consistent(restored))
            assert set(snapshot(restored)) == set(source)  # every table of the schema
            if backup == last:
                assert snapshot(restored) == source
    assert 0 < held[0] < held[-1] and held == sorted(held)
    assert held[-1] == check_consistent(database_url)
    capsys.readouterr()


def test_restore_refuses_a_database_that_holds_anything_unless_forced(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backup = tmp_path / "empty.backup"
    assert navcomp("admin", "counts", "--database-url", database_url) == 0  # migrated, empty
    assert navcomp("backup", str(backup), "--database-url", database_url) == 0
    empty = snapshot(database_url)
    server = ServerProcess(database_url).start()
    try:
        answer = httpx.post(
            f"{server.base}/api/accounts/register", json={"name": "ann", "password": "horses!!"}
        )
        assert answer.status_code == 201, answer.text
    finally:
        server.stop()
    capsys.readouterr()
    assert navcomp("restore", str(backup), "--database-url", database_url) == 1
    assert "holds rows" in capsys.readouterr().err and snapshot(database_url) != empty
    assert navcomp("restore", str(backup), "--database-url", database_url, "--force") == 0
    assert snapshot(database_url) == empty
    assert navcomp("restore", str(tmp_path / "none"), "--database-url", database_url) == 1
    assert "no backup at" in capsys.readouterr().err


def test_postgres_without_its_client_programs_is_said_plainly(
    postgres_database: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert navcomp("backup", str(tmp_path / "b"), "--database-url", postgres_database) == 1
    err = capsys.readouterr().err
    assert "pg_dump is not installed" in err and "postgresql-client" in err
    (tmp_path / "b").write_bytes(b"")
    assert navcomp("restore", str(tmp_path / "b"), "--database-url", postgres_database) == 1
    assert "pg_restore is not installed" in capsys.readouterr().err
    assert not (tmp_path / "b.partial").exists()
