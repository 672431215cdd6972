"""A tiny deterministic generator whose whole state is one 64-bit integer.

Game states carry their own randomness so that shuffles and draws are
reproducible from the state alone and a clone costs nothing extra.  Its state
is a server-side secret: it never appears in a view.

``step`` is a 64-bit linear congruential step (Knuth's MMIX constants) and
``below`` takes the top 32 bits of the new state, which are the good ones; hot
loops inline the same two lines.  ``next64`` is SplitMix64 (Steele, Lea and
Flood, 2014), for seeding.
"""

from __future__ import annotations

from typing import Final

MASK64: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15


def next64(state: int) -> tuple[int, int]:
    """Advance ``state``; return ``(new_state, 64 random bits)``."""
    state = (state + _GAMMA) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


LCG_MUL: Final = 6364136223846793005
LCG_ADD: Final = 1442695040888963407


def below(state: int, n: int) -> tuple[int, int]:
    """Advance ``state``; return ``(new_state, r)`` with ``0 <= r < n`` (n < 2**32).

    A multiply-shift on the top 32 bits; its bias (below n / 2**32) is far
    beneath anything a game of a few hundred draws can show.
    """
    state = (state * LCG_MUL + LCG_ADD) & MASK64
    return state, ((state >> 32) * n) >> 32
