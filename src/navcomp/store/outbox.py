"""The outbox repository: mail waiting to be sent.

A mail is written in the transaction of what causes it, and deleted once the SMTP
server accepted it.  A sender claims due rows for a while (``claim``,
``claimed_until``) in one transaction (``FOR UPDATE SKIP LOCKED`` on PostgreSQL; on
SQLite the transaction holds the write lock), so of several processes one sends
each mail; a claim whose sender died lapses and the mail is claimed again.

The turns of a digest gather in one row per reader (``kind`` ``digest``) until it
is sent.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, func, insert, or_, select, update

from navcomp.store.model import MailKind, OutboxMail
from navcomp.store.schema import mail_outbox, mail_settings

DIGEST = MailKind.DIGEST.value


def add(
    conn: Connection,
    user_id: int,
    kind: MailKind,
    address: str,
    language: str,
    about: dict[str, Any],
    at: datetime,
    due: datetime | None = None,
) -> None:
    conn.execute(
        insert(mail_outbox).values(
            user_id=user_id,
            kind=kind.value,
            address=address,
            language=language,
            about=about,
            created_at=at,
            due_at=due or at,
            attempts=0,
        )
    )


def add_to_digest(
    conn: Connection,
    user_id: int,
    address: str,
    language: str,
    table: dict[str, Any],
    at: datetime,
    due: datetime,
) -> None:
    """``table`` in the reader's waiting digest (one not being sent), or a new digest
    due at ``due``; a table already in it is not added twice."""
    row = conn.execute(
        select(mail_outbox.c.id, mail_outbox.c.about)
        .where(
            mail_outbox.c.user_id == user_id,
            mail_outbox.c.kind == DIGEST,
            mail_outbox.c.claim.is_(None),
        )
        .with_for_update()
    ).first()
    if row is None:
        add(conn, user_id, MailKind.DIGEST, address, language, {"tables": [table]}, at, due)
        return
    tables = list(row.about["tables"])
    if all(t["table"] != table["table"] for t in tables):
        tables.append(table)
    conn.execute(
        update(mail_outbox)
        .where(mail_outbox.c.id == row.id)
        .values(about={"tables": tables}, address=address, language=language)
    )


def claim(
    conn: Connection, claim_id: str, at: datetime, until: datetime, limit: int
) -> list[OutboxMail]:
    """Up to ``limit`` mail due at ``at`` and claimed by nobody (or by a claim that
    lapsed), now claimed by ``claim_id`` until ``until``."""
    free = or_(mail_outbox.c.claimed_until.is_(None), mail_outbox.c.claimed_until < at)
    ids = list(
        conn.execute(
            select(mail_outbox.c.id)
            .where(mail_outbox.c.due_at <= at, free)
            .order_by(mail_outbox.c.due_at, mail_outbox.c.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        ).scalars()
    )
    if not ids:
        return []
    conn.execute(
        update(mail_outbox)
        .where(mail_outbox.c.id.in_(ids))
        .values(claim=claim_id, claimed_until=until)
    )
    rows = conn.execute(
        select(mail_outbox).where(mail_outbox.c.id.in_(ids)).order_by(mail_outbox.c.id)
    ).all()
    return [
        OutboxMail(r.id, r.user_id, MailKind(r.kind), r.address, r.language, r.about, r.attempts)
        for r in rows
    ]


def sent(conn: Connection, mail: OutboxMail, at: datetime) -> None:
    """``mail`` was accepted: it leaves the outbox (a digest's reader's clock restarts)."""
    conn.execute(delete(mail_outbox).where(mail_outbox.c.id == mail.id))
    if mail.kind is MailKind.DIGEST:
        conn.execute(
            update(mail_settings)
            .where(mail_settings.c.user_id == mail.user_id)
            .values(last_digest_at=at)
        )


def retry(conn: Connection, mail: OutboxMail, due: datetime, error: str) -> None:
    """``mail`` failed: free again from ``due`` on."""
    conn.execute(
        update(mail_outbox)
        .where(mail_outbox.c.id == mail.id)
        .values(
            attempts=mail_outbox.c.attempts + 1,
            due_at=due,
            claim=None,
            claimed_until=None,
            last_error=error[:200],
        )
    )


def drop(conn: Connection, mail: OutboxMail) -> None:
    """``mail`` given up (its address refused for good)."""
    conn.execute(delete(mail_outbox).where(mail_outbox.c.id == mail.id))


def waiting(conn: Connection) -> int:
    count: int = conn.execute(select(func.count()).select_from(mail_outbox)).scalar_one()
    return count
