"""The three ways an action can be refused, each with a stable code.

The server maps ``code`` straight into its JSON error bodies, so the codes are
part of the public interface and never change.
"""

from __future__ import annotations

import reprlib

ECHO = 40
"""At most this many characters of what a client sent go back in a refusal."""

_SHORT = reprlib.Repr()
"""A repr of a client's value that looks only at its first levels and items: a value
nested as deep as the JSON parser lets it is never walked whole (``str`` of it raised
RecursionError)."""
_SHORT.maxlevel = 3
_SHORT.maxstring = ECHO
_SHORT.maxother = ECHO
for _kind in ("maxdict", "maxlist", "maxtuple", "maxset", "maxfrozenset", "maxdeque"):
    setattr(_SHORT, _kind, 4)


def quoted(value: object) -> str:
    """``value`` as a refusal names it (a text quoted), cut to :data:`ECHO` characters:
    an echo of the input, never the whole of a long or deep one."""
    text = repr(value) if isinstance(value, str) else _SHORT.repr(value)
    return text if len(text) <= ECHO else text[: ECHO - 1] + "…"


class ActionError(ValueError):
    """Base class: the action was refused and the state is unchanged."""

    code = "action_refused"


class MalformedActionError(ActionError):
    """The action cannot be parsed: unknown word, card, planet or tile, bad shape."""

    code = "malformed_action"


class IllegalActionError(ActionError):
    """The action is well formed but the rules do not allow it now."""

    code = "illegal_action"


class NotYourTurnError(ActionError):
    """The action comes from a player who is not the one to decide."""

    code = "not_your_turn"


class GameOverError(IllegalActionError):
    """The game has ended: no more actions are accepted."""

    code = "game_over"
