"""``navcomp play``: whole games through the terminal loop with scripted input: Space Mission,
and count to three (a solitaire for tests) to show that the loop knows no game."""

from __future__ import annotations

import argparse
import io
import itertools
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from commands.terminal_helpers import Screen
from navcomp.commands import play as terminal
from navcomp.commands.play import TerminalGame
from navcomp.core import Game, GameState
from navcomp.games.space_mission import GAME
from navcomp.games.space_mission.components import POINT_KINDS, TILE_NAMES

POINT_TILE_NAMES = [TILE_NAMES[k] for k in POINT_KINDS]
MAX_PROMPTS = 6000


def random_answers(game: TerminalGame, seed: int) -> Iterator[str]:
    """A player who types the number of a random choice: spends chips, so games end."""
    rng = random.Random(seed)
    while True:
        yield str(rng.randrange(len(game.choices())) + 1)


def reader(
    answers: Iterator[str], screen: Screen, limit: int = MAX_PROMPTS
) -> Callable[[str], str]:
    count = itertools.count(1)

    def read(prompt: str) -> str:
        if next(count) > limit:
            raise EOFError
        line = next(answers)  # a script never runs dry before the game stops reading
        screen.write(prompt + line)
        return line

    return read


def test_whole_game_with_bad_inputs_and_undo() -> None:
    screen = Screen()
    bad = ["", "99", "-1", "fly nowhere", "jump", "confirm", "undo", "help", "board"]
    undo_done = False
    game: TerminalGame

    def answers() -> Iterator[str]:
        nonlocal undo_done
        yield from bad
        numbers = random_answers(game, 1)
        while True:
            moves = [t for t in game.choice_texts() if t.split()[0] in ("jump", "fly")]
            if not undo_done and moves:
                yield moves[0]
                undo_done = True
                yield "undo"
            else:
                yield next(numbers)

    game = TerminalGame(3, 0, 11, read=reader(answers(), screen), write=screen.write)
    assert game.run() == 0
    text = screen.text
    assert "Final score" in text
    assert text.index("Final score") > text.index("The game is over")
    assert "Traceback" not in text
    assert "Type a number from the list" in text  # ""
    assert "No choice 99" in text and "No choice -1: type a number from 1 to" in text
    assert "'nowhere' is no card, planet or tile" in text
    assert "Not possible: malformed jump: the form is 'jump <card> <planet>'" in text
    assert "Not possible: 'confirm' is not legal now" in text
    assert "Cannot undo now" in text
    assert "How to play" in text
    assert "Undone: jump" in text or "Undone: fly" in text
    assert "\033[" not in text
    result = game.state.result()
    assert result is not None
    total = next(line for line in screen.lines[-1].splitlines() if line.startswith("total"))
    assert total.split()[1:] == [str(s) for s in result.scores]


def test_undo_restores_the_position() -> None:
    screen = Screen()
    game = TerminalGame(2, 1, 5, read=reader(iter([]), screen), write=screen.write)
    while game.state.current_player != 1:
        game.opponent_move(game.state.current_player or 0)
    before = game.state.to_json()
    jump = next(t for t in game.choice_texts() if t.startswith("jump"))
    assert game.handle(jump) == "moved"
    assert game.handle("undo") == "moved"
    assert game.state.to_json() == before
    assert game.handle("undo") is None
    assert screen.lines[-1].startswith("Cannot undo now")


def test_numbers_and_texts_name_the_same_action() -> None:
    screen = Screen()
    game = TerminalGame(2, 0, 8, read=reader(iter([]), screen), write=screen.write)
    while game.state.current_player != 0:
        game.opponent_move(game.state.current_player or 1)
    texts = game.choice_texts()
    assert game.handle(str(len(texts))) == "moved"
    assert game.match.log[-1] == GAME.action_from_text(texts[-1])


def test_end_of_input_leaves_cleanly() -> None:
    screen = Screen()

    def read(prompt: str) -> str:
        raise EOFError

    assert TerminalGame(3, 0, 1, read=read, write=screen.write).run() == 0
    assert "End of input" in screen.lines[-1]


def test_quit() -> None:
    screen = Screen()
    game = TerminalGame(4, 2, 2, read=reader(iter(["quit"]), screen), write=screen.write)
    assert game.run() == 0
    assert "You left the game" in screen.lines[-1]


