"""Paired comparisons of a rollout's candidates: each candidate's playout values by
round (every candidate of a round meets the same world and random numbers), the paired
difference from the base player's move, and the group sequential test that may end a
race early."""

from __future__ import annotations

import math

from navcomp.bots.carry import Follow

POCOCK = 2.361
"""Pocock's boundary for four equally spaced looks at a two-sided 5% level (Pocock
1977): a candidate replaces the base player's move at a look only beyond it, so
stopping on a candidate at any look keeps the error rate."""
FUTILITY_Z = 1.5
"""The base player's move is settled at a look once every other candidate falls this
many standard errors short of beating it by the margin: as far short as the race's end
asks a winner to be ahead (the rollout's z).  A futility stop only ever keeps the base
player's move, so a boundary looser than Pocock's adds no wrong switches; it ends more
races early and leaves their time to the turn's later decisions (against hard-1s,
50.3% of 400 games where Pocock's boundary won 46.7% of 660: docs/bots.md)."""


class Arm:
    """A candidate of a race: its playout values by round, and how each went on."""

    __slots__ = ("action", "follows", "n", "total", "values")

    def __init__(self, action: int) -> None:
        self.action = action
        self.values: dict[int, float] = {}  # round -> value, for paired comparisons
        self.follows: dict[int, Follow] = {}  # round -> how its playout went on
        self.total = 0.0
        self.n = 0

    def mean(self) -> float:
        return self.total / self.n if self.n else -math.inf

    def add(self, round_: int, value: float) -> None:
        self.values[round_] = value
        self.total += value
        self.n += 1


def paired(arm: Arm, hint: Arm) -> tuple[float, float]:
    """The mean of ``arm``'s value less ``hint``'s over the rounds both played, and its
    standard error (infinite below two rounds)."""
    diffs = [v - hint.values[r] for r, v in arm.values.items() if r in hint.values]
    n = len(diffs)
    if n < 2:
        return 0.0, math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def settled(
    active: list[Arm], hint: Arm, margin: float, futility_z: float = FUTILITY_Z
) -> Arm | None:
    """The candidate the race can stop on: the best of those that beat ``hint`` by more
    than ``margin`` beyond Pocock's boundary, else ``hint`` if every other candidate
    falls short of that by ``futility_z`` standard errors; else None (play on)."""
    winners, open_ = [], False
    for arm in active:
        if arm is hint:
            continue
        mean, error = paired(arm, hint)
        if mean - margin > POCOCK * error:
            winners.append(arm)
        elif mean - margin >= -futility_z * error:
            open_ = True
    if winners:
        return max(winners, key=lambda arm: arm.mean())
    return None if open_ else hint
