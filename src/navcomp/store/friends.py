"""The friends repository: who asked whom, and when each account was last seen.

A row says ``user_id`` wants ``friend_id`` as a friend; two people are friends once
there is a row each way, so two requests crossing (two server processes) make a
friendship rather than a conflict, and accepting a request is asking back.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Column, Connection, delete, insert, or_, select, update

from navcomp.store.db import as_utc
from navcomp.store.schema import friends, users


@dataclass(frozen=True, slots=True)
class Friend:
    """Another account as one's friends list shows it."""

    user_id: int
    name: str
    last_seen: datetime | None


@dataclass(frozen=True, slots=True)
class Friends:
    """One account's friends, the requests it got and those it sent."""

    friends: list[Friend]
    incoming: list[Friend]
    outgoing: list[Friend]


def ask(conn: Connection, user_id: int, friend_id: int, at: datetime) -> bool:
    """``user_id`` asks ``friend_id`` (or accepts their request); False if it had already."""
    if asked(conn, user_id, friend_id):
        return False
    conn.execute(insert(friends).values(user_id=user_id, friend_id=friend_id, created_at=at))
    return True


def asked(conn: Connection, user_id: int, friend_id: int) -> bool:
    query = select(friends.c.user_id).where(
        friends.c.user_id == user_id, friends.c.friend_id == friend_id
    )
    return conn.execute(query).first() is not None


def part(conn: Connection, user_id: int, other_id: int) -> bool:
    """No friendship or request between the two, either way; False if there was none."""
    gone = conn.execute(
        delete(friends).where(
            or_(
                (friends.c.user_id == user_id) & (friends.c.friend_id == other_id),
                (friends.c.user_id == other_id) & (friends.c.friend_id == user_id),
            )
        )
    )
    return gone.rowcount > 0


def of(conn: Connection, user_id: int) -> Friends:
    """``user_id``'s friends and requests, by name."""
    sent = {
        row.user_id: row for row in _others(conn, friends.c.user_id, friends.c.friend_id, user_id)
    }
    got = {
        row.user_id: row for row in _others(conn, friends.c.friend_id, friends.c.user_id, user_id)
    }

    def listed(ids: set[int], rows: dict[int, Friend]) -> list[Friend]:
        return sorted((rows[i] for i in ids), key=lambda friend: friend.name.casefold())

    return Friends(
        friends=listed(set(sent) & set(got), sent),
        incoming=listed(set(got) - set(sent), got),
        outgoing=listed(set(sent) - set(got), sent),
    )


def _others(conn: Connection, mine: Column[Any], theirs: Column[Any], user_id: int) -> list[Friend]:
    query = (
        select(users.c.id, users.c.name, users.c.last_seen)
        .join(friends, theirs == users.c.id)
        .where(mine == user_id)
    )
    return [Friend(row.id, row.name, as_utc(row.last_seen)) for row in conn.execute(query)]


def seen(conn: Connection, user_id: int, at: datetime) -> None:
    """The account was active at ``at``."""
    conn.execute(update(users).where(users.c.id == user_id).values(last_seen=at))


def last_seen(conn: Connection, user_id: int) -> datetime | None:
    """When the account was last active (``seen``), if ever."""
    query = select(users.c.last_seen).where(users.c.id == user_id)
    return as_utc(conn.execute(query).scalar_one_or_none())


def is_guest(conn: Connection, user_id: int) -> bool:
    query = select(users.c.is_guest).where(users.c.id == user_id)
    return bool(conn.execute(query).scalar_one())
