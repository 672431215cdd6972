"""Accounts and sessions: register, log in, guests, log out, and who a token belongs to.

A session token is shown to its owner once (in a cookie or the login answer);
the database keeps only its SHA-256.  Cookie sessions also carry a CSRF token
that unsafe requests must echo in the ``X-CSRF-Token`` header.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import secrets
import time
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from navcomp.core.errors import quoted
from navcomp.domain import names, refusals
from navcomp.domain.model import AccountName, Login, Session, User
from navcomp.domain.refusals import Refusal
from navcomp.store import accounts as stored
from navcomp.store import mail_settings
from navcomp.store.db import Connection

SESSION_DAYS = 30
MIN_PASSWORD = 8
MAX_PASSWORD = 200

FAST_HASHING = "NAVCOMP_TEST_FAST_HASHING"
"""Set to 1 by the test suite only: its thousands of accounts would otherwise spend minutes
of a run hashing.  Argon2id all the same, at the least cost the library takes."""


def make_hasher(environ: Mapping[str, str]) -> PasswordHasher:
    """Argon2id at the library's recommended cost (RFC 9106's second choice: 64 MiB, three
    passes), unless ``environ`` asks for the test suite's cheap one."""
    if environ.get(FAST_HASHING) == "1":
        return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    return PasswordHasher()


_hasher = make_hasher(os.environ)


def token_digest(token: str) -> str:
    """What the database keeps of a token, and what a logout announces to other processes."""
    return hashlib.sha256(token.encode()).hexdigest()


def account_name(name: str) -> AccountName:
    """The name as it will be stored, with its keys; refused unless it keeps the rule."""
    shown = names.normal(name)
    if not names.well_formed(shown):
        raise Refusal(
            refusals.INVALID_NAME,
            "a name is 3 to 24 letters (of any script), digits, '-' or '_'",
        )
    if names.guest_like(shown):
        raise Refusal(refusals.INVALID_NAME, "names starting with 'guest-' are for guests")
    return AccountName(shown, names.fold_key(shown), names.skeleton(shown))


def check_new_account(name: str, password: str) -> AccountName:
    chosen = account_name(name)
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise Refusal(
            refusals.INVALID_PASSWORD,
            f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters",
        )
    return chosen


def name_taken(name: str) -> Refusal:
    return Refusal(refusals.NAME_TAKEN, f"the name {quoted(name)} is taken")


def name_free(conn: Connection, name: AccountName, freed_before: datetime) -> None:
    """Refused if an account has the name in another case, or a name that reads the same
    (a deleted account's name is held until ``freed_before``: ``deletion.py``)."""
    if stored.name_in_use(conn, name, freed_before):
        raise name_taken(name.name)


def _take_name(conn: Connection, name: AccountName, freed_before: datetime) -> None:
    name_free(conn, name, freed_before)
    stored.release_name(conn, name, freed_before)  # from accounts deleted long enough ago


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


def register(
    conn: Connection,
    name: AccountName,
    password_hash: str,
    freed_before: datetime,
    at: datetime,
) -> Session:
    _take_name(conn, name, freed_before)
    return open_session(conn, stored.add_user(conn, name, password_hash, False, at), at)


def guest(conn: Connection, at: datetime) -> Session:
    name = f"{names.GUEST_PREFIX}{secrets.token_hex(4)}"
    chosen = AccountName(name, names.fold_key(name), names.skeleton(name))
    return open_session(conn, stored.add_user(conn, chosen, None, True, at), at)


def make_full(
    conn: Connection, user: User, name: AccountName, password_hash: str, freed_before: datetime
) -> User:
    """A guest's account becomes a full one under ``name``: its tables stay its own."""
    _take_name(conn, name, freed_before)
    if not stored.make_full(conn, user.id, name, password_hash):
        raise Refusal(refusals.NOT_A_GUEST, "only a guest account can be made a full one")
    return User(user.id, name.name, False)


def login_for(conn: Connection, name: str) -> Login | None:
    return stored.login(conn, names.normal(name), names.fold_key(name))


def open_session(conn: Connection, user: User, at: datetime) -> Session:
    session = Session(user, secrets.token_urlsafe(32), secrets.token_urlsafe(24))
    stored.add_session(
        conn, session, token_digest(session.token), at, at + timedelta(days=SESSION_DAYS)
    )
    return session


def log_out(conn: Connection, token: str) -> None:
    stored.drop_session(conn, token_digest(token))


def session_for(conn: Connection, token: str, at: datetime) -> Session | None:
    return stored.session(conn, token, token_digest(token), at)


def user_id_by_name(conn: Connection, name: str) -> int:
    found = stored.user_id(conn, names.fold_key(name))
    if found is None:
        raise Refusal(refusals.USER_NOT_FOUND, f"no player is called {quoted(name)}")
    return found


def set_webhook(conn: Connection, user: User, url: str | None) -> None:
    if url is not None and not re.match(r"^https?://[^\s]{1,490}$", url):
        raise Refusal(refusals.INVALID_WEBHOOK, "a webhook is an http or https URL")
    stored.set_webhook(conn, user.id, url)


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


def account_json(conn: Connection, user: User, name_hold_days: int | None = None) -> dict[str, Any]:
    """The account as its owner sees it; ``name_hold_days`` only where the answer says it."""
    settings = mail_settings.get(conn, user.id)
    return {
        "name": user.name,
        "guest": user.is_guest,
        "profile_private": stored.profile_private(conn, user.id),
        "email": {"address": settings.address, "verified": settings.verified},
        "mail": {
            "turn": settings.turn.value,
            "digest_hours": settings.digest_hours,
            "invites": settings.invites,
            "time_low": settings.time_low,
            "game_over": settings.game_over,
            "language": settings.language,
        },
        "webhook": stored.webhooks(conn, [user.id]).get(user.id),
        "name_hold_days": name_hold_days,
    }
