"""What happens when time runs out or a player leaves: time up, more time, a bot taking
a seat over, a claim, a resignation, an abort vote, a stalled or abandoned game, a game
the server's host ended.

Each runs inside the caller's transaction on the table read with its row locked, refuses
with an :class:`Refusal` before it writes anything, and counts as one of the table's
events (``store/clocks.py``), which a move racing it then sees (``moves.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from navcomp.bots.levels import levels_for
from navcomp.core.registry import get_game
from navcomp.domain import refusals
from navcomp.domain.clocks import Clock, Pace, Stage, give_extra, time_up, vote
from navcomp.domain.model import NewNotice, Table, User
from navcomp.domain.notices import NoticeKind
from navcomp.domain.refusals import Refusal
from navcomp.domain.results import TableResult
from navcomp.domain.table_clock import next_deadline, next_warning
from navcomp.domain.tables import EventKind, SeatEnd, TableEnd, TableStatus
from navcomp.service import lobby, ratings
from navcomp.service.effects import WAKE_MAIL, Effects, PushTable, StartBot, webhooks_for
from navcomp.service.mail import queue as mail
from navcomp.store import accounts, clocks, notices
from navcomp.store.db import Connection

TAKEOVER_LEVEL = "medium"


@dataclass(frozen=True)
class Changed:
    """A table changed besides a move, and the notices it wrote (to send to webhooks)."""

    table: Table
    told: list[NewNotice]
    hooks: dict[int, str]  # the webhook of each account told that has one
    news: bool = True  # False: nothing changed (a vote repeated), so nothing to push

    @property
    def effects(self) -> Effects:
        """Push the table as it now is, wake the mail sender for the notices' mail, call
        webhooks, and set a bot thinking if one is to move."""
        if not self.news:
            return ()
        return (
            PushTable(self.table, forget=True),
            *([WAKE_MAIL] if self.told else []),
            *webhooks_for(self.table.id, self.told, self.hooks),
            StartBot(self.table.id),
        )


# --- the sweeper's part: a deadline passed -------------------------------------------------


def on_deadline(conn: Connection, table_id: int, at: datetime) -> Changed:
    """The deadline of ``table_id`` (claimed by the caller) has passed: the mover's time is
    up, or the others' grace to choose is over, or the game has stalled."""
    table = lobby.get(conn, table_id)
    pace, clock = table.pace, table.clock
    assert pace is not None and clock is not None and table.to_move is not None
    mover = table.to_move
    if table.deadline is None or at < table.deadline:  # only the warning is due
        return _warn(conn, table, mover, at)
    others = [seat for seat in table.people() if seat != mover]
    if clock.stage is Stage.RUNNING and others:
        clock, until = time_up(pace, clock, at)
        kind = EventKind.TIME_UP if pace.timed else EventKind.STALLED
        values = {"clock": clock.to_json(), "deadline": until, "warn_at": None}
        _change(conn, table, (kind, mover), at, **values)
        notice_kind = NoticeKind.TIME_UP if pace.timed else NoticeKind.STALLED
        text = f"Time is up for seat {mover + 1} at table {table_id}: choose what follows"
        told = _tell(conn, table, others, notice_kind, text, at)
    elif pace.timed:  # nobody chose within the grace
        told = _take_over(conn, table, mover, SeatEnd.TIMED_OUT, at)
    else:  # stalled, and nobody else is active
        told = _end(conn, table, TableEnd.ABANDONED, EventKind.ABANDONED, None, {}, at)
    return _changed(conn, table_id, told)


def _warn(conn: Connection, table: Table, mover: int, at: datetime) -> Changed:
    """A quarter of the mover's time is left: tell them, in the app and by mail."""
    clocks.clear_warning(conn, table.id)
    text = f"Your time runs low at table {table.id}"
    told = _tell(conn, table, [mover], NoticeKind.TIME_LOW, text, at)
    mail.queue(conn, told, table, at)
    return _changed(conn, table.id, told)


# --- the players' part ---------------------------------------------------------------------


def _playing(conn: Connection, table_id: int) -> Table:
    table = lobby.get(conn, table_id, lock=True)
    if table.status is not TableStatus.PLAYING:
        raise Refusal(refusals.NOT_PLAYING, "the game is not on")
    return table


def _my_seat(table: Table, user: User) -> int:
    seat = table.seat_of(user.id)
    if seat is None:
        raise Refusal(refusals.NOT_SEATED, "only the players at the table may do this")
    return seat


