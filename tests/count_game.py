"""Count to three: a tiny game for tests, to show that the server, the terminal and the
browser table host any game of the protocol, a solitaire too.

One or two players.  On your turn you ``count`` (your counter goes up by one) or
``stop``; at three you stop by yourself.  The game ends when everybody has stopped;
your score is your count.  A count may be taken back (undo) while it is still your
turn.  There is nothing hidden and no chance.

The fixture ``count_game`` (conftest) registers it for one test;
``python tests/count_game.py serve ...`` is ``navcomp serve`` with the game known, for
the browser test of a solo table.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from navcomp.core import registry
from navcomp.core.errors import MalformedActionError
from navcomp.core.protocol import JSON, Game, GameInfo, GameState, Result
from navcomp.core.terminal import TerminalHooks

NAME = "count-to-three"
ACTIONS = ("count", "stop")
COUNT, STOP = 0, 1
TARGET = 3


class CountState(GameState):
    __slots__ = ("counts", "history", "stopped", "turn")

    def __init__(self, players: int) -> None:
        self.counts = [0] * players
        self.stopped = [False] * players
        self.turn: int | None = 0
        self.history: list[tuple[int, int]] = []  # (player, action)

    @property
    def game(self) -> Game[Any]:
        return GAME

    @property
    def num_players(self) -> int:
        return len(self.counts)

    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_actions(self) -> list[int]:
        return [] if self.turn is None else [COUNT, STOP]

    def apply_action(self, action: int) -> None:
        player = self.turn
        assert player is not None
        self.history.append((player, action))
        if action == COUNT:
            self.counts[player] += 1
        if action == STOP or self.counts[player] >= TARGET:
            self.stopped[player] = True
        self.turn = self._next(player)

    def _next(self, player: int) -> int | None:
        n = self.num_players
        for step in range(1, n + 1):
            other = (player + step) % n
            if not self.stopped[other]:
                return other
        return None

    def can_undo(self) -> bool:
        if self.turn is None or not self.history:
            return False
        player, action = self.history[-1]
        return player == self.turn and action == COUNT

    def view(self, player: int | None) -> JSON:
        if player is not None and not 0 <= player < self.num_players:
            raise ValueError(f"no seat {player}")
        result = self.result()
        return {
            "game": NAME,
            "players": self.num_players,
            "you": player,
            "current_player": self.turn,
            "counts": list(self.counts),
            "stopped": list(self.stopped),
            "can_undo": self.can_undo() if player == self.turn else False,
            "result": None if result is None else result.to_json(),
        }

    def result(self) -> Result | None:
        if self.turn is not None:
            return None
        scores = tuple(self.counts)
        ranks = tuple(1 + sum(other > score for other in scores) for score in scores)
        winners = tuple(p for p, rank in enumerate(ranks) if rank == 1)
        breakdown = tuple({"counted": score} for score in scores)
        return Result(scores, breakdown, ranks, winners)

    def clone(self) -> CountState:
        copy = CountState(self.num_players)
        copy.counts = list(self.counts)
        copy.stopped = list(self.stopped)
        copy.turn = self.turn
        copy.history = list(self.history)
        return copy

    def determinize(self, player: int, rng: random.Random) -> CountState:
        return self.clone()  # nothing is hidden

    def reseeded(self, rng: random.Random) -> CountState:
        return self.clone()  # nothing is left to chance

    def to_json(self) -> JSON:
        return {
            "counts": self.counts,
            "stopped": self.stopped,
            "turn": self.turn,
            "history": [list(h) for h in self.history],
        }


class CountTerminal(TerminalHooks):
    help = "Count to three: 'count' adds one to your count, 'stop' ends your counting."

    def render(
        self, state: GameState, player: int, names: Sequence[str], color: bool, full: bool
    ) -> str:
        view = state.view(player)
        counts = ", ".join(f"{names[p]} {c}" for p, c in enumerate(view["counts"]))
        return f"Counts: {counts} (of {TARGET})"

    def move_text(self, text: str) -> str:
        return f"{text}s"


class CountGame(Game[CountState]):
    info = GameInfo(
        name=NAME, title="Count to three", min_players=1, max_players=2, num_distinct_actions=2
    )
    terminal = CountTerminal()

    def new_initial_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> CountState:
        self.check_player_count(num_players)
        self.normalize_options(options)
        return CountState(num_players)

    def state_from_json(self, data: JSON) -> CountState:
        state = CountState(len(data["counts"]))
        state.counts = list(data["counts"])
        state.stopped = list(data["stopped"])
        state.turn = data["turn"]
        state.history = [(p, a) for p, a in data["history"]]
        return state

    def action_to_text(self, action: int) -> str:
        return ACTIONS[action]

    def action_from_text(self, text: str) -> int:
        word = text.strip().lower()
        if word not in ACTIONS:
            raise MalformedActionError(f"{text!r} is no action: say count or stop")
        return ACTIONS.index(word)

    def action_to_json(self, action: int) -> JSON:
        return {"type": ACTIONS[action]}

    def action_from_json(self, data: JSON) -> int:
        if not isinstance(data, Mapping) or set(data) != {"type"}:
            raise MalformedActionError('the form is {"type": "count"} or {"type": "stop"}')
        return self.action_from_text(str(data["type"]))


GAME = CountGame()


def register() -> None:
    registry.register(GAME)


if __name__ == "__main__":  # navcomp's command line, with this game known
    from navcomp.commands.cli import main

    register()
    sys.exit(main(sys.argv[1:]))

if __name__ == "__mp_main__":  # a bot worker the server above spawned: the game known there too
    register()
