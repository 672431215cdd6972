"""Options read from the environment: ``--bot-workers`` from ``NAVCOMP_BOT_WORKERS``.

:func:`read_environment` applies to any ``argparse`` parser: each ``--option`` of it
takes its default from ``NAVCOMP_OPTION`` when that is set, the command line winning,
and ``--help`` names the variable beside the option.  A value is checked by the
option's own type when the command runs (so a bad variable of ``serve`` never stops
another command), and a bad one stops it with an error that names the variable.  A variable set to
nothing counts as not set.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping
from typing import Any

PREFIX = "NAVCOMP_"
TRUE = frozenset({"1", "true", "yes", "on"})
FALSE = frozenset({"0", "false", "no", "off"})


def variable_for(action: argparse.Action, prefix: str = PREFIX) -> str | None:
    """``NAVCOMP_BOT_WORKERS`` for ``--bot-workers``; None for positionals and ``--help``."""
    long_options = [o for o in action.option_strings if o.startswith("--")]
    if not long_options or (action.nargs == 0 and not _is_flag(action)):
        return None
    return prefix + long_options[0][2:].upper().replace("-", "_")


def read_environment(
    parser: argparse.ArgumentParser,
    environ: Mapping[str, str] | None = None,
    prefix: str = PREFIX,
) -> None:
    """Let every option of ``parser`` be set by its variable (see the module)."""
    environ = os.environ if environ is None else environ
    for action in parser._actions:  # argparse keeps its options there, and only there
        variable = variable_for(action, prefix)
        if variable is None:
            continue
        if action.help != argparse.SUPPRESS:
            action.help = f"{action.help or ''} [{variable}]".lstrip()
        text = environ.get(variable, "")
        if not text:  # unset, or set to nothing: the option's own default
            continue
        # A text default goes through the option's type when the command line does not
        # give the option (argparse): here a type that names the variable.
        action.default = text
        action.type = _checked(action, variable)


def _is_flag(action: argparse.Action) -> bool:
    return isinstance(action, argparse._StoreTrueAction | argparse._StoreFalseAction)


def _checked(action: argparse.Action, variable: str) -> Callable[[str], Any]:
    """The option's type for a value from ``variable``; an error names the variable."""
    if _is_flag(action):
        convert: Callable[[str], Any] = _flag(action.const)
    else:
        convert = action.type if callable(action.type) else str

    def from_environment(text: str) -> Any:
        try:
            value = convert(text)
        except (argparse.ArgumentTypeError, ValueError, TypeError) as error:
            raise argparse.ArgumentTypeError(f"{variable}={text!r}: {error}") from None
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(str, action.choices))
            raise argparse.ArgumentTypeError(f"{variable}={text!r}: not one of {choices}")
        return value

    from_environment.__name__ = variable
    return from_environment


def _flag(when_true: Any) -> Callable[[str], Any]:
    """A flag's value from ``1``/``true``/``yes`` or ``0``/``false``/``no``."""

    def flag(text: str) -> Any:
        word = text.strip().lower()
        if word in TRUE:
            return when_true
        if word in FALSE:
            return not when_true
        raise ValueError("a flag is 1, true or yes (set) or 0, false or no (not set)")

    return flag
