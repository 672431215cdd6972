"""A move's own statements on PostgreSQL through asyncpg, the server's driver
(``store/hot.py`` picks it for asyncpg's connections).

Fixed SQL texts, run through SQLAlchemy's driver-level execution: asyncpg prepares each
once per connection, and Core's per-statement CPU is several times asyncpg's.  A move is
one statement (``record_move``): the table's bump, its log line, the notices, the
answered "your turn" notices marked read, and the webhooks and mail readers of those
told read back.  A move whose transaction writes nothing else goes without BEGIN and
COMMIT: one round trip.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

from sqlalchemy import Connection, Dialect

from navcomp.domain.model import NewNotice, Turn
from navcomp.domain.notices import NoticeKind
from navcomp.store.db import SENT_INFO
from navcomp.store.hot_core import MoveWrites, Told, processor
from navcomp.store.schema import game_tables

_PG_ADVANCE_AND_LOG = (
    "WITH advanced AS (UPDATE game_tables SET version = $1, to_move = $2, turn_since = $3, "
    "status = $4, result = $5, clock = $6, deadline = $7, warn_at = $8 "
    "WHERE id = $9 AND version = $10 AND events = $11 RETURNING id) "
    "INSERT INTO moves (table_id, seq, seat, action, created_at) "
    "SELECT id, $1, $12::integer, $13::integer, $14::timestamptz FROM advanced"
)

_PG_MOVE = (
    "WITH advanced AS (UPDATE game_tables SET version = $1, to_move = $2, turn_since = $3, "
    "status = $4, result = $5, clock = $6, deadline = $7, warn_at = $8 "
    "WHERE id = $9 AND version = $10 AND events = $11 RETURNING id), "
    "logged AS (INSERT INTO moves (table_id, seq, seat, action, created_at) "
    "SELECT id, $1, $12::integer, $13::integer, $14::timestamptz FROM advanced), "
    "told AS (INSERT INTO notifications (user_id, table_id, text, read, created_at, kind) "
    "SELECT u, t, x, (u = $19 AND t = $20 AND k = $21) IS TRUE, $14::timestamptz, k "
    "FROM unnest($15::integer[], $16::integer[], $17::text[], $18::text[]) "
    "WITH ORDINALITY AS n(u, t, x, k, i) WHERE EXISTS (SELECT FROM advanced) ORDER BY i), "
    "played AS (UPDATE notifications SET read = true WHERE user_id = $19 "
    "AND table_id = $20 AND kind = $21 AND NOT read AND EXISTS (SELECT FROM advanced)) "
    "SELECT a.moved, u.id, u.webhook_url, m.user_id IS NOT NULL "
    "FROM (SELECT count(*) AS moved FROM advanced) AS a "
    "LEFT JOIN users AS u ON a.moved = 1 AND u.id = ANY($15::integer[]) "
    "LEFT JOIN mail_settings AS m ON m.user_id = u.id AND m.verified AND m.address IS NOT NULL"
)

ALONE = "navcomp_alone"
"""Connection info: the transaction's one statement ran committed as it ran, so another
statement in the same transaction would not be part of it (``server/runtime/database.py``
refuses one)."""


class PostgresMoveWrites(MoveWrites):
    """The same statements as fixed SQL texts on asyncpg, a move's in one."""

    def __init__(self, dialect: Dialect) -> None:
        self.json = processor(game_tables.c.result, dialect)

    def record_move(
        self,
        conn: Connection,
        table_id: int,
        moved: tuple[int, int, Turn],
        played: tuple[int, int | None, datetime],
        told: Sequence[NewNotice],
        answered: tuple[int, int] | None,
        alone: bool = False,
    ) -> Told | None:
        """One statement, and one round trip: a transaction that writes nothing else
        (``alone``, and nothing sent before it) runs it without BEGIN and COMMIT."""
        with _alone(conn, alone):
            seat, action, at = played
            if not told and answered is None:
                done = self.advance_and_log(conn, table_id, moved, seat, action, at)
                return Told({}, frozenset()) if done else None
            reader, at_table = (None, None) if answered is None else answered
            rows = conn.exec_driver_sql(
                _PG_MOVE,
                (
                    *self._advanced(table_id, moved),
                    seat,
                    action,
                    at,
                    [n.user_id for n in told],
                    [n.table_id for n in told],
                    [n.text for n in told],
                    [n.kind.value for n in told],
                    reader,
                    at_table,
                    NoticeKind.TURN.value,
                ),
            ).all()
        if rows[0][0] != 1:
            return None
        hooks = {row[1]: row[2] for row in rows if row[2] is not None}
        return Told(hooks, frozenset(row[1] for row in rows if row[3]))

    def _advanced(self, table_id: int, moved: tuple[int, int, Turn]) -> tuple[object, ...]:
        """The UPDATE's parameters ($1 to $11)."""
        expected, events, turn = moved
        outcome = self.json(None if turn.result is None else turn.result.to_json())
        clock = self.json(None if turn.clock is None else turn.clock.to_json())
        return (
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
        )

    def advance_and_log(
        self,
        conn: Connection,
        table_id: int,
        moved: tuple[int, int, Turn],
        seat: int,
        action: int | None,
        at: datetime,
    ) -> bool:
        done = conn.exec_driver_sql(
            _PG_ADVANCE_AND_LOG, (*self._advanced(table_id, moved), seat, action, at)
        )
        return done.rowcount == 1

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


@contextmanager
def _alone(conn: Connection, alone: bool) -> Iterator[None]:
    """Statements run committed as they run (asyncpg's adapter sends no BEGIN, so its
    COMMIT has nothing to end), if ``alone`` and the transaction has sent nothing yet."""
    if not alone or conn.info.get(SENT_INFO, True):
        yield
        return
    adapted = conn.connection.dbapi_connection
    assert adapted is not None
    adapted.autocommit = True
    try:
        yield
    finally:
        adapted.autocommit = False
        conn.info[ALONE] = True
