"""Device cookies (OWASP's answer to lockouts by strangers): a browser that signed in to
an account gets a signed cookie naming that account (its id), the browser and a
fingerprint of the account's password hash; its later logins to that account are
counted against the browser, not against the name, so a stranger's wrong passwords,
which hold the name, do not hold its owner out.

The cookie is signed with the database's key (``mail_tokens.Links``), lasts half a
year, and goes only to the login route.  A cookie for another account (another id, as
when a deleted account's name was taken again), altered, expired, or older than the
account's password (a password change or reset revokes every device) counts for
nothing: the login counts against the name, as a stranger's.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import Response

from navcomp.domain.model import Login
from navcomp.domain.refusals import Refusal
from navcomp.service.mail.tokens import Links, fingerprint

DEVICE_COOKIE = "navcomp_device"
DEVICE = "device"  # the signature's purpose
DEVICE_SECONDS = 180 * 24 * 3600
LOGIN_PATH = "/api/accounts/login"
MAX_COOKIE = 500


@dataclass(frozen=True)
class Claim:
    """What a validly signed device cookie says: the browser signed in to this account,
    then with this password."""

    user_id: int
    device: str
    password: str  # the fingerprint of its hash


def claimed(links: Links, request: HTTPConnection) -> Claim | None:
    """The claim of the browser's device cookie, if it carries one we signed and that
    has not expired (no database read: a stranger's request costs none)."""
    cookie = request.cookies.get(DEVICE_COOKIE)
    if not cookie or len(cookie) > MAX_COOKIE:
        return None
    try:
        payload: Any = links.read(DEVICE, cookie, DEVICE_SECONDS)
    except Refusal:  # altered, or expired
        return None
    if not isinstance(payload, list) or len(payload) != 3:
        return None
    user_id, device, password = payload
    if type(user_id) is not int or not isinstance(device, str) or not isinstance(password, str):
        return None
    return Claim(user_id, device, password)


def trusted(claim: Claim | None, login: Login | None) -> str | None:
    """The id of the browser, if its claim is for the account ``login`` found, with the
    password it has now; None for anyone else."""
    if claim is None or login is None or login.password_hash is None:
        return None
    if claim.user_id != login.user.id or claim.password != fingerprint(login.password_hash):
        return None
    return claim.device


def remember(links: Links, response: Response, user_id: int, password_hash: str) -> None:
    """Mark this browser as one that signed in to the account, with this password."""
    payload = [user_id, secrets.token_urlsafe(12), fingerprint(password_hash)]
    response.set_cookie(
        DEVICE_COOKIE,
        links.make(DEVICE, payload),
        max_age=DEVICE_SECONDS,
        path=LOGIN_PATH,
        httponly=True,
        samesite="strict",
    )
