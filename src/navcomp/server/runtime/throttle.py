"""Throttling of logins, registrations, guests, live sockets, chat messages, mail, new
tables and invitations (the ``limits`` library), and the count of live sockets open per
address.

Counts live in this process's memory, or in Redis when the server has a Redis URL,
so that every process sharing a database shares the counts too.  A limit of 0 turns
that limit off.  When Redis cannot be reached, requests go through (logged): the
throttle must not take the accounts down with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import time
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, TypeVar

from limits import RateLimitItem, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.aio.storage import MemoryStorage, RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal

log = logging.getLogger("navcomp.throttle")
T = TypeVar("T")

REDIS_TIMEOUT = 0.5  # seconds: a frozen Redis must not hold a login for long


@dataclass(frozen=True)
class Limits:
    """Per minute (mail and invitations to one person: per hour); 0: no limit."""

    logins_per_name: int = 10
    logins_per_address: int = 30
    registrations_per_address: int = 10
    guests_per_address: int = 10
    sockets_per_address: int = 120  # live sockets opened
    chat_messages_per_person: int = 20
    mails_per_account: int = 10  # an hour, sent at the account's request
    mails_per_address: int = 5  # an hour, to one recipient address, asked by accounts
    resets_per_address: int = 5  # an hour, password resets to an account's verified address
    tables_per_account: int = 10
    invitations_per_account: int = 20
    invitations_per_pair: int = 3  # an hour, from one account to one person
    invitations_per_invitee: int = 30  # an hour, from everyone together
    webhook_tests_per_account: int = 10  # an hour: each is a request to the account's URL


class _MemoryStorage(MemoryStorage):
    """limits' in-process storage, whose ``clear`` empties a key's hits instead of
    removing the key.  Its expiry task lists the keys and then reads each one's hits
    after an await, unchecked: a key cleared meanwhile (a login forgiven) ended the task
    with a ``KeyError`` logged as "Task exception was never retrieved"."""

    async def clear(self, key: str) -> None:
        counted = key in self.events
        await super().clear(key)
        if counted:
            self.events[key] = []  # the next expiry run removes it, in its own turn


class Throttle:
    def __init__(self, limits: Limits, redis_url: str | None, key_prefix: str) -> None:
        storage: Storage
        if redis_url:
            storage = RedisStorage(
                "async+" + redis_url,
                implementation="redispy",
                key_prefix=key_prefix,
                socket_timeout=REDIS_TIMEOUT,
                socket_connect_timeout=REDIS_TIMEOUT,
            )
        else:
            storage = _MemoryStorage()
        self.storage = storage
        self.limiter = MovingWindowRateLimiter(storage)
        self.login_name = _per_minute(limits.logins_per_name)
        self.login_address = _per_minute(limits.logins_per_address)
        self.registration = _per_minute(limits.registrations_per_address)
        self.guest = _per_minute(limits.guests_per_address)
        self.socket = _per_minute(limits.sockets_per_address)
        self.chat = _per_minute(limits.chat_messages_per_person)
        self.mail_account = _per_hour(limits.mails_per_account)
        self.mail_address = _per_hour(limits.mails_per_address)
        self.reset_address = _per_hour(limits.resets_per_address)
        self.new_table = _per_minute(limits.tables_per_account)
        self.invitation = _per_minute(limits.invitations_per_account)
        self.invitation_pair = _per_hour(limits.invitations_per_pair)
        self.invitee = _per_hour(limits.invitations_per_invitee)
        self.webhook_test_account = _per_hour(limits.webhook_tests_per_account)

    async def login_attempt(self, name_key: str, address: str, device: str | None = None) -> None:
        """Counts one login attempt by ``address`` for the name whose ``names.fold_key`` is
        ``name_key`` (a password checked anywhere counts so, as logins do): 429 once over
        either limit.
        From a ``device`` that signed in to ``name`` before (``devices.py``) the attempt
        counts against that device instead of the name, which strangers may have used up."""
        await self._hit(self.login_address, "login-address", address)
        if device is None:
            await self._hit(self.login_name, "login-name", name_key)
        else:
            await self._hit(self.login_name, "login-device", device)

    async def logged_in(self, name_key: str, device: str | None = None) -> None:
        """The right password: the failed attempts of the name (or the device) are forgiven."""
        if self.login_name is None:
            return
        kind, who = ("login-name", name_key) if device is None else ("login-device", device)
        await self._guarded(self.limiter.clear(self.login_name, kind, _digest(who)))

    async def registration_attempt(self, address: str) -> None:
        await self._hit(self.registration, "register-address", address)

    async def guest_attempt(self, address: str) -> None:
        await self._hit(self.guest, "guest-address", address)

    async def socket_attempt(self, address: str) -> None:
        """A live socket opened: a client that is closed and opens anew at once is held
        off before the socket costs the server a database read."""
        await self._hit(self.socket, "socket-address", address)

    async def chat_message(self, user_id: int) -> None:
        """A chat message by ``user_id``, wherever they write it."""
        await self._hit(self.chat, "chat-user", str(user_id), refusal=refusals.CHAT_TOO_FAST)

    async def mail(self, user_id: int, to: str) -> None:
        """A mail to ``to`` at the request of the account ``user_id``: the account's count
        first, so that an account over its limit spends nothing of the address's."""
        await self._hit(
            self.mail_account, "mail-user", str(user_id), refusal=refusals.TOO_MANY_MAILS
        )
        await self._hit(
            self.mail_address, "mail-address", to.lower(), refusal=refusals.TOO_MANY_MAILS
        )

    async def reset_mail(self, to: str) -> bool:
        """A password reset mail to the verified address ``to`` that nobody signed in asked
        for: counted apart from the mail accounts ask for, so strangers' resets never
        spend those.  False once over the limit (the caller sends nothing and answers
        as ever: a 429 would tell that an account has the address)."""
        if self.reset_address is None:
            return True
        return await self._counted(self.reset_address, "reset-address", to.lower())

    async def webhook_test(self, user_id: int) -> None:
        """A test notice to ``user_id``'s webhook, at its request: the server would
        otherwise send requests to any address an account names, as fast as it asks."""
        await self._hit(self.webhook_test_account, "webhook-test-user", str(user_id))

    async def table_made(self, user_id: int) -> None:
        await self._hit(
            self.new_table, "table-user", str(user_id), refusal=refusals.TOO_MANY_TABLES
        )

    async def invitation_asked(self, user_id: int) -> None:
        """``user_id`` asks to invite someone: counted whatever comes of it, as it limits
        only the caller."""
        too_many = refusals.TOO_MANY_INVITATIONS
        await self._hit(self.invitation, "invite-user", str(user_id), refusal=too_many)

    async def invitation_written(self, user_id: int, invitee_id: int) -> None:
        """``user_id`` is about to write a new invitation of ``invitee_id``: counted per
        pair, then for the invitee from everyone together.  Only invitations really
        written count, so a stranger's refused ones spend nothing of the invitee's."""
        too_many = refusals.TOO_MANY_INVITATIONS
        pair = f"{user_id}:{invitee_id}"
        await self._hit(self.invitation_pair, "invite-pair", pair, refusal=too_many)
        await self._hit(self.invitee, "invite-invitee", str(invitee_id), refusal=too_many)

    async def _hit(
        self,
        item: RateLimitItem | None,
        *key: str,
        refusal: refusals.ErrorCode = refusals.TOO_MANY_ATTEMPTS,
    ) -> None:
        if item is None or await self._counted(item, *key):
            return
        key = (*key[:-1], _digest(key[-1]))
        stats = await self._guarded(self.limiter.get_window_stats(item, *key))
        wait = (
            item.get_expiry()
            if stats is None
            else max(1, math.ceil(stats.reset_time - time.time()))
        )
        raise Refusal(
            refusal,
            f"{_TOO_MANY[refusal.code]}: try again in {wait} seconds",
            retry_after=wait,
        )

    async def _counted(self, item: RateLimitItem, *key: str) -> bool:
        """One more hit of ``key``: False once over ``item``'s limit."""
        key = (*key[:-1], _digest(key[-1]))  # no name or address in a log, nor in Redis
        return await self._guarded(self.limiter.hit(item, *key)) is not False

    async def close(self) -> None:
        """Close the connections to Redis, if the counts live there."""
        if isinstance(self.storage, RedisStorage):
            bridge: Any = self.storage.bridge  # redis-py's, whose client closes
            with contextlib.suppress(Exception):
                await bridge.get_connection().aclose()

    @staticmethod
    async def _guarded(counted: Awaitable[T]) -> T | None:
        try:
            async with asyncio.timeout(2 * REDIS_TIMEOUT):  # retries included
                return await counted
        except Exception as error:  # Redis away: let the request through
            log.warning("rate-limit storage unavailable: %s", error)
            return None


_TOO_MANY = {
    refusals.TOO_MANY_ATTEMPTS.code: "too many attempts",
    refusals.CHAT_TOO_FAST.code: "too many messages",
    refusals.TOO_MANY_MAILS.code: "too many mails",
    refusals.TOO_MANY_TABLES.code: "too many new tables",
    refusals.TOO_MANY_INVITATIONS.code: "too many invitations",
}


def _digest(identity: str) -> str:
    return hashlib.blake2b(identity.encode(), digest_size=16).hexdigest()


def _per_minute(count: int) -> RateLimitItem | None:
    return RateLimitItemPerMinute(count) if count > 0 else None


def _per_hour(count: int) -> RateLimitItem | None:
    return RateLimitItemPerHour(count) if count > 0 else None


class SocketCounts:
    """Live sockets open per client address, at most ``limit`` each (0: no limit), so
    that one client cannot take every connection the server allows."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: Counter[str] = Counter()

    def open(self, address: str) -> None:
        if self.limit and self._open[address] >= self.limit:
            raise Refusal(refusals.TOO_MANY_SOCKETS, f"at most {self.limit} live sockets at once")
        self._open[address] += 1

    def close(self, address: str) -> None:
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]
