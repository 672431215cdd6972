"""The analysis's budget, precision and marks: one frozen dataclass."""

from __future__ import annotations

from dataclasses import dataclass

from navcomp.bots.stats import Z95


@dataclass(frozen=True)
class AnalysisSettings:
    """How hard the analysis looks and when it marks a decision.

    Budget: ``rounds`` paired rounds per decision (each round draws one world and plays
    every candidate in it), cut short by ``seconds`` per decision when given (never
    below ``min_rounds``).  ``candidates``: the action played plus the game heuristic's
    best alternatives, this many in all.  ``chart_rounds``: playouts per point of the
    winning-chance chart.  ``hindsight``: also judge every decision on the true state.
    ``lead_scale``: None, a decision's values are winning chances; else points of final
    lead that make a clearly better finish, and a finished playout is worth half its
    reward and half a logistic of its lead (the hard bot's value, which still ranks moves
    in a decided game, where every winning chance is 0 or 1).

    Marks, in winning chance lost (lichess's 5, 10 and 15 points): a decision is an
    ``inaccuracy``, a ``mistake`` or a ``blunder`` when the lower end of its regret's
    interval (at level ``z``, Bonferroni-corrected over the alternatives) lies above
    the threshold; a decision with fewer than ``min_rounds`` rounds is never marked.
    """

    rounds: int = 32
    seconds: float | None = None
    min_rounds: int = 8
    candidates: int = 4
    chart_rounds: int = 8
    hindsight: bool = True
    lead_scale: float | None = None
    z: float = Z95
    inaccuracy: float = 0.05
    mistake: float = 0.10
    blunder: float = 0.15

    def __post_init__(self) -> None:
        if self.rounds < 2 or self.min_rounds < 2:
            raise ValueError("rounds and min_rounds must be at least 2")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError("seconds must be positive")
        if self.lead_scale is not None and not self.lead_scale > 0:
            raise ValueError("lead_scale must be positive")
        if self.candidates < 2 or self.chart_rounds < 1:
            raise ValueError("candidates must be at least 2 and chart_rounds at least 1")
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder < 1:
            raise ValueError("thresholds must rise: 0 < inaccuracy <= mistake <= blunder < 1")

    def mark(self, regret_low: float) -> str | None:
        """The mark a decision earns whose regret is at least ``regret_low`` (the lower
        end of its interval): ``"blunder"``, ``"mistake"``, ``"inaccuracy"`` or None."""
        if regret_low > self.blunder:
            return "blunder"
        if regret_low > self.mistake:
            return "mistake"
        if regret_low > self.inaccuracy:
            return "inaccuracy"
        return None
