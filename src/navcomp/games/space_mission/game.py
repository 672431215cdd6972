"""The Space Mission rule book as the game protocol sees it."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from navcomp.core.protocol import JSON, Game, GameInfo
from navcomp.games.space_mission.actions import NUM_ACTIONS, Action, action_text
from navcomp.games.space_mission.components import MAX_PLAYERS, MIN_PLAYERS
from navcomp.games.space_mission.heuristic import SpaceMissionHeuristic
from navcomp.games.space_mission.state import SpaceMissionState
from navcomp.games.space_mission.terminal import SpaceMissionTerminal

OPTIONS: dict[str, Any] = {
    "hide_reserved": False,
    "max_rounds": 0,
}
"""``hide_reserved``: the printed rule, owners cannot look at their reserved tiles.
``max_rounds``: stop and score after this many rounds (0: no cap); for playouts."""


class SpaceMissionGame(Game[SpaceMissionState]):
    info = GameInfo(
        name="space-mission",
        title="Space Mission",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        num_distinct_actions=NUM_ACTIONS,
        options=OPTIONS,
    )
    heuristic = SpaceMissionHeuristic()
    terminal = SpaceMissionTerminal()

    def new_initial_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> SpaceMissionState:
        self.check_player_count(num_players)
        return SpaceMissionState.new(num_players, seed, self.normalize_options(options))

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        if merged["max_rounds"] < 0:
            raise ValueError("max_rounds must be 0 (no cap) or positive")
        return merged

    def state_from_json(self, data: JSON) -> SpaceMissionState:
        from navcomp.games.space_mission.storage import state_from_json

        return state_from_json(data, SpaceMissionState)

    def action_to_text(self, action: int) -> str:
        return action_text(action)

    def action_from_text(self, text: str) -> int:
        return Action.from_text(text).id

    def action_to_json(self, action: int) -> JSON:
        # A copy (with its lists): callers may change theirs.
        return {k: list(v) if isinstance(v, list) else v for k, v in _action_json(action).items()}

    def action_from_json(self, data: JSON) -> int:
        return Action.from_json(data).id


@functools.cache
def _action_json(action: int) -> JSON:
    return Action.from_id(action).to_json()
