"""The analysis: plainly bad decisions are blunders, equal ones unmarked, the seat's
information alone decides the main view, and a game's analysis holds together."""

from __future__ import annotations

import json
import random

import pytest

from analysis.positions import medium_game, medium_position
from navcomp.analysis import AnalysisSettings, analyse_decision, analyse_game, decision_rng
from navcomp.analysis.results import HINDSIGHT, INFORMATION_SET, move_accuracy

PRECISE = AnalysisSettings(rounds=32)
CHEAP = AnalysisSettings(rounds=2, min_rounds=2, candidates=2, chart_rounds=1)

BLUNDERS = [  # game, seed, steps, the plainly bad action (found by playouts of all actions)
    ("space-mission", 3, 56, 532),  # jumping to obsidian, where scanning wins the game
    ("space-pioneers", 6, 108, 3),  # seeking, where taking two cards is what scores
]
EQUALS = [  # game, seed, steps, two actions of the same value
    ("space-mission", 3, 76, (64, 65)),
    ("space-pioneers", 6, 106, (1019, 999)),  # placing a ship where either spot scores alike
]


@pytest.mark.parametrize(("game", "seed", "steps", "bad"), BLUNDERS)
def test_a_plainly_bad_action_is_a_blunder_and_the_best_is_not_marked(
    game: str, seed: int, steps: int, bad: int
) -> None:
    state, medium = medium_position(game, seed, steps)
    assert bad in state.legal_actions() and medium != bad
    blunder = analyse_decision(state, bad, PRECISE, decision_rng(0, steps), steps)
    assert blunder.mark == "blunder"
    assert blunder.regret.low > PRECISE.blunder
    assert blunder.played == bad and blunder.best != bad
    assert blunder.candidates[-1].action == bad  # the worst of the candidates
    best = analyse_decision(state, blunder.best, PRECISE, decision_rng(0, steps), steps)
    assert best.mark is None and best.regret.low < PRECISE.inaccuracy


@pytest.mark.parametrize(("game", "seed", "steps", "pair"), EQUALS)
def test_two_equal_actions_are_neither_marked(
    game: str, seed: int, steps: int, pair: tuple[int, int]
) -> None:
    state, _ = medium_position(game, seed, steps)
    first, second = (
        analyse_decision(state, action, PRECISE, decision_rng(0, steps), steps) for action in pair
    )
    assert first.mark is None and second.mark is None
    values = {c.action: c.value for c in first.candidates}
    assert first.played == pair[0] and values[pair[0]] == pytest.approx(
        {c.action: c.value for c in second.candidates}[pair[1]], abs=0.1
    )


@pytest.mark.parametrize(("game", "seed", "steps", "bad"), BLUNDERS)
def test_positions_the_seat_cannot_tell_apart_are_analysed_alike(
    game: str, seed: int, steps: int, bad: int
) -> None:
    state, _ = medium_position(game, seed, steps)
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, random.Random(99))  # the others' secrets dealt anew
    assert other.to_json() != state.to_json()
    assert other.view(seat) == state.view(seat)
    settings = AnalysisSettings(rounds=8, hindsight=False)
    one = analyse_decision(state, bad, settings, decision_rng(5, steps), steps)
    two = analyse_decision(other, bad, settings, decision_rng(5, steps), steps)
    assert one == two
    hindsight_one = analyse_decision(state, bad, settings, decision_rng(5, steps), steps, True)
    hindsight_two = analyse_decision(other, bad, settings, decision_rng(5, steps), steps, True)
    assert hindsight_one != hindsight_two  # hindsight does read the true state


def test_a_game_analysis_has_both_views_a_chart_and_seats() -> None:
    actions = medium_game("space-mission", 3)
    found = analyse_game("space-mission", {}, 2, 3, actions, CHEAP, analysis_seed=1)
    assert found.main.label == INFORMATION_SET
    assert found.hindsight is not None and found.hindsight.label == HINDSIGHT
    assert len(found.main.decisions) == len(found.hindsight.decisions) > 10
    steps = [d.step for d in found.main.decisions]
    assert steps == sorted(steps) and all(0 <= s < len(actions) for s in steps)
    assert all(actions[d.step] == d.played for d in found.main.decisions)
    assert found.chart[-1].step == len(actions) - 1
    assert found.chart[-1].chances == found.rewards
    assert all(sum(p.chances) == pytest.approx(1.0) for p in found.chart)
    assert sum(s.decisions for s in found.main.seats) == len(found.main.decisions)
    data = json.loads(json.dumps(found.to_json()))
    assert data["main"]["label"] == INFORMATION_SET and data["hindsight"]["label"] == HINDSIGHT
    assert set(data["main"]["seats"][0]) == {
        "decisions",
        "mean_regret",
        "mean_regret_interval",
        "accuracy",
        "marks",
        "regret_interval_width",
    }


def test_a_game_not_over_is_refused() -> None:
    actions = medium_game("space-mission", 3)
    with pytest.raises(ValueError, match="not over"):
        analyse_game("space-mission", {}, 2, 3, actions[:-1], CHEAP)


def test_accuracy_follows_lichess_formula() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=1e-3)
    assert move_accuracy(0.15) == pytest.approx(50.5, abs=0.1)
    assert move_accuracy(1.0) == 0.0
    assert move_accuracy(-0.1) == move_accuracy(0.0)


def test_settings_marks_and_refusals() -> None:
    settings = AnalysisSettings()
    assert (settings.inaccuracy, settings.mistake, settings.blunder) == (0.05, 0.10, 0.15)
    assert [settings.mark(x) for x in (0.04, 0.06, 0.11, 0.2)] == [
        None,
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    with pytest.raises(ValueError, match="rise"):
        AnalysisSettings(mistake=0.2, blunder=0.1)
    with pytest.raises(ValueError, match="at least 2"):
        AnalysisSettings(rounds=1)
