"""The bot interface and the two simple bots."""

from __future__ import annotations

import random
from typing import Protocol

from navcomp.core.protocol import GameState


class Bot(Protocol):
    name: str

    def choose(self, state: GameState, rng: random.Random) -> int:
        """The action for ``state.current_player``.

        The bot may be handed the true state (the server holds nothing else),
        but a fair bot uses only what its player may know: the player's view,
        or worlds from ``state.determinize(player, ...)``.
        """


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> int:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]


class HeuristicBot:
    """The game's own heuristic player (``game.heuristic.choose``)."""

    name = "heuristic"

    def choose(self, state: GameState, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        heuristic = state.game.heuristic
        if heuristic is None:
            raise ValueError(f"{state.game.info.title} has no heuristic player")
        action: int = heuristic.choose(state, rng)
        return action
