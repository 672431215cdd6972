"""The ``type`` of every numeric ``navcomp serve`` option: a value that makes no sense
(a negative count, seconds below zero or not finite) stops the command at parse time with
a message naming the option, instead of turning a limit silently off."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable


def seconds_from_zero(text: str) -> float:
    """Seconds, 0 included (where 0 means "at once" or "never", as the option says)."""
    return _number(text, allow_zero=True, unit="seconds")


def seconds_above_zero(text: str) -> float:
    return _number(text, allow_zero=False, unit="seconds")


def hours_from_zero(text: str) -> float:
    return _number(text, allow_zero=True, unit="hours")


def count_from(lowest: int, highest: int | None = None) -> Callable[[str], int]:
    """A whole number from ``lowest`` (to ``highest``), for counts, limits and ports."""
    span = f"from {lowest} up" if highest is None else f"from {lowest} to {highest}"

    def count(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            number = lowest - 1
        if number < lowest or (highest is not None and number > highest):
            raise argparse.ArgumentTypeError(f"{text!r} is no whole number {span}")
        return number

    count.__name__ = f"count_{span.replace(' ', '_')}"
    return count


def _number(text: str, *, allow_zero: bool, unit: str) -> float:
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    in_range = number >= 0 if allow_zero else number > 0
    if not (in_range and number < math.inf):
        lowest = "from 0 up" if allow_zero else "above 0"
        raise argparse.ArgumentTypeError(f"{text!r} is no number of {unit} {lowest}")
    return number


def networks(text: str) -> str:
    """Comma-separated addresses and networks (``127.0.0.1,10.0.0.0/8``), as given."""
    import ipaddress

    for entry in (part.strip() for part in text.split(",")):
        if entry:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError as error:
                raise argparse.ArgumentTypeError(str(error)) from None
    return text
