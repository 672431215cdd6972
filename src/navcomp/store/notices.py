"""The notices repository: the in-app list of turn, game-over and invitation notices."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, insert, select, update

from navcomp.domain.model import NewNotice, Notice
from navcomp.domain.notices import NoticeKind
from navcomp.store.schema import notifications

ABOUT_A_TABLE = (NoticeKind.TURN.value, NoticeKind.OVER.value)
"""Kinds of which only the newest of a table counts: one "your turn" says it all."""


def add(conn: Connection, notice: NewNotice, at: datetime, about: dict[str, Any] | None) -> None:
    """A notice from the lobby, with what it is ``about`` (for the page to word it)."""
    conn.execute(
        insert(notifications).values(
            user_id=notice.user_id,
            table_id=notice.table_id,
            kind=notice.kind.value,
            text=notice.text,
            about=about,
            read=False,
            created_at=at,
        )
    )


def newest(conn: Connection, user_id: int, unread_only: bool, limit: int) -> list[Notice]:
    """The newest ``limit`` notices of ``user_id``, the newest first."""
    query = select(notifications).where(notifications.c.user_id == user_id)
    if unread_only:
        query = query.where(notifications.c.read.is_(False))
    rows = conn.execute(query.order_by(notifications.c.id.desc()).limit(limit)).all()
    return [
        Notice(r.id, r.table_id, NoticeKind(r.kind), r.about, r.text, r.read, r.created_at)
        for r in rows
    ]


def mark_read(conn: Connection, user_id: int, ids: list[int] | None) -> None:
    """Mark ``ids`` read (all, with None), with the older turn and game-over notices of
    their tables, which the listing leaves out for them."""
    mine = notifications.c.user_id == user_id
    if ids is None:
        conn.execute(update(notifications).where(mine).values(read=True))
        return
    conn.execute(update(notifications).where(mine, notifications.c.id.in_(ids)).values(read=True))
    shown = conn.execute(
        select(notifications.c.table_id, notifications.c.id).where(
            mine, notifications.c.id.in_(ids), notifications.c.kind.in_(ABOUT_A_TABLE)
        )
    ).all()
    for table_id, newest_id in shown:
        conn.execute(
            update(notifications)
            .where(
                mine,
                notifications.c.table_id == table_id,
                notifications.c.kind.in_(ABOUT_A_TABLE),
                notifications.c.id < newest_id,
            )
            .values(read=True)
        )
