"""Pushes across server processes, through Redis pub/sub.

One process alone pushes to its own WebSocket clients (``live.Hub``).  When
several processes share a PostgreSQL database, each announces its commits on
a Redis channel; the others rebuild the table's state, and the last move as each
seat reads it, from the database and push to their own clients.  The message
carries no secret: the table id and whether a move changed it.  Logouts go on a
second channel, as the token's digest, so every process forgets a logged-out session
at once; chat messages on a third, as the message's id, so every process reads it and
pushes it to those of its clients who may read it.  A command run beside the servers
(``navcomp admin``) announces its changes on the same channels
(:func:`announce_from_outside`).

Announcements leave from a background task through a bounded queue: Redis being slow,
frozen or away never holds up a move's answer.  The client retries on connection errors
(a pooled connection gone stale while Redis was away) and checks idle connections
before use.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from navcomp.server.runtime import metrics, stopping

log = logging.getLogger("navcomp.fanout")

Handler = Callable[[int, bool], Awaitable[None]]
"""Relays a change of a table (True: a move; False: the lobby, or a change maybe missed)."""

ChatHandler = Callable[[int], Awaitable[None]]
"""Pushes a chat message, by its id, to this process's clients who may read it."""

LoggedOut = Callable[[str], None]
"""Forgets the session of a token digest logged out by another process."""

QUEUE_LIMIT = 1000  # announcements waiting while Redis is slow; beyond, the oldest go
SEND_TIMEOUT = 3.0  # seconds for one announcement, retries included
SOCKET_TIMEOUT = 1.0


def channel_for(database_url: str) -> str:
    """Processes on one database share a channel; other databases never hear it."""
    return "navcomp:" + hashlib.sha256(database_url.encode()).hexdigest()[:16]


def announce_from_outside(
    redis_url: str, database_url: str, tables: Iterable[int], sessions: Iterable[str]
) -> None:
    """For a command run beside the servers (``navcomp admin``): tell every server on
    ``database_url`` that ``tables`` changed and ``sessions`` (token digests) ended, as a
    server announces its own changes.  Raises if Redis does not answer."""
    import redis

    channel = channel_for(database_url)
    origin = "outside:" + uuid.uuid4().hex
    client = redis.from_url(redis_url, socket_timeout=SEND_TIMEOUT)
    try:
        for digest in sessions:
            client.publish(channel + ":logout", json.dumps({"origin": origin, "session": digest}))
        for table_id in tables:
            payload = {"origin": origin, "table": table_id, "moved": False}
            client.publish(channel, json.dumps(payload))
    finally:
        client.close()


class RedisFanout:
    def __init__(self, redis_url: str, channel: str) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import ExponentialBackoff, NoBackoff

        self.client = redis.from_url(
            redis_url,
            socket_timeout=SOCKET_TIMEOUT,
            socket_connect_timeout=SOCKET_TIMEOUT,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 3),
            health_check_interval=5,
        )
        # The listener reconnects by itself (``_listen``), to push afresh what it missed:
        # its client must not reconnect behind its back.
        self.listening = redis.from_url(
            redis_url,
            socket_connect_timeout=SOCKET_TIMEOUT,
            retry=Retry(NoBackoff(), 0),
            health_check_interval=5,
        )
        self.channel = channel
        self.logout_channel = channel + ":logout"
        self.chat_channel = channel + ":chat"
        self.origin = uuid.uuid4().hex
        self.task: asyncio.Task[None] | None = None
        self.sender: asyncio.Task[None] | None = None
        self.outbox: asyncio.Queue[tuple[str, str, str]] = asyncio.Queue(QUEUE_LIMIT)
        self.logged_out: LoggedOut = lambda _digest: None
        self.chat: ChatHandler | None = None

    async def start(
        self,
        handler: Handler,
        tables: Callable[[], Iterable[int]] = tuple,
        logged_out: LoggedOut | None = None,
        chat: ChatHandler | None = None,
    ) -> None:
        """Relay the others' changes to ``handler``.  Redis must answer now (a process
        told to share pushes should not start without); if it goes away later, moves go
        on, each process pushing to its own clients, and when it is back the tables
        with clients here (``tables``) are pushed afresh: changes may have been missed."""
        if logged_out is not None:
            self.logged_out = logged_out
        self.chat = chat
        pubsub = self.listening.pubsub()
        await pubsub.subscribe(self.channel, self.logout_channel, self.chat_channel)
        loop = asyncio.get_running_loop()
        self.task = loop.create_task(self._listen(pubsub, handler, tables))
        self.sender = loop.create_task(self._send())

    async def _listen(
        self, pubsub: Any, handler: Handler, tables: Callable[[], Iterable[int]]
    ) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        await self._relay(message, handler)
            except Exception as error:  # the connection dropped
                metrics.REDIS_ERRORS.inc()
                log.warning("lost Redis (%s): reconnecting", error)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            pubsub = await self._subscribe_again()
            for table_id in list(tables()):
                await self._safely(handler(table_id, False))

    async def _relay(self, message: dict[str, Any], handler: Handler) -> None:
        data = json.loads(message["data"])
        if data["origin"] == self.origin:
            return
        if message.get("channel") == self.logout_channel.encode():
            self.logged_out(str(data["session"]))
        elif message.get("channel") == self.chat_channel.encode():
            if self.chat is not None:
                await self._safely(self.chat(int(data["message"])))
        else:
            await self._safely(handler(int(data["table"]), bool(data.get("moved"))))

    @staticmethod
    async def _safely(relayed: Awaitable[None]) -> None:
        try:
            await relayed
        except Exception:  # one table's trouble must not stop the pushes of the others
            log.exception("could not relay a table change")

    async def _subscribe_again(self) -> Any:
        delay = 0.2
        while True:
            try:
                pubsub = self.listening.pubsub()
                await pubsub.subscribe(self.channel, self.logout_channel, self.chat_channel)
            except Exception:
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)
                continue
            log.warning("Redis is back: relaying again")
            return pubsub

    async def announce(self, table_id: int, moved: bool) -> None:
        """Best effort, in the background: the move is committed; without Redis the other
        processes' clients get it when Redis is back (see ``start``), or when they
        reconnect."""
        payload = {"origin": self.origin, "table": table_id, "moved": moved}
        self._queue(self.channel, payload, f"table {table_id}")

    def announce_chat(self, message_id: int) -> None:
        self._queue(self.chat_channel, {"origin": self.origin, "message": message_id}, "a chat")

    def announce_logout(self, digest: str) -> None:
        self._queue(self.logout_channel, {"origin": self.origin, "session": digest}, "a logout")

    def _queue(self, channel: str, payload: dict[str, Any], what: str) -> None:
        if self.outbox.full():  # Redis has been stuck a while: the oldest news goes
            self.outbox.get_nowait()
        self.outbox.put_nowait((channel, json.dumps(payload), what))

    async def _send(self) -> None:
        while True:
            channel, message, what = await self.outbox.get()
            try:
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.client.publish(channel, message)
            except Exception as error:
                metrics.REDIS_ERRORS.inc()
                log.warning("could not announce %s on Redis: %r", what, error)

    async def close(self) -> None:
        for task in (self.task, self.sender):
            if task is not None:
                await stopping.stop(task)
        await self.client.aclose()
        await self.listening.aclose()
