"""A move's own statements on PostgreSQL through asyncpg, the server's driver
(``store/hot.py`` picks it for asyncpg's connections).

Fixed SQL texts, run through SQLAlchemy's driver-level execution: asyncpg prepares each
once per connection, and Core's per-statement CPU is several times asyncpg's.  A move's
bump of the table and its log line are one statement, and so are its notices, the
answered "your turn" notices marked read and the webhooks read: each is one round trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Connection, Dialect

from navcomp.domain.model import NewNotice, Turn
from navcomp.domain.notices import NoticeKind
from navcomp.store.hot_core import MoveWrites, processor
from navcomp.store.schema import game_tables

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
        self.json = processor(game_tables.c.result, dialect)

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
