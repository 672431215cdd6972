"""A game in progress as the server and the terminal hold it: setup plus log.

The setup (game, player count, seed, options) and the action log are the
truth; the current state is derived from them.  Undo removes the last logged
action when the game's rule allows it, and rebuilds the state from the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic

from navcomp.core.errors import GameOverError, IllegalActionError, NotYourTurnError
from navcomp.core.protocol import ActionInput, Game, GameState, S, play, replay


def check_undo(state: GameState, player: int, log: Sequence[int]) -> None:
    """The undo rule: only the player on turn, and only when the rules allow taking the
    log's last action back.  Raises the protocol's errors."""
    current = state.current_player
    if current is None:
        raise GameOverError("the game is over")
    if current != player:
        raise NotYourTurnError("only the player on turn may undo")
    if not log or not state.can_undo():
        raise IllegalActionError("nothing to undo: the rules do not allow taking it back")


class Match(Generic[S]):
    def __init__(
        self,
        game: Game[S],
        num_players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        log: list[int] | None = None,
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = game.normalize_options(options)
        self.log: list[int] = []
        self.state: S = game.new_initial_state(num_players, seed, self.options)
        if log:
            self.state = replay(game, num_players, seed, self.options, log)
            self.log = list(log)

    def play(self, player: int, action: ActionInput) -> int:
        """Checked move; appends to the log.  Raises the protocol's errors."""
        action_id = play(self.state, player, action)
        self.log.append(action_id)
        return action_id

    def undo(self, player: int) -> None:
        """Take back ``player``'s last action, if the rules allow it (``check_undo``)."""
        check_undo(self.state, player, self.log)
        self.log.pop()
        self.state = replay(self.game, self.num_players, self.seed, self.options, self.log)
