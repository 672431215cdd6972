"""The statements of a table's clocks and endings: the tables whose deadline passed,
claimed so that one server process alone acts on each, and the changes besides moves
(a seat handed to a bot, the game ended by a resignation or a vote...), each counted in
``game_tables.events`` and kept in ``table_events``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, or_, select, update

from navcomp.domain.tables import EventKind, SeatEnd, TableEnd, TableStatus
from navcomp.store.schema import game_tables, seats, table_events


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str
    seat: int | None
    version: int
    created_at: datetime


def claim_expired(conn: Connection, at: datetime, limit: int) -> list[int]:
    """Tables in play whose deadline or warning time is at or before ``at``, locked until
    commit.

    On PostgreSQL rows another process holds are skipped (``FOR UPDATE SKIP LOCKED``), so
    of several processes sweeping at once each table goes to one; the one that got it
    moves the deadline on (or clears the warning) before it commits.  SQLite's writer
    holds the whole database."""
    due = or_(game_tables.c.deadline <= at, game_tables.c.warn_at <= at)
    query = (
        select(game_tables.c.id)
        .where(game_tables.c.status == TableStatus.PLAYING.value, due)
        .order_by(game_tables.c.id)
        .limit(limit)
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    return list(conn.execute(query).scalars())


def clear_warning(conn: Connection, table_id: int) -> None:
    """The mover has been told its time runs low: once a turn."""
    conn.execute(update(game_tables).where(game_tables.c.id == table_id).values(warn_at=None))


def change(
    conn: Connection,
    table_id: int,
    events: int,
    event: tuple[EventKind, int | None],
    at: datetime,
    values: dict[str, Any],
) -> bool:
    """Write ``values`` to the table and log ``event`` (its kind and seat) if the table
    still has ``events`` changes besides moves; False, writing nothing, otherwise."""
    done = conn.execute(
        update(game_tables)
        .where(game_tables.c.id == table_id, game_tables.c.events == events)
        .values(events=events + 1, **values)
        .returning(game_tables.c.version)
    ).first()
    if done is None:
        return False
    kind, seat = event
    conn.execute(
        insert(table_events).values(
            table_id=table_id,
            seq=events + 1,
            kind=kind.value,
            seat=seat,
            version=done.version,
            created_at=at,
        )
    )
    return True


def hand_to_bot(conn: Connection, table_id: int, seat: int, level: str, ended: SeatEnd) -> None:
    """A bot of ``level`` takes ``seat`` over from its person, for good."""
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.seat == seat)
        .values(former_user_id=seats.c.user_id, user_id=None, bot_level=level, ended=ended.value)
    )


def end_seat(conn: Connection, table_id: int, seat: int, ended: SeatEnd) -> None:
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.seat == seat)
        .values(ended=ended.value)
    )


def end_seats(conn: Connection, table_id: int) -> None:
    """The game is over: every seat not ended otherwise played it to the end."""
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.ended.is_(None))
        .values(ended=SeatEnd.PLAYED.value)
    )


def set_end_reason(conn: Connection, table_id: int, reason: TableEnd) -> None:
    where = game_tables.c.id == table_id
    conn.execute(update(game_tables).where(where).values(end_reason=reason.value))


def events_of(conn: Connection, table_id: int) -> list[Event]:
    rows = conn.execute(
        select(
            table_events.c.seq,
            table_events.c.kind,
            table_events.c.seat,
            table_events.c.version,
            table_events.c.created_at,
        )
        .where(table_events.c.table_id == table_id)
        .order_by(table_events.c.seq)
    ).all()
    return [Event(*row) for row in rows]
