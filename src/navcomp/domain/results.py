"""A finished table's result: how the game ended, who won, how each seat ended, and the
game's own result (scores, ranks) when it was played to its end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from navcomp.core.protocol import Result
from navcomp.domain.tables import SeatEnd, TableEnd


@dataclass(frozen=True, slots=True)
class TableResult:
    winners: tuple[int, ...]
    end: TableEnd | None = None  # None: a tutorial's, or stored before ends were kept
    seat_ends: tuple[SeatEnd, ...] | None = None  # None: as for ``end``
    played: Result | None = None  # the game's result; None: ended early (no scores)

    @staticmethod
    def of_game(played: Result) -> TableResult:
        """A game's result without an end or the seats' ends (a tutorial's)."""
        return TableResult(played.winners, played=played)

    @staticmethod
    def finished(played: Result, seat_ends: tuple[SeatEnd, ...]) -> TableResult:
        """A game played to its end, with how each seat ended."""
        return TableResult(played.winners, TableEnd.FINISHED, seat_ends, played)

    @property
    def capped(self) -> bool:
        """Whether a round cap stopped the game rather than its rules."""
        return self.played is not None and self.played.capped

    @property
    def ranks(self) -> tuple[int, ...] | None:
        """Each seat's place, 1 first: the game's, or in a game won before its end the
        winner first and the others after (None: nobody won, no places)."""
        if self.played is not None:
            return self.played.ranks
        if not self.winners or self.seat_ends is None:
            return None
        return tuple(1 if seat in self.winners else 2 for seat in range(len(self.seat_ends)))

    def to_json(self) -> dict[str, Any]:
        """The result as stored and answered (a game's own result first, in its order)."""
        if self.played is None:
            stored: dict[str, Any] = {} if self.end is None else {"end": self.end.value}
            stored["winners"] = list(self.winners)
        else:
            stored = self.played.to_json()
            if self.end is not None:
                stored["end"] = self.end.value
        if self.seat_ends is not None:
            stored["seat_ends"] = [end.value for end in self.seat_ends]
        return stored

    @staticmethod
    def of(stored: Mapping[str, Any]) -> TableResult:
        played = None
        if "scores" in stored:
            played = Result(
                tuple(stored["scores"]),
                tuple(dict(points) for points in stored["breakdown"]),
                tuple(stored["ranks"]),
                tuple(stored["winners"]),
                bool(stored["capped"]),
            )
        end, seat_ends = stored.get("end"), stored.get("seat_ends")
        return TableResult(
            tuple(stored["winners"]),
            None if end is None else TableEnd(end),
            None if seat_ends is None else tuple(SeatEnd(e) for e in seat_ends),
            played,
        )
