"""A move's own statements: the few rows every move writes and reads, beneath the
move's repository (``store/played.py``; notices, webhooks and mail use them too).

A move bumps its table's version (``UPDATE ... WHERE version = expected``),
appends to the log, adds turn notices, marks the last mover's turn notices read,
and reads the players' webhooks and which of them mail reaches.  Through SQLAlchemy
Core each statement costs more CPU (cache keys, compiled-cache look-up,
parameter processing, result set-up) than SQLite takes to run it, so on SQLite
they run on the driver's own connection, inside the caller's transaction, as
fixed SQL texts (which sqlite3 keeps prepared).  Values pass through the column
types' own SQLAlchemy bind processors, so the rows are exactly those Core would
write.  On PostgreSQL through asyncpg (the server's) they are fixed SQL texts too,
and one (``store/hot_postgres.py``).  Other drivers (psycopg, which the commands
use) take Core.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Dialect

from navcomp.domain.model import Turn
from navcomp.store.hot_core import MoveWrites, processor
from navcomp.store.hot_postgres import PostgresMoveWrites
from navcomp.store.schema import game_tables, moves, notifications

__all__ = ["MoveWrites", "PostgresMoveWrites", "SqliteMoveWrites", "move_writes"]


class SqliteMoveWrites(MoveWrites):
    """The same statements on the sqlite3 connection under SQLAlchemy's."""

    def __init__(self, dialect: Dialect) -> None:
        self.when = processor(game_tables.c.turn_since, dialect)
        self.json = processor(game_tables.c.result, dialect)
        self.flag = processor(notifications.c.read, dialect)
        self.created = processor(moves.c.created_at, dialect)

    def advance(
        self, conn: Connection, table_id: int, expected: int, events: int, turn: Turn
    ) -> bool:
        since = self.when(turn.turn_since)
        outcome = self.json(None if turn.result is None else turn.result.to_json())
        clock = self.json(None if turn.clock is None else turn.clock.to_json())
        deadline = self.when(turn.deadline)
        cursor = _driver(conn).execute(
            "UPDATE game_tables SET version = ?, to_move = ?, turn_since = ?, status = ?, "
            "result = ?, clock = ?, deadline = ?, warn_at = ? "
            "WHERE id = ? AND version = ? AND events = ?",
            (
                turn.version,
                turn.to_move,
                since,
                turn.status.value,
                outcome,
                clock,
                deadline,
                self.when(turn.warn_at),
                table_id,
                expected,
                events,
            ),
        )
        return bool(cursor.rowcount == 1)

    def append(
        self, conn: Connection, table_id: int, seq: int, seat: int, action: int | None, at: datetime
    ) -> None:
        _driver(conn).execute(
            "INSERT INTO moves (table_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
            (table_id, seq, seat, action, self.created(at)),
        )

    def notice(
        self, conn: Connection, user_id: int, table_id: int, kind: str, text: str, at: datetime
    ) -> None:
        _driver(conn).execute(
            "INSERT INTO notifications (user_id, table_id, text, read, created_at, kind) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (user_id, table_id, text, self.flag(False), self.created(at), kind),
        )

    def turn_played(self, conn: Connection, user_id: int, table_id: int, turn: str) -> None:
        _driver(conn).execute(
            "UPDATE notifications SET read = ? "
            "WHERE user_id = ? AND table_id = ? AND kind = ? AND read = ?",
            (self.flag(True), user_id, table_id, turn, self.flag(False)),
        )

    def webhooks(self, conn: Connection, user_ids: Sequence[int]) -> dict[int, str]:
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        rows = _driver(conn).execute(
            f"SELECT id, webhook_url FROM users WHERE id IN ({marks}) AND webhook_url IS NOT NULL",
            tuple(user_ids),
        )
        return dict(rows.fetchall())

    def mail_readers(self, conn: Connection, user_ids: Sequence[int]) -> list[int]:
        if not user_ids:
            return []
        marks = ", ".join("?" * len(user_ids))
        rows = _driver(conn).execute(
            f"SELECT user_id FROM mail_settings WHERE user_id IN ({marks}) "
            "AND verified = ? AND address IS NOT NULL",
            (*user_ids, self.flag(True)),
        )
        return [row[0] for row in rows.fetchall()]


def _driver(conn: Connection) -> Any:
    """The sqlite3 connection under ``conn``, in ``conn``'s transaction."""
    return conn.connection.driver_connection


_CORE = MoveWrites()
_BY_DIALECT: weakref.WeakKeyDictionary[Dialect, MoveWrites] = weakref.WeakKeyDictionary()


def move_writes(conn: Connection) -> MoveWrites:
    """The statements for ``conn``'s database."""
    dialect = conn.dialect
    writes = _BY_DIALECT.get(dialect)
    if writes is None:
        kind = _FAST.get((dialect.name, dialect.driver))
        writes = _BY_DIALECT[dialect] = _CORE if kind is None else kind(dialect)
    return writes


_FAST: dict[tuple[str, str], Callable[[Dialect], MoveWrites]] = {
    ("sqlite", "pysqlite"): SqliteMoveWrites,
    ("postgresql", "asyncpg"): PostgresMoveWrites,
}
