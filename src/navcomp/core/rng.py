"""The random generator games keep in their state: one 64-bit integer.

Game states carry their own randomness so that shuffles and draws are
reproducible from the state alone and a clone costs nothing extra.  Its state
is a server-side secret: it never appears in a view.

It is a 64-bit linear congruential generator (Knuth's MMIX constants).  One
step and a draw below ``n`` (for ``n < 2**32``) are, inlined where it is hot::

    state = (state * LCG_MUL + LCG_ADD) & MASK64
    r = ((state >> 32) * n) >> 32

The top 32 bits are the good ones; the multiply-shift's bias (below n / 2**32)
is far beneath anything a game of a few hundred draws can show.
"""

from __future__ import annotations

from typing import Final

MASK64: Final = (1 << 64) - 1
LCG_MUL: Final = 6364136223846793005
LCG_ADD: Final = 1442695040888963407