def test_opponent_picks_stay_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """You never look at a pile (always choice 1), so no point tile name may be printed."""
    picks: list[str] = []

    def recording(rng: random.Random) -> terminal.Chooser:
        def choose(state: GameState) -> int:
            action = rng.choice(state.legal_actions())
            picks.append(GAME.action_to_text(action))
            return action

        return choose

    monkeypatch.setitem(terminal.OPPONENTS, "recording", recording)
    screen = Screen()
    game = TerminalGame(
        3, 0, 4, opponents="recording", read=reader(itertools.repeat("1"), screen, 800),
        write=screen.write,
    )  # fmt: skip
    game.run()
    text = screen.text.split("Final score")[0]  # the sheet names categories such as water
    assert any(p.startswith("pick") for p in picks), "the bots never picked a tile"
    assert "a tile on" in text
    for line in screen.lines:
        if line.lstrip().startswith(("bot1:", "bot2:")):
            assert "pick" not in line
    for name in POINT_TILE_NAMES:
        assert name not in text


def test_hide_reserved_hides_your_own_reserved_tiles() -> None:
    screen = Screen()
    game = TerminalGame(2, 0, 3, hide_reserved=True, write=screen.write)
    game.read = reader(random_answers(game, 2), screen)
    assert game.run() == 0
    assert "(hidden)" in screen.text


def test_hide_reserved_your_own_reservations_read_as_the_others_read_them() -> None:
    screen = Screen()
    game = TerminalGame(2, 0, 3, hide_reserved=True, write=screen.write)
    game.read = reader(random_answers(game, 2), screen)
    assert game.run() == 0
    mine = [line for line in screen.lines if line.startswith("You: ")]
    assert any(line.startswith("You: reserve a tile on ") for line in mine)
    for before, line in itertools.pairwise(mine):
        if before.startswith("You: scan"):  # the pick after a scan is a reservation
            assert not line.startswith("You: pick"), line


def test_same_seed_same_game() -> None:
    def transcript() -> str:
        screen = Screen()
        game = TerminalGame(2, 0, 21, write=screen.write)
        game.read = reader(random_answers(game, 3), screen)
        game.run()
        return screen.text

    assert transcript() == transcript()


def test_bad_seat_and_unknown_opponents_are_refused() -> None:
    with pytest.raises(ValueError):
        TerminalGame(3, 3, 0)
    with pytest.raises(ValueError):
        TerminalGame(3, 0, 0, opponents="genius")
    parser = argparse.ArgumentParser()
    terminal.add_parser(parser.add_subparsers())
    args = parser.parse_args(["play", "--players", "2", "--seat", "5", "--seed", "1"])
    assert args.run(args) == 2
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--players", "6"])


def test_play_options_parse() -> None:
    parser = argparse.ArgumentParser()
    terminal.add_parser(parser.add_subparsers())
    args = parser.parse_args(["play"])
    assert (args.players, args.seat, args.seed, args.hide_reserved) == (3, 0, None, False)
    assert args.opponents == "easy" and args.run is terminal.run_command
    args = parser.parse_args(["play", "--players", "5", "--seat", "4", "--hide-reserved"])
    assert (args.players, args.seat, args.hide_reserved) == (5, 4, True)


def run_cli(stdin: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "navcomp", "play", "--players", "2", "--seed", "3"]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=300)


def test_real_command_plays_to_the_end() -> None:
    """The answers of an in-process game with the same seed, then the real command."""
    typed: list[str] = []
    game = TerminalGame(2, 0, 3, write=lambda text: None)
    numbers = random_answers(game, 4)

    def read(prompt: str) -> str:
        typed.append(next(numbers))
        return typed[-1]

    game.read = read
    game.run()
    assert game.state.is_terminal()
    done = run_cli("\n".join(typed) + "\n")
    assert done.returncode == 0, done.stderr
    assert "Final score" in done.stdout
    assert "Traceback" not in done.stderr
    assert "\033[" not in done.stdout  # not a terminal: no colours


def test_real_command_ends_cleanly_at_end_of_input() -> None:
    done = run_cli("1\n" * 50)
    assert done.returncode == 0, done.stderr
    assert "End of input" in done.stdout
    assert "Traceback" not in done.stderr


def _my_turn(game: TerminalGame) -> None:
    while game.state.current_player != game.seat:
        game.opponent_move(game.state.current_player or 0)


def test_board_shows_everything_even_when_only_confirm_is_left() -> None:
    screen = Screen()
    game = TerminalGame(2, 0, 6, read=reader(iter([]), screen), write=screen.write)
    _my_turn(game)
    assert game.handle("draw") == "moved"
    assert game.handle("draw") == "moved"
    assert game.state.view(0)["phase"] == "confirm"
    screen.lines.clear()
    game.handle("board")
    assert "Your hand" in screen.text and "Planets in ring order" in screen.text


