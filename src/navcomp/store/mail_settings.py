"""The mail settings repository: each account's address and what it wants by mail, and
the key that signs the links in mail."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import asdict, replace
from typing import Any

from sqlalchemy import Connection, insert, select, update

from navcomp.domain.mail import TurnMail
from navcomp.domain.model import MailSettings
from navcomp.store.db import DbRow, as_utc
from navcomp.store.hot import move_writes
from navcomp.store.schema import mail_settings, server_secrets, users

LINK_KEY = "mail_links"


def _settings(row: DbRow) -> MailSettings:
    return MailSettings(
        address=row.address,
        verified=bool(row.verified),
        language=row.language,
        turn=TurnMail(row.turn),
        digest_hours=row.digest_hours,
        invites=bool(row.invites),
        time_low=bool(row.time_low),
        game_over=bool(row.game_over),
        last_digest_at=as_utc(row.last_digest_at),
    )


def get(conn: Connection, user_id: int, lock: bool = False) -> MailSettings:
    """``user_id``'s settings (the defaults, with no address, if it never saved any)."""
    query = select(mail_settings).where(mail_settings.c.user_id == user_id)
    if lock:
        query = query.with_for_update()
    row = conn.execute(query).first()
    return MailSettings() if row is None else _settings(row)


def save(conn: Connection, user_id: int, settings: MailSettings) -> None:
    values: dict[str, Any] = asdict(settings)
    values["turn"] = settings.turn.value
    done = conn.execute(
        update(mail_settings).where(mail_settings.c.user_id == user_id).values(**values)
    )
    if done.rowcount == 0:
        conn.execute(insert(mail_settings).values(user_id=user_id, **values))


def change(conn: Connection, user_id: int, **changes: Any) -> MailSettings:
    """``user_id``'s settings with ``changes`` made, saved."""
    settings = replace(get(conn, user_id, lock=True), **changes)
    save(conn, user_id, settings)
    return settings


def readers(
    conn: Connection, user_ids: Sequence[int], reached: Collection[int] | None = None
) -> dict[int, MailSettings]:
    """The settings of those of ``user_ids`` that mail reaches (a verified address): a
    move asks, so the fast path first tells whether any does, unless the caller knows
    (``reached``: a move's writes read it)."""
    if reached is None:
        reached = move_writes(conn).mail_readers(conn, user_ids)
    reached = [user_id for user_id in user_ids if user_id in reached]
    if not reached:
        return {}
    rows = conn.execute(select(mail_settings).where(mail_settings.c.user_id.in_(reached))).all()
    return {row.user_id: _settings(row) for row in rows}


def owner_of(conn: Connection, address: str) -> tuple[int, str, MailSettings] | None:
    """The registered account whose verified address is ``address``: its id, its password
    hash and its settings."""
    row = conn.execute(
        select(mail_settings, users.c.password_hash)
        .join(users, users.c.id == mail_settings.c.user_id)
        .where(
            mail_settings.c.address == address,
            mail_settings.c.verified.is_(True),
            users.c.password_hash.is_not(None),
        )
        .order_by(mail_settings.c.user_id)
    ).first()
    return None if row is None else (row.user_id, row.password_hash, _settings(row))


def link_key(conn: Connection) -> str:
    """The key that signs mail links (made with the schema: migration 0006)."""
    key: str = conn.execute(
        select(server_secrets.c.value).where(server_secrets.c.name == LINK_KEY)
    ).scalar_one()
    return key
