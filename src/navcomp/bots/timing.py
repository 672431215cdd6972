"""How long a bot keeps the table waiting: its time per decision and per turn.

A bot plays seat 0 of a game against medium players; each of its decisions is timed,
and a turn's time is the sum of its decisions' (turns told apart by the game's
``heuristic.starts_turn``, else by the player changing).  For a rollout bot, also the
rounds of playouts a searched decision played, and the share of them carried in from
the turn's last decision.  ``navcomp bench bots``
reports the figures.
"""

from __future__ import annotations

import random
import statistics
import time

from navcomp.bots.base import HeuristicBot
from navcomp.bots.levels import make_bot
from navcomp.bots.rollout import RolloutBot
from navcomp.core.registry import get_game


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (linear between order statistics)."""
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def bot_times(game_name: str, players: int, level: str, turns: int, seed: int) -> dict[str, float]:
    """Seconds per turn and per decision of ``level`` in seat 0, over its first ``turns``
    turns of games against medium (a new game, on the next seed, if one ends first)."""
    game = get_game(game_name)
    bot, medium = make_bot(level), HeuristicBot()
    rng = random.Random(seed)
    decisions: list[float] = []
    rounds: list[int] = []  # per searched decision of a rollout bot
    reused = 0
    turn_times: list[float] = []
    heuristic = game.heuristic
    while len(turn_times) < turns:
        state = game.new_initial_state(players, rng.getrandbits(32))
        current: float | None = None
        while (player := state.current_player) is not None and len(turn_times) < turns:
            if player != 0:
                if current is not None:
                    turn_times.append(current)
                    current = None
                state.apply_action(medium.choose(state, rng))
                continue
            if current is not None and heuristic is not None and heuristic.starts_turn(state):
                turn_times.append(current)
                current = None
            start = time.perf_counter()
            action = bot.choose(state.clone(), rng)
            spent = time.perf_counter() - start
            decisions.append(spent)
            if isinstance(bot, RolloutBot) and bot.last_rounds:
                rounds.append(bot.last_rounds)
                reused += bot.last_reused
            current = spent + (current or 0.0)
            state.apply_action(action)
        if current is not None and len(turn_times) < turns:
            turn_times.append(current)
    return {
        "turns": float(len(turn_times)),
        "decisions_per_turn": len(decisions) / len(turn_times),
        "turn_p50_s": percentile(turn_times, 0.5),
        "turn_p95_s": percentile(turn_times, 0.95),
        "turn_max_s": max(turn_times),
        "decision_mean_s": sum(decisions) / len(decisions),
        "decision_p50_s": percentile(decisions, 0.5),
        "decision_p95_s": percentile(decisions, 0.95),
        **_rounds(rounds, reused),
    }


def _rounds(rounds: list[int], reused: int) -> dict[str, float]:
    """A rollout bot's rounds of playouts per searched decision, and the share of them
    carried in from the turn's last decision."""
    if not rounds:
        return {}
    return {"rounds_mean": statistics.fmean(rounds), "rounds_carried": reused / sum(rounds)}
