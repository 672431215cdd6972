"""A table's pace and its clocks, as plain arithmetic (no database, no wall clock).

A pace is chosen at table creation (``docs/server.md``, "Pace and clocks"):

- ``live``: each seat has a time bank (``minutes``) plus ``increment`` seconds added at
  the end of each of its turns; the bank never grows above its start;
- ``turn``: each turn has an allowance (``hours``) and each seat a bank of days
  (``bank_days``) for turns that take longer;
- ``none``: no clock; a game in which nobody has moved for ``stall_days`` has stalled.

Only the seat to move uses time, and only a person's seat: a bot's turns have no deadline.
Time is charged when the turn passes, for the whole turn (``turn_since`` to the move).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from navcomp.core.errors import quoted

MINUTE = 60
HOUR = 3600
DAY = 86400


class PaceKind(StrEnum):
    LIVE = "live"
    TURN = "turn"
    NONE = "none"


class Stage(StrEnum):
    RUNNING = "running"  # the mover's time runs (or, without a clock, the game goes on)
    TIME_UP = "time_up"  # the mover's time is up: the others choose, until the grace ends
    STALLED = "stalled"  # no clock, and nobody moved for the stall period


RANGES: dict[PaceKind, dict[str, tuple[int, int, int]]] = {
    # each option: lowest, highest, default
    PaceKind.LIVE: {"minutes": (1, 60, 10), "increment": (0, 60, 5)},
    PaceKind.TURN: {"hours": (1, 14 * 24, 24), "bank_days": (0, 30, 3)},
    PaceKind.NONE: {"stall_days": (1, 365, 21)},
}
DEFAULT_PACE = {"kind": PaceKind.NONE.value, "stall_days": RANGES[PaceKind.NONE]["stall_days"][2]}


def normalize_pace(raw: Mapping[str, Any] | None) -> dict[str, Any]:
    """The pace as stored: every option of its kind, each in range; ValueError otherwise."""
    if raw is None:
        return dict(DEFAULT_PACE)
    kind_name = raw.get("kind", PaceKind.NONE.value)
    if kind_name not in set(PaceKind):
        raise ValueError(f"pace kind {quoted(kind_name)}: live, turn or none")
    kind = PaceKind(kind_name)
    ranges = RANGES[kind]
    unknown = set(raw) - set(ranges) - {"kind"}
    if unknown:
        raise ValueError(f"a {kind} pace has no option {quoted(sorted(unknown)[0])}")
    pace: dict[str, Any] = {"kind": kind.value}
    for name, (low, high, default) in ranges.items():
        value = raw.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"pace option {name} is a whole number from {low} to {high}")
        pace[name] = value
    return pace


@dataclass(frozen=True)
class Pace:
    kind: PaceKind
    bank: float = 0.0  # seconds: a live bank at the start, or a turn-based bank of days
    increment: float = 0.0  # seconds added to a live bank after each turn
    per_turn: float = 0.0  # seconds: a turn-based allowance
    stall: float = 0.0  # seconds without a move after which a game without clock stalls

    @staticmethod
    def of(stored: Mapping[str, Any]) -> Pace:
        kind = PaceKind(stored["kind"])
        if kind is PaceKind.LIVE:
            return Pace(kind, bank=stored["minutes"] * MINUTE, increment=stored["increment"])
        if kind is PaceKind.TURN:
            return Pace(kind, bank=stored["bank_days"] * DAY, per_turn=stored["hours"] * HOUR)
        return Pace(kind, stall=stored["stall_days"] * DAY)

    def to_json(self) -> dict[str, Any]:
        """The pace as stored and answered: its kind and its options, in whole units."""
        if self.kind is PaceKind.LIVE:
            return {
                "kind": self.kind.value,
                "minutes": _whole(self.bank, MINUTE),
                "increment": _whole(self.increment, 1),
            }
        if self.kind is PaceKind.TURN:
            return {
                "kind": self.kind.value,
                "hours": _whole(self.per_turn, HOUR),
                "bank_days": _whole(self.bank, DAY),
            }
        return {"kind": self.kind.value, "stall_days": _whole(self.stall, DAY)}

    @property
    def timed(self) -> bool:
        return self.kind is not PaceKind.NONE

    def allowance(self) -> float:
        """One turn's allowance: the extra time the others may give, and the grace they
        have to choose in (a live turn's is a fifth of the bank, at least a minute)."""
        if self.kind is PaceKind.LIVE:
            return max(MINUTE, self.bank / 5)
        if self.kind is PaceKind.TURN:
            return self.per_turn
        return self.stall


def _whole(seconds: float, unit: int) -> int:
    whole, rest = divmod(seconds, unit)
    if rest:
        raise ValueError(f"{seconds} seconds are not a whole number of {unit}-second units")
    return int(whole)


@dataclass(frozen=True)
class Clock:
    """The clocks of a table in play: each seat's bank, and where the mover's turn stands."""

    banks: tuple[float, ...]
    stage: Stage = Stage.RUNNING
    extra: bool = False  # the others gave the mover more time this turn
    votes: tuple[int, ...] = field(default=())  # the seats that voted to abort

    def to_json(self) -> dict[str, Any]:
        return {
            "banks": list(self.banks),
            "stage": self.stage.value,
            "extra": self.extra,
            "votes": list(self.votes),
        }

    @staticmethod
    def of(stored: Mapping[str, Any]) -> Clock:
        return Clock(
            tuple(stored["banks"]),
            Stage(stored["stage"]),
            bool(stored["extra"]),
            tuple(stored["votes"]),
        )


def start_clock(pace: Pace, num_seats: int) -> Clock:
    return Clock(tuple(pace.bank for _ in range(num_seats)) if pace.timed else ())


def available(pace: Pace, clock: Clock, seat: int) -> float:
    """The seconds seat ``seat`` may use for a whole turn before its time is up."""
    if pace.kind is PaceKind.LIVE:
        return clock.banks[seat]
    if pace.kind is PaceKind.TURN:
        return pace.per_turn + clock.banks[seat]
    return pace.stall


def deadline(pace: Pace, clock: Clock, seat: int, since: datetime) -> datetime:
    """When the turn of ``seat`` that began at ``since`` runs out (or, without clock, stalls)."""
    return since + timedelta(seconds=available(pace, clock, seat))


def charge(pace: Pace, clock: Clock, seat: int, used: float) -> Clock:
    """The clocks once ``seat`` has ended a turn that took ``used`` seconds (extra time
    given was added to its bank, so what it did not use of it stays); a live bank then
    gets its increment, and never grows above its start."""
    if not pace.timed:
        return replace(clock, stage=Stage.RUNNING, extra=False)
    bank = clock.banks[seat]
    if pace.kind is PaceKind.LIVE:
        left = max(0.0, bank - used)
    else:
        left = max(0.0, bank - max(0.0, used - pace.per_turn))
    if pace.kind is PaceKind.LIVE:
        left = min(pace.bank, left + pace.increment)
    banks = tuple(left if s == seat else b for s, b in enumerate(clock.banks))
    return replace(clock, banks=banks, stage=Stage.RUNNING, extra=False)


def time_up(pace: Pace, clock: Clock, at: datetime) -> tuple[Clock, datetime]:
    """The mover's time (or, without clock, the game) ran out at ``at``: the others have
    one turn's allowance to choose."""
    stage = Stage.TIME_UP if pace.timed else Stage.STALLED
    return replace(clock, stage=stage), at + timedelta(seconds=pace.allowance())


def give_extra(
    pace: Pace, clock: Clock, seat: int, used: float, at: datetime
) -> tuple[Clock, datetime]:
    """The others gave the mover ``seat``, whose time is up after ``used`` seconds of its
    turn, one turn's allowance more: added to its bank, so the turn runs out an allowance
    from now and the time it leaves unused stays in the bank."""
    allowance = pace.allowance()
    if pace.kind is PaceKind.LIVE:
        bank = used + allowance
    else:
        bank = max(0.0, used + allowance - pace.per_turn)
    banks = tuple(bank if s == seat else b for s, b in enumerate(clock.banks))
    more = replace(clock, banks=banks, stage=Stage.RUNNING, extra=True)
    return more, at + timedelta(seconds=allowance)


def vote(clock: Clock, seat: int) -> Clock:
    return clock if seat in clock.votes else replace(clock, votes=(*clock.votes, seat))
