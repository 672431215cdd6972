"""Notices: kept in the database (the in-app list), mailed to readers who want them
(``mail/queue.py``, in the same transaction) and sent to a webhook if set; who is told
what is ``domain/telling.py``.

Webhook calls are best effort (``server.webhooks``): a failing hook never delays
or breaks a move.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from navcomp.domain.model import NewNotice, Table
from navcomp.service.mail import queue as mail
from navcomp.store import notices
from navcomp.store.db import Connection


def add(
    conn: Connection,
    notice: NewNotice,
    at: datetime,
    about: dict[str, Any] | None = None,
    table: Table | None = None,
) -> None:
    """A notice from the lobby (a move's own are written with the move), and its mail."""
    notices.add(conn, notice, at, about)
    mail.queue(conn, [notice], table, at, about)


def listing(conn: Connection, user_id: int, unread_only: bool) -> list[dict[str, Any]]:
    """The newest notices first; of a table's turn and game-over notices only the newest.

    ``text`` is in English (for API clients and webhooks); ``kind`` (``turn``,
    ``over``, ``invite``, or ``note`` for notices older than kinds) and ``about``
    let a page word it in its own language.
    """
    told: set[int | None] = set()
    out = []
    for n in notices.newest(conn, user_id, unread_only, 200):
        if n.kind in notices.ABOUT_A_TABLE:
            if n.table_id in told:
                continue
            told.add(n.table_id)
        out.append(
            {
                "id": n.id,
                "table": n.table_id,
                "kind": n.kind.value,
                "about": n.about,
                "text": n.text,
                "read": n.read,
                "at": n.created_at.isoformat(),
            }
        )
    return out[:100]


def mark_read(conn: Connection, user_id: int, ids: list[int] | None) -> None:
    notices.mark_read(conn, user_id, ids)
