"""Bots choose only legal actions, play fair, and are reproducible."""

from __future__ import annotations

import random

import pytest

from navcomp.bots import PLAYER_LEVELS, make_bot
from navcomp.bots.base import RandomBot
from navcomp.bots.ismcts import ISMCTS, PerfectInfoMCTS
from navcomp.core import conformance, play
from navcomp.core.protocol import GameState
from navcomp.games import SPACE_MISSION as GAME


def _positions(players: int, seed: int, every: int, choices_only: bool = True) -> list[GameState]:
    found = []
    for i, (state, _) in enumerate(conformance.random_walk(GAME, players, seed)):
        if i % every == 0 and (not choices_only or len(state.legal_actions()) > 1):
            found.append(state.clone())
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_bot_chooses_legal_actions(players: int) -> None:
    bots = [
        RandomBot(),
        make_bot("medium"),
        ISMCTS(seconds=None, iterations=30),
        PerfectInfoMCTS(seconds=None, iterations=30),
    ]
    rnd = random.Random(players)
    for state in _positions(players, seed=players, every=61):
        for bot in bots:
            assert bot.choose(state, rnd) in state.legal_actions()


def test_bots_play_whole_games_with_legal_moves_only() -> None:
    seats = [make_bot("medium"), ISMCTS(seconds=None, iterations=20), RandomBot()]
    rnd = random.Random(7)
    state = GAME.new_initial_state(3, seed=7)
    while (player := state.current_player) is not None:
        action = seats[player].choose(state, rnd)
        play(state, player, action)  # the checked path
    assert state.result() is not None


def test_ismcts_cannot_tell_apart_what_its_player_cannot() -> None:
    """Same seed, two states the player cannot distinguish: the same choice."""
    bot = ISMCTS(seconds=None, iterations=80)
    compared = 0
    for players in (2, 4):
        for state in _positions(players, seed=11, every=53):
            p = state.current_player
            assert p is not None
            twin = state.determinize(p, random.Random(compared))
            assert twin.view(p) == state.view(p)
            mine = bot.choose(state, random.Random(5))
            theirs = bot.choose(twin, random.Random(5))
            assert mine == theirs, f"{GAME.action_to_text(mine)} != {GAME.action_to_text(theirs)}"
            compared += 1
    assert compared >= 8


def test_the_fairness_test_catches_a_bot_that_peeks() -> None:
    """The cheating reference reads the truth, so some twin pair makes it choose otherwise."""
    bot = PerfectInfoMCTS(seconds=None, iterations=80)
    differs = 0
    for state in _positions(2, seed=11, every=29):
        p = state.current_player
        assert p is not None
        twin = state.determinize(p, random.Random(1))
        if bot.choose(state, random.Random(5)) != bot.choose(twin, random.Random(5)):
            differs += 1
    assert differs > 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_same_choice(level: str) -> None:
    bot = make_bot(level)
    if isinstance(bot, ISMCTS):
        bot = ISMCTS(seconds=None, iterations=60)
    for state in _positions(3, seed=4, every=97):
        assert bot.choose(state, random.Random(9)) == bot.choose(state, random.Random(9))


def test_ismcts_respects_a_time_budget_and_counts_iterations() -> None:
    bot = ISMCTS(seconds=0.05)
    state = _positions(2, seed=3, every=40)[2]
    bot.choose(state, random.Random(0))
    assert bot.last_iterations >= 16


def test_bad_budgets_and_names_are_refused() -> None:
    with pytest.raises(ValueError, match="budget"):
        ISMCTS(seconds=None, iterations=None)
    with pytest.raises(ValueError, match="positive"):
        ISMCTS(seconds=0)
    with pytest.raises(ValueError, match="at least 1"):
        ISMCTS(seconds=None, iterations=0)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_players_are_never_offered_the_cheat() -> None:
    assert "cheat" not in PLAYER_LEVELS
    assert set(PLAYER_LEVELS) == {"easy", "medium", "hard"}
