"""``navcomp play``: any registered game in the terminal, alone or against bots.

The loop knows no game: it prompts, numbers the legal actions, reads a number or
an action's text form, undoes when the rules allow, prints every refusal as a
message, and ends with the score sheet from ``state.result()``.  How a position
reads, how the choices are ordered and what is worth announcing come from the
game's terminal hooks (``game.terminal``, see :mod:`navcomp.core.terminal`).

The loop reads one line at a time from an injectable ``read`` function (``input``
by default) and writes through an injectable ``write`` function (``print``), so
tests can drive a whole game with scripted answers.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.bots import PLAYER_LEVELS, levels_for, make_bot
from navcomp.core import (
    Game,
    GameState,
    IllegalActionError,
    MalformedActionError,
    Match,
    NotYourTurnError,
    Result,
)
from navcomp.core.registry import game_names, get_game

if TYPE_CHECKING:
    from argparse import _SubParsersAction

Chooser = Callable[[GameState], int]
"""A bot: given the position (its own copy), the action id it takes."""
OpponentFactory = Callable[[random.Random], Chooser]
"""Makes one bot from its own random generator."""


def level_opponent(level: str) -> OpponentFactory:
    """A factory of bots of one level (see :mod:`navcomp.bots`)."""

    def make(rng: random.Random) -> Chooser:
        bot = make_bot(level)
        return lambda state: bot.choose(state, rng)

    return make


OPPONENTS: dict[str, OpponentFactory] = {level: level_opponent(level) for level in PLAYER_LEVELS}
OPPONENTS["random"] = OPPONENTS["easy"]
"""Opponent kinds by name: the bot levels offered to players, and 'random' for easy."""

DEFAULT_GAME = "space-mission"
WIDTH = 78
COMMANDS = """\
Commands: a number from the list or an action's words; undo (take back your last
action, when the rules allow); board (show everything again); help; quit."""

Read = Callable[[str], str]
Write = Callable[[str], None]

_CANNOT_UNDO = "Cannot undo now: the rules do not let you take that back (see 'help')."
_QUIT = "quit"
_MOVED = "moved"


class TerminalGame:
    """One game of ``game``: you in ``seat``, bots of kind ``opponents`` in every other
    seat (none in a solo game).  Keyword arguments beyond these are the game's options
    (Space Mission: ``hide_reserved``, ``max_rounds``)."""

    def __init__(
        self,
        players: int = 3,
        seat: int = 0,
        seed: int = 0,
        *,
        game: str | Game[Any] = DEFAULT_GAME,
        opponents: str = "easy",
        read: Read = input,
        write: Write = print,
        color: bool = False,
        **options: Any,
    ) -> None:
        self.game: Game[Any] = get_game(game) if isinstance(game, str) else game
        if opponents not in OPPONENTS:
            raise ValueError(f"unknown opponents {opponents!r}; one of {', '.join(OPPONENTS)}")
        if players > 1 and opponents in PLAYER_LEVELS:
            offered = levels_for(self.game)
            if opponents not in offered:
                title = self.game.info.title
                raise ValueError(
                    f"{title} has no {opponents} bot; choose from {', '.join(offered)}"
                )
        self.match: Match[Any] = Match(self.game, players, seed, options)
        if not 0 <= seat < players:
            raise ValueError(f"--seat must be 0 to {players - 1} in a {players}-player game")
        self.hooks = self.game.terminal
        self.seat = seat
        self.seed = seed
        self.read = read
        self.write = write
        self.color = color
        rng = random.Random(seed)
        make = OPPONENTS[opponents]
        self.thinking = " (thinking about a second a move)" if opponents == "hard" else ""
        self.bots = {
            p: make(random.Random(rng.getrandbits(64))) for p in range(players) if p != seat
        }
        self.names = ["you" if p == seat else f"bot{p}" for p in range(players)]
        self._last_actor: int | None = None

    @property
    def state(self) -> GameState:
        state: GameState = self.match.state
        return state

    def run(self) -> int:
        """Play to the end (or until quit or end of input); the exit code."""
        players = self.match.num_players
        title = self.game.info.title
        if self.bots:
            bots = ", ".join(self.names[p] for p in self.bots)
            self.write(f"{title}, {players} players: you are seat {self.seat}, against {bots}.")
        else:
            self.write(f"{title}, solo: you play alone.")
        self.write(f"Seed {self.seed} (play this deal again with --seed {self.seed}).")
        self.write("Type 'help' for the rules in short, 'quit' to leave.")
        fresh = True
        while (current := self.state.current_player) is not None:
            if current != self.seat:
                self.opponent_move(current)
                fresh = True
                continue
            if fresh:
                self.show()
            try:
                line = self.read("> ")
            except EOFError:
                self.write(f"\nEnd of input: leaving the game (seed {self.seed}).")
                return 0
            outcome = self.handle(line)
            if outcome == _QUIT:
                self.write(f"You left the game (seed {self.seed}).")
                return 0
            fresh = outcome == _MOVED
        self.finish()
        return 0

    def show(self, full: bool = False) -> None:
        """The position as the game renders it, then your numbered choices."""
        self.write("")
        self.write(self.hooks.render(self.state, self.seat, self.names, self.color, full))
        self.write("")
        self.write("Your choices (a number, or the words):")
        self.write(format_choices(self.choice_texts()))

    def choices(self) -> list[int]:
        """Your legal actions in the order they are numbered (the game's order)."""
        return self.hooks.order_choices(self.state, self.state.legal_actions())

    def choice_texts(self) -> list[str]:
        return [self.hooks.choice_label(self.state, a) for a in self.choices()]

    def handle(self, line: str) -> str | None:
        """Act on one line of input: ``_MOVED``, ``_QUIT`` or ``None`` (nothing changed)."""
        text = " ".join(line.split())
        word = text.lower()
        if not text:
            self.write(
                f"Type a number from the list, an action such as {self.examples()}, or 'help'."
            )
            return None
        if word in ("quit", "exit", "q"):
            return _QUIT
        if word in ("help", "?", "h"):
            self.write(self.hooks.help)
            self.write(COMMANDS)
            return None
        if word in ("board", "b"):
            self.show(full=True)
            return None
        if word == "undo":
            return self.undo()
        action: int | str = text
        if text.removeprefix("-").isdigit():
            legal = self.choices()
            number = int(text)
            if not 1 <= number <= len(legal):
                self.write(f"No choice {number}: type a number from 1 to {len(legal)}.")
                return None
            action = legal[number - 1]
        else:
            first = word.split()[0]
            try:
                action = self.game.parse_action(text)
            except MalformedActionError as error:
                if first not in verbs(self.game):
                    self.write(
                        f"Unknown command {first!r}: type a number from the list, an action"
                        f" such as {self.examples()}, or undo, board, help, quit."
                    )
                else:
                    self.write(f"Not possible: {error}. Type 'help' or a number from the list.")
                return None
        before = self.state.view(self.seat)
        taken_in = self.state.clone()  # a move reads as the state it is taken in says
        try:
            action_id = self.match.play(self.seat, action)
        except ValueError as error:  # the protocol's action errors are ValueErrors
            self.write(f"Not possible: {error}. Type 'help' or a number from the list.")
            return None
        self.write(f"You: {taken_in.public_action_text(action_id, self.seat)}")
        self.announce(before)
        self._last_actor = self.seat
        return _MOVED

    def examples(self) -> str:
        """One or two of your choices, of different kinds, as things one may type."""
        texts = [self.game.action_to_text(a) for a in self.choices()]
        kinds = list({text.split(" ", 1)[0]: text for text in reversed(texts)}.values())[::-1]
        return " or ".join(f"{text!r}" for text in kinds[:2]) or "'help'"

    def undo(self) -> str | None:
        last = self.match.log[-1] if self.match.log else None
        try:
            self.match.undo(self.seat)
        except (IllegalActionError, NotYourTurnError):
            self.write(_CANNOT_UNDO)
            return None
        if last is not None:
            self.write(f"Undone: {self.game.action_to_text(last)}")
        return _MOVED

    def announce(self, before: Mapping[str, Any]) -> None:
        """What the game finds worth saying about the move just made."""
        after = self.state.view(self.seat)
        for line in self.hooks.announce(before, after, self.names):
            self.write(line)

    def opponent_move(self, player: int) -> None:
        """A bot chooses; print what you may know of it, then apply it."""
        state = self.state
        if player != self._last_actor:
            self.write(f"\n--- {self.names[player]}'s turn ---{self.thinking}")
            self._last_actor = player
        action = self.bots[player](state.clone())
        text = state.public_action_text(action, viewer=self.seat)
        self.write(f"  {self.names[player]}: {self.hooks.move_text(text)}")
        before = state.view(self.seat)
        self.match.play(player, action)
        self.announce(before)

    def finish(self) -> None:
        reason = self.hooks.end_reason(self.state.view(self.seat))
        self.write(f"\nThe game is over{': ' + reason if reason else ''}.\n")
        self.write(self.hooks.render(self.state, self.seat, self.names, self.color, True))
        self.write("")
        result = self.state.result()
        assert result is not None
        self.write(score_sheet(result, self.names, self.color))


@functools.cache
def verbs(game: Game[Any]) -> frozenset[str]:
    """The first words of the game's action texts: typed, they are meant as an action."""
    return frozenset(
        game.action_to_text(a).split(" ", 1)[0].lower()
        for a in range(game.info.num_distinct_actions)
    )


# --- text pieces: the choices and the score sheet ------------------------------------------


def _bold(text: str, color: bool) -> str:
    return f"\033[1m{text}\033[0m" if color and text.strip() else text


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], color: bool) -> list[str]:
    """Aligned columns: numbers right-aligned, text left-aligned; the header and the
    first column bold."""
    widths = [len(h) for h in header]
    for row in rows:
        widths = [max(w, len(text)) for w, text in zip(widths, row, strict=True)]
    numeric = [_numeric([row[i] for row in rows]) for i in range(len(header))]

    def line(cells: Sequence[str], bold_all: bool) -> str:
        parts = []
        for i, text in enumerate(cells):
            padded = text.rjust(widths[i]) if numeric[i] else text.ljust(widths[i])
            parts.append(_bold(padded, color and (bold_all or i == 0)))
        return "  ".join(parts).rstrip()

    return [line(header, True), *(line(row, False) for row in rows)]