def _waiting_for_choice(table: Table, user: User) -> tuple[Pace, Clock, int]:
    """The pace and clocks of a table whose mover's time is up (or that stalled), and the
    mover; ``user`` must be one of the others."""
    seat = _my_seat(table, user)
    pace, clock = table.pace, table.clock
    if pace is None or clock is None or clock.stage is Stage.RUNNING or table.to_move is None:
        raise Refusal(refusals.TIME_NOT_UP, "the player to move still has time")
    if seat == table.to_move:
        raise Refusal(refusals.OWN_TIME, "the others choose what follows your time")
    return pace, clock, table.to_move


def extra_time(conn: Connection, user: User, table_id: int, at: datetime) -> Changed:
    """Give the mover, whose time is up, one turn's allowance more (once a turn)."""
    table = _playing(conn, table_id)
    pace, clock, mover = _waiting_for_choice(table, user)
    if clock.stage is not Stage.TIME_UP:
        raise Refusal(refusals.TIME_NOT_UP, "without a clock there is no time to give")
    if clock.extra:
        raise Refusal(refusals.EXTRA_TIME_USED, "more time was given this turn already")
    used = 0.0 if table.turn_since is None else (at - table.turn_since).total_seconds()
    clock, until = give_extra(pace, clock, mover, used, at)
    event = (EventKind.EXTRA_TIME, mover)
    _change(conn, table, event, at, clock=clock.to_json(), deadline=until, warn_at=None)
    return _changed(conn, table_id, [])


def hand_to_bot(conn: Connection, user: User, table_id: int, at: datetime) -> Changed:
    """A bot takes the seat of the mover whose time is up (or who let the game stall)."""
    table = _playing(conn, table_id)
    _pace, clock, mover = _waiting_for_choice(table, user)
    ended = SeatEnd.TIMED_OUT if clock.stage is Stage.TIME_UP else SeatEnd.TAKEN_OVER
    return _changed(conn, table_id, _take_over(conn, table, mover, ended, at))


def claim(conn: Connection, user: User, table_id: int, at: datetime) -> Changed:
    """In a game of two, the other player wins on time."""
    table = _playing(conn, table_id)
    _pace, clock, mover = _waiting_for_choice(table, user)
    if clock.stage is not Stage.TIME_UP:
        raise Refusal(refusals.TIME_NOT_UP, "a game without clock cannot be claimed")
    if table.num_seats != 2:
        raise Refusal(refusals.CLAIM_TWO_ONLY, "only a game of two can be claimed")
    winner = 1 - mover
    ends = {mover: SeatEnd.TIMED_OUT}
    told = _end(conn, table, TableEnd.FORFEIT, EventKind.CLAIMED, winner, ends, at)
    return _changed(conn, table_id, told)


def resign(conn: Connection, user: User, table_id: int, at: datetime) -> Changed:
    """Leave a running game: in a game of two the other wins; else a bot plays on."""
    table = _playing(conn, table_id)
    seat = _my_seat(table, user)
    if table.num_seats == 2:
        ends = {seat: SeatEnd.RESIGNED}
        told = _end(conn, table, TableEnd.FORFEIT, EventKind.RESIGNED, 1 - seat, ends, at)
    else:
        told = _take_over(conn, table, seat, SeatEnd.RESIGNED, at)
    return _changed(conn, table_id, told)


def vote_abort(conn: Connection, user: User, table_id: int, at: datetime) -> Changed:
    """A vote to end the game without a result; it ends when every person has voted.  The
    only person at a rated table cannot vote (one vote would spare their rating)."""
    table = _playing(conn, table_id)
    seat = _my_seat(table, user)
    if table.rated and table.people() == [seat]:
        raise Refusal(
            refusals.LONE_ABORT_RATED, "you are the only player: resign instead, which counts"
        )
    return _voted(conn, table, seat, at)


def _voted(conn: Connection, table: Table, seat: int, at: datetime) -> Changed:
    """``seat`` votes to abort; a vote repeated changes nothing, unless it is the last
    one missing now (another person left after it was cast)."""
    before = table.clock or Clock(())
    clock = vote(before, seat)
    everyone = set(table.people()) <= set(clock.votes)
    if seat in before.votes and not everyone:
        return Changed(table, [], {}, news=False)
    told: list[NewNotice] = []
    if everyone:
        told = _end(conn, table, TableEnd.ABORTED, EventKind.ABORTED, None, {}, at)
    else:
        _change(conn, table, (EventKind.VOTE, seat), at, clock=clock.to_json())
    return _changed(conn, table.id, told)


def last_person_leaves(conn: Connection, user: User, table_id: int, at: datetime) -> Changed:
    """The game's last person leaves it (deletes the account): it ends without a result,
    and says so rather than that a vote ended it."""
    table = _playing(conn, table_id)
    ends = {_my_seat(table, user): SeatEnd.RESIGNED}
    told = _end(conn, table, TableEnd.LEFT, EventKind.LEFT, None, ends, at)
    return _changed(conn, table_id, told)


