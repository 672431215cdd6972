"""A move's own statements: the few rows every move writes and reads, beneath the
tables repository (``tables.record_move``; notices, webhooks and mail use them too).

A move bumps its table's version (``UPDATE ... WHERE version = expected``),
appends to the log, adds turn notices, marks the last mover's turn notices read,
and reads the players' webhooks and which of them mail reaches.  Through SQLAlchemy
Core each statement costs more CPU (cache keys, compiled-cache look-up,
parameter processing, result set-up) than SQLite takes to run it, so on SQLite
they run on the driver's own connection, inside the caller's transaction, as
fixed SQL texts (which sqlite3 keeps prepared).  Values pass through the column
types' own SQLAlchemy bind processors, so the rows are exactly those Core would
write.  On PostgreSQL through asyncpg (the server's) they are fixed SQL texts too,
run through SQLAlchemy's driver-level execution (asyncpg prepares each once per
connection), and a move's bump and log line are one statement.  Other drivers
(psycopg, which the commands use) take Core.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Connection, Dialect, bindparam, insert, select, update

from navcomp.domain.model import NewNotice, Turn
from navcomp.domain.notices import NoticeKind
from navcomp.store.schema import game_tables, mail_settings, moves, notifications, users

_ADVANCE = (
    update(game_tables)
    .where(game_tables.c.id == bindparam("table_id"))
    .where(game_tables.c.version == bindparam("expected"))
    .where(game_tables.c.events == bindparam("known_events"))
    .values(
        version=bindparam("new_version"),
        to_move=bindparam("new_to_move"),
        turn_since=bindparam("new_turn_since"),
        status=bindparam("new_status"),
        result=bindparam("new_result", type_=game_tables.c.result.type),
        clock=bindparam("new_clock", type_=game_tables.c.clock.type),
        deadline=bindparam("new_deadline", type_=game_tables.c.deadline.type),
        warn_at=bindparam("new_warn_at", type_=game_tables.c.warn_at.type),
    )
)
_APPEND = insert(moves)
_NOTICE = insert(notifications)
_TURN_PLAYED = (
    update(notifications)
    .where(
        notifications.c.user_id == bindparam("reader"),
        notifications.c.table_id == bindparam("at_table"),
        notifications.c.kind == bindparam("turn"),
        notifications.c.read.is_(False),
    )
    .values(read=True)
)
_WEBHOOKS = select(users.c.id, users.c.webhook_url).where(
    users.c.id.in_(bindparam("ids", expanding=True)), users.c.webhook_url.is_not(None)
)
_MAIL_READERS = select(mail_settings.c.user_id).where(
    mail_settings.c.user_id.in_(bindparam("ids", expanding=True)),
    mail_settings.c.verified.is_(True),
    mail_settings.c.address.is_not(None),
)


class MoveWrites:
    """The statements through SQLAlchemy Core: any database."""

    def advance(
        self, conn: Connection, table_id: int, expected: int, events: int, turn: Turn
    ) -> bool:
        """Move the table from version ``expected`` (and ``events``) to ``turn``; False if
        it is no longer there."""
        done = conn.execute(
            _ADVANCE,
            {
                "table_id": table_id,
                "expected": expected,
                "known_events": events,
                "new_version": turn.version,
                "new_to_move": turn.to_move,
                "new_turn_since": turn.turn_since,
                "new_status": turn.status.value,
                "new_result": None if turn.result is None else turn.result.to_json(),
                "new_clock": None if turn.clock is None else turn.clock.to_json(),
                "new_deadline": turn.deadline,
                "new_warn_at": turn.warn_at,
            },
        )
        return done.rowcount == 1

    def advance_and_log(
        self,
        conn: Connection,
        table_id: int,
        moved: tuple[int, int, Turn],
        seat: int,
        action: int | None,
        at: datetime,
    ) -> bool:
        """``advance`` from ``moved`` (expected version, events, turn), then ``append``
        the move at the turn's version; False, writing nothing, if the table was not
        there."""
        expected, events, turn = moved
        if not self.advance(conn, table_id, expected, events, turn):
            return False
        self.append(conn, table_id, turn.version, seat, action, at)
        return True

    def append(
        self, conn: Connection, table_id: int, seq: int, seat: int, action: int | None, at: datetime
    ) -> None:
        conn.execute(
            _APPEND,
            {"table_id": table_id, "seq": seq, "seat": seat, "action": action, "created_at": at},
        )

    def notice(
        self, conn: Connection, user_id: int, table_id: int, kind: str, text: str, at: datetime
    ) -> None:
        conn.execute(
            _NOTICE,
            {
                "user_id": user_id,
                "table_id": table_id,
                "text": text,
                "read": False,
                "created_at": at,
                "kind": kind,
            },
        )

    def turn_played(self, conn: Connection, user_id: int, table_id: int, turn: str) -> None:
        """``user_id``'s unread notices of kind ``turn`` at ``table_id`` are read."""
        conn.execute(_TURN_PLAYED, {"reader": user_id, "at_table": table_id, "turn": turn})

    def webhooks(self, conn: Connection, user_ids: Sequence[int]) -> dict[int, str]:
        """The webhook of each of ``user_ids`` that has one."""
        if not user_ids:
            return {}
        rows = conn.execute(_WEBHOOKS, {"ids": list(user_ids)}).all()
        return {r.id: r.webhook_url for r in rows}

    def mail_readers(self, conn: Connection, user_ids: Sequence[int]) -> list[int]:
        """Those of ``user_ids`` that mail reaches (a verified address)."""
        if not user_ids:
            return []
        return list(conn.execute(_MAIL_READERS, {"ids": list(user_ids)}).scalars())

    def tell(
        self,
        conn: Connection,
        told: Sequence[NewNotice],
        answered: tuple[int, int] | None,
        at: datetime,
    ) -> dict[int, str]:
        """A move's notices ``told``, then the "your turn" notices ``answered`` (user,
        table) are read; the webhook of each account told that has one."""
        for n in told:
            self.notice(conn, n.user_id, n.table_id, n.kind.value, n.text, at)
        if answered is not None:
            self.turn_played(conn, *answered, NoticeKind.TURN.value)
        return self.webhooks(conn, [n.user_id for n in told])


