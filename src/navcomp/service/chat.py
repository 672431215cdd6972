"""Chat: who may write and read where, and to whom a new message is pushed.

A table has two channels: the players' (written by the seated, read by everyone) and the
spectators' (written by the others), which the seated do not read while the game runs, so
that nobody watching can tell a player anything.  Once the game is over both are open to
all.  The lobby has one channel, written by registered accounts.  Whoever blocked a person
reads nothing of theirs; a person the table's creator muted writes nothing there.  Each
runs inside the caller's transaction and refuses with an :class:`Refusal` before it writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from navcomp.domain import refusals
from navcomp.domain.model import Table, User
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby
from navcomp.service.accounts import user_id_by_name
from navcomp.store import blocks, chat, tables
from navcomp.store.chat import ChatMessage
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from datetime import datetime

MAX_LENGTH = 500  # characters, once trimmed
HISTORY = 100  # messages a history answer holds, the latest
LOBBY, PLAYERS, SPECTATORS = "lobby", "players", "spectators"

# Text direction overrides and isolates: they make a message read as something else.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def clean(text: str) -> str:
    """The message as kept: without direction overrides, trimmed, and within the limits."""
    text = _BIDI.sub("", text).strip()
    if not text:
        raise Refusal(refusals.CHAT_EMPTY, "write something first")
    if len(text) > MAX_LENGTH:
        raise Refusal(refusals.CHAT_TOO_LONG, f"at most {MAX_LENGTH} characters")
    return text


def message_json(message: ChatMessage) -> dict[str, Any]:
    return {
        "id": message.id,
        "table": message.table_id,
        "channel": message.channel,
        "author": message.author,
        "text": message.text,
        "at": message.at.isoformat(),
    }


def readable(table: Table, user_id: int | None) -> tuple[str, ...]:
    """The table's channels ``user_id`` (None: someone not signed in), who may see the
    table (``lobby.refusal``), reads."""
    if table.status is TableStatus.OVER or table.seat_of(user_id) is None:
        return (PLAYERS, SPECTATORS)
    return (PLAYERS,)


def _may_read(conn: Connection, table: Table, user_id: int, channel: str) -> bool:
    return lobby.refusal(conn, table, user_id) is None and channel in readable(table, user_id)


def _kept_from(table: Table, channel: str) -> set[int] | None:
    """The accounts a new message of ``channel`` must not reach (None: no one)."""
    if channel == SPECTATORS and table.status is not TableStatus.OVER:
        return set(table.seated_accounts())
    return None


def post_at_table(
    conn: Connection, user: User, table_id: int, text: str, at: datetime
) -> ChatMessage:
    """A message at the table, in the channel of the writer's place there."""
    table = lobby.watched(conn, table_id, user.id)
    seated = table.seat_of(user.id) is not None
    if not seated and user.is_guest:
        raise Refusal(refusals.CHAT_NEEDS_ACCOUNT, "register to chat with the spectators")
    if chat.muted(conn, table_id, user.id):
        raise Refusal(refusals.CHAT_MUTED, "the table's creator muted you here")
    channel = PLAYERS if seated else SPECTATORS
    return _added(conn, chat.add(conn, table_id, channel, user.id, text, at))


def post_in_lobby(conn: Connection, user: User, text: str, at: datetime) -> ChatMessage:
    if user.is_guest:
        raise Refusal(refusals.CHAT_NEEDS_ACCOUNT, "register to chat in the lobby")
    return _added(conn, chat.add(conn, None, LOBBY, user.id, text, at))


def _added(conn: Connection, message_id: int) -> ChatMessage:
    message = chat.get(conn, message_id)
    assert message is not None  # written in this transaction
    return message


def table_history(conn: Connection, user_id: int | None, table_id: int) -> dict[str, Any]:
    table = lobby.watched(conn, table_id, user_id)
    hidden = set() if user_id is None else blocks.blocked_by(conn, user_id)
    messages = chat.recent(conn, table_id, readable(table, user_id), hidden, HISTORY)
    return {
        "table": table_id,
        "messages": [message_json(m) for m in messages],
        "muted": chat.muted_names(conn, table_id),
    }


def lobby_history(conn: Connection, user_id: int | None) -> dict[str, Any]:
    hidden = set() if user_id is None else blocks.blocked_by(conn, user_id)
    messages = chat.recent(conn, None, (LOBBY,), hidden, HISTORY)
    return {"table": None, "messages": [message_json(m) for m in messages], "muted": []}


def report(conn: Connection, user: User, message_id: int, reason: str, at: datetime) -> bool:
    """Report a message the reporter may read; False if they had reported it already."""
    message = chat.get(conn, message_id)
    if message is not None and message.table_id is not None:
        table = tables.get(conn, message.table_id)
        if table is None or not _may_read(conn, table, user.id, message.channel):
            message = None
    if message is None:
        raise Refusal(refusals.CHAT_MESSAGE_NOT_FOUND, "no such message")
    if message.user_id == user.id:
        raise Refusal(refusals.CANNOT_REPORT_OWN, "that message is your own")
    return chat.report(conn, message_id, user.id, reason, at)


def set_mute(
    conn: Connection, user: User, table_id: int, name: str, muted: bool, at: datetime
) -> dict[str, Any]:
    """The creator mutes (or unmutes) ``name``, a person who was at the table (seated
    there, or who wrote in its chat); the table's muted names."""
    table = lobby.watched(conn, table_id, user.id)
    if table.creator_id != user.id:
        raise Refusal(refusals.NOT_CREATOR, "only the table's creator mutes and unmutes")
    target = user_id_by_name(conn, name)
    if target == user.id:
        raise Refusal(refusals.CANNOT_MUTE_SELF, "you cannot mute yourself")
    if not table.was_seated(target) and not chat.wrote_at(conn, table_id, target):
        raise Refusal(refusals.NOT_AT_TABLE, f"{name} was not at this table")
    if muted:
        chat.mute(conn, table_id, target, at)
    else:
        chat.unmute(conn, table_id, target)
    return {"table": table_id, "muted": chat.muted_names(conn, table_id)}


@dataclass(frozen=True)
class Delivery:
    """A new message as pushed: to the clients of its table (None: the lobby's), but not
    to those who blocked its writer nor, on ``kept_from``, to the seated."""

    table_id: int | None
    message: dict[str, Any]
    blockers: set[int]
    kept_from: set[int] | None


def delivery(conn: Connection, message_id: int) -> Delivery | None:
    """How to push message ``message_id``; None: it or its table is gone meanwhile."""
    message = chat.get(conn, message_id)
    if message is None:
        return None
    table = None if message.table_id is None else tables.get(conn, message.table_id)
    if message.table_id is not None and table is None:
        return None
    kept_from = None if table is None else _kept_from(table, message.channel)
    blockers = blocks.blockers_of(conn, message.user_id)
    return Delivery(message.table_id, message_json(message), blockers, kept_from)


def block(conn: Connection, user: User, name: str, at: datetime) -> dict[str, Any]:
    """``user`` blocks ``name``: the names ``user`` has blocked."""
    target = user_id_by_name(conn, name)
    if target == user.id:
        raise Refusal(refusals.CANNOT_BLOCK_SELF, "you cannot block yourself")
    blocks.add(conn, user.id, target, at)
    return blocked_list(conn, user.id)


def unblock(conn: Connection, user: User, name: str) -> dict[str, Any]:
    blocks.remove(conn, user.id, user_id_by_name(conn, name))
    return blocked_list(conn, user.id)


def blocked_list(conn: Connection, user_id: int) -> dict[str, Any]:
    return {"blocked": chat.blocked_names(conn, user_id)}