def test_unknown_words_get_a_list_of_what_is_understood() -> None:
    screen = Screen()
    game = TerminalGame(2, 0, 6, read=reader(iter([]), screen), write=screen.write)
    _my_turn(game)
    assert game.handle("teleport now") is None
    assert "Unknown command 'teleport'" in screen.lines[-1]
    assert "undo, board, help, quit" in screen.lines[-1]


def test_face_up_space_tiles_and_the_last_round_are_announced() -> None:
    screen = Screen()
    game = TerminalGame(2, 0, 2, read=reader(random_answers_for(0), screen), write=screen.write)
    assert game.run() == 0
    view = game.state.view(0)
    assert view["space_face_up"] >= view["space_threshold"]  # this deal ends by the threshold
    assert "The last round has begun: the game ends after" in screen.text
    assert "space tile(s) turned face up on" in screen.text


def random_answers_for(seed: int) -> Iterator[str]:
    rng = random.Random(seed)
    while True:
        yield str(rng.randrange(1, 4))


# --- any game: count to three (tests/count_game.py), a solitaire for 1 or 2 -----------------


def test_a_solo_game_is_played_alone_to_its_score(count_game: Game[Any]) -> None:
    screen = Screen()
    answers = ["", "dance", "help", "count", "undo", "undo", "3", "1", "count", "count"]
    game = TerminalGame(
        1, 0, 5, game="count-to-three", read=reader(iter(answers), screen), write=screen.write
    )
    assert game.bots == {}
    assert game.run() == 0
    text = screen.text
    assert "Count to three, solo: you play alone." in text
    assert "an action such as 'count' or 'stop'" in text  # examples from the legal actions
    assert "Unknown command 'dance'" in text
    assert "'count' adds one to your count" in text and "Commands:" in text
    assert "Undone: count" in text
    assert "Cannot undo now" in text  # nothing left to take back
    assert "No choice 3: type a number from 1 to 2." in text
    assert "Counts: you 2 (of 3)" in text  # the game's own render
    assert "Traceback" not in text
    sheet = screen.lines[-1].splitlines()
    assert sheet[0] == "Final score"
    assert sheet[2].split() == ["counted", "3"] and sheet[3].split() == ["total", "3"]
    assert not any(line.startswith(("rank", "winner")) for line in sheet)
    assert sheet[-1] == "You score 3 points."


def test_a_two_player_game_of_another_game_against_a_bot(count_game: Game[Any]) -> None:
    screen = Screen()
    game = TerminalGame(
        2, 1, 7, game=count_game, read=reader(itertools.repeat("stop"), screen), write=screen.write
    )
    assert game.run() == 0
    assert "Count to three, 2 players: you are seat 1, against bot0." in screen.text
    assert "  bot0: counts" in screen.text or "  bot0: stops" in screen.text  # the game's words
    result = game.state.result()
    assert result is not None and result.scores[1] == 0
    assert any(line.startswith("rank") for line in screen.lines[-1].splitlines())


def test_a_game_without_terminal_hooks_shows_its_view_as_a_listing(
    count_game: Game[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(type(count_game), "terminal")  # the protocol's plain defaults
    screen = Screen()
    game = TerminalGame(
        1, 0, 1, game=count_game, read=reader(iter(["count", "stop"]), screen), write=screen.write
    )
    assert game.run() == 0
    assert "counts: 0" in screen.text and "counts: 1" in screen.text
    assert "You score 1 point." in screen.text


def test_the_command_plays_a_solo_game_and_checks_the_game_s_limits(
    count_game: Game[Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser()
    terminal.add_parser(parser.add_subparsers())  # built with count to three known: 1 allowed
    monkeypatch.setattr("sys.stdin", io.StringIO("count\n" * 3))
    args = parser.parse_args(["play", "--game", "count-to-three", "--players", "1", "--seed", "2"])
    assert args.run(args) == 0
    out = capsys.readouterr().out
    assert "solo: you play alone" in out and "You score 3 points." in out
    # without --players: 3, or the nearest the game allows (2 here), against a bot
    args = parser.parse_args(["play", "--game", "count-to-three", "--seed", "2"])
    monkeypatch.setattr("sys.stdin", io.StringIO("stop\n"))
    assert args.run(args) == 0
    assert "2 players: you are seat 0, against bot1" in capsys.readouterr().out
    refused = [
        (["--opponents", "medium"], "Count to three has no medium bot; choose from easy"),
        (["--max-rounds", "3"], "unknown option 'max_rounds' for count-to-three"),
        (["--players", "3"], "Count to three is for 1 to 2 players, not 3"),
    ]
    for extra, message in refused:
        args = parser.parse_args(["play", "--game", "count-to-three", *extra])
        assert args.run(args) == 2
        assert message in capsys.readouterr().err