def aborted_by_host(conn: Connection, table_id: int, at: datetime) -> Changed:
    """The server's host ends the game (``navcomp admin end-table``): aborted, without a
    result, as when every person voted so."""
    table = _playing(conn, table_id)
    told = _end(conn, table, TableEnd.ABORTED, EventKind.ABORTED, None, {}, at)
    return _changed(conn, table_id, told)


# --- the changes themselves ------------------------------------------------------------------


def _change(
    conn: Connection,
    table: Table,
    event: tuple[EventKind, int | None],
    at: datetime,
    **values: Any,
) -> None:
    if not clocks.change(conn, table.id, table.events, event, at, values):
        raise Refusal(refusals.CONFLICT, "the table changed at the same moment: try again")


def _take_over(
    conn: Connection, table: Table, seat: int, ended: SeatEnd, at: datetime
) -> list[NewNotice]:
    """A bot takes ``seat`` for the rest of the game; the person cannot come back."""
    levels = levels_for(get_game(table.game))
    level = TAKEOVER_LEVEL if TAKEOVER_LEVEL in levels else levels[0]
    former = table.seats[seat].user_id
    clocks.hand_to_bot(conn, table.id, seat, level, ended)
    seats = tuple(
        replace(s, user_id=None, bot_level=level, ended=ended) if s.seat == seat else s
        for s in table.seats
    )
    after = replace(table, seats=seats)
    pace, clock = after.pace, after.clock or Clock(())
    clock = replace(clock, votes=tuple(v for v in clock.votes if v != seat))
    values: dict[str, Any] = {}
    if table.to_move == seat:  # the bot's turn begins now
        clock = replace(clock, stage=Stage.RUNNING, extra=False)
        values["turn_since"] = at
    since = at if table.to_move == seat or table.turn_since is None else table.turn_since
    if pace is not None:
        values["deadline"] = next_deadline(after, pace, clock, after.to_move, since)
        values["warn_at"] = next_warning(after, pace, clock, after.to_move, since)
        if table.to_move != seat and table.warn_at is None:  # the mover was warned already
            values["warn_at"] = None
    else:
        values["deadline"] = values["warn_at"] = None
    kind = EventKind.RESIGNED if ended is SeatEnd.RESIGNED else EventKind.TAKEN_OVER
    _change(conn, table, (kind, seat), at, clock=clock.to_json(), **values)
    text = f"A bot now plays seat {seat + 1} at table {table.id}"
    told = [*after.people(), *([seat] if former is not None else [])]
    return _tell(conn, table, told, NoticeKind.SEAT_CHANGE, text, at)


def _end(
    conn: Connection,
    table: Table,
    reason: TableEnd,
    kind: EventKind,
    winner: int | None,
    ends: dict[int, SeatEnd],
    at: datetime,
) -> list[NewNotice]:
    """The game ends now for ``reason``: ``winner`` wins (None: nobody), ``ends`` says how
    the seats that did not play it out ended."""
    seat_ends = tuple(ends.get(s.seat) or s.ended or SeatEnd.PLAYED for s in table.seats)
    result = TableResult(() if winner is None else (winner,), reason, seat_ends)
    for seat, end in ends.items():
        clocks.end_seat(conn, table.id, seat, end)
    clocks.end_seats(conn, table.id)
    values = {
        "status": TableStatus.OVER.value,
        "to_move": None,
        "deadline": None,
        "warn_at": None,
        "end_reason": reason.value,
        "result": result.to_json(),
    }
    mover = next(iter(ends), None)
    _change(conn, table, (kind, mover), at, **values)
    if reason is TableEnd.FORFEIT and winner is not None:  # an aborted game counts for nothing
        ratings.record_game(conn, table, result, at)
    text = f"The game at table {table.id} is over: see the scores"
    told = _tell(conn, table, table.people(), NoticeKind.OVER, text, at)
    mail.queue(conn, told, replace(table, status=TableStatus.OVER, result=result), at)
    return told


def _tell(
    conn: Connection, table: Table, seats: list[int], kind: NoticeKind, text: str, at: datetime
) -> list[NewNotice]:
    told = []
    for seat in seats:
        user_id = table.seats[seat].user_id
        if user_id is not None:
            told.append(NewNotice(user_id, table.id, kind, text))
            notices.add(conn, told[-1], at, None)
    return told


def _changed(conn: Connection, table_id: int, told: list[NewNotice]) -> Changed:
    hooks = accounts.webhooks(conn, [n.user_id for n in told])
    return Changed(lobby.get(conn, table_id), told, hooks)
