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

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.commands.play.arguments import add_parser, run_command
from navcomp.commands.play.loop import DEFAULT_GAME, TerminalGame
from navcomp.commands.play.opponents import OPPONENTS, Chooser, OpponentFactory
from navcomp.commands.play.text import format_choices, score_sheet

__all__ = [
    "DEFAULT_GAME",
    "OPPONENTS",
    "Chooser",
    "OpponentFactory",
    "TerminalGame",
    "add_parser",
    "format_choices",
    "run_command",
    "score_sheet",
]
