"""Small statistics helpers for tournaments."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials`` (Wilson, 1927).

    ``successes`` may be fractional (a win shared by k players counts 1/k).
    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and
    at ``trials``.
    """
    if trials < 1:
        raise ValueError("trials must be at least 1")
    if not 0 <= successes <= trials:
        raise ValueError("successes must be between 0 and trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float]:
    """The normal-approximation interval for the mean of ``values``, kept inside [0, 1].

    For the win shares of paired (duplicate) deals, whose games are not independent
    draws and so do not fit the Wilson interval's binomial model.
    """
    n = len(values)
    if n < 2:
        raise ValueError("need at least two values")
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return max(0.0, mean - half), min(1.0, mean + half)
