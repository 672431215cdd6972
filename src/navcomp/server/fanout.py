"""Pushes across server processes, through Redis pub/sub.

One process alone pushes to its own WebSocket clients (``live.Hub``).  When
several processes share a PostgreSQL database, each announces its commits on
a Redis channel; the others rebuild the table's state, and the last move as each
seat reads it, from the database and push to their own clients.  The message
carries no secret: the table id and whether a move changed it.
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

log = logging.getLogger("navcomp.fanout")

Handler = Callable[[int, bool], Awaitable[None]]
"""Relays a change of a table (True: a move; False: the lobby, or a change maybe missed)."""


def channel_for(database_url: str) -> str:
    """Processes on one database share a channel; other databases never hear it."""
    return "navcomp:" + hashlib.sha256(database_url.encode()).hexdigest()[:16]


class RedisFanout:
    def __init__(self, redis_url: str, channel: str) -> None:
        import redis.asyncio as redis

        self.client = redis.from_url(redis_url)
        self.channel = channel
        self.origin = uuid.uuid4().hex
        self.task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler, tables: Callable[[], Iterable[int]] = tuple) -> None:
        """Relay the others' changes to ``handler``.  Redis must answer now (a process
        told to share pushes should not start without); if it goes away later, moves go
        on, each process pushing to its own clients, and when it is back the tables
        with clients here (``tables``) are pushed afresh: changes may have been missed."""
        pubsub = self.client.pubsub()
        await pubsub.subscribe(self.channel)
        self.task = asyncio.get_running_loop().create_task(self._listen(pubsub, handler, tables))

    async def _listen(
        self, pubsub: Any, handler: Handler, tables: Callable[[], Iterable[int]]
    ) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        await self._relay(message, handler)
            except Exception as error:  # the connection dropped
                log.warning("lost Redis (%s): reconnecting", error)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            pubsub = await self._subscribe_again()
            for table_id in list(tables()):
                await self._safely(handler(table_id, False))

    async def _relay(self, message: dict[str, Any], handler: Handler) -> None:
        data = json.loads(message["data"])
        if data["origin"] != self.origin:
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
                pubsub = self.client.pubsub()
                await pubsub.subscribe(self.channel)
            except Exception:
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)
                continue
            log.warning("Redis is back: relaying again")
            return pubsub

    async def announce(self, table_id: int, moved: bool) -> None:
        """Best effort: the move is committed; without Redis the other processes' clients
        get it when Redis is back (see ``start``), or when they reconnect."""
        payload = {"origin": self.origin, "table": table_id, "moved": moved}
        try:
            await self.client.publish(self.channel, json.dumps(payload))
        except Exception as error:
            log.warning("could not announce table %d on Redis: %s", table_id, error)

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.client.aclose()
