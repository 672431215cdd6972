"""Accounts and sessions: register, log in, guests, log out, and who a token belongs to.

A session token is shown to its owner once (in a cookie or the login answer);
the database keeps only its SHA-256.  Cookie sessions also carry a CSRF token
that unsafe requests must echo in the ``X-CSRF-Token`` header.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, bindparam, delete, insert, select

from navcomp.server.errors import ApiError
from navcomp.store.schema import sessions, users

SESSION_DAYS = 30
NAME_PATTERN = re.compile(r"^[A-Za-z0-9_\-]{3,24}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200

_hasher = PasswordHasher()


@dataclass(frozen=True)
class User:
    id: int
    name: str
    is_guest: bool


@dataclass(frozen=True)
class Session:
    user: User
    token: str
    csrf: str


def now() -> datetime:
    return datetime.now(UTC)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _check_name(name: str) -> None:
    if not NAME_PATTERN.match(name):
        raise ApiError(422, "invalid_name", "a name is 3 to 24 letters, digits, '-' or '_'")
    if name.lower().startswith("guest-"):
        raise ApiError(422, "invalid_name", "names starting with 'guest-' are for guests")


def register(conn: Connection, name: str, password: str) -> Session:
    _check_name(name)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(
            422, "invalid_password", f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )
    if _find(conn, name) is not None:
        raise ApiError(409, "name_taken", f"the name {name!r} is taken")
    user_id = conn.execute(
        insert(users)
        .values(name=name, password_hash=_hasher.hash(password), is_guest=False, created_at=now())
        .returning(users.c.id)
    ).scalar_one()
    return open_session(conn, User(user_id, name, False))


def guest(conn: Connection) -> Session:
    name = f"guest-{secrets.token_hex(4)}"
    user_id = conn.execute(
        insert(users)
        .values(name=name, password_hash=None, is_guest=True, created_at=now())
        .returning(users.c.id)
    ).scalar_one()
    return open_session(conn, User(user_id, name, True))


def log_in(conn: Connection, name: str, password: str) -> Session:
    row = conn.execute(
        select(users.c.id, users.c.name, users.c.password_hash).where(users.c.name == name)
    ).first()
    refused = ApiError(401, "bad_credentials", "wrong name or password")
    if row is None or row.password_hash is None:
        raise refused
    try:
        _hasher.verify(row.password_hash, password)
    except (VerificationError, InvalidHashError):
        raise refused from None
    return open_session(conn, User(row.id, row.name, False))


def open_session(conn: Connection, user: User) -> Session:
    token = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(24)
    conn.execute(
        insert(sessions).values(
            token_hash=_digest(token),
            user_id=user.id,
            csrf=csrf,
            created_at=now(),
            expires_at=now() + timedelta(days=SESSION_DAYS),
        )
    )
    return Session(user, token, csrf)


def log_out(conn: Connection, token: str) -> None:
    conn.execute(delete(sessions).where(sessions.c.token_hash == _digest(token)))


_SESSION = (
    select(users.c.id, users.c.name, users.c.is_guest, sessions.c.csrf, sessions.c.expires_at)
    .join(users, users.c.id == sessions.c.user_id)
    .where(sessions.c.token_hash == bindparam("digest"))
)


def session_for(conn: Connection, token: str) -> Session | None:
    row = conn.execute(_SESSION, {"digest": _digest(token)}).first()
    if row is None:
        return None
    expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=UTC)
    if expires < now():
        return None
    return Session(User(row.id, row.name, bool(row.is_guest)), token, row.csrf)


def _find(conn: Connection, name: str) -> int | None:
    found: int | None = conn.execute(
        select(users.c.id).where(users.c.name == name)
    ).scalar_one_or_none()
    return found


def user_id_by_name(conn: Connection, name: str) -> int:
    found = _find(conn, name)
    if found is None:
        raise ApiError(404, "user_not_found", f"no player is called {name!r}")
    return found


def set_webhook(conn: Connection, user: User, url: str | None) -> None:
    if url is not None and not re.match(r"^https?://[^\s]{1,490}$", url):
        raise ApiError(422, "invalid_webhook", "a webhook is an http or https URL")
    conn.execute(users.update().where(users.c.id == user.id).values(webhook_url=url))


class SessionCache:
    """Sessions this process looked up lately, so a busy client costs no query a request.

    Logging out here drops the entry at once; a logout through another server
    process takes effect here within ``ttl`` seconds.
    """

    def __init__(self, ttl: float = 30.0, capacity: int = 10_000) -> None:
        self.ttl = ttl
        self.capacity = capacity
        self._items: dict[str, tuple[float, Session]] = {}

    def get(self, token: str) -> Session | None:
        item = self._items.get(token)
        if item is None:
            return None
        fetched, session = item
        if time.monotonic() - fetched > self.ttl:
            del self._items[token]
            return None
        return session

    def put(self, token: str, session: Session) -> None:
        if len(self._items) >= self.capacity:
            self._items.clear()
        self._items[token] = (time.monotonic(), session)

    def drop(self, token: str) -> None:
        self._items.pop(token, None)