def _numeric(column: Sequence[str]) -> bool:
    numbers = [text for text in column if text not in ("", "-", "*")]
    return bool(numbers) and all(text.lstrip("-").isdigit() for text in numbers)


def score_sheet(result: Result, names: Sequence[str], color: bool = False) -> str:
    """The final score sheet: a row per scoring category (as the result's breakdown
    names them), the totals, then (with more than one player) ranks and winners."""
    scores = result.scores
    categories = list(dict.fromkeys(c for b in result.breakdown for c in b))
    rows = [[c, *(str(b.get(c, 0)) for b in result.breakdown)] for c in categories]
    rows.append(["total", *(str(s) for s in scores)])
    solo = len(scores) == 1
    if not solo:
        rows.append(["rank", *(str(r) for r in result.ranks)])
        rows.append(["winner", *("*" if p in result.winners else "" for p in range(len(scores)))])
    title = "Final score" + (" (stopped by the round cap)" if result.capped else "")
    lines = [_bold(title, color), *_table(["", *names[: len(scores)]], rows, color)]
    if solo:
        who = "You score" if names[0] == "you" else f"{names[0]} scores"
        lines.append(f"{who} {scores[0]} point{'' if scores[0] == 1 else 's'}.")
        return "\n".join(lines)
    who = " and ".join(names[p] for p in result.winners)
    verb = "win" if len(result.winners) > 1 or who == "you" else "wins"
    shared = " (a shared victory)" if len(result.winners) > 1 else ""
    lines.append(f"Winner: {who} {verb}{shared}." if who != "you" else f"You {verb}{shared}!")
    return "\n".join(lines)


def format_choices(texts: Sequence[str], width: int = WIDTH) -> str:
    """A numbered list of choices (from 1), a new line for each kind (first word)."""
    entries = [f"{i:>3} {text}" for i, text in enumerate(texts, 1)]
    column = max((len(e) for e in entries), default=0) + 2
    lines: list[str] = []
    kind = None
    for entry, text in zip(entries, texts, strict=True):
        word = text.split(" ", 1)[0]
        if word != kind or len(lines[-1]) + column > width:
            lines.append("")
            kind = word
        lines[-1] += entry.ljust(column)
    return "\n".join(line.rstrip() for line in lines)


# --- the command line ------------------------------------------------------------------------


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
                        " heuristic player) or hard (medium improved by playouts, about 1 s"
                        " a move); default easy")  # fmt: skip
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
