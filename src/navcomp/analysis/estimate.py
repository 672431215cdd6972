"""Paired playouts of a decision's candidates, and the regret's interval.

Every round draws one world (from the seat's determinizer, or the true state for
hindsight) and one random seed, and plays every candidate in that world with a
generator of that seed (common random numbers, as :mod:`navcomp.bots.rollout` does),
so the differences between candidates come from the candidates, not from the deal.
After the candidate, every seat plays the game's search base (the player the hard bot
improves on) to the end, or to the heuristic's ``rollout_turns`` horizon where the
game names one; a finished playout is worth its result's rewards (1 for a win, 1/k
for a win shared by k), an unfinished one the heuristic's evaluation.

The regret's interval: with ``d_r`` the per-round difference between an alternative
and the action played, its mean ± t·s/√n (Student's t at level ``z``, Bonferroni-
corrected over the alternatives), with the variance floored at ``1/(4n)`` so that a few
rounds that happen to agree never give a zero-width interval.  The regret is the best
candidate's mean less the played action's; its interval runs from the highest lower end
to the highest upper end of the alternatives' simultaneous intervals (floored at 0, as
the action played is a candidate too).  A decision is marked by that lower end, so a
mark needs a loss beyond the noise whichever alternative shows it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from navcomp.bots.paired import Arm
from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import Determinizer, GameState


@dataclass(frozen=True)
class Interval:
    """A point estimate with the ends of its interval."""

    value: float
    low: float
    high: float

    def to_json(self) -> dict[str, float]:
        """The three figures, rounded to four places."""
        return {
            "value": round(self.value, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
        }


def t_quantile(p: float, freedom: int) -> float:
    """Student's t quantile at ``p`` with ``freedom`` degrees of freedom, by the
    Cornish-Fisher expansion around the normal quantile (within 1% from 3 degrees)."""
    z = NormalDist().inv_cdf(p)
    v = float(max(1, freedom))
    z3, z5, z7 = z**3, z**5, z**7
    return (
        z
        + (z3 + z) / (4 * v)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * v**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v**3)
    )


def mean_with_interval(values: Sequence[float], z: float, comparisons: int = 1) -> Interval:
    """The mean of ``values`` with its t interval at normal level ``z`` (Bonferroni over
    ``comparisons``), the variance floored at ``1/(4n)``; an infinitely wide interval below
    two values."""
    n = len(values)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf)
    mean = sum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf)
    variance = max(sum((v - mean) ** 2 for v in values) / (n - 1), 0.25 / n)
    tail = (1.0 - NormalDist().cdf(z)) / comparisons
    half = t_quantile(1.0 - tail, n - 1) * math.sqrt(variance / n)
    return Interval(mean, mean - half, mean + half)


def differences(arm: Arm, base: Arm) -> list[float]:
    """``arm``'s value less ``base``'s in every round both played."""
    return [v - base.values[r] for r, v in arm.values.items() if r in base.values]


def playout(world: GameState, action: int, heuristic: Heuristic, rng: random.Random) -> GameState:
    """``world`` (changed in place) after ``action`` and the search base's play for every
    seat, to the end or the heuristic's horizon in turns."""
    world.apply_action(action)
    turns = heuristic.rollout_turns
    mover = world.current_player
    choose = heuristic.choose
    while mover is not None and (turns is None or turns > 0):
        world.apply_action(choose(world, rng))
        if world.current_player != mover:
            mover = world.current_player
            if turns is not None:
                turns -= 1
    return world


def seat_values(world: GameState, heuristic: Heuristic) -> tuple[float, ...]:
    """Per seat, its winning chance in ``world``: the result's rewards once the game is
    over, else the heuristic's evaluation."""
    result = world.result()
    if result is not None:
        return result.rewards()
    return tuple(heuristic.evaluate(world))


def decision_value(
    world: GameState, player: int, heuristic: Heuristic, lead_scale: float | None
) -> float:
    """``player``'s value of a playout's end: its winning chance (:func:`seat_values`),
    or with ``lead_scale``, for a finished game of rivals, half its reward and half a
    logistic of its final lead over the best rival in points at that scale (the hard
    bot's value: it still tells a narrow loss from a rout in a decided game)."""
    result = world.result()
    if lead_scale is None or result is None or len(result.scores) == 1:
        return seat_values(world, heuristic)[player]
    lead = result.scores[player] - max(x for q, x in enumerate(result.scores) if q != player)
    squashed = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / lead_scale))))
    return 0.5 * result.rewards()[player] + 0.5 * squashed


def race(
    worlds: Determinizer,
    player: int,
    candidates: Sequence[int],
    heuristic: Heuristic,
    rng: random.Random,
    budget: tuple[int, float | None, int],
    lead_scale: float | None = None,
) -> list[Arm]:
    """Each candidate's arm after paired rounds in worlds from ``worlds``; ``budget``:
    (rounds, seconds or None, rounds before the seconds may stop it); ``lead_scale``:
    see :func:`decision_value`."""
    rounds, seconds, min_rounds = budget
    arms = [Arm(action) for action in candidates]
    start = time.perf_counter()
    for round_ in range(rounds):
        late = seconds is not None and time.perf_counter() - start > seconds
        if late and round_ >= min_rounds:
            break
        world = worlds.sample(rng)
        seed = rng.getrandbits(32)
        for arm in arms:
            end = playout(world.clone(), arm.action, heuristic, random.Random(seed))
            arm.add(round_, decision_value(end, player, heuristic, lead_scale))
    return arms


def state_value(
    worlds: Determinizer, heuristic: Heuristic, rng: random.Random, rounds: int
) -> tuple[float, ...]:
    """Per seat, the mean winning chance over ``rounds`` playouts of the search base in
    worlds from ``worlds``, from the position as it stands."""
    totals: list[float] = []
    for _ in range(rounds):
        world = worlds.sample(rng)
        if world.current_player is None:
            values = seat_values(world, heuristic)
        else:
            action = heuristic.choose(world, rng)
            values = seat_values(playout(world, action, heuristic, rng), heuristic)
        totals = [a + b for a, b in zip(totals, values, strict=True)] if totals else list(values)
    return tuple(total / rounds for total in totals)
