"""The Space Pioneers rule book as the game protocol sees it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from navcomp.core.protocol import JSON, Game, GameInfo
from navcomp.games.space_pioneers.actions import NUM_ACTIONS, Action, action_text
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
        num_distinct_actions=NUM_ACTIONS,
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
        from navcomp.games.space_pioneers.storage import state_from_json

        return state_from_json(data, SpacePioneersState)

    def action_to_text(self, action: int) -> str:
        return action_text(action)

    def action_from_text(self, text: str) -> int:
        return Action.from_text(text).id

    def action_to_json(self, action: int) -> JSON:
        return Action.from_id(action).to_json()

    def action_from_json(self, data: JSON) -> int:
        return Action.from_json(data).id
