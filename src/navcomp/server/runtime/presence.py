"""Who is online: an account's ``last_seen``, written when it asks for anything (a
request, a socket's message: an open page pings every 25 s), at most once a minute per
account and process, or every quarter of the turn mail's grace if that is shorter (so a
reader with a page open is always seen within the grace, and gets no turn mail).

Kept in the database, so every server process sees everyone's: a friend is online when
seen within ``friends.ONLINE_FOR``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from navcomp.domain.refusals import Refusal
from navcomp.store import friends
from navcomp.store.db import Connection

WRITE_EVERY = 60.0  # seconds
WRITE_AT_MOST_EVERY = 1.0  # seconds, however short the turn mail's grace
REMEMBERED = 10_000  # accounts whose last write is kept; beyond, the oldest are forgotten

log = logging.getLogger(__name__)

Transaction = Callable[[Callable[[Connection], Any]], Awaitable[Any]]


class Presence:
    def __init__(
        self, tx: Transaction, now: Callable[[], datetime], turn_mail_grace: float = 0.0
    ) -> None:
        self._tx = tx
        self._now = now
        # the grace reads presence, so it is written a few times within one grace
        self._every = (
            max(WRITE_AT_MOST_EVERY, min(WRITE_EVERY, turn_mail_grace / 4))
            if turn_mail_grace > 0
            else WRITE_EVERY
        )
        self._written: dict[int, float] = {}  # account: when this process last wrote it

    async def seen(self, user_id: int) -> None:
        """The account is active now; best effort: a failure to write it fails nothing."""
        at = self._now()
        clock = at.timestamp()  # the server's clock, which tests move
        if abs(clock - self._written.get(user_id, -math.inf)) < self._every:
            return
        self._forget(clock)
        self._written[user_id] = clock
        try:
            await self._tx(lambda c: friends.seen(c, user_id, at))
        except (Refusal, SQLAlchemyError) as error:
            log.warning("could not note account %s as seen: %s", user_id, error)

    def _forget(self, clock: float) -> None:
        if len(self._written) < REMEMBERED:
            return
        self._written = {user: at for user, at in self._written.items() if clock - at < self._every}
