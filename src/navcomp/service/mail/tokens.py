"""The signed links in mail: verifying an address, resetting a password, unsubscribing.

A token is the purpose's payload signed with the database's key (``server_secrets``)
and, for links that expire, the time it was made, read on the server's clock (so
tests move time on instead of waiting).  What makes a link work once lies in its
payload: a verification names the address it verifies (verified already: used); a
reset carries a fingerprint of the password hash it replaces (changed since: used).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime
from typing import Any

from itsdangerous import BadSignature, SignatureExpired, TimestampSigner, URLSafeTimedSerializer

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal

VERIFY = "verify"
RESET = "reset"
UNSUBSCRIBE = "unsubscribe"

VERIFY_SECONDS = 3 * 24 * 3600
RESET_SECONDS = 3600


def fingerprint(password_hash: str | None) -> str:
    """What a reset link knows of the password it replaces."""
    return hashlib.sha256((password_hash or "").encode()).hexdigest()[:20]


def _signer(clock: Callable[[], datetime]) -> type[TimestampSigner]:
    class OnTheServersClock(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(clock().timestamp())

    return OnTheServersClock


class Links:
    def __init__(self, key: str, clock: Callable[[], datetime]) -> None:
        self._key = key
        self._signer = _signer(clock)

    def _serializer(self, purpose: str) -> URLSafeTimedSerializer:
        return URLSafeTimedSerializer(self._key, salt=f"navcomp-{purpose}", signer=self._signer)

    def make(self, purpose: str, payload: Any) -> str:
        token: str = self._serializer(purpose).dumps(payload)
        return token

    def read(self, purpose: str, token: str, max_age: int | None) -> Any:
        """The payload of ``token``, or ``link_expired`` / ``link_invalid``."""
        try:
            return self._serializer(purpose).loads(token, max_age=max_age)
        except SignatureExpired:
            raise Refusal(refusals.LINK_EXPIRED, "this link has expired") from None
        except BadSignature:
            raise Refusal(refusals.LINK_INVALID, "this link is not valid") from None


def used() -> Refusal:
    return Refusal(refusals.LINK_USED, "this link was used already")
