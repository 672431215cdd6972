"""What an analysis finds: frozen dataclasses, each with ``to_json()``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from navcomp.analysis.estimate import Interval, mean_with_interval

MARKS = ("inaccuracy", "mistake", "blunder")
INFORMATION_SET = "information set"
"""The main view's label: each decision judged in worlds drawn from what its seat knew."""
HINDSIGHT = "with every card shown"
"""The second view's label: each decision judged on the true state (hindsight)."""


def move_accuracy(regret: float) -> float:
    """A decision's accuracy in [0, 100] from its regret in winning chance, by lichess's
    formula: 103.1668·exp(−0.04354·loss) − 3.1669 with the loss in percentage points
    (0 lost: 100; 5 points: 80; 15 points: 50; 30 points: 25)."""
    loss = 100.0 * max(0.0, regret)
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))


@dataclass(frozen=True)
class CandidateValue:
    """One candidate of a decision: its action and its mean value over the rounds."""

    action: int
    text: str
    value: float

    def to_json(self) -> dict[str, Any]:
        """The candidate as JSON."""
        return {"action": self.action, "text": self.text, "value": round(self.value, 4)}


@dataclass(frozen=True)
class DecisionAnalysis:
    """One decision: its place in the log (``step``: the index of the action played),
    the seat, the candidates best first, the regret with its interval and the mark."""

    step: int
    seat: int
    played: int
    best: int
    candidates: tuple[CandidateValue, ...]
    regret: Interval
    """Best mean less the played action's; its ends are the lowest and highest ends of
    the simultaneous intervals of every alternative's gain (at least 0): the mark is
    read from the lower end."""
    mark: str | None
    rounds: int

    def to_json(self) -> dict[str, Any]:
        """The decision as JSON."""
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "candidates": [c.to_json() for c in self.candidates],
            "regret": self.regret.to_json(),
            "mark": self.mark,
            "rounds": self.rounds,
        }


@dataclass(frozen=True)
class Summary:
    """Decisions taken together (a seat's, or a bot level's over many games): their
    count, mean regret with its interval, accuracy and the count of each mark."""

    decisions: int
    mean_regret: Interval
    accuracy: float
    """The mean of :func:`move_accuracy` over the decisions."""
    marks: tuple[int, int, int]
    """Inaccuracies, mistakes and blunders."""
    interval_width: float
    """The mean width of the decisions' regret intervals: the precision the budget buys."""

    def to_json(self) -> dict[str, Any]:
        """The summary as JSON."""
        return {
            "decisions": self.decisions,
            "mean_regret": round(self.mean_regret.value, 4),
            "mean_regret_interval": [
                round(self.mean_regret.low, 4),
                round(self.mean_regret.high, 4),
            ],
            "accuracy": round(self.accuracy, 2),
            "marks": dict(zip(MARKS, self.marks, strict=True)),
            "regret_interval_width": round(self.interval_width, 4),
        }


def summarize(decisions: Sequence[DecisionAnalysis], z: float) -> Summary:
    """The summary of ``decisions``: the mean regret's interval is the t interval over the
    decisions' point estimates (so it holds both the decisions' spread and each one's
    noise)."""
    regrets = [d.regret.value for d in decisions]
    interval = Interval(0.0, 0.0, 0.0)
    if regrets:  # a regret is never below 0, nor is its mean
        found = mean_with_interval(regrets, z)
        interval = Interval(found.value, max(0.0, found.low), found.high)
    accuracy = sum(map(move_accuracy, regrets)) / len(regrets) if regrets else 100.0
    counts = [sum(1 for d in decisions if d.mark == name) for name in MARKS]
    widths = [d.regret.high - d.regret.low for d in decisions]
    width = sum(widths) / len(widths) if widths else 0.0
    return Summary(len(decisions), interval, accuracy, (counts[0], counts[1], counts[2]), width)


@dataclass(frozen=True)
class ViewAnalysis:
    """Every decision judged one way (``label``: :data:`INFORMATION_SET` or
    :data:`HINDSIGHT`), with each seat's summary."""

    label: str
    decisions: tuple[DecisionAnalysis, ...]
    seats: tuple[Summary, ...]

    def to_json(self) -> dict[str, Any]:
        """The view as JSON."""
        return {
            "label": self.label,
            "seats": [s.to_json() for s in self.seats],
            "decisions": [d.to_json() for d in self.decisions],
        }


@dataclass(frozen=True)
class ChartPoint:
    """Each seat's winning chance after the action at ``step`` ended a turn."""

    step: int
    chances: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        """The point as JSON."""
        return {"step": self.step, "chances": [round(c, 4) for c in self.chances]}


@dataclass(frozen=True)
class GameAnalysis:
    """A finished game's analysis: the main view (from each seat's information), the
    hindsight view if asked for, and the winning-chance chart."""

    game: str
    players: int
    seed: int
    actions: int
    main: ViewAnalysis
    hindsight: ViewAnalysis | None
    chart: tuple[ChartPoint, ...]
    rewards: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
            "rewards": list(self.rewards),
            "main": self.main.to_json(),
            "hindsight": None if self.hindsight is None else self.hindsight.to_json(),
            "chart": [p.to_json() for p in self.chart],
        }
