"""The tables repository: tables with their seats and invites, and the move log.

Reads give :class:`~navcomp.domain.model.Table` values; a move's own writes (bump the
version where it still is the expected one, append to the log) go through the
statements of ``store/hot.py``, which on SQLite skip SQLAlchemy Core's per-statement work.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import aliased

from navcomp.domain.clocks import Clock, Pace
from navcomp.domain.model import Entry, Seat, Table
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableEnd, TableStatus, Visibility
from navcomp.store.db import DbRow, as_utc
from navcomp.store.schema import game_tables, invites, moves, seats, users

# Built once: the hot path then skips statement construction and cache keys.
_TABLE_ROW = select(game_tables).where(game_tables.c.id == bindparam("table_id"))
_TABLE_ROW_LOCKED = _TABLE_ROW.with_for_update()
_FORMER = aliased(users)
_SEAT_ROWS = (
    select(
        seats.c.seat,
        seats.c.user_id,
        users.c.name,
        seats.c.bot_level,
        seats.c.ended,
        _FORMER.c.name,
        seats.c.former_user_id,
        seats.c.pending,
    )
    .outerjoin(users, users.c.id == seats.c.user_id)
    .outerjoin(_FORMER, _FORMER.c.id == seats.c.former_user_id)
    .where(seats.c.table_id == bindparam("table_id"))
    .order_by(seats.c.seat)
)


def _table(row: DbRow, seat_list: tuple[Seat, ...]) -> Table:
    return Table(
        row.id,
        row.game,
        row.num_seats,
        row.options,
        row.seed,
        TableStatus(row.status),
        row.creator_id,
        row.version,
        row.to_move,
        as_utc(row.turn_since),
        None if row.result is None else TableResult.of(row.result),
        seat_list,
        tutorial=row.tutorial,
        rated=row.rated,
        pace=None if row.pace is None else Pace.of(row.pace),
        clock=None if row.clock is None else Clock.of(row.clock),
        deadline=as_utc(row.deadline),
        warn_at=as_utc(row.warn_at),
        end_reason=None if row.end_reason is None else TableEnd(row.end_reason),
        events=row.events,
        visibility=Visibility(row.visibility),
        spectators=row.spectators,
        rematch_id=row.rematch_id,
    )


def _seats(conn: Connection, table_id: int) -> tuple[Seat, ...]:
    return tuple(_seat(*row) for row in conn.execute(_SEAT_ROWS, {"table_id": table_id}))


def _seat(
    seat: int,
    user_id: int | None,
    name: str | None,
    bot: str | None,
    ended: str | None,
    former: str | None,
    former_user_id: int | None,
    pending: bool,
) -> Seat:
    end = None if ended is None else SeatEnd(ended)
    return Seat(seat, user_id, name, bot, end, former, former_user_id, pending)


def get(conn: Connection, table_id: int, lock: bool = False) -> Table | None:
    """The table, or None; ``lock`` holds its row until commit (on PostgreSQL; SQLite
    locks the whole database for a writer)."""
    query = _TABLE_ROW_LOCKED if lock and conn.dialect.name == "postgresql" else _TABLE_ROW
    row = conn.execute(query, {"table_id": table_id}).first()
    return None if row is None else _table(row, _seats(conn, table_id))


def exists(conn: Connection, table_id: int) -> bool:
    """False once the creator has closed the table (or for an id that never was)."""
    query = select(game_tables.c.id).where(game_tables.c.id == table_id)
    return conn.execute(query).first() is not None


def open_tables(conn: Connection, limit: int, per_creator: int) -> list[Table]:
    """The newest public open tables first, at most ``per_creator`` (the newest) of each
    creator's: no one account's tables push everyone else's out of the list."""
    newest_of_creator = (
        func.row_number()
        .over(partition_by=game_tables.c.creator_id, order_by=game_tables.c.id.desc())
        .label("newest")
    )
    ranked = (
        select(game_tables.c.id, newest_of_creator)
        .where(
            game_tables.c.status == TableStatus.OPEN.value,
            game_tables.c.tutorial.is_(None),
            game_tables.c.visibility == Visibility.PUBLIC.value,
        )
        .subquery()
    )
    listed = select(ranked.c.id).where(ranked.c.newest <= per_creator)
    guest_made = select(users.c.is_guest).where(users.c.id == game_tables.c.creator_id)
    return _public(
        conn,
        TableStatus.OPEN,
        limit,
        game_tables.c.id.in_(listed),
        first=guest_made.scalar_subquery(),  # registered players' first: False sorts first
    )


