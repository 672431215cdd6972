"""Space Mission passes the protocol's executable specification."""

from __future__ import annotations

from typing import Any

import pytest

from navcomp.core import Game, conformance
from navcomp.games import SPACE_MISSION, game_names, get_game


def test_registry_knows_space_mission() -> None:
    assert "space-mission" in game_names()
    assert get_game("space-mission") is SPACE_MISSION
    with pytest.raises(KeyError, match="unknown game"):
        get_game("chess")


def test_action_codecs_round_trip() -> None:
    conformance.check_action_codecs(SPACE_MISSION)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_random_playthrough(players: int, seed: int) -> None:
    steps = conformance.check_playthrough(SPACE_MISSION, players, seed)
    assert steps > 0


def test_check_game_runs_the_whole_specification() -> None:
    conformance.check_game(SPACE_MISSION, seeds=range(1))


def test_the_solitaire_of_the_tests_passes_too(count_game: Game[Any]) -> None:
    """Count to three (tests/count_game.py) stands in for other games in the server,
    terminal and browser tests: it must be a game of the protocol like any other."""
    conformance.check_game(count_game, seeds=range(2))
