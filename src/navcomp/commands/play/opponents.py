"""The bots one plays against in the terminal, by name."""

from __future__ import annotations

import random
from collections.abc import Callable

from navcomp.bots import PLAYER_LEVELS, make_bot
from navcomp.core import GameState

Chooser = Callable[[GameState], int]
"""A bot: given the position (its own copy), the action id it takes."""
OpponentFactory = Callable[[random.Random], Chooser]
"""Makes one bot from its own random generator."""


def level_opponent(level: str) -> OpponentFactory:
    """A factory of bots of one level (see :mod:`navcomp.bots`)."""

    def make(rng: random.Random) -> Chooser:
        bot = make_bot(level)
        return lambda state: bot.choose(state, rng)

    return make


OPPONENTS: dict[str, OpponentFactory] = {level: level_opponent(level) for level in PLAYER_LEVELS}
OPPONENTS["random"] = OPPONENTS["easy"]
"""Opponent kinds by name: the bot levels offered to players, and 'random' for easy."""
