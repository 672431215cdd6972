"""A table's clocks through its game: set at the start, charged at each move, checked
before a move (``server/clocks.py`` does the arithmetic).

Deadlines are a person's only: a bot's turn has none.  A timed pace runs while at least
two people play (with fewer, nobody waits for anybody); without clock the stall period
runs whenever a person is to move.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from navcomp.server import error_codes
from navcomp.server.clocks import Clock, Pace, Stage, charge, deadline, start_clock
from navcomp.server.errors import ApiError
from navcomp.store.model import Table


def pace_of(table: Table) -> Pace | None:
    return None if table.pace is None else Pace.of(table.pace)


def clock_of(table: Table) -> Clock | None:
    return None if table.clock is None else Clock.of(table.clock)


def next_deadline(
    table: Table, pace: Pace, clock: Clock, to_move: int | None, since: datetime
) -> datetime | None:
    """When the turn of ``to_move`` that began at ``since`` runs out (None: it never does)."""
    if to_move is None or table.seats[to_move].user_id is None:
        return None
    if pace.timed and len(table.people()) < 2:
        return None
    return deadline(pace, clock, to_move, since)


def starting(table: Table, first: int, at: datetime) -> tuple[dict[str, Any], datetime | None]:
    """The clocks and the first deadline as the game starts."""
    pace = pace_of(table)
    if pace is None:
        return Clock(()).to_json(), None
    clock = start_clock(pace, table.num_seats)
    return clock.to_json(), next_deadline(table, pace, clock, first, at)


def check_time(table: Table, at: datetime) -> None:
    """Refuse a move once the mover's time is up (the others choose what follows)."""
    clock = clock_of(table)
    late = table.deadline is not None and at >= table.deadline
    if late or (clock is not None and clock.stage is Stage.TIME_UP):
        raise ApiError(error_codes.TIME_IS_UP, "your time is up: the others choose what follows")


def after_move(
    table: Table, to_move: int | None, over: bool, at: datetime
) -> tuple[dict[str, Any] | None, datetime | None]:
    """The clocks and the deadline once the mover of ``table`` has moved at ``at``."""
    pace, clock = pace_of(table), clock_of(table)
    if clock is None or pace is None:
        return table.clock, None
    mover = table.to_move
    passed = over or to_move != mover
    if passed and mover is not None and table.seats[mover].user_id is not None:
        used = 0.0 if table.turn_since is None else (at - table.turn_since).total_seconds()
        clock = charge(pace, clock, mover, used)
    if over:
        return clock.to_json(), None
    if not pace.timed:  # no clock: the stall period runs from the latest move
        return clock.to_json(), next_deadline(table, pace, clock, to_move, at)
    if not passed:
        return clock.to_json(), table.deadline
    return clock.to_json(), next_deadline(table, pace, clock, to_move, at)
