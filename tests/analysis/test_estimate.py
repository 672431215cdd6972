"""The regret's statistics: the t quantile, the floored interval, and marks from arms."""

from __future__ import annotations

import math

import pytest

from analysis.positions import medium_game, medium_position
from navcomp.analysis.analyse import judged, search_heuristic
from navcomp.analysis.estimate import decision_value, mean_with_interval, t_quantile
from navcomp.analysis.settings import AnalysisSettings
from navcomp.bots.paired import Arm
from navcomp.core.protocol import replay
from navcomp.games import get_game


@pytest.mark.parametrize(
    ("freedom", "quantile"), [(5, 2.5706), (10, 2.2281), (30, 2.0423), (1000, 1.9623)]
)
def test_t_quantile_matches_the_tables(freedom: int, quantile: float) -> None:
    assert t_quantile(0.975, freedom) == pytest.approx(quantile, rel=0.01)


def test_agreeing_rounds_still_leave_an_interval() -> None:
    interval = mean_with_interval([0.0] * 16, 1.96)
    assert interval.value == 0.0 and interval.low < -0.05 and interval.high > 0.05
    assert mean_with_interval([1.0], 1.96).low == float("-inf")


def _arm(action: int, values: list[float]) -> Arm:
    arm = Arm(action)
    for round_, value in enumerate(values):
        arm.add(round_, value)
    return arm


def test_noise_alone_marks_nothing_and_a_clear_loss_is_a_blunder() -> None:
    state, medium = medium_position("space-mission", 3, 56)
    settings = AnalysisSettings(rounds=16)
    noise = [1.0, 0.0] * 8
    shuffled = [0.0, 1.0, 1.0, 0.0] * 4
    even = judged(state, 56, 1, [_arm(medium, noise), _arm(532, shuffled)], settings)
    assert even.mark is None and even.regret.low == 0.0
    lost = judged(state, 56, 1, [_arm(532, [0.0] * 16), _arm(medium, [1.0] * 16)], settings)
    assert lost.mark == "blunder" and lost.best == medium and lost.regret.value == 1.0
    few = judged(state, 56, 1, [_arm(532, [0.0] * 4), _arm(medium, [1.0] * 4)], settings)
    assert few.mark is None  # below min_rounds nothing is marked


def test_lead_scale_splits_a_result_by_its_margin() -> None:
    actions = medium_game("space-mission", 3)
    game = get_game("space-mission")
    final = replay(game, 2, 3, {}, actions)
    result = final.result()
    assert result is not None and len(result.winners) == 1
    winner, loser = result.winners[0], 1 - result.winners[0]
    heuristic = search_heuristic(final)
    assert decision_value(final, winner, heuristic, None) == 1.0
    assert decision_value(final, loser, heuristic, None) == 0.0
    lead = result.scores[winner] - result.scores[loser]
    near = 0.5 + 0.5 / (1.0 + math.exp(-lead / 8.0))
    assert decision_value(final, winner, heuristic, 8.0) == pytest.approx(near)
    assert 0.0 < decision_value(final, loser, heuristic, 8.0) < 0.5
    with pytest.raises(ValueError, match="lead_scale"):
        AnalysisSettings(lead_scale=0.0)
