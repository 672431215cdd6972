"""``navcomp play``: a game of Space Mission in the terminal, against bots.

The loop reads one line at a time from an injectable ``read`` function (``input``
by default) and writes through an injectable ``write`` function (``print``), so
tests can drive a whole game with scripted answers.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from navcomp.bots import PLAYER_LEVELS, make_bot
from navcomp.core import GameState, IllegalActionError, Match, NotYourTurnError
from navcomp.games.space_mission import GAME, Action, SpaceMissionState, render

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

CHOICE_ORDER = (
    "confirm", "pick", "draw", "discover", "develop", "scan", "fly", "jump", "discard",
)  # fmt: skip
"""How the numbered choices are listed: the usual moves first, discards last, so
that typing 1 never throws a card away."""

Read = Callable[[str], str]
Write = Callable[[str], None]

HELP = """\
How to play: a turn is two actions, then 'confirm'. Type the number of a choice
or its words (e.g. 'jump B1/O2 hazard'). Cards show coordinates: B blue (jump),
G green (scan), O orange (landing); a '?' matches any number of its colour.
  draw                   top up: draw until you hold five cards
  discard <card>         before drawing, throw cards away (then 'draw')
  jump <card> <planet>   blue number = the planet's jump coordinate; costs a chip
  fly <planet>           move to a neighbouring planet in the ring, free
  scan <card>            green number = your planet's scan coordinate: look at
                         its pile and reserve a point tile (costs a chip)
  develop <card> <card>  after scanning it: two orange numbers = your planet's
                         landing pair; build a station (a chip), reserved tiles
                         go to their owners and you take a point tile
  discover               on a developed planet: take a point tile from its pile
  pick <tile>            the tile you choose while looking at a pile
