"""Device cookies (OWASP's answer to lockouts by strangers): a browser that signed in to
an account gets a signed cookie naming that account and the browser; its later logins
to that account are counted against the browser, not against the name, so a stranger's
wrong passwords, which hold the name, do not hold its owner out.

The cookie is signed with the database's key (``mail_tokens.Links``), lasts half a
year, and goes only to the login route.  A cookie for another account, altered or
expired counts for nothing: the login counts against the name, as a stranger's.
"""

from __future__ import annotations

import secrets
from typing import Any

from starlette.requests import HTTPConnection
from starlette.responses import Response

from navcomp.server.errors import ApiError
from navcomp.server.mail_tokens import Links

DEVICE_COOKIE = "navcomp_device"
DEVICE = "device"  # the signature's purpose
DEVICE_SECONDS = 180 * 24 * 3600
LOGIN_PATH = "/api/accounts/login"
MAX_COOKIE = 500


def trusted(links: Links, request: HTTPConnection, folded_name: str) -> str | None:
    """The id of the browser asking, if it signed in to the account ``folded_name``
    (a name's fold key) before; None for anyone else."""
    cookie = request.cookies.get(DEVICE_COOKIE)
    if not cookie or len(cookie) > MAX_COOKIE:
        return None
    try:
        payload: Any = links.read(DEVICE, cookie, DEVICE_SECONDS)
    except ApiError:  # altered, or expired
        return None
    if not isinstance(payload, list) or len(payload) != 2 or payload[0] != folded_name:
        return None
    device: str = str(payload[1])
    return device


def remember(links: Links, response: Response, folded_name: str) -> None:
    """Mark this browser as one that signed in to ``folded_name``."""
    cookie = links.make(DEVICE, [folded_name, secrets.token_urlsafe(12)])
    response.set_cookie(
        DEVICE_COOKIE,
        cookie,
        max_age=DEVICE_SECONDS,
        path=LOGIN_PATH,
        httponly=True,
        samesite="strict",
    )
