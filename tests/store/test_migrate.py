"""Processes starting together on one fresh database: each migrates, none fails."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

from conftest import own_postgres_database
from navcomp.store import db
from navcomp.store.db import migrate, open_engine

STARTING = 6
OPENING = 12


def _migrate_together(url: str, barrier: Any, failures: Any) -> None:
    engine = open_engine(url)
    try:
        barrier.wait(30)
        migrate(engine)
    except Exception as error:
        failures.put(repr(error))
    finally:
        engine.dispose()


def _start_together(
    url: str, target: Callable[[str, Any, Any], None] = _migrate_together, count: int = STARTING
) -> list[str]:
    """``count`` processes run ``target`` on ``url`` at once; what failed in them."""
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(count)
    failures = context.Queue()
    processes = [
        context.Process(target=target, args=(url, barrier, failures)) for _ in range(count)
    ]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
    found = []
    while not failures.empty():
        found.append(failures.get())
    assert [p.exitcode for p in processes] == [0] * count
    return found


def _versions(url: str) -> list[str]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return [row[0] for row in conn.execute(text("SELECT version_num FROM alembic_version"))]
    finally:
        engine.dispose()


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    with own_postgres_database(f"navcomp_migrate_{os.getpid()}") as url:
        yield url


def test_processes_migrating_a_fresh_postgresql_database_at_once(fresh_postgres: str) -> None:
    assert _start_together(fresh_postgres) == []
    assert len(_versions(fresh_postgres)) == 1


def test_processes_migrating_a_fresh_sqlite_database_at_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/navcomp.db"
    assert _start_together(url) == []
    assert len(_versions(url)) == 1


def _connect_together(url: str, barrier: Any, failures: Any) -> None:
    engine = open_engine(url)
    try:
        barrier.wait(30)
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as error:
        failures.put(repr(error))
    finally:
        engine.dispose()


def test_processes_opening_a_new_sqlite_file_at_once_all_connect(tmp_path: Path) -> None:
    """Each connection switches the file to WAL; on a new file the first switches race."""
    found = []
    for attempt in range(100):
        url = f"sqlite:///{tmp_path}/navcomp-{attempt}.db"
        found += _start_together(url, _connect_together, OPENING)
    assert found == []


def _upgrade(connection: Any, revision: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def test_migration_0007_gives_existing_names_their_keys_later_clashes_marked(
    database_url: str,
) -> None:
    """Names from before 0007 get their case-folded and look-alike keys; where a later
    account's key clashes with an earlier one's, it gets ``#`` and its id."""
    engine = open_engine(database_url)
    try:
        with engine.begin() as conn:
            _upgrade(conn, "0006")
            for user_id, name in [(1, "Bob"), (2, "bob"), (3, "\u0412\u043eb"), (4, "ZOË")]:
                conn.execute(
                    text(
                        "INSERT INTO users (id, name, is_guest, created_at)"
                        " VALUES (:id, :name, false, :at)"
                    ),
                    {"id": user_id, "name": name, "at": datetime(2026, 1, 1, tzinfo=UTC)},
                )
            _upgrade(conn, "head")
            rows = conn.execute(
                text("SELECT id, name_key, name_skeleton FROM users ORDER BY id")
            ).all()
    finally:
        engine.dispose()
    assert [tuple(row) for row in rows] == [
        (1, "bob", "bob"),
        (2, "bob#2", "bob#2"),
        (3, "\u0432\u043eb", "bob#3"),
        (4, "zoë", "zoë"),
    ]