def _processor(column: Column[Any], dialect: Dialect) -> Callable[[Any], Any]:
    process = column.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else _same


def _same(value: Any) -> Any:
    return value


class SqliteMoveWrites(MoveWrites):
    """The same statements on the sqlite3 connection under SQLAlchemy's."""

    def __init__(self, dialect: Dialect) -> None:
        self.when = _processor(game_tables.c.turn_since, dialect)
        self.json = _processor(game_tables.c.result, dialect)
        self.flag = _processor(notifications.c.read, dialect)
        self.created = _processor(moves.c.created_at, dialect)

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


_PG_ADVANCE_AND_LOG = (
    "WITH advanced AS (UPDATE game_tables SET version = $1, to_move = $2, turn_since = $3, "
    "status = $4, result = $5, clock = $6, deadline = $7, warn_at = $8 "
    "WHERE id = $9 AND version = $10 AND events = $11 RETURNING id) "
    "INSERT INTO moves (table_id, seq, seat, action, created_at) "
    "SELECT id, $1, $12::integer, $13::integer, $14::timestamptz FROM advanced"
)

_PG_TELL = (
    "WITH told AS (INSERT INTO notifications (user_id, table_id, text, read, created_at, kind) "
    "SELECT u, t, x, (u = $5 AND t = $6 AND k = $7) IS TRUE, $8::timestamptz, k "
    "FROM unnest($1::integer[], $2::integer[], $3::text[], $4::text[]) "
    "WITH ORDINALITY AS n(u, t, x, k, i) ORDER BY i), "
    "played AS (UPDATE notifications SET read = true "
    "WHERE user_id = $5 AND table_id = $6 AND kind = $7 AND NOT read) "
    "SELECT id, webhook_url FROM users WHERE id = ANY($1) AND webhook_url IS NOT NULL"
)


class PostgresMoveWrites(MoveWrites):
    """The same statements as fixed SQL texts on asyncpg, which prepares each once per
    connection, with a move's bump of the table and its log line in one statement (one
    round trip): Core's per-statement CPU is several times asyncpg's."""

    def __init__(self, dialect: Dialect) -> None:
        self.json = _processor(game_tables.c.result, dialect)

    def advance_and_log(
        self,
        conn: Connection,
        table_id: int,
        moved: tuple[int, int, Turn],
        seat: int,
        action: int | None,
        at: datetime,
    ) -> bool:
        expected, events, turn = moved
        outcome = self.json(None if turn.result is None else turn.result.to_json())
        clock = self.json(None if turn.clock is None else turn.clock.to_json())
        done = conn.exec_driver_sql(
            _PG_ADVANCE_AND_LOG,
            (
                turn.version,
                turn.to_move,
                turn.turn_since,
                turn.status.value,
                outcome,
                clock,
                turn.deadline,
                turn.warn_at,
                table_id,
                expected,
                events,
                seat,
                action,
                at,
            ),
        )
        return done.rowcount == 1

    def tell(
        self,
        conn: Connection,
        told: Sequence[NewNotice],
        answered: tuple[int, int] | None,
        at: datetime,
    ) -> dict[int, str]:
        """One statement: the notices inserted (those ``answered`` would mark read, read
        already: the statement's UPDATE does not see rows its INSERT adds), the answered
        ones marked read, the webhooks read."""
        if not told:
            return super().tell(conn, told, answered, at)
        reader, at_table = (None, None) if answered is None else answered
        rows = conn.exec_driver_sql(
            _PG_TELL,
            (
                [n.user_id for n in told],
                [n.table_id for n in told],
                [n.text for n in told],
                [n.kind.value for n in told],
                reader,
                at_table,
                NoticeKind.TURN.value,
                at,
            ),
        )
        return {row[0]: row[1] for row in rows}

    def notice(
        self, conn: Connection, user_id: int, table_id: int, kind: str, text: str, at: datetime
    ) -> None:
        conn.exec_driver_sql(
            "INSERT INTO notifications (user_id, table_id, text, read, created_at, kind) "
            "VALUES ($1, $2, $3, false, $4, $5)",
            (user_id, table_id, text, at, kind),
        )

    def turn_played(self, conn: Connection, user_id: int, table_id: int, turn: str) -> None:
        conn.exec_driver_sql(
            "UPDATE notifications SET read = true "
            "WHERE user_id = $1 AND table_id = $2 AND kind = $3 AND NOT read",
            (user_id, table_id, turn),
        )

    def webhooks(self, conn: Connection, user_ids: Sequence[int]) -> dict[int, str]:
        if not user_ids:
            return {}
        rows = conn.exec_driver_sql(
            "SELECT id, webhook_url FROM users "
            "WHERE id = ANY($1::integer[]) AND webhook_url IS NOT NULL",
            (list(user_ids),),
        )
        return {row[0]: row[1] for row in rows}

    def mail_readers(self, conn: Connection, user_ids: Sequence[int]) -> list[int]:
        if not user_ids:
            return []
        rows = conn.exec_driver_sql(
            "SELECT user_id FROM mail_settings "
            "WHERE user_id = ANY($1::integer[]) AND verified AND address IS NOT NULL",
            (list(user_ids),),
        )
        return [row[0] for row in rows]


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
