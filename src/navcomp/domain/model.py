"""The values the repositories hand out: typed, made from rows at the database's edge.

A :class:`Table` is one shape from the row to the push: the server turns it into JSON
only where it answers (``service/views.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from navcomp.domain.clocks import Clock, Pace
from navcomp.domain.mail import MailKind, TurnMail
from navcomp.domain.notices import NoticeKind
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableEnd, TableStatus, Visibility


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    user_id: int | None  # None: a bot's seat, or an empty one
    name: str | None  # the player's name, if a person sits there
    bot_level: str | None
    ended: SeatEnd | None = None  # once the seat changed hands or the game ended
    former: str | None = None  # the person a bot took the seat over from
    former_user_id: int | None = None  # that person's account
    pending: bool = False  # a rematch's seat whose person has not accepted yet

    @property
    def person(self) -> bool:
        return self.user_id is not None


@dataclass(frozen=True, slots=True)
class Table:
    """A table as of ``version``: its setup, where the game stands, and its seats."""

    id: int
    game: str
    num_seats: int
    options: dict[str, Any]
    seed: int  # secret until the game is over
    status: TableStatus
    creator_id: int
    version: int  # the number of log entries
    to_move: int | None
    turn_since: datetime | None
    result: TableResult | None
    seats: tuple[Seat, ...]
    tutorial: str | None = None  # the tutorial's name at a tutorial table (docs/web.md)
    rated: bool = False  # the end of its game changes its players' ratings
    pace: Pace | None = None  # None: no clock, never stalls
    clock: Clock | None = None  # the clocks while the game is on
    deadline: datetime | None = None  # when the mover's time runs out, or the grace ends
    warn_at: datetime | None = None  # when the mover is told its time runs low
    end_reason: TableEnd | None = None  # once the game is over
    events: int = 0  # changes besides moves (time up, a seat taken over...): a move checks it
    visibility: Visibility = Visibility.PUBLIC
    spectators: bool = True  # may people without a seat watch the game
    rematch_id: int | None = None  # once over: the table offered as its rematch

    def may_watch(self, user_id: int | None) -> bool:
        """Whether ``user_id`` (None: nobody signed in) may see the game: anyone while the
        table is open; then its players (also one whose seat a bot took over), and others
        only if the host allows spectators at a table that is not invite-only."""
        if self.status is TableStatus.OPEN or self.was_seated(user_id):
            return True
        return self.spectators and self.visibility is not Visibility.INVITE

    def was_seated(self, user_id: int | None) -> bool:
        """Whether ``user_id`` has a seat here, or had one a bot took over."""
        return user_id is not None and any(
            user_id in (s.user_id, s.former_user_id) for s in self.seats
        )

    def people(self) -> list[int]:
        """The seats where a person still plays."""
        return [s.seat for s in self.seats if s.user_id is not None]

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat of account ``user_id`` (None: not seated, or nobody)."""
        if user_id is None:
            return None
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def seated_accounts(self) -> dict[int, int]:
        """The seat of each account seated at the table (bot and empty seats have none)."""
        return {s.user_id: s.seat for s in self.seats if s.user_id is not None}

    def empty_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.user_id is None and s.bot_level is None]

    def after(self, turn: Turn) -> Table:
        """The table once a move has brought it to ``turn``; a move that ends the game
        ends it as played to its end, with each seat's end as the result says."""
        ended = turn.status is TableStatus.OVER and turn.result is not None
        seats = self.seats
        if ended:
            assert turn.result is not None and turn.result.seat_ends is not None
            ends = turn.result.seat_ends
            seats = tuple(replace(s, ended=ends[s.seat]) for s in self.seats)
        return replace(
            self,
            seats=seats,
            end_reason=TableEnd.FINISHED if ended else self.end_reason,
            version=turn.version,
            to_move=turn.to_move,
            turn_since=turn.turn_since,
            status=turn.status,
            result=turn.result,
            clock=turn.clock,
            deadline=turn.deadline,
            warn_at=turn.warn_at,
        )

    def bot_on_turn(self) -> str | None:
        """The level of the bot to move, if the game is on and a bot is on turn."""
        if self.status is not TableStatus.PLAYING or self.to_move is None:
            return None
        return self.seats[self.to_move].bot_level


@dataclass(frozen=True, slots=True)
class Turn:
    """Where a game stands after a move: the columns a move changes besides the log."""

    version: int
    to_move: int | None
    turn_since: datetime | None
    status: TableStatus
    result: TableResult | None
    clock: Clock | None = None
    deadline: datetime | None = None
    warn_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the move log: an action, or an undo (``action`` None)."""

    seq: int
    seat: int
    action: int | None


@dataclass(frozen=True, slots=True)
class User:
    id: int
    name: str
    is_guest: bool


@dataclass(frozen=True, slots=True)
class AccountName:
    """A name as stored (normalised), its case-folded key and its look-alike key."""

    name: str
    key: str
    skeleton: str


@dataclass(frozen=True, slots=True)
class Session:
    user: User
    token: str
    csrf: str


@dataclass(frozen=True, slots=True)
class Login:
    """What a login checks the password against (``password_hash`` None: a guest), and
    whether the server's host disabled the account (then it is refused all the same)."""

    user: User
    password_hash: str | None
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Notice:
    id: int
    table_id: int | None
    kind: NoticeKind
    about: dict[str, Any] | None
    text: str
    read: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewNotice:
    """A notice a move or the lobby writes: to ``user_id``, about ``table_id``."""

    user_id: int
    table_id: int
    kind: NoticeKind
    text: str


@dataclass(frozen=True, slots=True)
class SoloScore:
    player: str | None  # the player's name (in the best of all; None in my own)
    score: int
    table_id: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class MailSettings:
    """An account's address and what it wants by mail (mail goes to a verified address)."""

    address: str | None = None
    verified: bool = False
    language: str = "en"
    turn: TurnMail = TurnMail.EVERY
    digest_hours: int = 24
    invites: bool = True
    time_low: bool = True
    game_over: bool = True
    last_digest_at: datetime | None = None

    def reachable(self) -> bool:
        return self.address is not None and self.verified


@dataclass(frozen=True, slots=True)
class OutboxMail:
    """A mail waiting in the outbox: its reader, and what it says (rendered when sent)."""

    id: int
    user_id: int
    kind: MailKind
    address: str
    language: str
    about: dict[str, Any]
    attempts: int
