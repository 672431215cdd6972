"""A move's own statements through SQLAlchemy Core, for any database: the base the
faster drivers' versions build on (``store/hot.py`` picks one for a connection)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Told:
    """What a move's writes read back about the accounts its notices went to."""

    webhooks: dict[int, str]  # each one's webhook, for those that have one
    mail_readers: frozenset[int]  # those that mail reaches (a verified address)


class MoveWrites:
    """The statements through SQLAlchemy Core: any database."""

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
        """A move's own writes: ``advance_and_log`` from ``moved`` with ``played`` (seat,
        action, time), then ``tell`` the notices ``told``; None, writing nothing, if the
        table was not there.  ``alone``: the transaction writes nothing else (a database
        that can makes it one statement, committed as it runs)."""
        seat, action, at = played
        if not self.advance_and_log(conn, table_id, moved, seat, action, at):
            return None
        if not told:
            if answered is not None:
                self.turn_played(conn, *answered, NoticeKind.TURN.value)
            return Told({}, frozenset())
        hooks = self.tell(conn, told, answered, at)
        return Told(hooks, frozenset(self.mail_readers(conn, [n.user_id for n in told])))

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


def processor(column: Column[Any], dialect: Dialect) -> Callable[[Any], Any]:
    process = column.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else _same


def _same(value: Any) -> Any:
    return value
