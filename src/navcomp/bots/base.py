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
        return heuristic.choose(state, rng)


class TrueState:
    """A determinizer that hands back the real position: perfect information.

    The cheating references search with it in place of ``state.determinizer``.
    Each world has its future chance drawn anew (``state.reseeded``): the
    present in full, but not the cards still to be drawn."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state

    def sample(self, rng: random.Random) -> GameState:
        return self.state.reseeded(rng)


def check_budget(seconds: float | None, iterations: int | None) -> None:
    """A searching bot needs a time (> 0), a count (>= 1), or both."""
    if seconds is None and iterations is None:
        raise ValueError("give a budget: seconds, iterations or both")
    if seconds is not None and seconds <= 0:
        raise ValueError("seconds must be positive")
    if iterations is not None and iterations < 1:
        raise ValueError("iterations must be at least 1")
