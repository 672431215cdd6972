"""The Space Mission heuristic hooks the bots use."""

from __future__ import annotations

import random

from navcomp.core import conformance
from navcomp.games.space_mission import GAME, SpaceMissionState
from navcomp.games.space_mission.components import NUM_KINDS, SPACE
from navcomp.games.space_mission.heuristic import (
    SpaceMissionHeuristic,
    estimated_scores,
    values_from_scores,
)
from navcomp.games.space_mission.scoring import marginal_points, tile_breakdown, tile_total


def test_marginal_points_equal_the_scoring_difference() -> None:
    rnd = random.Random(0)
    for _ in range(500):
        held = [rnd.randint(0, 5) for _ in range(NUM_KINDS)]
        held[SPACE] = 0
        before = sum(tile_breakdown(held).values())
        for kind in range(SPACE):
            after = held[:]
            after[kind] += 1
            assert sum(tile_breakdown(after).values()) - before == marginal_points(held, kind)


def test_values_favour_the_leader_and_stay_in_range() -> None:
    values = values_from_scores([40.0, 30.0, 30.0])
    assert values[0] > 0.5 > values[1] == values[2]
    assert all(0.0 <= v <= 1.0 for v in values_from_scores([1e9, -1e9]))


def test_evaluate_gives_the_result_once_the_game_is_over() -> None:
    heuristic = SpaceMissionHeuristic()
    state = GAME.new_initial_state(3, seed=4)
    for _ in conformance.walk_from(state, random.Random(4)):
        pass
    assert state.is_terminal()
    result = state.result()
    assert result is not None
    assert heuristic.evaluate(state) == list(result.rewards())


def test_estimated_scores_start_from_the_score_now() -> None:
    for i, (state, _) in enumerate(conformance.random_walk(GAME, 2, 9)):
        if i % 50:
            continue
        assert isinstance(state, SpaceMissionState)
        now = state.score_now().scores
        estimate = estimated_scores(state)
        assert all(e >= s for e, s in zip(estimate, now, strict=True))


def test_rollout_actions_are_legal_and_never_discard() -> None:
    heuristic = SpaceMissionHeuristic()
    rnd = random.Random(3)
    for players in (2, 5):
        for state, _ in conformance.random_walk(GAME, players, players):
            action = heuristic.rollout_action(state, rnd)
            assert action in state.legal_actions()
            assert GAME.action_to_text(action).split()[0] != "discard"


def test_tile_total_is_the_sum_of_the_breakdown() -> None:
    rnd = random.Random(1)
    for _ in range(500):
        held = [rnd.randint(0, 6) for _ in range(NUM_KINDS)]
        assert tile_total(held) == sum(tile_breakdown(held).values())


def test_playout_is_rollout_actions_then_evaluate() -> None:
    heuristic = SpaceMissionHeuristic()
    ended = 0
    for i, (state, _) in enumerate(conformance.random_walk(GAME, 3, 11)):
        if i % 40:
            continue
        for steps in (0, 5, 400):
            fused, looped = state.clone(), state.clone()
            values = heuristic.playout(fused, steps, random.Random(i))
            rnd = random.Random(i)
            for _ in range(steps):
                if looped.is_terminal():
                    break
                looped.apply_action(heuristic.rollout_action(looped, rnd))
            assert fused.to_json() == looped.to_json()
            assert list(values) == heuristic.evaluate(looped)
            ended += looped.is_terminal()
    assert ended > 0, "some playouts should reach the end of the game"
