"""Tables before and around play: create, list, join, leave, invite, seat bots, start."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, bindparam, delete, insert, select, update

from navcomp.bots.levels import levels_for
from navcomp.core.protocol import Game
from navcomp.core.registry import game_names, get_game
from navcomp.server import notify
from navcomp.server.accounts import User, now, user_id_by_name
from navcomp.server.errors import ApiError, not_found
from navcomp.server.fields import table_id_in_range
from navcomp.store.db import DbRow
from navcomp.store.schema import game_tables, invites, seats, users

MAX_OPTIONS_KEYS = 20


def unknown_game(name: str) -> ApiError:
    return ApiError(422, "unknown_game", f"no game {name!r}; games: {', '.join(game_names())}")


def create(
    conn: Connection,
    user: User,
    game_name: str,
    num_seats: int,
    bots: Mapping[int, str],
    options: Mapping[str, Any] | None,
) -> int:
    if game_name not in game_names():
        raise unknown_game(game_name)
    game = get_game(game_name)
    try:
        normalized = game.normalize_options(options)
        seed = secrets.randbits(62)
        game.new_initial_state(num_seats, seed, normalized)  # what start will build
    except ValueError as error:
        raise ApiError(422, "invalid_table", str(error)) from None
    for seat, level in bots.items():
        _check_bot(game, seat, level, num_seats)
    if len(bots) >= num_seats:
        raise ApiError(422, "invalid_table", "leave at least one seat for a person")
    table_id: int = conn.execute(
        insert(game_tables)
        .values(
            game=game_name,
            num_seats=num_seats,
            options=normalized,
            seed=seed,
            status="open",
            creator_id=user.id,
            version=0,
            created_at=now(),
        )
        .returning(game_tables.c.id)
    ).scalar_one()
    own_seat = min(set(range(num_seats)) - set(bots))
    conn.execute(
        insert(seats),
        [
            {
                "table_id": table_id,
                "seat": seat,
                "user_id": user.id if seat == own_seat else None,
                "bot_level": bots.get(seat),
            }
            for seat in range(num_seats)
        ],
    )
    return table_id


def _check_bot(game: Game[Any], seat: int, level: str, num_seats: int) -> None:
    if not 0 <= seat < num_seats:
        raise ApiError(422, "invalid_seat", f"seats are 0 to {num_seats - 1}")
    levels = levels_for(game)
    if level not in levels:
        raise ApiError(422, "unknown_bot", f"bot levels for {game.info.title}: {', '.join(levels)}")


# Built once: the hot path then skips statement construction and cache keys.
_TABLE_ROW = select(game_tables).where(game_tables.c.id == bindparam("table_id"))
_TABLE_ROW_LOCKED = _TABLE_ROW.with_for_update()
_SEAT_ROWS = (
    select(seats.c.seat, seats.c.user_id, seats.c.bot_level, users.c.name)
    .outerjoin(users, users.c.id == seats.c.user_id)
    .where(seats.c.table_id == bindparam("table_id"))
    .order_by(seats.c.seat)
)


def table_row(conn: Connection, table_id: int, lock: bool = False) -> DbRow:
    """The table's row; ``lock`` holds it until commit (on PostgreSQL; SQLite locks it all)."""
    if not table_id_in_range(table_id):
        raise not_found()
    query = _TABLE_ROW_LOCKED if lock and conn.dialect.name == "postgresql" else _TABLE_ROW
    row = conn.execute(query, {"table_id": table_id}).first()
    if row is None:
        raise not_found()
    return row


def table_exists(conn: Connection, table_id: int) -> bool:
    """False once the creator has closed the table (or for an id that never was)."""
    if not table_id_in_range(table_id):
        return False
    query = select(game_tables.c.id).where(game_tables.c.id == table_id)
    return conn.execute(query).first() is not None


def seat_rows(conn: Connection, table_id: int) -> Sequence[DbRow]:
    return conn.execute(_SEAT_ROWS, {"table_id": table_id}).all()


def seat_of(seat_list: Sequence[DbRow], user: User | None) -> int | None:
    if user is None:
        return None
    return next((r.seat for r in seat_list if r.user_id == user.id), None)


def seated_accounts(seat_list: Sequence[DbRow]) -> dict[int, int]:
    """The seat of each account seated at the table (bot and empty seats have none)."""
    return {r.user_id: r.seat for r in seat_list if r.user_id is not None}


