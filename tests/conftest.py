"""Fixtures for the server tests: a fresh database on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import create_engine, text

os.environ["NAVCOMP_TEST_FAST_HASHING"] = "1"  # cheap argon2, here and in servers started
POSTGRES_ADMIN_URL = os.environ.get(
    "NAVCOMP_TEST_POSTGRES_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
POSTGRES_TEST_DB = f"navcomp_test_{os.getpid()}"  # one per test run: runs may overlap


def _admin(statement: str) -> None:
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(statement))
    finally:
        admin.dispose()


@contextmanager
def own_postgres_database(name: str) -> Iterator[str]:
    """A database of ``name`` on the test server, new and empty, dropped at the end."""
    _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    _admin(f"CREATE DATABASE {name}")
    try:
        yield POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """A database of our own on the test server, dropped when the run ends."""
    with own_postgres_database(POSTGRES_TEST_DB) as url:
        yield url


def postgres_url(database: str) -> str:
    """``database``, emptied for a test."""
    url = database
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()
    return url


@pytest.fixture
def count_game(monkeypatch: pytest.MonkeyPatch) -> object:
    """Count to three (tests/count_game.py), a solitaire for 1 or 2, registered for one test."""
    import count_game
    from navcomp.core import registry

    monkeypatch.setitem(registry._GAMES, count_game.NAME, count_game.GAME)
    return count_game.GAME


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/navcomp.db"
    else:
        yield postgres_url(request.getfixturevalue("postgres_database"))


@pytest.fixture
def sqlite_url(tmp_path: object) -> str:
    return f"sqlite:///{tmp_path}/navcomp.db"
