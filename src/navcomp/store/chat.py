"""The chat repository: messages in the lobby and at tables, reports of messages, and the
people a table's creator muted there."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Connection, Select, delete, insert, select
from sqlalchemy.orm import aliased

from navcomp.store.schema import blocks, chat_messages, chat_mutes, chat_reports, users


@dataclass(frozen=True, slots=True)
class ChatMessage:
    id: int
    table_id: int | None  # None: the lobby
    channel: str  # lobby, players or spectators
    user_id: int
    author: str
    text: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Report:
    message: ChatMessage
    reporter: str
    reason: str
    at: datetime


def _message(row: Any) -> ChatMessage:
    return ChatMessage(
        row.id, row.table_id, row.channel, row.user_id, row.name, row.text, row.created_at
    )


def _messages() -> Select[tuple[int, int | None, str, int, str, str, datetime]]:
    return select(
        chat_messages.c.id,
        chat_messages.c.table_id,
        chat_messages.c.channel,
        chat_messages.c.user_id,
        users.c.name,
        chat_messages.c.text,
        chat_messages.c.created_at,
    ).join(users, users.c.id == chat_messages.c.user_id)


def add(
    conn: Connection, table_id: int | None, channel: str, user_id: int, text: str, at: datetime
) -> int:
    """A new message; its id."""
    added = conn.execute(
        insert(chat_messages)
        .values(table_id=table_id, channel=channel, user_id=user_id, text=text, created_at=at)
        .returning(chat_messages.c.id)
    )
    message_id: int = added.scalar_one()
    return message_id


def get(conn: Connection, message_id: int) -> ChatMessage | None:
    row = conn.execute(_messages().where(chat_messages.c.id == message_id)).first()
    return None if row is None else _message(row)


def recent(
    conn: Connection,
    table_id: int | None,
    channels: Collection[str],
    hidden_authors: Collection[int],
    limit: int,
) -> list[ChatMessage]:
    """The last ``limit`` messages of ``channels`` of the table (None: the lobby), oldest
    first, without those of ``hidden_authors``."""
    where: list[ColumnElement[bool]] = [chat_messages.c.channel.in_(list(channels))]
    if table_id is None:
        where.append(chat_messages.c.table_id.is_(None))
    else:
        where.append(chat_messages.c.table_id == table_id)
    if hidden_authors:
        where.append(chat_messages.c.user_id.not_in(list(hidden_authors)))
    rows = conn.execute(_messages().where(*where).order_by(chat_messages.c.id.desc()).limit(limit))
    return [_message(row) for row in reversed(rows.all())]


def written_by(conn: Connection, user_id: int) -> list[ChatMessage]:
    """Every message ``user_id`` wrote, oldest first."""
    rows = conn.execute(
        _messages().where(chat_messages.c.user_id == user_id).order_by(chat_messages.c.id)
    )
    return [_message(row) for row in rows]


def wrote_at(conn: Connection, table_id: int, user_id: int) -> bool:
    """Whether ``user_id`` wrote any message at the table."""
    row = conn.execute(
        select(chat_messages.c.id)
        .where(chat_messages.c.table_id == table_id, chat_messages.c.user_id == user_id)
        .limit(1)
    ).first()
    return row is not None


def mute(conn: Connection, table_id: int, user_id: int, at: datetime) -> bool:
    """False if they were muted there already."""
    if muted(conn, table_id, user_id):
        return False
    conn.execute(insert(chat_mutes).values(table_id=table_id, user_id=user_id, created_at=at))
    return True


def unmute(conn: Connection, table_id: int, user_id: int) -> bool:
    gone = conn.execute(
        delete(chat_mutes).where(chat_mutes.c.table_id == table_id, chat_mutes.c.user_id == user_id)
    )
    return gone.rowcount > 0


def muted(conn: Connection, table_id: int, user_id: int) -> bool:
    row = conn.execute(
        select(chat_mutes.c.user_id).where(
            chat_mutes.c.table_id == table_id, chat_mutes.c.user_id == user_id
        )
    ).first()
    return row is not None


def muted_names(conn: Connection, table_id: int) -> list[str]:
    rows = conn.execute(
        select(users.c.name)
        .join(chat_mutes, chat_mutes.c.user_id == users.c.id)
        .where(chat_mutes.c.table_id == table_id)
        .order_by(users.c.name)
    )
    return [row.name for row in rows]


def report(conn: Connection, message_id: int, reporter_id: int, reason: str, at: datetime) -> bool:
    """False if this person had reported this message already (the first reason stays)."""
    already = conn.execute(
        select(chat_reports.c.message_id).where(
            chat_reports.c.message_id == message_id, chat_reports.c.reporter_id == reporter_id
        )
    ).first()
    if already is not None:
        return False
    conn.execute(
        insert(chat_reports).values(
            message_id=message_id, reporter_id=reporter_id, reason=reason, created_at=at
        )
    )
    return True


def reports(conn: Connection, limit: int) -> list[Report]:
    """The latest reports, the newest first."""
    reporter = aliased(users)
    rows = conn.execute(
        _messages()
        .add_columns(reporter.c.name, chat_reports.c.reason, chat_reports.c.created_at)
        .join(chat_reports, chat_reports.c.message_id == chat_messages.c.id)
        .join(reporter, reporter.c.id == chat_reports.c.reporter_id)
        .order_by(chat_reports.c.created_at.desc(), chat_reports.c.message_id.desc())
        .limit(limit)
    )
    return [Report(_message(row), row[7], row[8], row[9]) for row in rows]


def blocked_names(conn: Connection, user_id: int) -> list[str]:
    """The names of those ``user_id`` blocked, in order."""
    rows = conn.execute(
        select(users.c.name)
        .join(blocks, blocks.c.blocked_id == users.c.id)
        .where(blocks.c.user_id == user_id)
        .order_by(users.c.name)
    )
    return [row.name for row in rows]
