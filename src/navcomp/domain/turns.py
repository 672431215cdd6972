"""A move's consequences, worked out before anything is written: the actor's seat, whether
the table takes a move at the version the mover saw, where the table stands after it
(:func:`turn_after`), and the move as the store writes it (:class:`PlayedMove`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from navcomp.core.protocol import Result
from navcomp.domain import refusals, table_clock
from navcomp.domain.model import NewNotice, Table, Turn, User
from navcomp.domain.refusals import Refusal
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableStatus


def stale(expected: int, version: int) -> Refusal:
    return Refusal(
        refusals.STALE_VERSION, f"the table is at version {version}, not {expected}: reload"
    )


def seat_for(table: Table, actor: User | int) -> int:
    """The seat ``actor`` (a user, or a bot's seat number) moves for."""
    if not isinstance(actor, User):
        return actor
    seat = table.seat_of(actor.id)
    if seat is None:
        raise Refusal(refusals.NOT_SEATED, "spectators cannot move")
    return seat


def check_movable(table: Table, expected: int) -> None:
    """Refused unless the game has started and the table is at version ``expected``."""
    if table.status is TableStatus.OPEN:
        raise Refusal(refusals.NOT_STARTED, "the game has not started")
    if expected != table.version:
        raise stale(expected, table.version)


def finished_result(table: Table, result: Result) -> TableResult:
    """A game's result as played to its end, with how each seat ended."""
    return TableResult.finished(result, tuple(s.ended or SeatEnd.PLAYED for s in table.seats))


def turn_after(table: Table, to_move: int | None, result: Result | None, at: datetime) -> Turn:
    """Where the game stands after the move, as the table's row will say."""
    over = result is not None
    timing = table_clock.after_move(table, to_move, over, at)
    return Turn(
        table.version + 1,
        to_move,
        at if to_move != table.to_move else table.turn_since,
        TableStatus.OVER if over else table.status,
        None if result is None else finished_result(table, result),
        timing.clock,
        timing.deadline,
        timing.warn_at,
    )


@dataclass(frozen=True)
class PlayedMove:
    """A move as the store writes it in the move's transaction."""

    table: Table  # as the mover saw it, at version ``turn.version - 1``
    turn: Turn
    seat: int
    action: int | None  # None: an undo
    at: datetime
    told: tuple[NewNotice, ...]  # of turns and of the game's end
    solo: Result | None  # a one-seat game's result: its high score

    @property
    def finished(self) -> bool:
        """Played to its end (not ended by a vote, a claim or the clock)."""
        return self.turn.result is not None

    @property
    def answered(self) -> int | None:
        """The account whose turn the move passed on: its "your turn" notices are read."""
        had_turn = self.table.to_move
        if self.table.tutorial is not None or had_turn is None or self.turn.to_move == had_turn:
            return None
        return self.table.seats[had_turn].user_id
