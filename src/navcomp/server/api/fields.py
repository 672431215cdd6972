"""Types of request fields, bounded to what the database and the games can hold.

Declared in the OpenAPI schema too, so a client learns the bounds from it.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import Path
from pydantic import AfterValidator, Field

from navcomp.domain.tables import DB_INT_MAX

MAX_SEATS = 10

NO_CONTROLS = r"^[^\x00-\x1f\x7f]*$"
"""No control characters: PostgreSQL refuses NUL in text, and no name needs the others."""

Text = Annotated[str, Field(pattern=NO_CONTROLS)]
"""A string field of a request body."""

TableId = Annotated[int, Path(ge=1, le=DB_INT_MAX, description="a table's id")]
PlayerName = Annotated[
    str, Path(min_length=1, max_length=100, pattern=NO_CONTROLS, description="a player's name")
]
"""A name in a route's path: the checks of a name in a body."""
SeatPath = Annotated[int, Path(ge=0, le=MAX_SEATS - 1, description="a seat, from 0")]
Seat = Annotated[int, Field(ge=0, le=MAX_SEATS - 1)]
DbInt = Annotated[int, Field(ge=0, le=DB_INT_MAX)]
NoticeId = Annotated[int, Field(ge=1, le=DB_INT_MAX)]


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def has_controls(value: Any) -> bool:
    """Whether any string in ``value``, a key or a value at any depth, holds a control
    character. A loop, not recursion: a client may nest as deep as the JSON parser lets it."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if _CONTROL.search(item) is not None:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


MAX_DEPTH = 32
"""How deep a client's JSON object may nest (no action or option nests past 3)."""


def too_deep(value: Any) -> bool:
    """Whether ``value`` nests objects or lists deeper than :data:`MAX_DEPTH`. A loop, as
    :func:`has_controls`."""
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                return True
            inner = item.values() if isinstance(item, dict) else item
            pending.extend((part, depth + 1) for part in inner)
    return False


def _plain(value: Any) -> Any:
    if has_controls(value):
        raise ValueError("strings may not hold control characters")
    if too_deep(value):
        raise ValueError(f"objects and lists may not nest deeper than {MAX_DEPTH} levels")
    return value


JsonObject = Annotated[dict[str, Any], AfterValidator(_plain)]
"""A JSON object from a client (table options, an action): no control characters in any
of its strings, keys or values, and no deeper than :data:`MAX_DEPTH`."""
