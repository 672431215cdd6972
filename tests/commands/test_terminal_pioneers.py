"""``navcomp play --game space-pioneers``: solo and two-player games through the terminal loop."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections.abc import Iterator

from commands.terminal_helpers import Screen
from navcomp.commands.play import TerminalGame
from navcomp.games.space_pioneers import render


def typist(game: TerminalGame, seed: int, screen: Screen, extra: list[str]) -> Iterator[str]:
    """First the ``extra`` lines, then the number of a random choice, mostly the first."""
    yield from extra
    rng = random.Random(seed)
    while True:
        yield "1" if rng.random() < 0.7 else str(rng.randrange(len(game.choices())) + 1)


def play(players: int, seed: int, extra: list[str]) -> tuple[TerminalGame, Screen]:
    screen = Screen()
    game = TerminalGame(players, 0, seed, game="space-pioneers", write=screen.write)
    answers = typist(game, seed, screen, extra)
    count = itertools.count()

    def read(prompt: str) -> str:
        assert next(count) < 3000, "the game should have ended"
        line = next(answers)
        screen.write(prompt + line)
        return line

    game.read = read
    assert game.run() == 0
    return game, screen


def test_a_solo_game_to_its_score_with_bad_input_on_the_way() -> None:
    game, screen = play(1, 5, ["help", "place 9 0 0", "choose Pluto-1", "remove Blaze-1", "99"])
    text = screen.text
    assert "Space Pioneers, solo" in text
    assert "planets and spaceships" in text  # the help
    assert "Traceback" not in text
    assert "is not legal now" in text and "no card is called" in text
    assert "Solo card side A" in text
    result = game.state.result()
    assert result is not None
    assert f"You score {result.scores[0]} points." in screen.lines[-1]


def test_a_two_player_game_shows_the_board_marks_and_the_end() -> None:
    game, screen = play(2, 8, [])
    text = screen.text
    assert "(places marked ?)" in text and "(in your network)" in text
    assert "--- bot1's turn ---" in text and "bot1: choose a card" in text
    assert "The end has begun" in text
    result = game.state.result()
    assert result is not None and any(
        line.startswith("rank") for line in screen.lines[-1].splitlines()
    )
    assert "Chosen to place" in text


def test_a_network_is_drawn_as_a_grid_of_cards() -> None:
    card = {"name": "Pyros-3", "title": "Pyros", "kind": "planet", "colour": "red"}
    card |= {"top": ["star", "ring", "star"], "bottom": ["moon", "comet", "moon"]}
    ship = {**card, "name": "Blaze-1", "title": "Blaze", "kind": "ship", "colour": "blue"}
    text = render.render_network(
        [{"x": 0, "y": 0, "card": ship}, {"x": 1, "y": 0, "card": card}], marks={(0, 1)}
    )
    lines = text.splitlines()
    assert lines[0].split() == ["0", "1"]
    assert lines[1].split() == ["0", "*---o---*", "*---o---*"]
    assert lines[2].split() == ["^Blaze1", "b", "Pyros3", "r"]
    assert lines[3].split() == [")---~---)", ")---~---)"]
    assert lines[5].strip() == "?"


def test_the_real_command_plays_solo_to_the_end() -> None:
    command = [sys.executable, "-m", "navcomp", "play", "--game", "space-pioneers"]
    command += ["--players", "1", "--seed", "2"]
    done = subprocess.run(command, input="1\n" * 2000, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Final score" in done.stdout and "Traceback" not in done.stderr
