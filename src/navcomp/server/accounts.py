"""Accounts and sessions: register, log in, guests, log out, and who a token belongs to.

A session token is shown to its owner once (in a cookie or the login answer);
the database keeps only its SHA-256.  Cookie sessions also carry a CSRF token
that unsafe requests must echo in the ``X-CSRF-Token`` header.
"""

from __future__ import annotations

import functools
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


def token_digest(token: str) -> str:
    """What the database keeps of a token, and what a logout announces to other processes."""
    return hashlib.sha256(token.encode()).hexdigest()


def _check_name(name: str) -> None:
    if not NAME_PATTERN.match(name):
        raise ApiError(422, "invalid_name", "a name is 3 to 24 letters, digits, '-' or '_'")
    if name.lower().startswith("guest-"):
        raise ApiError(422, "invalid_name", "names starting with 'guest-' are for guests")


def check_new_account(name: str, password: str) -> None:
    _check_name(name)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ApiError(
            422, "invalid_password", f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )


def name_free(conn: Connection, name: str) -> None:
    if _find(conn, name) is not None:
        raise ApiError(409, "name_taken", f"the name {name!r} is taken")


def hash_password(password: str) -> str:
    """Slow on purpose (argon2id): call it in a worker thread, outside any transaction."""
    return _hasher.hash(password)


@functools.cache
def _dummy_hash() -> str:
    return _hasher.hash(secrets.token_urlsafe(16))


def password_matches(password_hash: str | None, password: str) -> bool:
    """Slow on purpose, like ``hash_password``.  With no hash (an unknown name, a guest)
    a dummy hash is verified, so that unknown names take as long as known ones."""
    try:
        _hasher.verify(password_hash or _dummy_hash(), password)
    except (VerificationError, InvalidHashError):
        return False
    return password_hash is not None


def register(conn: Connection, name: str, password_hash: str) -> Session:
    name_free(conn, name)
    user_id = conn.execute(
        insert(users)
        .values(name=name, password_hash=password_hash, is_guest=False, created_at=now())
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


@dataclass(frozen=True)
class Login:
    """What a login checks the password against (``password_hash`` None: a guest)."""

    user: User
    password_hash: str | None


def login_for(conn: Connection, name: str) -> Login | None:
    row = conn.execute(
        select(users.c.id, users.c.name, users.c.password_hash).where(users.c.name == name)
    ).first()
    if row is None:
        return None
    return Login(User(row.id, row.name, False), row.password_hash)


def open_session(conn: Connection, user: User) -> Session:
    token = secrets.token_urlsafe(32)
    csrf = secrets.token_urlsafe(24)
    conn.execute(
        insert(sessions).values(
            token_hash=token_digest(token),
            user_id=user.id,
            csrf=csrf,
            created_at=now(),
            expires_at=now() + timedelta(days=SESSION_DAYS),
        )
    )
    return Session(user, token, csrf)


def log_out(conn: Connection, token: str) -> None:
    conn.execute(delete(sessions).where(sessions.c.token_hash == token_digest(token)))


_SESSION = (
    select(users.c.id, users.c.name, users.c.is_guest, sessions.c.csrf, sessions.c.expires_at)
    .join(users, users.c.id == sessions.c.user_id)
    .where(sessions.c.token_hash == bindparam("digest"))
)


def session_for(conn: Connection, token: str) -> Session | None:
    row = conn.execute(_SESSION, {"digest": token_digest(token)}).first()
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

    Entries are keyed by the token's digest: a logout anywhere drops the entry here
    at once (through ``drop_digest`` when another process announces it); without
    announcements it takes effect here within ``ttl`` seconds.
    """

    def __init__(self, ttl: float = 30.0, capacity: int = 10_000) -> None:
        self.ttl = ttl
        self.capacity = capacity
        self._items: dict[str, tuple[float, Session]] = {}

    def get(self, token: str) -> Session | None:
        digest = token_digest(token)
        item = self._items.get(digest)
        if item is None:
            return None
        fetched, session = item
        if time.monotonic() - fetched > self.ttl:
            del self._items[digest]
            return None
        return session

    def put(self, token: str, session: Session) -> None:
        if len(self._items) >= self.capacity:
            self._items.clear()
        self._items[token_digest(token)] = (time.monotonic(), session)

    def drop(self, token: str) -> None:
        self.drop_digest(token_digest(token))

    def drop_digest(self, digest: str) -> None:
        self._items.pop(digest, None)
