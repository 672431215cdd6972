"""Tables before and around play: create, find, join, leave, invite, seat bots, start.

Each runs inside the caller's transaction and refuses with an :class:`Refusal`
before it writes anything.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from navcomp.bots.levels import levels_for
from navcomp.core.errors import quoted
from navcomp.core.protocol import Game
from navcomp.core.registry import game_names, get_game
from navcomp.domain import clocks, refusals, table_clock, telling
from navcomp.domain.model import NewNotice, Table, User
from navcomp.domain.notices import NoticeKind
from navcomp.domain.refusals import Refusal, not_found
from navcomp.domain.tables import TableStatus, Visibility, table_id_in_range
from navcomp.service import notify
from navcomp.service.accounts import user_id_by_name
from navcomp.store import blocks, tables
from navcomp.store.db import Connection

MAX_OPEN_LISTED = 100
OPEN_LISTED_PER_CREATOR = 3
MAX_WATCHABLE_LISTED = 50


def unknown_game(name: str) -> Refusal:
    games = ", ".join(game_names())
    return Refusal(refusals.UNKNOWN_GAME, f"no game {quoted(name)}; games: {games}")


def get(conn: Connection, table_id: int, lock: bool = False) -> Table:
    """The table; ``lock`` holds it until commit (on PostgreSQL; SQLite locks it all)."""
    table = tables.get(conn, table_id, lock) if table_id_in_range(table_id) else None
    if table is None:
        raise not_found()
    return table


def exists(conn: Connection, table_id: int) -> bool:
    """False once the creator has closed the table (or for an id that never was)."""
    return table_id_in_range(table_id) and tables.exists(conn, table_id)


def list_open(conn: Connection) -> list[Table]:
    return tables.open_tables(conn, MAX_OPEN_LISTED, OPEN_LISTED_PER_CREATOR)


def list_watchable(conn: Connection) -> list[Table]:
    """The public games on whose host allows spectators."""
    return tables.watchable_tables(conn, MAX_WATCHABLE_LISTED)


def watched(conn: Connection, table_id: int, user_id: int | None) -> Table:
    """The table, if ``user_id`` may see it (:func:`refusal`)."""
    table = get(conn, table_id)
    refused = refusal(conn, table, user_id)
    if refused is not None:
        raise refused
    return table


def refusal(conn: Connection, table: Table, user_id: int | None) -> Refusal | None:
    """Why ``user_id`` (None: nobody signed in) may not see the table, or None if they
    may: the one question every route that serves or touches a table's data asks.  Its
    game: ``Table.may_watch``.  An open invite-only table: its players and the invited
    only, as nobody else may sit at it."""
    if not table.may_watch(user_id):
        return spectators_refused()
    if (
        table.status is TableStatus.OPEN
        and table.visibility is Visibility.INVITE
        and not table.was_seated(user_id)
        and (user_id is None or not tables.invited(conn, table.id, user_id))
    ):
        return Refusal(refusals.INVITE_ONLY, "the table is invite-only: ask for an invitation")
    return None


def may_see(conn: Connection, table_id: int, user_id: int | None) -> bool:
    """Whether ``user_id`` may see the table (:func:`refusal`), for the lists that name
    tables (profiles, rating histories): a table they may not see is left out."""
    table = tables.get(conn, table_id) if table_id_in_range(table_id) else None
    return table is not None and refusal(conn, table, user_id) is None


def spectators_refused() -> Refusal:
    return Refusal(refusals.SPECTATORS_NOT_ALLOWED, "only the players see this game")


def create(
    conn: Connection,
    user: User,
    game_name: str,
    num_seats: int,
    bots: Mapping[int, str],
    options: Mapping[str, Any] | None,
    pace: Mapping[str, Any] | None = None,
    rated: bool = False,
    seen_by: tuple[Visibility, bool] = (Visibility.PUBLIC, True),
    max_open: int = 0,
    *,
    at: datetime,
) -> Table:
    """An open table; ``seen_by``: its visibility and whether spectators may watch;
    ``max_open``: how many open tables one account may have made (0: any)."""
    if rated and num_seats == 1:
        raise Refusal(refusals.NEVER_RATED, "a solo table is never rated")
    if rated and user.is_guest:
        raise Refusal(refusals.RATED_NEEDS_ACCOUNT, "register to play rated games")
    if game_name not in game_names():
        raise unknown_game(game_name)
    game = get_game(game_name)
    try:
        normalized = game.normalize_options(options)
        seed = secrets.randbits(62)
        game.new_initial_state(num_seats, seed, normalized)  # what start will build
    except ValueError as error:
        raise Refusal(refusals.INVALID_TABLE, str(error)) from None
    for seat, level in bots.items():
        _check_bot(game, seat, level, num_seats)
    if len(bots) >= num_seats:
        raise Refusal(refusals.INVALID_TABLE, "leave at least one seat for a person")
    try:
        chosen = None if num_seats == 1 else clocks.normalize_pace(pace)  # solo: no clock
    except ValueError as error:
        raise Refusal(refusals.INVALID_PACE, str(error)) from None
    if max_open and tables.open_made_by(conn, user.id) >= max_open:
        raise Refusal(
            refusals.TOO_MANY_OPEN_TABLES,
            f"at most {max_open} open tables at once: start or close one first",
        )
    own_seat = min(set(range(num_seats)) - set(bots))
    new = tables.NewTable(
        game_name,
        num_seats,
        normalized,
        seed,
        user.id,
        at,
        pace=chosen,
        rated=rated,
        visibility=seen_by[0],
        spectators=seen_by[1],
    )
    return get(conn, tables.create(conn, new, {own_seat: user.id}, bots))


def _check_bot(game: Game[Any], seat: int, level: str, num_seats: int) -> None:
    if not 0 <= seat < num_seats:
        raise Refusal(refusals.INVALID_SEAT, f"seats are 0 to {num_seats - 1}")
    levels = levels_for(game)
    if level not in levels:
        raise Refusal(
            refusals.UNKNOWN_BOT, f"bot levels for {game.info.title}: {', '.join(levels)}"
        )


def _open_table(conn: Connection, table_id: int) -> Table:
    table = get(conn, table_id, lock=True)
    if table.status is not TableStatus.OPEN:
        raise Refusal(refusals.TABLE_NOT_OPEN, "the game has started; seats are fixed")
    return table


def join(conn: Connection, user: User, table_id: int, seat: int | None) -> None:
    table = _open_table(conn, table_id)
    if table.seat_of(user.id) is not None:
        raise Refusal(refusals.ALREADY_SEATED, "you already have a seat at this table")
    if table.rated and user.is_guest:
        raise Refusal(refusals.RATED_NEEDS_ACCOUNT, "register to play rated games")
    if table.visibility is Visibility.INVITE and not tables.invited(conn, table_id, user.id):
        raise Refusal(refusals.INVITE_ONLY, "the table is invite-only: ask for an invitation")
    free = table.empty_seats()
    if seat is None:
        if not free:
            raise Refusal(refusals.TABLE_FULL, "no free seat")
        seat = free[0]
    elif seat not in free:
        raise Refusal(refusals.SEAT_TAKEN, f"seat {seat} is not free")
    tables.seat_player(conn, table_id, seat, user.id)


def leave(conn: Connection, user: User, table_id: int) -> None:
    """Leave an open table; the creator leaving closes it."""
    table = _open_table(conn, table_id)
    if table.creator_id == user.id:
        tables.close(conn, table_id)
        return
    seat = table.seat_of(user.id)
    if seat is None:
        raise Refusal(refusals.NOT_SEATED, "you have no seat at this table")
    tables.seat_player(conn, table_id, seat, None)


def set_bot(conn: Connection, user: User, table_id: int, seat: int, level: str | None) -> None:
    table = _open_table(conn, table_id)
    _only_creator(table, user)
    if level is not None:
        _check_bot(get_game(table.game), seat, level, table.num_seats)
    if not 0 <= seat < table.num_seats or table.seats[seat].user_id is not None:
        raise Refusal(refusals.SEAT_TAKEN, f"seat {seat} is not free for a bot")
    tables.seat_bot(conn, table_id, seat, level)


def new_invitee(conn: Connection, user: User, table_id: int, name: str) -> int | None:
    """The id of the account ``user`` may invite by ``name`` to the table, or None if it
    is invited already; refused as ``invite`` would refuse it."""
    table = _open_table(conn, table_id)
    return _invitee(conn, table, user, name)


def _invitee(conn: Connection, table: Table, user: User, name: str) -> int | None:
    if table.seat_of(user.id) is None:
        raise Refusal(refusals.NOT_SEATED, "only players at the table may invite")
    invitee = user_id_by_name(conn, name)
    if blocks.blocked(conn, invitee, user.id):
        raise Refusal(refusals.BLOCKED, f"{quoted(name)} does not take invitations from you")
    if table.seat_of(invitee) is not None:
        raise Refusal(refusals.ALREADY_SEATED, f"{quoted(name)} is already at the table")
    return None if tables.invited(conn, table.id, invitee) else invitee


def invite(conn: Connection, user: User, table_id: int, name: str, at: datetime) -> None:
    table = _open_table(conn, table_id)
    invitee = _invitee(conn, table, user, name)
    if invitee is not None and tables.invite(conn, table_id, invitee):
        text = telling.invite_text(user.name, get_game(table.game).info.title, table_id)
        about = {"by": user.name, "game": table.game}
        notify.add(conn, NewNotice(invitee, table_id, NoticeKind.INVITE, text), at, about, table)


def _only_creator(table: Table, user: User) -> None:
    if table.creator_id != user.id:
        raise Refusal(refusals.NOT_CREATOR, "only the table's creator may do this")


def start(conn: Connection, user: User, table_id: int, at: datetime) -> None:
    """Start the game, its clocks running; the person to move first gets a "your turn"
    notice."""
    table = _open_table(conn, table_id)
    _only_creator(table, user)
    empty = table.empty_seats()
    if empty:
        raise Refusal(refusals.SEATS_EMPTY, f"seats {empty} are empty: invite players or seat bots")
    if any(seat.pending for seat in table.seats):
        raise Refusal(refusals.REMATCH_PENDING, "not everyone has accepted the rematch")
    begin(conn, table, at)


def begin(conn: Connection, table: Table, at: datetime) -> None:
    """The game at a full table starts."""
    table_id = table.id
    state = get_game(table.game).new_initial_state(table.num_seats, table.seed, table.options)
    first = state.current_player
    assert first is not None
    timing = table_clock.starting(table, first, at)
    tables.start(conn, table_id, first, at, timing.clock, timing.deadline, timing.warn_at)
    notice = telling.turn_notice(table_id, table.seats, first)
    if notice is not None:
        notify.add(conn, notice, at, table=table)
