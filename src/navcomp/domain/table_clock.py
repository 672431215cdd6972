"""A table's clocks through its game: set at the start, charged at each move, checked
before a move (``domain/clocks.py`` does the arithmetic).

Deadlines are a person's only: a bot's turn has none.  A timed pace runs while at least
two people play (with fewer, nobody waits for anybody); without clock the stall period
runs whenever a person is to move.  At a turn-based pace the mover is warned once a
quarter of the turn's time (allowance and bank) is left: ``Timing.warn_at``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple

from navcomp.domain import refusals
from navcomp.domain.clocks import (
    Clock,
    Pace,
    PaceKind,
    Stage,
    available,
    charge,
    deadline,
    start_clock,
)
from navcomp.domain.model import Table
from navcomp.domain.refusals import Refusal


class Timing(NamedTuple):
    """A table's clocks as stored, when the mover's time runs out, and when the mover is
    told it runs low (None: never)."""

    clock: Clock | None
    deadline: datetime | None
    warn_at: datetime | None = None


LOW = 0.25
"""The share of a turn's time left when the mover is warned."""


def next_deadline(
    table: Table, pace: Pace, clock: Clock, to_move: int | None, since: datetime
) -> datetime | None:
    """When the turn of ``to_move`` that began at ``since`` runs out (None: it never does)."""
    if to_move is None or table.seats[to_move].user_id is None:
        return None
    if pace.timed and len(table.people()) < 2:
        return None
    return deadline(pace, clock, to_move, since)


def next_warning(
    table: Table, pace: Pace, clock: Clock, to_move: int | None, since: datetime
) -> datetime | None:
    """When the mover of a turn that began at ``since`` is told its time runs low: at a
    turn-based pace only (a live game's clock is on the screen)."""
    if pace.kind is not PaceKind.TURN or next_deadline(table, pace, clock, to_move, since) is None:
        return None
    assert to_move is not None
    return since + timedelta(seconds=(1 - LOW) * available(pace, clock, to_move))


def turn_timing(
    table: Table, pace: Pace, clock: Clock, to_move: int | None, since: datetime
) -> Timing:
    """The timing of the turn of ``to_move`` that began at ``since``."""
    return Timing(
        clock,
        next_deadline(table, pace, clock, to_move, since),
        next_warning(table, pace, clock, to_move, since),
    )


def starting(table: Table, first: int, at: datetime) -> Timing:
    """The clocks and the first deadline as the game starts."""
    pace = table.pace
    if pace is None:
        return Timing(Clock(()), None)
    return turn_timing(table, pace, start_clock(pace, table.num_seats), first, at)


def check_time(table: Table, at: datetime) -> None:
    """Refuse a move once the mover's time is up (the others choose what follows)."""
    clock = table.clock
    late = table.deadline is not None and at >= table.deadline
    if late or (clock is not None and clock.stage is Stage.TIME_UP):
        raise Refusal(refusals.TIME_IS_UP, "your time is up: the others choose what follows")


def after_move(table: Table, to_move: int | None, over: bool, at: datetime) -> Timing:
    """The clocks and the deadline once the mover of ``table`` has moved at ``at``."""
    pace, clock = table.pace, table.clock
    if clock is None or pace is None:
        return Timing(table.clock, None)
    mover = table.to_move
    passed = over or to_move != mover
    if passed and mover is not None and table.seats[mover].user_id is not None:
        used = 0.0 if table.turn_since is None else (at - table.turn_since).total_seconds()
        clock = charge(pace, clock, mover, used)
    if over:
        return Timing(clock, None)
    if not pace.timed:  # no clock: the stall period runs from the latest move
        return turn_timing(table, pace, clock, to_move, at)
    if not passed:
        return Timing(clock, table.deadline, table.warn_at)
    return turn_timing(table, pace, clock, to_move, at)
