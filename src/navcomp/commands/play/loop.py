"""The terminal game's loop: prompt, read a choice or a command, play it, let the bots
move, and end with the score sheet."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from typing import Any

from navcomp.bots import PLAYER_LEVELS, levels_for
from navcomp.commands.play.opponents import OPPONENTS
from navcomp.commands.play.text import format_choices, score_sheet
from navcomp.core import (
    Game,
    GameState,
    IllegalActionError,
    MalformedActionError,
    Match,
    NotYourTurnError,
)
from navcomp.core.registry import get_game

DEFAULT_GAME = "space-mission"
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
