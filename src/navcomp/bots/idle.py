"""The idle count: seats that made no progress for several turns in a row although
progress was possible.

What counts as progress is the game's (``heuristic.makes_progress``: in Space Mission a
jump, flight, scan, develop or discover; in Space Pioneers a placement), and so is
whether progress was possible (``heuristic.progress_possible``).  A sound bot is never
idle: a tournament reports the count so that a stalled player cannot go unseen.
"""

from __future__ import annotations

from navcomp.core.protocol import GameState

IDLE_TURNS = 3
"""Turns in a row without progress (while progress was possible) that make a seat idle."""


class IdleWatch:
    """Watches one game, decision by decision: call :meth:`see` before each action is
    applied, then read :attr:`idle` (the seats that were idle at some point)."""

    def __init__(self, players: int, turns: int = IDLE_TURNS) -> None:
        self.turns = turns
        self.runs = [0] * players
        self.idle: set[int] = set()
        self.mover: int | None = None
        self.progressed = False
        self.possible = False

    def see(self, state: GameState, action: int) -> None:
        """Note ``action``, about to be played by the player to move in ``state``."""
        heuristic = state.game.heuristic
        player = state.current_player
        if heuristic is None or player is None:
            return
        starts = heuristic.starts_turn(state)
        if player != self.mover or starts:
            self._end_turn()
            self.mover = player
        self.possible = self.possible or heuristic.progress_possible(state)
        self.progressed = self.progressed or heuristic.makes_progress(state, action)

    def finish(self) -> list[int]:
        """The idle seats, in order, once the game is over."""
        self._end_turn()
        self.mover = None
        return sorted(self.idle)

    def _end_turn(self) -> None:
        mover = self.mover
        if mover is not None:
            if self.progressed or not self.possible:
                self.runs[mover] = 0
            else:
                self.runs[mover] += 1
                if self.runs[mover] >= self.turns:
                    self.idle.add(mover)
        self.progressed = self.possible = False
