"""The profiles repository: the games a player sat at, as a profile and an export read
them, and the account's own row.

A seat is the player's while they sit there, and stays theirs (``former_user_id``) once
a bot took it over.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, or_, select

from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableEnd, TableStatus
from navcomp.store.db import as_utc
from navcomp.store.schema import game_tables, seats, users


@dataclass(frozen=True, slots=True)
class PlayedSeat:
    """A finished table the player sat at, and their seat there."""

    table_id: int
    game: str
    num_seats: int
    seat: int
    ended: SeatEnd | None  # how the seat ended
    end_reason: TableEnd | None  # how the game ended
    result: TableResult | None
    rated: bool
    at: datetime  # when the game ended (its last turn), else when the table was made


@dataclass(frozen=True, slots=True)
class AccountRow:
    name: str
    is_guest: bool
    created_at: datetime
    webhook_url: str | None
    profile_private: bool


def _sat_at(user_id: int) -> Any:
    return or_(seats.c.user_id == user_id, seats.c.former_user_id == user_id)


def finished_seats(conn: Connection, user_id: int) -> list[PlayedSeat]:
    """Every finished table (not a tutorial's) ``user_id`` sat at, the newest first."""
    ended_at = func.coalesce(game_tables.c.turn_since, game_tables.c.created_at)
    rows = conn.execute(
        select(
            game_tables.c.id,
            game_tables.c.game,
            game_tables.c.num_seats,
            seats.c.seat,
            seats.c.ended,
            game_tables.c.end_reason,
            game_tables.c.result,
            game_tables.c.rated,
            ended_at.label("at"),
        )
        .join(seats, seats.c.table_id == game_tables.c.id)
        .where(
            _sat_at(user_id),
            game_tables.c.status == TableStatus.OVER.value,
            game_tables.c.tutorial.is_(None),
        )
        .order_by(game_tables.c.id.desc())
    ).all()
    return [
        PlayedSeat(
            r.id,
            r.game,
            r.num_seats,
            r.seat,
            None if r.ended is None else SeatEnd(r.ended),
            None if r.end_reason is None else TableEnd(r.end_reason),
            None if r.result is None else TableResult.of(r.result),
            r.rated,
            as_utc(r.at),
        )
        for r in rows
    ]


def tables_sat_at(conn: Connection, user_id: int) -> list[int]:
    """The ids of every table ``user_id`` sits or sat at (tutorials too), oldest first."""
    query = select(seats.c.table_id).where(_sat_at(user_id)).order_by(seats.c.table_id)
    return list(dict.fromkeys(conn.execute(query).scalars()))


def account(conn: Connection, user_id: int) -> AccountRow:
    row = conn.execute(
        select(
            users.c.name,
            users.c.is_guest,
            users.c.created_at,
            users.c.webhook_url,
            users.c.profile_private,
        ).where(users.c.id == user_id)
    ).one()
    return AccountRow(
        row.name, bool(row.is_guest), as_utc(row.created_at), row.webhook_url, row.profile_private
    )
