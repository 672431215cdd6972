"""The Space Pioneers rule book as the game protocol sees it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from navcomp.core.protocol import JSON, Game, GameInfo
from navcomp.games.space_pioneers import actions
from navcomp.games.space_pioneers.components import MAX_PLAYERS, MIN_PLAYERS
from navcomp.games.space_pioneers.heuristic import SpacePioneersHeuristic
from navcomp.games.space_pioneers.state import SpacePioneersState
from navcomp.games.space_pioneers.terminal import SpacePioneersTerminal


class SpacePioneersGame(Game[SpacePioneersState]):
    info = GameInfo(
        name="space-pioneers",
        title="Space Pioneers",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        num_distinct_actions=actions.NUM_ACTIONS,
        options={},
    )
    heuristic = SpacePioneersHeuristic()
    terminal = SpacePioneersTerminal()

    def new_initial_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> SpacePioneersState:
        self.check_player_count(num_players)
        return SpacePioneersState.new(num_players, seed, self.normalize_options(options))

    def state_from_json(self, data: JSON) -> SpacePioneersState:
        return SpacePioneersState.from_json(data)

    def action_to_text(self, action: int) -> str:
        return actions.to_text(action)

    def action_from_text(self, text: str) -> int:
        return actions.from_text(text)

    def action_to_json(self, action: int) -> JSON:
        return actions.to_json(action)

    def action_from_json(self, data: JSON) -> int:
        return actions.from_json(data)