def describe(row: Any, seat_list: Sequence[DbRow], **changed: Any) -> dict[str, Any]:
    """What anyone may know about a table (never the seed); ``changed`` overrides the row."""
    turn_since = changed.get("turn_since", row.turn_since)
    return {
        "id": row.id,
        "game": row.game,
        "status": changed.get("status", row.status),
        "num_seats": row.num_seats,
        "options": row.options,
        "version": changed.get("version", row.version),
        "to_move": changed.get("to_move", row.to_move),
        "turn_since": turn_since.isoformat() if turn_since else None,
        "seats": [{"seat": r.seat, "player": r.name, "bot": r.bot_level} for r in seat_list],
        "result": changed.get("result", row.result),
    }


def list_open(conn: Connection, limit: int = 100) -> list[dict[str, Any]]:
    rows = conn.execute(
        select(game_tables)
        .where(game_tables.c.status == "open")
        .order_by(game_tables.c.id.desc())
        .limit(limit)
    ).all()
    return [describe(row, seat_rows(conn, row.id)) for row in rows]


def _open_table(conn: Connection, table_id: int) -> tuple[DbRow, Sequence[DbRow]]:
    row = table_row(conn, table_id, lock=True)
    if row.status != "open":
        raise ApiError(409, "table_not_open", "the game has started; seats are fixed")
    return row, seat_rows(conn, table_id)


def join(conn: Connection, user: User, table_id: int, seat: int | None) -> int:
    _row, seat_list = _open_table(conn, table_id)
    if seat_of(seat_list, user) is not None:
        raise ApiError(409, "already_seated", "you already have a seat at this table")
    free = [r.seat for r in seat_list if r.user_id is None and r.bot_level is None]
    if seat is None:
        if not free:
            raise ApiError(409, "table_full", "no free seat")
        seat = free[0]
    elif seat not in free:
        raise ApiError(409, "seat_taken", f"seat {seat} is not free")
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.seat == seat)
        .values(user_id=user.id)
    )
    return seat


def leave(conn: Connection, user: User, table_id: int) -> None:
    row, seat_list = _open_table(conn, table_id)
    if row.creator_id == user.id:
        conn.execute(delete(game_tables).where(game_tables.c.id == table_id))
        return
    seat = seat_of(seat_list, user)
    if seat is None:
        raise ApiError(403, "not_seated", "you have no seat at this table")
    conn.execute(
        update(seats).where(seats.c.table_id == table_id, seats.c.seat == seat).values(user_id=None)
    )


def set_bot(conn: Connection, user: User, table_id: int, seat: int, level: str | None) -> None:
    row, seat_list = _open_table(conn, table_id)
    _only_creator(row, user)
    if level is not None:
        _check_bot(get_game(row.game), seat, level, row.num_seats)
    if not 0 <= seat < row.num_seats or seat_list[seat].user_id is not None:
        raise ApiError(409, "seat_taken", f"seat {seat} is not free for a bot")
    conn.execute(
        update(seats)
        .where(seats.c.table_id == table_id, seats.c.seat == seat)
        .values(bot_level=level)
    )


def invite(conn: Connection, user: User, table_id: int, name: str) -> None:
    row, seat_list = _open_table(conn, table_id)
    if seat_of(seat_list, user) is None:
        raise ApiError(403, "not_seated", "only players at the table may invite")
    invitee = user_id_by_name(conn, name)
    if any(r.user_id == invitee for r in seat_list):
        raise ApiError(409, "already_seated", f"{name} is already at the table")
    already = conn.execute(
        select(invites.c.user_id).where(
            invites.c.table_id == table_id, invites.c.user_id == invitee
        )
    ).first()
    if already is None:
        conn.execute(insert(invites).values(table_id=table_id, user_id=invitee))
        text = notify.invite_text(user.name, get_game(row.game).info.title, table_id)
        about = {"by": user.name, "game": row.game}
        notify.add(conn, invitee, table_id, "invite", text, about)


def _only_creator(row: DbRow, user: User) -> None:
    if row.creator_id != user.id:
        raise ApiError(403, "not_creator", "only the table's creator may do this")


def start(conn: Connection, user: User, table_id: int) -> int:
    """Start the game; returns the seat to move first."""
    row, seat_list = _open_table(conn, table_id)
    _only_creator(row, user)
    empty = [r.seat for r in seat_list if r.user_id is None and r.bot_level is None]
    if empty:
        raise ApiError(409, "seats_empty", f"seats {empty} are empty: invite players or seat bots")
    state = get_game(row.game).new_initial_state(row.num_seats, row.seed, row.options)
    first = state.current_player
    assert first is not None
    conn.execute(
        update(game_tables)
        .where(game_tables.c.id == table_id)
        .values(status="playing", to_move=first, turn_since=now())
    )
    conn.execute(delete(invites).where(invites.c.table_id == table_id))
    return int(first)
