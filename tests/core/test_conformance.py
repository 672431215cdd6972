"""Every registered game passes the protocol's executable specification.

The tests are parametrized over the registry (``navcomp.games``), so a game added there
gets them without a line of its own; what is about one game's rules stays in that game's
tests (``test_sm_*``, ``test_sp_*``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from navcomp.core import Game, conformance
from navcomp.games import game_names, get_game

GAMES = [get_game(name) for name in game_names()]
SEATINGS = [
    (game, players)
    for game in GAMES
    for players in range(game.info.min_players, game.info.max_players + 1)
]
by_name = pytest.mark.parametrize("game", GAMES, ids=lambda game: game.info.name)
slow = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _id(case: Any) -> str:
    return f"{case.info.name}" if isinstance(case, Game) else str(case)


def test_the_built_in_games_are_registered() -> None:
    assert {"space-mission", "space-pioneers"} <= set(game_names())
    for name in game_names():
        assert get_game(name).info.name == name
    with pytest.raises(KeyError, match="unknown game"):
        get_game("chess")


@by_name
def test_action_codecs_round_trip(game: Game[Any]) -> None:
    conformance.check_action_codecs(game)


@pytest.mark.parametrize(("game", "players"), SEATINGS, ids=_id)
@pytest.mark.parametrize("seed", [0, 1])
def test_random_playthrough(game: Game[Any], players: int, seed: int) -> None:
    steps = conformance.check_playthrough(game, players, seed)
    assert steps > 0


def test_check_game_runs_the_whole_specification(count_game: Game[Any]) -> None:
    """Count to three (tests/count_game.py) stands in for other games in the server,
    terminal and browser tests: it must be a game of the protocol like any other."""
    conformance.check_game(count_game, seeds=range(2))


def _setup(game: Game[Any], data: st.DataObject) -> tuple[int, int]:
    players = data.draw(st.integers(game.info.min_players, game.info.max_players), "players")
    return players, data.draw(st.integers(0, 2**32 - 1), "seed")


@by_name
@slow
@given(data=st.data())
def test_every_game_ends_and_passes_every_check(game: Game[Any], data: st.DataObject) -> None:
    players, seed = _setup(game, data)
    assert conformance.check_playthrough(game, players, seed, views_every=40) > 0


@by_name
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_leak_at_every_reached_state(game: Game[Any], data: st.DataObject) -> None:
    """view(s, p) == view(determinize(s, p, rng), p) for all p, several rngs, every s."""
    players, seed = _setup(game, data)
    conformance.check_no_leak_along(game, players, seed)


@by_name
@slow
@given(data=st.data())
def test_determinized_worlds_are_whole_games(game: Game[Any], data: st.DataObject) -> None:
    """A world dealt for any seat at any point of a game plays on to an end."""
    players, seed = _setup(game, data)
    pick = data.draw(st.integers(0, 10_000), "pick")
    reached = [s.clone() for s, _ in conformance.random_walk(game, players, seed)]
    state = reached[pick % len(reached)]
    for p in range(players):
        world = state.determinize(p, random.Random(pick))
        for _ in conformance.walk_from(world, random.Random(pick)):
            pass
        assert world.result() is not None
