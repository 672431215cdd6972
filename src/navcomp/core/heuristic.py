"""What a game tells the bots about itself: the hooks of its heuristic.

Bots are written against the game protocol only; a game's knowledge reaches
them through an object of this shape, ``game.heuristic``.

Optional hooks, looked up with ``getattr`` by the bots that use them:
``ranked_actions(state, rng)`` (the heuristic player's choice, then its other options,
best first: the rollout bot's candidates), ``rollout_turns`` (a playout horizon in
turns), ``rollout_margin`` (by how much, in mean playout value, another candidate must
beat the heuristic's choice) and ``search_base`` (the hooks of a stronger heuristic
player for search to build on, where the game has one).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from navcomp.core.protocol import GameState


class Heuristic(Protocol):
    def evaluate(self, state: GameState) -> Sequence[float]:
        """Per seat, how good the position is, in [0, 1] (roughly a chance to win).

        Must read only what is in ``state``; search calls it on determinized
        worlds, where hidden parts are made up.
        """

    def rollout_action(self, state: GameState, rng: random.Random) -> int:
        """A cheap, sensible legal action for the player to move, for playouts."""

    def playout(self, state: GameState, steps: int, rng: random.Random) -> Sequence[float]:
        """Play up to ``steps`` rollout actions on ``state`` (changing it), then evaluate.

        The same as applying ``rollout_action`` in a loop and calling ``evaluate``
        (or the result's rewards, if the game ends), in one call: playouts are
        most of a search's time.
        """

    def choose(self, state: GameState, rng: random.Random) -> int:
        """The heuristic player's choice for the player to move.

        Must depend only on what that player may know (their view).
        """
