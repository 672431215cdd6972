"""Turn notices: kept in the database (the in-app list) and sent to a webhook if set.

Webhook calls are best effort (``server.webhooks``): a failing hook never delays
or breaks a move.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, insert, select, update

from navcomp.server.accounts import now
from navcomp.store.schema import notifications


def turn_text(table_id: int) -> str:
    return f"Your turn at table {table_id}"


def over_text(table_id: int) -> str:
    return f"The game at table {table_id} is over: see the scores"


def invite_text(by: str, game_title: str, table_id: int) -> str:
    return f"{by} invites you to a game of {game_title} (table {table_id})"


def add(
    conn: Connection,
    user_id: int,
    table_id: int,
    kind: str,
    text: str,
    about: dict[str, Any] | None = None,
) -> None:
    """A notice from the lobby (a move's own go through ``store.hot``, with the move)."""
    conn.execute(
        insert(notifications).values(
            user_id=user_id,
            table_id=table_id,
            kind=kind,
            text=text,
            about=about,
            read=False,
            created_at=now(),
        )
    )


_ABOUT_A_TABLE = ("turn", "over")
"""Kinds of which only the newest of a table counts: one "your turn" says it all."""


def listing(conn: Connection, user_id: int, unread_only: bool) -> list[dict[str, Any]]:
    """The newest notices first; of a table's turn and game-over notices only the newest.

    ``text`` is in English (for API clients and webhooks); ``kind`` (``turn``,
    ``over``, ``invite``, or ``note`` for notices older than kinds) and ``about``
    let a page word it in its own language.
    """
    query = select(notifications).where(notifications.c.user_id == user_id)
    if unread_only:
        query = query.where(notifications.c.read.is_(False))
    rows = conn.execute(query.order_by(notifications.c.id.desc()).limit(200)).all()
    told: set[int | None] = set()
    out = []
    for r in rows:
        if r.kind in _ABOUT_A_TABLE:
            if r.table_id in told:
                continue
            told.add(r.table_id)
        out.append(
            {
                "id": r.id,
                "table": r.table_id,
                "kind": r.kind,
                "about": r.about,
                "text": r.text,
                "read": r.read,
                "at": r.created_at.isoformat(),
            }
        )
    return out[:100]


def mark_read(conn: Connection, user_id: int, ids: list[int] | None) -> None:
    """Mark ``ids`` read (all, with None), with the older turn and game-over notices of
    their tables, which the listing left out for them."""
    mine = notifications.c.user_id == user_id
    if ids is None:
        conn.execute(update(notifications).where(mine).values(read=True))
        return
    conn.execute(update(notifications).where(mine, notifications.c.id.in_(ids)).values(read=True))
    shown = conn.execute(
        select(notifications.c.table_id, notifications.c.id).where(
            mine, notifications.c.id.in_(ids), notifications.c.kind.in_(_ABOUT_A_TABLE)
        )
    ).all()
    for table_id, newest in shown:
        conn.execute(
            update(notifications)
            .where(
                mine,
                notifications.c.table_id == table_id,
                notifications.c.kind.in_(_ABOUT_A_TABLE),
                notifications.c.id < newest,
            )
            .values(read=True)
        )
