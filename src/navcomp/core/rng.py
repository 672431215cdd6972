"""A tiny deterministic generator whose whole state is one 64-bit integer.

Game states carry their own randomness so that shuffles and draws are
reproducible from the state alone and a clone costs nothing extra.  This is
SplitMix64 (Steele, Lea and Flood, 2014).  Its state is a server-side secret:
it never appears in a view.
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


def below(state: int, n: int) -> tuple[int, int]:
    """Advance ``state``; return ``(new_state, r)`` with ``0 <= r < n``.

    Uses the high bits with a multiply-shift, whose bias (below n / 2**64) is
    far beneath anything a game can observe.
    """
    state, bits = next64(state)
    return state, (bits * n) >> 64
