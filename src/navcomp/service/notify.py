"""Notices: kept in the database (the in-app list), mailed to readers who want them
(``mail.py``, in the same transaction) and sent to a webhook if set.

Webhook calls are best effort (``server.webhooks``): a failing hook never delays
or breaks a move.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from navcomp.domain.model import NewNotice, Seat, Table
from navcomp.domain.notices import NoticeKind
from navcomp.service.mail import queue as mail
from navcomp.store import notices
from navcomp.store.db import Connection


def turn_text(table_id: int) -> str:
    return f"Your turn at table {table_id}"


def over_text(table_id: int) -> str:
    return f"The game at table {table_id} is over: see the scores"


def invite_text(by: str, game_title: str, table_id: int) -> str:
    return f"{by} invites you to a game of {game_title} (table {table_id})"


def turn_notice(table_id: int, seats: tuple[Seat, ...], to_move: int) -> NewNotice | None:
    """ "Your turn" for the person in seat ``to_move`` (none for a bot)."""
    user_id = seats[to_move].user_id
    return (
        None
        if user_id is None
        else NewNotice(user_id, table_id, NoticeKind.TURN, turn_text(table_id))
    )


def after_move(
    table_id: int, seats: tuple[Seat, ...], to_move: int | None, before: int | None, over: bool
) -> list[NewNotice]:
    """A move's notices: the game's end to every person seated, or "your turn" to the
    one whose turn it now is (none while the same seat goes on)."""
    if over:
        text = over_text(table_id)
        return [
            NewNotice(s.user_id, table_id, NoticeKind.OVER, text)
            for s in seats
            if s.user_id is not None
        ]
    if to_move is None or to_move == before:
        return []
    notice = turn_notice(table_id, seats, to_move)
    return [] if notice is None else [notice]


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
