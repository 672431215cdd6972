"""The accounts repository: users, their sessions and their webhooks.

A session's token never reaches the database: ``sessions`` keeps its digest.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import ColumnElement, Connection, bindparam, delete, insert, or_, select, update

from navcomp.domain.model import AccountName, Login, Session, User
from navcomp.store.hot import move_writes
from navcomp.store.schema import sessions, users


def add_user(
    conn: Connection, name: AccountName, password_hash: str | None, is_guest: bool, at: datetime
) -> User:
    user_id: int = conn.execute(
        insert(users)
        .values(
            name=name.name,
            name_key=name.key,
            name_skeleton=name.skeleton,
            password_hash=password_hash,
            is_guest=is_guest,
            created_at=at,
        )
        .returning(users.c.id)
    ).scalar_one()
    return User(user_id, name.name, is_guest)


def user_id(conn: Connection, name_key: str) -> int | None:
    """The account (not deleted) whose name folds to ``name_key``."""
    found: int | None = conn.execute(
        select(users.c.id).where(users.c.name_key == name_key, users.c.deleted_at.is_(None))
    ).scalar_one_or_none()
    return found


def _holding(name: AccountName) -> ColumnElement[bool]:
    return or_(users.c.name_key == name.key, users.c.name_skeleton == name.skeleton)


def name_in_use(conn: Connection, name: AccountName, freed_before: datetime) -> bool:
    """Whether an account has the name, in any case, or one that reads the same: a live
    account, or one deleted at ``freed_before`` or later (its name is held a while)."""
    held = or_(users.c.deleted_at.is_(None), users.c.deleted_at >= freed_before)
    found = conn.execute(select(users.c.id).where(_holding(name), held).limit(1)).first()
    return found is not None


def release_name(conn: Connection, name: AccountName, freed_before: datetime) -> None:
    """Accounts deleted before ``freed_before`` let go of the keys of ``name``."""
    conn.execute(
        update(users)
        .where(_holding(name), users.c.deleted_at < freed_before)
        .values(name_key=None, name_skeleton=None)
    )


def login(conn: Connection, name: str, name_key: str) -> Login | None:
    """The account named exactly ``name``, else the one whose name folds to ``name_key``
    (of two names from before the keys that fold alike, each logs in as it is spelled)."""
    query = select(users.c.id, users.c.name, users.c.password_hash, users.c.disabled_at).where(
        users.c.deleted_at.is_(None)
    )
    row = conn.execute(query.where(users.c.name == name)).first()
    if row is None:
        row = conn.execute(query.where(users.c.name_key == name_key)).first()
    if row is None:
        return None
    return Login(User(row.id, row.name, False), row.password_hash, row.disabled_at is not None)


def make_full(conn: Connection, user_id: int, name: AccountName, password_hash: str) -> bool:
    """Turn a guest into a full account (its games stay its own); False if not a guest."""
    done = conn.execute(
        update(users)
        .where(users.c.id == user_id, users.c.is_guest.is_(True))
        .values(
            name=name.name,
            name_key=name.key,
            name_skeleton=name.skeleton,
            password_hash=password_hash,
            is_guest=False,
        )
    )
    return done.rowcount == 1


def add_session(
    conn: Connection, session: Session, digest: str, at: datetime, expires: datetime
) -> None:
    conn.execute(
        insert(sessions).values(
            token_hash=digest,
            user_id=session.user.id,
            csrf=session.csrf,
            created_at=at,
            expires_at=expires,
        )
    )


def drop_session(conn: Connection, digest: str) -> None:
    conn.execute(delete(sessions).where(sessions.c.token_hash == digest))


_SESSION = (
    select(users.c.id, users.c.name, users.c.is_guest, sessions.c.csrf, sessions.c.expires_at)
    .join(users, users.c.id == sessions.c.user_id)
    .where(
        sessions.c.token_hash == bindparam("digest"),
        users.c.deleted_at.is_(None),
        users.c.disabled_at.is_(None),  # a session opened while the host disabled it
    )
)


def session(conn: Connection, token: str, digest: str, at: datetime) -> Session | None:
    """The session of ``token`` (kept as ``digest``), unless it expired before ``at``."""
    row = conn.execute(_SESSION, {"digest": digest}).first()
    if row is None:
        return None
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)
    if expires < at:
        return None
    return Session(User(row.id, row.name, bool(row.is_guest)), token, row.csrf)


def set_webhook(conn: Connection, user_id: int, url: str | None) -> None:
    conn.execute(update(users).where(users.c.id == user_id).values(webhook_url=url))


def webhooks(conn: Connection, user_ids: Sequence[int]) -> dict[int, str]:
    """The webhook of each of ``user_ids`` that has one (a move asks, so: the fast path)."""
    return move_writes(conn).webhooks(conn, user_ids)


def password_hash(conn: Connection, user_id: int, lock: bool = False) -> str | None:
    query = select(users.c.password_hash).where(users.c.id == user_id)
    found: str | None = conn.execute(
        query.with_for_update() if lock else query
    ).scalar_one_or_none()
    return found


def set_password(conn: Connection, user_id: int, digest: str, keep: str | None) -> list[str]:
    """A new password hash; every session of the account but ``keep`` (a token's digest)
    ends: their digests."""
    conn.execute(update(users).where(users.c.id == user_id).values(password_hash=digest))
    ended = sessions.c.user_id == user_id
    if keep is not None:
        ended = ended & (sessions.c.token_hash != keep)
    gone = list(conn.execute(select(sessions.c.token_hash).where(ended)).scalars())
    conn.execute(delete(sessions).where(ended))
    return gone


def name_of(conn: Connection, user_id: int) -> str:
    name: str = conn.execute(select(users.c.name).where(users.c.id == user_id)).scalar_one()
    return name


def profile_private(conn: Connection, user_id: int) -> bool:
    private: bool = conn.execute(
        select(users.c.profile_private).where(users.c.id == user_id)
    ).scalar_one()
    return private


def set_profile_private(conn: Connection, user_id: int, private: bool) -> None:
    conn.execute(update(users).where(users.c.id == user_id).values(profile_private=private))


def deleted(conn: Connection, user_id: int) -> bool:
    """Whether the account was deleted (it is a tombstone)."""
    query = select(users.c.deleted_at).where(users.c.id == user_id)
    return conn.execute(query).scalar_one() is not None
