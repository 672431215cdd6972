"""What a game tells the bots about itself: its heuristic, ``game.heuristic``.

Bots are written against the game protocol only; a game's knowledge reaches them through
a subclass of :class:`Heuristic`.  ``evaluate``, ``rollout_action`` and ``choose`` are a
game's own; every other member has a default that a game overrides where it knows
better.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from navcomp.core.protocol import GameState


class Heuristic(ABC):
    """A game's position values, playout policy and heuristic player, for the bots."""

    rollout_turns: int | None = None
    """How many turns the rollout bot's playouts play before ``evaluate`` scores them;
    ``None``: to the end of the game."""

    rollout_margin: float | None = None
    """By how much, in mean playout value, another candidate must beat the heuristic's
    choice for the rollout bot to take it; ``None``: the bot's own default."""

    @abstractmethod
    def evaluate(self, state: GameState) -> Sequence[float]:
        """Per seat, how good the position is, in [0, 1] (roughly a chance to win).

        Must read only what is in ``state``; search calls it on determinized
        worlds, where hidden parts are made up.
        """

    @abstractmethod
    def rollout_action(self, state: GameState, rng: random.Random) -> int:
        """A cheap, sensible legal action for the player to move, for playouts."""

    @abstractmethod
    def choose(self, state: GameState, rng: random.Random) -> int:
        """The heuristic player's choice for the player to move.

        Must depend only on what that player may know (their view).
        """

    def playout(self, state: GameState, steps: int, rng: random.Random) -> Sequence[float]:
        """Play up to ``steps`` rollout actions on ``state`` (changing it), then evaluate.

        Games override it with one tight loop: playouts are most of a search's time.
        """
        for _ in range(steps):
            if state.current_player is None:
                break
            state.apply_action(self.rollout_action(state, rng))
        return self.evaluate(state)

    def ranked_actions(self, state: GameState, rng: random.Random) -> list[int]:
        """The heuristic player's choice first, then its other options, best first (not
        every legal action need appear): the rollout bot's candidates."""
        return [self.choose(state, rng)]

    def makes_progress(self, state: GameState, action: int) -> bool:
        """Whether ``action`` moves the player on in the game (the idle count of
        :mod:`navcomp.bots.idle`); by default every action does."""
        del state, action
        return True

    def progress_possible(self, state: GameState) -> bool:
        """Whether the player to move could make progress from here, at once or by
        drawing for it; by default: some legal action makes progress."""
        return any(self.makes_progress(state, action) for action in state.legal_actions())

    def forgoes_progress(self, state: GameState, action: int) -> bool:
        """Whether ``action`` gives up the turn's progress (a pass, say): the rollout bot
        never takes such an action in place of a heuristic choice that is not one
        itself.  Playouts cut off after a few turns cannot see what a lost placement costs
        over a game, and a seat that sits out looks broken to the players at its table.
        By default no action does."""
        del state, action
        return False

    def turn_share(self, state: GameState) -> float:
        """The share of a per-turn thinking budget the decision in ``state`` may spend
        (what earlier decisions of the turn left unused comes on top); by default all
        of it, as for a turn of one decision."""
        del state
        return 1.0

    def starts_turn(self, state: GameState) -> bool | None:
        """Whether the player to move is at the start of a turn; ``None``: a turn is
        every run of decisions by one player (which cannot tell turns apart solo)."""
        del state
        return None

    @property
    def search_base(self) -> Heuristic:
        """The heuristic a search builds on: this one, or a stronger player where the
        game has one."""
        return self
