"""The analysis of a finished game: replay it, judge every decision, chart the chances.

A decision is a position where a seat is to move with at least two legal actions.  Its
candidates are the action played and the game heuristic's best alternatives (the
rollout bot's candidates: :meth:`Heuristic.ranked_actions` of the search base, then
the other legal actions), :attr:`AnalysisSettings.candidates` in all.  Their values
come from paired playouts (:mod:`navcomp.analysis.estimate`) in worlds drawn from the
seat's determinizer, so the main view uses only what the seat could know; the hindsight
view plays them on the true state instead (its future chance drawn anew).

Each decision's random numbers come from the analysis seed and the decision's place in
the log alone, so two positions the seat cannot tell apart are analysed alike.

The chart: after every action that ends a turn, each seat's winning chance, the mean
over playouts in worlds drawn from the next mover's information (a view no seat
favours more than the game's own turn order does); after the last action, the result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from navcomp.analysis.estimate import (
    Interval,
    differences,
    mean_with_interval,
    race,
    state_value,
)
from navcomp.analysis.results import (
    HINDSIGHT,
    INFORMATION_SET,
    CandidateValue,
    ChartPoint,
    DecisionAnalysis,
    GameAnalysis,
    ViewAnalysis,
    summarize,
)
from navcomp.analysis.settings import AnalysisSettings
from navcomp.bots.base import TrueState
from navcomp.bots.paired import Arm
from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import GameState, replay
from navcomp.core.registry import get_game


def decision_rng(seed: int, step: int, hindsight: bool = False) -> random.Random:
    """The random generator of the decision at ``step``: from the seed and step alone."""
    return random.Random(f"navcomp-analysis/{seed}/{step}/{int(hindsight)}")


def search_heuristic(state: GameState) -> Heuristic:
    """The game's search base (the player the hard bot improves on); raises
    ``ValueError`` for a game without a heuristic."""
    heuristic = state.game.heuristic
    if heuristic is None:
        raise ValueError(f"{state.game.info.title} has no heuristic player to analyse with")
    return heuristic.search_base


def candidates_for(
    state: GameState, played: int, heuristic: Heuristic, count: int, rng: random.Random
) -> list[int]:
    """The action played, then the heuristic's best alternatives (none that forgoes the
    turn's progress unless the heuristic's own choice does), ``count`` in all at most."""
    legal = state.legal_actions()
    ranked = [a for a in heuristic.ranked_actions(state, rng) if a in legal]
    pool = list(dict.fromkeys([*ranked, *legal]))
    if not heuristic.forgoes_progress(state, pool[0]):
        pool = [a for a in pool if not heuristic.forgoes_progress(state, a)]
    return [played, *[a for a in pool if a != played]][:count]


def analyse_decision(
    state: GameState,
    played: int,
    settings: AnalysisSettings,
    rng: random.Random,
    step: int = 0,
    hindsight: bool = False,
) -> DecisionAnalysis:
    """The decision to play ``played`` in ``state``: its candidates' values, its regret
    with the interval, and its mark.  ``hindsight``: judged on the true state."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: there is no decision")
    heuristic = search_heuristic(state)
    actions = candidates_for(state, played, heuristic, settings.candidates, rng)
    worlds = TrueState(state) if hindsight else state.determinizer(seat)
    budget = (settings.rounds, settings.seconds, settings.min_rounds)
    arms = race(worlds, seat, actions, heuristic, rng, budget, settings.lead_scale)
    return judged(state, step, seat, arms, settings)


def judged(
    state: GameState, step: int, seat: int, arms: Sequence[Arm], settings: AnalysisSettings
) -> DecisionAnalysis:
    """The decision whose candidates' rounds are ``arms`` (the action played first)."""
    played, others = arms[0], arms[1:]
    best = max(arms, key=lambda arm: arm.mean())
    intervals = [
        mean_with_interval(differences(arm, played), settings.z, len(others)) for arm in others
    ]
    low = max([0.0, *(i.low for i in intervals)])
    value = best.mean() - played.mean()
    regret = Interval(value, low, max([value, *(i.high for i in intervals)]))
    mark = settings.mark(low) if played.n >= settings.min_rounds else None
    ordered = sorted(arms, key=lambda arm: -arm.mean())
    text = state.game.action_to_text
    return DecisionAnalysis(
        step=step,
        seat=seat,
        played=played.action,
        best=best.action,
        candidates=tuple(CandidateValue(a.action, text(a.action), a.mean()) for a in ordered),
        regret=regret,
        mark=mark,
        rounds=played.n,
    )


def analyse_game(
    game_name: str,
    options: Mapping[str, Any] | None,
    players: int,
    seed: int,
    actions: Sequence[int],
    settings: AnalysisSettings | None = None,
    analysis_seed: int = 0,
) -> GameAnalysis:
    """The analysis of the finished game played from (``seed``, ``options``) with
    ``actions``; raises ``ValueError`` for a game that is not over."""
    settings = settings or AnalysisSettings()
    game = get_game(game_name)
    final = replay(game, players, seed, options, actions)
    result = final.result()
    if result is None:
        raise ValueError("the game is not over: only a finished game is analysed")
    state = game.new_initial_state(players, seed, options)
    heuristic = search_heuristic(state)
    main: list[DecisionAnalysis] = []
    hind: list[DecisionAnalysis] = []
    chart: list[ChartPoint] = []
    for step, action in enumerate(actions):
        mover = state.current_player
        assert mover is not None
        if len(state.legal_actions()) >= 2:
            rng = decision_rng(analysis_seed, step)
            main.append(analyse_decision(state, action, settings, rng, step))
            if settings.hindsight:
                rng = decision_rng(analysis_seed, step, hindsight=True)
                hind.append(analyse_decision(state, action, settings, rng, step, True))
        state.apply_action(action)
        after = state.current_player
        if after is None:
            chart.append(ChartPoint(step, result.rewards()))
        elif after != mover:
            worlds = state.determinizer(after)
            chance_rng = decision_rng(analysis_seed, step + len(actions))
            chances = state_value(worlds, heuristic, chance_rng, settings.chart_rounds)
            chart.append(ChartPoint(step, chances))
    return GameAnalysis(
        game=game_name,
        players=players,
        seed=seed,
        actions=len(actions),
        main=_view(INFORMATION_SET, main, players, settings),
        hindsight=_view(HINDSIGHT, hind, players, settings) if settings.hindsight else None,
        chart=tuple(chart),
        rewards=result.rewards(),
    )


def _view(
    label: str, decisions: list[DecisionAnalysis], players: int, settings: AnalysisSettings
) -> ViewAnalysis:
    """The view of ``decisions`` with each seat's summary."""
    seats = tuple(
        summarize([d for d in decisions if d.seat == seat], settings.z) for seat in range(players)
    )
    return ViewAnalysis(label, tuple(decisions), seats)
