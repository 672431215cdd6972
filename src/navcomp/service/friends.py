"""Friends: requests by name, accepting (asking back), parting, and who is online.

Each runs inside the caller's transaction and refuses with an :class:`Refusal`
before it writes anything.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from navcomp.core.errors import quoted
from navcomp.domain import refusals
from navcomp.domain.model import User
from navcomp.domain.refusals import Refusal
from navcomp.service.accounts import user_id_by_name
from navcomp.store import blocks, friends
from navcomp.store.db import Connection

ONLINE_FOR = timedelta(minutes=5)
"""A person seen this recently is online (``presence.py`` writes it at most once a minute)."""


def _other(conn: Connection, user: User, name: str) -> int:
    if user.is_guest:
        raise Refusal(refusals.NEEDS_ACCOUNT, "register to have friends")
    other = user_id_by_name(conn, name)
    if other == user.id:
        raise Refusal(refusals.CANNOT_BEFRIEND_SELF, "you cannot befriend yourself")
    return other


def ask(conn: Connection, user: User, name: str, at: datetime) -> None:
    """Ask ``name`` to be friends, or accept their request; asking again changes nothing."""
    other = _other(conn, user, name)
    if friends.is_guest(conn, other):
        raise Refusal(refusals.NEEDS_ACCOUNT, f"{quoted(name)} is a guest: guests have no friends")
    if blocks.blocked(conn, other, user.id):
        raise Refusal(refusals.BLOCKED, f"{quoted(name)} does not take friend requests from you")
    friends.ask(conn, user.id, other, at)


def part(conn: Connection, user: User, name: str) -> None:
    """End a friendship, decline a request or take one's own back."""
    other = _other(conn, user, name)
    if not friends.part(conn, user.id, other):
        raise Refusal(refusals.NOT_FRIENDS, f"no friendship or request with {quoted(name)}")


def listing(conn: Connection, user: User, at: datetime) -> dict[str, Any]:
    """My friends (online or not) and the requests in and out."""
    if user.is_guest:
        return {"friends": [], "incoming": [], "outgoing": []}
    found = friends.of(conn, user.id)
    return {
        "friends": [
            {"name": friend.name, "online": online(friend.last_seen, at)}
            for friend in found.friends
        ],
        "incoming": [{"name": friend.name} for friend in found.incoming],
        "outgoing": [{"name": friend.name} for friend in found.outgoing],
    }


def online(last_seen: datetime | None, at: datetime) -> bool:
    return last_seen is not None and at - last_seen <= ONLINE_FOR
