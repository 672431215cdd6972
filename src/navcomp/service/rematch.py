"""Rematches: at a finished table, one of its players offers the same players (bots
included) a new table of the same game and options, seats rotated by one.

The offer is a new open table with every person already seated, each but the one who
offered it pending; it starts by itself once nobody is pending and no seat is empty.  A
person who declines leaves their seat open (the one who offered may invite someone or
seat a bot, then start); the one who offered declining closes the new table.  A person
who blocked the one offering, or whose account was deleted, is not asked: their seat is
left open.

Each runs inside the caller's transaction and refuses with an :class:`Refusal`
before it writes anything.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from navcomp.core.registry import get_game
from navcomp.domain import refusals
from navcomp.domain.model import NewNotice, Seat, Table, User
from navcomp.domain.notices import NoticeKind
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby, notify
from navcomp.store import accounts, blocks, friends, tables
from navcomp.store.db import Connection


def offer_text(by: str, game_title: str, table_id: int) -> str:
    return f"{by} offers a rematch of {game_title} (table {table_id})"


def _player(seat: Seat) -> int | None:
    """The person who played the seat (also one a bot took it over from)."""
    return seat.user_id if seat.user_id is not None else seat.former_user_id


def offer(conn: Connection, user: User, table_id: int, at: datetime) -> tuple[Table, bool]:
    """The rematch of the finished table ``table_id``, and True if it was made now (False:
    the one offered before)."""
    table = lobby.get(conn, table_id, lock=True)
    if not any(_player(seat) == user.id for seat in table.seats):
        raise Refusal(refusals.NOT_SEATED, "only the players of the game offer a rematch")
    if table.status is not TableStatus.OVER:
        raise Refusal(refusals.NOT_OVER, "a rematch is offered once the game is over")
    if table.rematch_id is not None and lobby.exists(conn, table.rematch_id):
        return lobby.get(conn, table.rematch_id), False
    players, bots = _rotated(conn, table, user.id)
    if table.rated and any(friends.is_guest(conn, person) for person in players.values()):
        raise Refusal(refusals.RATED_NEEDS_ACCOUNT, "a rated rematch seats accounts only")
    new = tables.NewTable(
        table.game,
        table.num_seats,
        table.options,
        secrets.randbits(62),
        user.id,
        at,
        rated=table.rated,
        pace=None if table.pace is None else table.pace.to_json(),
        visibility=table.visibility,
        spectators=table.spectators,
    )
    pending = frozenset(seat for seat, person in players.items() if person != user.id)
    rematch_id = tables.create(conn, new, players, bots, pending)
    tables.set_rematch(conn, table_id, rematch_id)
    title = get_game(table.game).info.title
    about = {"by": user.name, "game": table.game, "rematch": rematch_id}
    for person in sorted(players[seat] for seat in pending):
        text = offer_text(user.name, title, table_id)
        notify.add(conn, NewNotice(person, table_id, NoticeKind.REMATCH, text), at, about)
    return _start_if_ready(conn, rematch_id, at), True


def _rotated(conn: Connection, table: Table, offerer: int) -> tuple[dict[int, int], dict[int, str]]:
    """The new table's people and bots by seat: each moved one seat on; a person who
    blocked the one offering, or whose account was deleted, is left out."""
    players: dict[int, int] = {}
    bots: dict[int, str] = {}
    for seat in table.seats:
        moved = (seat.seat + 1) % table.num_seats
        person = _player(seat)
        if person is not None:
            if person == offerer or _askable(conn, person, offerer):
                players[moved] = person
        elif seat.bot_level is not None:
            bots[moved] = seat.bot_level
    return players, bots


def _askable(conn: Connection, person: int, offerer: int) -> bool:
    return not accounts.deleted(conn, person) and not blocks.blocked(conn, person, offerer)


def _offered(conn: Connection, user: User, table_id: int) -> tuple[Table, int]:
    """The open rematch offered from ``table_id`` and the seat ``user`` has at it."""
    table = lobby.get(conn, table_id)
    rematch_id = table.rematch_id
    if rematch_id is None or not lobby.exists(conn, rematch_id):
        raise Refusal(refusals.NO_REMATCH, "no rematch is offered from this table")
    rematch = lobby.get(conn, rematch_id, lock=True)
    seat = rematch.seat_of(user.id)
    if seat is None:
        raise Refusal(refusals.NO_REMATCH, "the rematch has no seat for you")
    return rematch, seat


def accept(conn: Connection, user: User, table_id: int, at: datetime) -> tuple[Table, bool]:
    """Take the seat offered; the rematch starts once everyone has (accepting twice, or
    once it has started, changes nothing).  The rematch, and whether this changed it."""
    rematch, seat = _offered(conn, user, table_id)
    if rematch.status is not TableStatus.OPEN:
        return rematch, False
    pending = rematch.seats[seat].pending
    if pending:
        tables.accept_seat(conn, rematch.id, seat)
    after = _start_if_ready(conn, rematch.id, at)
    return after, pending or after.status is not TableStatus.OPEN


def decline(conn: Connection, user: User, table_id: int) -> None:
    """Leave the seat offered open (the one who offered closes the rematch)."""
    rematch, seat = _offered(conn, user, table_id)
    if rematch.status is not TableStatus.OPEN:
        raise Refusal(refusals.TABLE_NOT_OPEN, "the rematch has started")
    if rematch.creator_id == user.id:
        tables.close(conn, rematch.id)
    else:
        tables.seat_player(conn, rematch.id, seat, None)


def _start_if_ready(conn: Connection, rematch_id: int, at: datetime) -> Table:
    rematch = lobby.get(conn, rematch_id)
    ready = not rematch.empty_seats() and not any(seat.pending for seat in rematch.seats)
    if rematch.status is TableStatus.OPEN and ready:
        lobby.begin(conn, rematch, at)
        rematch = lobby.get(conn, rematch_id)
    return rematch


def offered_id(conn: Connection, table_id: int) -> int:
    """The id of the open rematch offered from ``table_id``."""
    rematch_id = lobby.get(conn, table_id).rematch_id
    if rematch_id is None:
        raise Refusal(refusals.NO_REMATCH, "no rematch is offered from this table")
    return rematch_id
