"""Space Mission's own invariants over random games with 2 to 5 players: every card, tile
and chip is somewhere, exactly once (the protocol's properties are in test_conformance)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from navcomp.core import conformance
from navcomp.core.protocol import GameState
from navcomp.games.space_mission import GAME, SpaceMissionState
from navcomp.games.space_mission.components import (
    CHIPS_PER_PLAYER,
    NUM_CARDS,
    NUM_KINDS,
    RING_SIZE,
    SPACE,
    TILE_COUNTS,
)

games = st.tuples(st.integers(2, 5), st.integers(0, 2**32 - 1))
slow = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_accounted(state: GameState, world: bool = False) -> None:
    """Every card, tile and chip is somewhere, exactly once.

    In a determinized ``world`` a pile others looked at may be undealt again.
    """
    assert isinstance(state, SpaceMissionState)
    s = state
    cards = [c for hand in s.hands for c in hand] + s.draw + s.discard + s.chosen
    assert sorted(cards) == list(range(NUM_CARDS))
    assert all(len(hand) <= 5 for hand in s.hands)
    tiles = list(s.pool)
    for pos in range(RING_SIZE):
        pile = s.real[pos]
        if pile is None:
            assert world or (not s.touched[pos] and s.down[pos] == 8)
        else:
            assert sum(pile) == s.down[pos]
            for k in range(NUM_KINDS):
                tiles[k] += pile[k]
        tiles[SPACE] += s.up[pos]
    assert sum(s.pool) == sum(s.down[pos] for pos in range(RING_SIZE) if s.real[pos] is None)
    for _, kind, _, _, _ in s.taken:
        assert kind != SPACE
        tiles[kind] += 1
    assert tiles == list(TILE_COUNTS)
    assert s.faceup == sum(s.up)
    stations = s.stations()
    for p in range(s.n):
        markers = sum(1 for o, _, _, _, reserved in s.taken if o == p and reserved)
        assert s.chips[p] + s.probes[p] + markers + stations[p] == CHIPS_PER_PLAYER
        assert s.chips[p] >= 0


@slow
@given(games)
def test_every_game_ends_with_everything_accounted(game: tuple[int, int]) -> None:
    players, seed = game
    state = None
    for state, _ in conformance.random_walk(GAME, players, seed):
        assert_accounted(state)
    assert state is not None and state.is_terminal()
    assert_accounted(state)


@slow
@given(games, st.integers(0, 10_000))
def test_determinized_worlds_keep_everything_accounted(
    game: tuple[int, int], det_seed: int
) -> None:
    """A determinized world keeps the invariants, and keeps them to its end."""
    players, seed = game
    rnd = random.Random(det_seed)
    for step, (state, _) in enumerate(conformance.random_walk(GAME, players, seed)):
        if step % 37:
            continue
        p = state.current_player
        assert p is not None
        world = state.determinize(p, rnd)
        assert_accounted(world, world=True)
        for reached, _ in conformance.walk_from(world, rnd):
            assert_accounted(reached, world=True)
        assert world.is_terminal()