def touch_open(conn: Connection, table_id: int, at: datetime) -> None:
    """The open table ``table_id`` changed at ``at`` (a table started or closed: nothing)."""
    conn.execute(
        update(game_tables)
        .where(game_tables.c.id == table_id, game_tables.c.status == TableStatus.OPEN.value)
        .values(changed_at=at)
    )


def claim_idle_open(conn: Connection, before: datetime, limit: int) -> list[int]:
    """Open tables unchanged since ``before`` (or made then, if never changed), locked until
    commit; on PostgreSQL rows another process holds are skipped."""
    last_change = func.coalesce(game_tables.c.changed_at, game_tables.c.created_at)
    query = (
        select(game_tables.c.id)
        .where(game_tables.c.status == TableStatus.OPEN.value, last_change <= before)
        .order_by(game_tables.c.id)
        .limit(limit)
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    return list(conn.execute(query).scalars())


def open_made_by(conn: Connection, user_id: int) -> int:
    """How many open tables (tutorials aside) ``user_id`` made; the account's row is held
    until commit, so that two tables made at once are counted one after the other."""
    conn.execute(select(users.c.id).where(users.c.id == user_id).with_for_update())
    counted: int = conn.execute(
        select(func.count())
        .select_from(game_tables)
        .where(
            game_tables.c.creator_id == user_id,
            game_tables.c.status == TableStatus.OPEN.value,
            game_tables.c.tutorial.is_(None),
        )
    ).scalar_one()
    return counted


def watchable_tables(conn: Connection, limit: int) -> list[Table]:
    """The public games on that anyone may watch, the newest first."""
    return _public(conn, TableStatus.PLAYING, limit, game_tables.c.spectators.is_(True))


def _public(
    conn: Connection, status: TableStatus, limit: int, *more: Any, first: Any = None
) -> list[Table]:
    """Public tables of ``status``: by ``first`` (if given), then the newest first."""
    order = [game_tables.c.id.desc()] if first is None else [first, game_tables.c.id.desc()]
    rows = conn.execute(
        select(game_tables)
        .where(
            game_tables.c.status == status.value,
            game_tables.c.tutorial.is_(None),
            game_tables.c.visibility == Visibility.PUBLIC.value,
            *more,
        )
        .order_by(*order)
        .limit(limit)
    ).all()
    return [_table(row, _seats(conn, row.id)) for row in rows]


def of_account(conn: Connection, user_id: int) -> list[tuple[Table, int]]:
    """Every table with a seat of ``user_id``, and that seat."""
    rows = conn.execute(
        select(game_tables, seats.c.seat)
        .join(seats, seats.c.table_id == game_tables.c.id)
        .where(seats.c.user_id == user_id)
    ).all()
    return [(_table(row, _seats(conn, row.id)), row.seat) for row in rows]


def playing(conn: Connection) -> list[int]:
    """The ids of the tables whose game is on."""
    query = select(game_tables.c.id).where(game_tables.c.status == TableStatus.PLAYING.value)
    return list(conn.execute(query).scalars())


def bots_on_turn_since(conn: Connection, before: datetime) -> list[int]:
    """The ids of the tables in play whose seat on turn is a bot's, on turn since before
    ``before``: a bot that should have moved by then (its process went away under it)."""
    query = (
        select(game_tables.c.id)
        .join(
            seats,
            (seats.c.table_id == game_tables.c.id) & (seats.c.seat == game_tables.c.to_move),
        )
        .where(
            game_tables.c.status == TableStatus.PLAYING.value,
            game_tables.c.turn_since < before,
            seats.c.bot_level.is_not(None),
        )
        .order_by(game_tables.c.id)
    )
    return list(conn.execute(query).scalars())


@dataclass(frozen=True)
class NewTable:
    game: str
    num_seats: int
    options: Mapping[str, Any]
    seed: int
    creator_id: int
    at: datetime
    tutorial: str | None = None
    rated: bool = False
    pace: Mapping[str, Any] | None = None
    visibility: Visibility = Visibility.PUBLIC
    spectators: bool = True


def create(
    conn: Connection,
    new: NewTable,
    players: Mapping[int, int],
    bots: Mapping[int, str],
    pending: frozenset[int] = frozenset(),
) -> int:
    """An open table; ``players`` and ``bots`` by seat, the other seats empty; the
    ``pending`` seats' players have yet to accept (a rematch)."""
    table_id: int = conn.execute(
        insert(game_tables)
        .values(
            game=new.game,
            num_seats=new.num_seats,
            options=dict(new.options),
            seed=new.seed,
            status=TableStatus.OPEN.value,
            creator_id=new.creator_id,
            version=0,
            created_at=new.at,
            tutorial=new.tutorial,
            rated=new.rated,
            pace=None if new.pace is None else dict(new.pace),
            events=0,
            visibility=new.visibility.value,
            spectators=new.spectators,
        )
        .returning(game_tables.c.id)
    ).scalar_one()
    conn.execute(
        insert(seats),
        [
            {
                "table_id": table_id,
                "seat": seat,
                "user_id": players.get(seat),
                "bot_level": bots.get(seat),
                "pending": seat in pending,
            }
            for seat in range(new.num_seats)
        ],
    )
    return table_id


def seat_player(conn: Connection, table_id: int, seat: int, user_id: int | None) -> None:
    """Seat account ``user_id`` (None: free the seat), no longer pending."""
    where = (seats.c.table_id == table_id, seats.c.seat == seat)
    conn.execute(update(seats).where(*where).values(user_id=user_id, pending=False))


def seat_bot(conn: Connection, table_id: int, seat: int, level: str | None) -> None:
    """Seat a bot of ``level`` (None: no bot)."""
    where = (seats.c.table_id == table_id, seats.c.seat == seat)
    conn.execute(update(seats).where(*where).values(bot_level=level))


def close(conn: Connection, table_id: int) -> None:
    """The table goes, with its seats, invites and log (and the offer of it as a rematch)."""
    offered_by = game_tables.c.rematch_id == table_id
    conn.execute(update(game_tables).where(offered_by).values(rematch_id=None))
    conn.execute(delete(game_tables).where(game_tables.c.id == table_id))


def set_rematch(conn: Connection, table_id: int, rematch_id: int) -> None:
    """The finished table ``table_id`` offers ``rematch_id`` as its rematch."""
    conn.execute(
        update(game_tables).where(game_tables.c.id == table_id).values(rematch_id=rematch_id)
    )


def invited(conn: Connection, table_id: int, user_id: int) -> bool:
    query = select(invites.c.user_id).where(
        invites.c.table_id == table_id, invites.c.user_id == user_id
    )
    return conn.execute(query).first() is not None


def invite(conn: Connection, table_id: int, user_id: int) -> bool:
    """Invite ``user_id``; False if invited already."""
    if invited(conn, table_id, user_id):
        return False
    conn.execute(insert(invites).values(table_id=table_id, user_id=user_id))
    return True


def start(
    conn: Connection,
    table_id: int,
    first: int,
    at: datetime,
    clock: Clock | None = None,
    deadline: datetime | None = None,
    warn_at: datetime | None = None,
) -> None:
    """The game is on, ``first`` to move, its clocks set; the invites are done with."""
    conn.execute(
        update(game_tables)
        .where(game_tables.c.id == table_id)
        .values(
            status=TableStatus.PLAYING.value,
            to_move=first,
            turn_since=at,
            clock=None if clock is None else clock.to_json(),
            deadline=deadline,
            warn_at=warn_at,
        )
    )
    conn.execute(delete(invites).where(invites.c.table_id == table_id))


def log(conn: Connection, table_id: int, upto: int | None = None, after: int = 0) -> list[Entry]:
    """The table's log; ``upto``: only as far as that version; ``after``: from the next.

    Pass the version of the table read in the same work: under PostgreSQL's read
    committed each statement sees the latest commits, and a move committed between the
    two reads must not show a position ahead of the table."""
    query = select(moves.c.seq, moves.c.seat, moves.c.action).where(
        moves.c.table_id == table_id, moves.c.seq > after
    )
    if upto is not None:
        query = query.where(moves.c.seq <= upto)
    rows = conn.execute(query.order_by(moves.c.seq)).all()
    return [Entry(r.seq, r.seat, r.action) for r in rows]


def accept_seat(conn: Connection, table_id: int, seat: int) -> None:
    """The seat's person accepted the rematch."""
    where = (seats.c.table_id == table_id, seats.c.seat == seat)
    conn.execute(update(seats).where(*where).values(pending=False))