Space tiles cannot be taken; once enough are face up (see the status line), the
round is finished and the game ends. Score: probes on the gate 9/6/3/1 by rank,
stations 3 each, minerals and aliens: count x most of one colour, matter 7 a
green-blue pair, water 2/5/9/14, medals 3.
Commands: undo (take back a fly, jump or discard of this turn; drawing and
looking cannot be undone), board (show everything again), help, quit."""

_CANNOT_UNDO = "Cannot undo now: drawing cards, looking at a pile and confirmed turns are final."
_QUIT = "quit"
_MOVED = "moved"


class TerminalGame:
    """One game: you in ``seat``, bots of kind ``opponents`` in every other seat."""

    def __init__(
        self,
        players: int = 3,
        seat: int = 0,
        seed: int = 0,
        *,
        hide_reserved: bool = False,
        opponents: str = "easy",
        max_rounds: int = 0,
        read: Read = input,
        write: Write = print,
        color: bool = False,
    ) -> None:
        if opponents not in OPPONENTS:
            raise ValueError(f"unknown opponents {opponents!r}; one of {', '.join(OPPONENTS)}")
        if max_rounds < 0:
            raise ValueError("--max-rounds must be 0 (no cap) or more")
        self.match: Match[SpaceMissionState] = Match(
            GAME, players, seed, {"hide_reserved": hide_reserved, "max_rounds": max_rounds}
        )
        if not 0 <= seat < players:
            raise ValueError(f"--seat must be 0 to {players - 1} in a {players}-player game")
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
    def state(self) -> SpaceMissionState:
        return self.match.state

    def run(self) -> int:
        """Play to the end (or until quit or end of input); the exit code."""
        players = self.match.num_players
        bots = ", ".join(self.names[p] for p in self.bots)
        self.write(f"Space Mission, {players} players: you are seat {self.seat}, against {bots}.")
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
        """The board, your private view and your numbered choices."""
        view = self.state.view(self.seat)
        self.write("")
        if view["phase"] == "confirm" and not full:  # nothing new to decide: keep it short
            self.write(render.render_status(view, self.names, self.color))
            undo = "'undo' to take an action back, " if view["can_undo"] else ""
            self.write(f"Type 1 to end your turn, {undo}'board' to look.")
        else:
            self.write(render.render_board(view, self.names, self.color))
            self.write("")
            self.write(render.render_private(view, self.color))
            self.write("")
            self.write("Your choices (a number, or the words):")
        self.write(render.render_choices(self.choice_texts()))

    def choices(self) -> list[int]:
        """Your legal actions as listed: by kind (``CHOICE_ORDER``), planets in ring order."""
        position_of = self.state.board.position_of

        def order(action_id: int) -> tuple[int, int, int]:
            act = Action.from_id(action_id)
            ring = -1 if act.planet is None else position_of[act.planet]
            return CHOICE_ORDER.index(act.kind), act.cards[0] if act.cards else -1, ring

        return sorted(self.state.legal_actions(), key=order)

    def choice_texts(self) -> list[str]:
        return [GAME.action_to_text(a) for a in self.choices()]

    def handle(self, line: str) -> str | None:
        """Act on one line of input: ``_MOVED``, ``_QUIT`` or ``None`` (nothing changed)."""
        text = " ".join(line.split())
        word = text.lower()
        if not text:
            self.write("Type a number from the list, an action such as 'draw', or 'help'.")
            return None
        if word in ("quit", "exit", "q"):
            return _QUIT
        if word in ("help", "?", "h"):
            self.write(HELP)
            return None
        if word in ("board", "b"):
            self.show(full=True)
            return None
        first = word.split()[0]
        if not text.isdigit() and first not in (*Action.KINDS, "undo"):
            self.write(
                f"Unknown command {first!r}: type a number from the list, an action such as"
                " 'draw' or 'jump B1/O2 hazard', or undo, board, help, quit."
            )
            return None
        if word == "undo":
            return self.undo()
        action: int | str = text
        if text.isdigit():
            legal = self.choices()
            number = int(text)
            if not 1 <= number <= len(legal):
                self.write(f"No choice {number}: type a number from 1 to {len(legal)}.")
                return None
            action = legal[number - 1]
        before = self.state.view(self.seat)
        try:
            action_id = self.match.play(self.seat, action)
        except ValueError as error:  # the protocol's action errors are ValueErrors
            self.write(f"Not possible: {error}. Type 'help' or a number from the list.")
            return None
        self.write(f"You: {GAME.action_to_text(action_id)}")
        self.announce(before)
        self._last_actor = self.seat
        return _MOVED

    def undo(self) -> str | None:
        last = self.match.log[-1] if self.match.log else None
        try:
            self.match.undo(self.seat)
        except (IllegalActionError, NotYourTurnError):
            self.write(_CANNOT_UNDO)
            return None
        if last is not None:
            self.write(f"Undone: {GAME.action_to_text(last)}")
        return _MOVED

    def announce(self, before: Mapping[str, Any]) -> None:
        """Say what a move turned face up, and when the last round begins."""
        after = self.state.view(self.seat)
        for old, new in zip(before["planets"], after["planets"], strict=True):
            turned = new["space_face_up"] - old["space_face_up"]
            if turned:
                self.write(f"  {turned} space tile(s) turned face up on {new['name']}"
                           f" ({after['space_face_up']}/{after['space_threshold']}).")  # fmt: skip
        if after["last_round"] and not before["last_round"]:
            last = self.names[(after["start_player"] - 1) % after["players"]]
            self.write(f"  The last round has begun: the game ends after {last}'s turn.")

    def opponent_move(self, player: int) -> None:
        """A bot chooses; print what you may know of it, then apply it."""
        state = self.state
        if player != self._last_actor:
            self.write(f"\n--- {self.names[player]}'s turn ---{self.thinking}")
            self._last_actor = player
        action = self.bots[player](state.clone())
        text = state.public_action_text(action, viewer=self.seat)
        self.write(f"  {self.names[player]}: {'ends the turn' if text == 'confirm' else text}")
        before = state.view(self.seat)
        self.match.play(player, action)
        self.announce(before)

    def finish(self) -> None:
        view = self.state.view(self.seat)
        self.write(f"\nThe game is over: {end_reason(view)}.\n")
        self.write(render.render_board(view, self.names, self.color))
        self.write("")
        self.write(render.render_private(view, self.color))
        self.write("")
        self.write(render.render_result(view, self.names, self.color))


def end_reason(view: Mapping[str, Any]) -> str:
    """Why a finished game ended, in words."""
    if view["result"]["capped"]:
        return "the round cap was reached"
    if view["space_face_up"] >= view["space_threshold"]:
        return f"{view['space_face_up']} space tiles are face up and the round is finished"
    return "no space tile can ever be turned face up again (no chips left to scan or develop)"


def add_parser(subparsers: _SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the ``navcomp`` command."""
    parser = subparsers.add_parser(
        "play",
        help="play Space Mission in the terminal against bots",
        description="Play Space Mission in the terminal against bots.",
    )
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6), metavar="N",
                        help="number of players, 2 to 5 (default 3)")  # fmt: skip
    parser.add_argument("--seat", type=int, default=0, metavar="K",
                        help="your seat, 0 to N-1 in turn order (default 0)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed for the deal and the bots (default: random)")  # fmt: skip
    parser.add_argument("--hide-reserved", action="store_true",
                        help="printed rule: you cannot look at your reserved tiles")  # fmt: skip
    parser.add_argument("--opponents", default="easy", choices=sorted(OPPONENTS),
                        help="bot level in the other seats: easy (random), medium (heuristic)"
                        " or hard (medium improved by playouts, about 1 s a move);"
                        " default easy")  # fmt: skip
    parser.add_argument("--max-rounds", type=int, default=0, metavar="R",
                        help="end and score the game after R rounds (default: no cap)")  # fmt: skip
    parser.add_argument("--no-color", action="store_true", help="never use ANSI colours")
    parser.set_defaults(run=run_command)


def run_command(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    color = not args.no_color and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    try:
        game = TerminalGame(
            args.players,
            args.seat,
            seed,
            hide_reserved=args.hide_reserved,
            opponents=args.opponents,
            max_rounds=args.max_rounds,
            color=color,
        )
    except ValueError as error:
        print(f"navcomp play: {error}", file=sys.stderr)
        return 2
    return game.run()
