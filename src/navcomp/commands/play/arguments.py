"""``navcomp play``'s command line: one flag per option of any registered game."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from navcomp.commands.play.loop import DEFAULT_GAME, TerminalGame
from navcomp.commands.play.opponents import OPPONENTS
from navcomp.core import Game
from navcomp.core.registry import game_names, get_game

if TYPE_CHECKING:
    from argparse import _SubParsersAction


class _Default(int):
    """An argparse default that can be told apart from the same number typed."""


RESERVED_DESTS = frozenset({"command", "run", "game", "players", "seat", "seed", "opponents"})


def _option_dest(name: str) -> str:
    """Where an option's flag lands in the parsed arguments (its own name if free)."""
    return f"option_{name}" if name in RESERVED_DESTS or name == "no_color" else name


def add_parser(subparsers: _SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the ``navcomp`` command: one ``--NAME`` flag per option of any
    registered game (a flag of another game than the one chosen is refused)."""
    games = [get_game(name) for name in game_names()]
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal, alone or against bots",
        description="Play a game in the terminal, alone (a solo game) or against bots.",
    )
    parser.add_argument("--game", default=DEFAULT_GAME, choices=game_names(),
                        help=f"the game (default {DEFAULT_GAME})")  # fmt: skip
    low = min(g.info.min_players for g in games)
    high = max(g.info.max_players for g in games)
    parser.add_argument("--players", type=int, default=_Default(3),
                        choices=range(low, high + 1), metavar="N",
                        help="number of players, within the game's range (default 3, or the"
                        " nearest the game allows; 1 for a solo game)")  # fmt: skip
    parser.add_argument("--seat", type=int, default=0, metavar="K",
                        help="your seat, 0 to N-1 in turn order (default 0)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed for the deal and the bots (default: random)")  # fmt: skip
    parser.add_argument("--opponents", default="easy", choices=sorted(OPPONENTS),
                        help="bot level in the other seats: easy (random), medium (the game's"
                        " heuristic player) or hard (medium improved by playouts, 1.5 s"
                        " a turn); default easy")  # fmt: skip
    for name, kind, text in _game_options(games):
        flag, dest = "--" + name.replace("_", "-"), _option_dest(name)
        if kind is bool:
            parser.add_argument(flag, dest=dest, action="store_true", help=text)
        elif kind is int:
            parser.add_argument(flag, dest=dest, type=int, metavar="N", help=text)
        else:
            parser.add_argument(flag, dest=dest, metavar="VALUE", help=text)
    parser.add_argument("--no-color", action="store_true", help="never use ANSI colours")
    parser.set_defaults(run=run_command, option_names=[name for name, _, _ in _game_options(games)])


def _game_options(games: Sequence[Game[Any]]) -> list[tuple[str, type, str]]:
    """Every option of every game: its name, the type of its default and a help line."""
    found: dict[str, tuple[type, list[str], str]] = {}
    for game in games:
        hooks = game.terminal
        for name, default in game.info.options.items():
            kind, titles, about = found.get(name, (type(default), [], ""))
            titles.append(game.info.title)
            found[name] = (kind, titles, about or hooks.option_help.get(name, ""))
    return [
        (
            name,
            kind,
            f"{about} ({', '.join(titles)})" if about else f"an option of {', '.join(titles)}",
        )
        for name, (kind, titles, about) in found.items()
    ]


def default_players(game: Game[Any]) -> int:
    """3, or the nearest count the game allows."""
    return max(game.info.min_players, min(3, game.info.max_players))


def run_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    color = not args.no_color and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    # an option goes to the game if it is the game's, or if it was given (to be refused)
    given = {name: getattr(args, _option_dest(name)) for name in args.option_names}
    options = {
        name: value
        for name, value in given.items()
        if value is not None and (name in game.info.options or value is not False)
    }
    players = default_players(game) if isinstance(args.players, _Default) else args.players
    try:
        terminal_game = TerminalGame(
            players,
            args.seat,
            seed,
            game=game,
            opponents=args.opponents,
            color=color,
            **options,
        )
    except ValueError as error:
        print(f"navcomp play: {error}", file=sys.stderr)
        return 2
    return terminal_game.run()
