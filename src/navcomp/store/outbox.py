"""The outbox repository: mail waiting to be sent.

A mail is written in the transaction of what causes it, and deleted once the SMTP
server accepted it.  A sender claims due rows for a while (``claim``,
``claimed_until``) in one transaction (``FOR UPDATE SKIP LOCKED`` on PostgreSQL; on
SQLite the transaction holds the write lock), so of several processes one sends
each mail; a claim whose sender died lapses and the mail is claimed again.

The turns of a digest gather in one row per reader (``kind`` ``digest``) until it
is sent.  A turn mail is one row per reader and table (``add_turn``), due when the turn
began: the sender claims it only a grace later (``claim``'s ``turn_grace``), and puts it
back while its reader is at the table (``postpone``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Connection, and_, delete, func, insert, or_, select, update

from navcomp.domain.mail import MailKind
from navcomp.domain.model import OutboxMail
from navcomp.store.schema import mail_outbox, mail_settings

DIGEST = MailKind.DIGEST.value
TURN = MailKind.TURN.value


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


def add_turn(
    conn: Connection,
    user_id: int,
    address: str,
    language: str,
    about: dict[str, Any],
    at: datetime,
) -> None:
    """The reader's turn mail about the table ``about["table"]``, due from ``at``: the
    one still waiting for that table (not being sent) is brought up to this turn rather
    than a second one added."""
    rows = conn.execute(
        select(mail_outbox.c.id, mail_outbox.c.about)
        .where(
            mail_outbox.c.user_id == user_id,
            mail_outbox.c.kind == TURN,
            mail_outbox.c.claim.is_(None),
        )
        .with_for_update()
    ).all()
    waiting = next((r.id for r in rows if r.about.get("table") == about["table"]), None)
    if waiting is None:
        add(conn, user_id, MailKind.TURN, address, language, about, at)
        return
    values = {"about": about, "address": address, "language": language, "due_at": at}
    conn.execute(update(mail_outbox).where(mail_outbox.c.id == waiting).values(**values))


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
    conn: Connection,
    claim_id: str,
    at: datetime,
    until: datetime,
    limit: int,
    turn_grace: timedelta = timedelta(),
) -> list[OutboxMail]:
    """Up to ``limit`` mail due at ``at`` (a turn mail ``turn_grace`` after its due time)
    and claimed by nobody (or by a claim that lapsed), now claimed by ``claim_id`` until
    ``until``."""
    free = or_(mail_outbox.c.claimed_until.is_(None), mail_outbox.c.claimed_until < at)
    due = _due(at, turn_grace)
    ids = list(
        conn.execute(
            select(mail_outbox.c.id)
            .where(due, free)
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


def _superseded(conn: Connection, mail: OutboxMail) -> bool:
    """Whether ``mail`` is a turn mail that another, still waiting, replaced while it was
    being sent (``add_turn`` brings only a mail not being sent up to the new turn)."""
    if mail.kind is not MailKind.TURN:
        return False
    rows = conn.execute(
        select(mail_outbox.c.about).where(
            mail_outbox.c.user_id == mail.user_id,
            mail_outbox.c.kind == TURN,
            mail_outbox.c.claim.is_(None),
            mail_outbox.c.id != mail.id,
        )
    ).all()
    return any(row.about.get("table") == mail.about.get("table") for row in rows)


def retry(conn: Connection, mail: OutboxMail, due: datetime, error: str) -> None:
    """``mail`` failed: free again from ``due`` on, unless a newer turn mail about the
    same table waits already (then it is dropped: one turn mail waits per table)."""
    if _superseded(conn, mail):
        drop(conn, mail)
        return
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


def postpone(conn: Connection, mail: OutboxMail, due: datetime) -> None:
    """``mail`` not sent now (not a failure): free again, due from ``due`` on, unless a
    newer turn mail about the same table waits already."""
    if _superseded(conn, mail):
        drop(conn, mail)
        return
    conn.execute(
        update(mail_outbox)
        .where(mail_outbox.c.id == mail.id)
        .values(due_at=due, claim=None, claimed_until=None)
    )


def drop(conn: Connection, mail: OutboxMail) -> None:
    """``mail`` given up (its address refused for good)."""
    conn.execute(delete(mail_outbox).where(mail_outbox.c.id == mail.id))


def waiting(conn: Connection) -> int:
    count: int = conn.execute(select(func.count()).select_from(mail_outbox)).scalar_one()
    return count


def due(conn: Connection, at: datetime, turn_grace: timedelta = timedelta()) -> int:
    """How many mails are due at ``at``, claimed or not (the mail queue's depth)."""
    count: int = conn.execute(
        select(func.count()).select_from(mail_outbox).where(_due(at, turn_grace))
    ).scalar_one()
    return count


def _due(at: datetime, turn_grace: timedelta) -> ColumnElement[bool]:
    """Mail due at ``at``: a turn mail ``turn_grace`` after its due time."""
    return or_(
        and_(mail_outbox.c.kind != TURN, mail_outbox.c.due_at <= at),
        mail_outbox.c.due_at <= at - turn_grace,
    )
