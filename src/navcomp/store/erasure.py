"""Deleting an account: what is the player's alone goes, the row stays as a tombstone.

The tombstone keeps the account's id, so the seats, scores and ratings of its games stay
as they were, and its chat messages stay with their tables under its new name; it has no
password, no session, no webhook, no mail, no notices, no blocks, no friends or friend
requests, no mutes and no invitations, and a name (``former``) no one can register.  Its
name keys stay until the name's hold period has passed (``accounts.release_name``).
Others' notices and unsent mail that name it (invitations, rematch offers, the players
of a table) name ``former`` instead.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, or_, select, update

from navcomp.domain.notices import NoticeKind
from navcomp.store.schema import (
    blocks,
    chat_mutes,
    friends,
    invites,
    mail_outbox,
    mail_settings,
    notifications,
    sessions,
    users,
)


def delete_account(conn: Connection, user_id: int, former: str, at: datetime) -> list[str]:
    """Make ``user_id`` a tombstone named ``former``; the digests of its sessions, ended."""
    name: str = conn.execute(select(users.c.name).where(users.c.id == user_id)).scalar_one()
    _rename_in_notices(conn, name, former)
    _rename_in_outbox(conn, name, former)
    digests = list(
        conn.execute(select(sessions.c.token_hash).where(sessions.c.user_id == user_id)).scalars()
    )
    conn.execute(delete(sessions).where(sessions.c.user_id == user_id))
    conn.execute(delete(mail_outbox).where(mail_outbox.c.user_id == user_id))
    conn.execute(delete(mail_settings).where(mail_settings.c.user_id == user_id))
    conn.execute(delete(notifications).where(notifications.c.user_id == user_id))
    conn.execute(delete(invites).where(invites.c.user_id == user_id))
    conn.execute(
        delete(blocks).where(or_(blocks.c.user_id == user_id, blocks.c.blocked_id == user_id))
    )
    conn.execute(
        delete(friends).where(or_(friends.c.user_id == user_id, friends.c.friend_id == user_id))
    )
    conn.execute(delete(chat_mutes).where(chat_mutes.c.user_id == user_id))
    conn.execute(
        update(users)
        .where(users.c.id == user_id)
        .values(
            name=former,
            password_hash=None,
            webhook_url=None,
            profile_private=False,
            deleted_at=at,
        )
    )
    return digests


def _rename_in_notices(conn: Connection, name: str, former: str) -> None:
    """Invitations and rematch offers from ``name`` (their ``about`` says who sent them)."""
    rows = conn.execute(
        select(notifications.c.id, notifications.c.about, notifications.c.text).where(
            notifications.c.kind.in_([NoticeKind.INVITE.value, NoticeKind.REMATCH.value]),
            notifications.c.text.contains(name, autoescape=True),
        )
    ).all()
    for row in rows:
        if row.about is not None and row.about.get("by") == name:
            conn.execute(
                update(notifications)
                .where(notifications.c.id == row.id)
                .values(about={**row.about, "by": former}, text=row.text.replace(name, former))
            )


def _rename_in_outbox(conn: Connection, name: str, former: str) -> None:
    """Mail not yet sent says what it says when it goes: who invited, who played."""
    rows = conn.execute(select(mail_outbox.c.id, mail_outbox.c.about)).all()
    for row in rows:
        about = _renamed(row.about, name, former)
        if about != row.about:
            conn.execute(update(mail_outbox).where(mail_outbox.c.id == row.id).values(about=about))


def _renamed(about: dict[str, Any], name: str, former: str) -> dict[str, Any]:
    """``about`` with ``name`` as the sender and as a player (of ``others``, ``ranking``)
    replaced by ``former``."""
    renamed = dict(about)
    if renamed.get("by") == name:
        renamed["by"] = former
    for key in ("others", "ranking"):
        if key in renamed:
            renamed[key] = [
                {**p, "name": former} if p.get("name") == name else p for p in renamed[key]
            ]
    return renamed
