"""What a game tells ``navcomp play`` about itself: its terminal hooks.

The terminal loop (:mod:`navcomp.terminal`) knows no game.  It prompts, numbers the
choices, parses what is typed by the game's text form, undoes, prints errors as
messages and the final score sheet from ``state.result()``.  Everything it shows of
a position comes from the game's hooks, ``game.terminal``: a :class:`TerminalHooks`.
A game that sets none is still playable through the defaults (a plain listing of the
view).

Subclass :class:`TerminalHooks` and override what your game needs; ``render`` is the
one a real game always overrides.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from navcomp.core.protocol import JSON, GameState


class TerminalHooks:
    """A game's terminal specifics (``game.terminal``), each with a plain default: a game
    subclasses it and overrides what it needs (``render`` always, in a real game).

    Every method reads only what ``player`` may know: ``state.view(player)``, the
    legal actions when it is that player's turn, and the game's codecs.
    """

    help: str = (
        "Type the number of a choice, or the action's words as listed.\n"
        "The game has no help of its own in the terminal."
    )
    """Shown for ``help``: the rules in short and the action forms one may type.  The
    loop adds the commands it understands itself (a number, undo, board, help, quit)."""

    option_help: Mapping[str, str] = MappingProxyType({})
    """A line on each of the game's options, for ``navcomp play --help`` (which offers
    each option as a flag, ``max_rounds`` as ``--max-rounds``)."""

    def render(
        self, state: GameState, player: int, names: Sequence[str], color: bool, full: bool
    ) -> str:
        """The position as ``player`` sees it, printed before their numbered choices and,
        with ``full``, at the end of the game above the score sheet.

        ``names`` labels the seats (``you`` for ``player``, ``bot1``, ...); ``color``
        allows ANSI colours.  ``full`` is true when everything should be shown (the
        ``board`` command, the end of the game); otherwise a game may print less when
        little changed (Space Mission shows one status line when only ``confirm`` is
        left).  The default lists the view's fields, indented."""
        return "\n".join(_listing(state.view(player), ""))

    def order_choices(self, state: GameState, actions: Sequence[int]) -> list[int]:
        """``actions`` (the legal ids, ascending) in the order they are numbered, from 1."""
        return list(actions)

    def choice_label(self, state: GameState, action: int) -> str:
        """How choice ``action`` is listed.  Start it with the action's text form (what
        one may type instead of the number): choices are grouped by its first word."""
        return state.game.action_to_text(action)

    def move_text(self, text: str) -> str:
        """How another player's move reads in the running commentary, given its public
        text (``state.public_action_text``)."""
        return text

    def announce(self, before: JSON, after: JSON, names: Sequence[str]) -> list[str]:
        """Lines worth saying after any move, from the viewer's views before and after it
        (say, "the last round has begun").  Usually none."""
        return []

    def end_reason(self, view: JSON) -> str:
        """Why the finished game ended, in words ("" if there is nothing to say)."""
        return ""


def _listing(value: Any, indent: str) -> list[str]:
    if isinstance(value, Mapping):
        lines = []
        for key, item in value.items():
            if isinstance(item, Mapping | list) and item and not _flat(item):
                lines.append(f"{indent}{key}:")
                lines += _listing(item, indent + "  ")
            else:
                lines.append(f"{indent}{key}: {_scalar(item)}")
        return lines
    if isinstance(value, list):
        if _flat(value):
            return [indent + _scalar(value)]
        lines = []
        for index, item in enumerate(value):
            lines.append(f"{indent}- {index}:")
            lines += _listing(item, indent + "  ")
        return lines
    return [indent + _scalar(value)]


def _flat(value: Any) -> bool:
    """A list of plain values, shown on one line."""
    return isinstance(value, list) and not any(isinstance(v, Mapping | list) for v in value)


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ", ".join(_scalar(v) for v in value) if value else "none"
    if isinstance(value, Mapping):
        return "none" if not value else json.dumps(value)
    return json.dumps(value)
