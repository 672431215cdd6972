"""Search reused across a turn's decisions (navcomp.bots.carry): a carried round is
exactly a playout of the base player's choice, in a world the seat may still imagine,
and nothing is carried into a position the last decision did not lead to."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

from navcomp.bots.carry import Carry
from navcomp.bots.rollout import RolloutBot, _Race
from navcomp.core.protocol import GameState
from navcomp.games import get_game

GAMES = ["space-mission", "space-pioneers"]


class _Decision(NamedTuple):
    state: GameState  # just before the choice
    bot: RolloutBot
    found: Carry | None  # what the last decision left this one
    action: int
    left: Carry | None  # what this one leaves the next


def _decisions(name: str, seed: int, count: int) -> list[_Decision]:
    """The first ``count`` decisions of a game between two hard bots (30 playouts a
    decision)."""
    game = get_game(name)
    state = game.new_initial_state(2, seed, {})
    bots = [RolloutBot(seconds=None, iterations=30) for _ in range(2)]
    rngs = [random.Random(seat) for seat in range(2)]
    seen = []
    while (player := state.current_player) is not None and len(seen) < count:
        bot = bots[player]
        found = bot._carry
        action = bot.choose(state.clone(), rngs[player])
        seen.append(_Decision(state.clone(), bot, found, action, bot._carry))
        state.apply_action(action)
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_a_carried_round_replays_exactly_as_the_base_players_choice(name: str) -> None:
    heuristic = get_game(name).heuristic
    assert heuristic is not None
    base = heuristic.search_base
    carried = 0
    for state, bot, carry, _, _ in _decisions(name, seed=5, count=60):
        player = state.current_player
        if carry is None or player is None or len(state.legal_actions()) < 2:
            continue
        hint = base.ranked_actions(state, random.Random(0))[0]
        view = state.view(player)
        for round_ in carry.rounds_for(view, player, hint)[:4]:
            assert round_.world.view(player) == view
            value, _ = bot._playout(round_.world.clone(), hint, player, base, round_.generator())
            assert value == round_.value
            carried += 1
    assert carried >= 20


@pytest.mark.parametrize("name", GAMES)
def test_nothing_is_carried_into_a_position_the_action_did_not_lead_to(name: str) -> None:
    led = [d for d in _decisions(name, seed=6, count=40) if d.left is not None]
    assert len(led) >= 5
    reused = 0
    for state, _, _, action, carry in led:
        player = state.current_player
        assert player is not None
        after = state.clone()
        after.apply_action(action)
        for position in (after, state):
            bot = RolloutBot(seconds=None, iterations=30)
            bot._carry, bot._next = carry, (player, after.view(player))
            bot.choose(position.clone(), random.Random(0))
            if position is after:
                reused += bot.last_reused
            else:
                assert bot.last_reused == 0
    assert reused >= 3 * len(led)  # most carried rounds survive: few actions reveal much


def test_a_decision_where_the_last_did_not_lead_starts_its_turn_budget_afresh() -> None:
    """A bot kept between decisions that are not one after the other (a server worker
    asked about another table between them, say) takes the decision's share of a new
    turn, not what an old turn left."""
    heuristic = get_game("space-mission").heuristic
    assert heuristic is not None
    base = heuristic.search_base
    probe = RolloutBot(seconds=None, iterations=1)
    state = next(
        d.state
        for d in _decisions("space-mission", seed=5, count=60)
        if not base.starts_turn(d.state)
        and len(probe._candidates(d.state, d.state.legal_actions(), base, random.Random(0))) > 1
    )
    player = state.current_player
    assert player is not None
    bot = RolloutBot(seconds=None, turn_seconds=1.5)
    bot._mover, bot._turn_left, bot._unused = player, 0.0, 0.0  # an old turn, all spent
    bot._next = (player, {"another": "table"})
    bot.choose(state.clone(), random.Random(0))
    assert bot._mover == player and 0 < bot._turn_left < 1.5


class _Recording(RolloutBot):
    """Keeps its last race."""

    def _race(self, race: _Race, *rest: Any) -> Any:
        self.race = race
        return super()._race(race, *rest)


def test_the_same_playouts_buy_more_rounds_with_carried_ones() -> None:
    """The base player's choice costs nothing in a carried round: at the same budget of
    playouts it gets more rounds than the same decision searched afresh."""
    game = get_game("space-mission")
    state = game.new_initial_state(2, 5, {})
    bot = _Recording(seconds=None, iterations=30)
    compared = step = 0
    while state.current_player is not None and compared < 5:
        step += 1
        before = state.clone()
        action = bot.choose(state.clone(), random.Random(step))
        if getattr(bot, "race", None) is not None and bot.race.reused:
            fresh = _Recording(seconds=None, iterations=30)
            fresh.choose(before, random.Random(step))
            assert bot.race.arms[0].n > fresh.race.arms[0].n
            assert bot.last_iterations <= 30 and fresh.last_iterations <= 30
            compared += 1
        bot.race = None
        state.apply_action(action)
    assert compared == 5


def test_a_bot_without_reuse_carries_nothing() -> None:
    decisions = [d for d in _decisions("space-mission", seed=5, count=30) if d.left is not None]
    assert decisions
    bot = RolloutBot(seconds=None, iterations=30, reuse=False)
    for state, _, _, _, _ in decisions:
        bot.choose(state.clone(), random.Random(0))
        assert bot._carry is None and bot.last_reused == 0
