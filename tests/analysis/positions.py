"""Positions of games between two medium bots, rebuilt through the games' own API."""

from __future__ import annotations

import random

from navcomp.bots import make_bot
from navcomp.core.protocol import GameState
from navcomp.games import get_game


def medium_position(game: str, seed: int, steps: int) -> tuple[GameState, int]:
    """The position after ``steps`` actions of the two-player ``game`` of ``seed`` between
    two medium bots, and the action the medium bot takes there."""
    state = get_game(game).new_initial_state(2, seed, {})
    bots = [make_bot("medium"), make_bot("medium")]
    rngs = [random.Random(1), random.Random(2)]
    for _ in range(steps):
        player = state.current_player
        assert player is not None
        state.apply_action(bots[player].choose(state.clone(), rngs[player]))
    player = state.current_player
    assert player is not None
    return state, bots[player].choose(state.clone(), rngs[player])


def medium_game(game: str, seed: int) -> list[int]:
    """The actions of the whole two-player ``game`` of ``seed`` between two medium bots."""
    state = get_game(game).new_initial_state(2, seed, {})
    bots = [make_bot("medium"), make_bot("medium")]
    rngs = [random.Random(1), random.Random(2)]
    actions = []
    while (player := state.current_player) is not None:
        actions.append(bots[player].choose(state.clone(), rngs[player]))
        state.apply_action(actions[-1])
    return actions
