"""Opening the database: SQLite (WAL, in a data folder) or PostgreSQL, migrated on open."""

from __future__ import annotations

import os
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeAlias, overload

from sqlalchemy import Connection, Engine, Row, create_engine, event, text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

__all__ = [  # Connection: the type every repository takes, named for the server too
    "DEFAULT_DATA_DIR",
    "MIGRATION_LOCK",
    "URL_VARIABLE",
    "WRITE_OPTION",
    "Connection",
    "DbRow",
    "database_url",
    "migrate",
    "open_async_engine",
    "open_engine",
]

DbRow: TypeAlias = Row[*tuple[Any, ...]]
"""A result row of any shape."""

DEFAULT_DATA_DIR = Path("data")
URL_VARIABLE = "NAVCOMP_DATABASE_URL"
SQLITE_WAIT_SECONDS = 30
"""How long a SQLite connection waits for another process's lock before it fails."""
POOL_SIZE = 40
SENT_INFO = "navcomp_sent"
"""Connection info: a statement of the current transaction reached the database (the
server's transactions keep it: ``server/runtime/database.py``)."""
"""The server's connections to PostgreSQL, per process."""
WRITE_OPTION = "navcomp_write"
"""Execution option: False marks a read-only transaction (SQLite then skips the write lock)."""


def database_url(explicit: str | None = None, data_dir: Path = DEFAULT_DATA_DIR) -> str:
    """The URL to use: given, else ``$NAVCOMP_DATABASE_URL``, else SQLite in ``data_dir``."""
    if explicit:
        return _with_driver(explicit)
    from_env = os.environ.get(URL_VARIABLE)
    if from_env:
        return _with_driver(from_env)
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / 'navcomp.db'}"


def _with_driver(url: str) -> str:
    """Plain ``postgresql://`` URLs get the psycopg 3 driver we install."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def open_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": SQLITE_WAIT_SECONDS}
        )
        _configure_sqlite(engine)
        return engine
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


def open_async_engine(url: str) -> AsyncEngine:
    """PostgreSQL through asyncpg, pooled on the event loop.

    asyncpg takes about half the CPU of psycopg's asyncio connections per statement, and
    prepares each statement once per connection.  No ping before each checkout (a round
    trip each): a connection found dead fails its statement, and SQLAlchemy then drops
    every connection as old as it."""
    for prefix in ("postgresql+psycopg://", "postgresql://", "postgres://"):
        if url.startswith(prefix):
            url = "postgresql+asyncpg://" + url[len(prefix) :]
            break
    # A fixed set of kept connections: one made for a burst and closed after it would
    # cost a new server process, asyncpg's set-up queries and the statements prepared
    # again, just when the server is busiest.  Transactions beyond them wait their turn.
    return create_async_engine(url, pool_size=POOL_SIZE, max_overflow=0)


def _configure_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        _switch_to_wal(cursor)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_WAIT_SECONDS * 1000}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Any) -> None:
        # A writer takes the write lock up front (two writers that read first and
        # then write would fail with "database is locked" instead of waiting);
        # readers don't, and under WAL they never wait for a writer.
        # Straight to the driver: through exec_driver_sql this cost more than SQLite's work.
        writing = connection.get_execution_options().get(WRITE_OPTION, True)
        connection.connection.driver_connection.execute("BEGIN IMMEDIATE" if writing else "BEGIN")


def _switch_to_wal(cursor: Any) -> None:
    """Put the file in WAL mode (it stays so), waiting out other processes doing the same.

    On a new file the switch is a read that becomes a write, and SQLite answers "database
    is locked" at once rather than waiting, when another connection switches too."""
    deadline = time.monotonic() + SQLITE_WAIT_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


MIGRATION_LOCK = 0x6E6176636F6D70  # "navcomp": PostgreSQL advisory lock key


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration, one process at a time.

    Processes starting together on a fresh database would each create the schema:
    PostgreSQL takes an advisory lock for the transaction first; SQLite's migration
    transaction begins with the write lock (BEGIN IMMEDIATE, above).  The next process
    then finds the schema up to date."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@overload
def as_utc(at: datetime) -> datetime: ...
@overload
def as_utc(at: None) -> None: ...
def as_utc(at: datetime | None) -> datetime | None:
    """``at`` as UTC (SQLite gives a stored time back without its zone)."""
    return at if at is None or at.tzinfo is not None else at.replace(tzinfo=UTC)
