"""Pushes across server processes, through Redis pub/sub.

One process alone pushes to its own WebSocket clients (``live.Hub``).  When
several processes share a PostgreSQL database, each announces its commits on
a Redis channel; the others rebuild the table's state from the database (the
version in the message tells them which) and push to their own clients.  The
message carries no secret: table id, version, and the public texts of the move.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("navcomp.fanout")

Handler = Callable[[int, dict[str, Any] | None], Awaitable[None]]


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

    async def start(self, handler: Handler) -> None:
        pubsub = self.client.pubsub()
        await pubsub.subscribe(self.channel)
        self.task = asyncio.get_running_loop().create_task(self._listen(pubsub, handler))

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data["origin"] != self.origin:
                    await handler(int(data["table"]), data.get("last"))
            except Exception:  # one bad message must not stop the pushes
                log.exception("could not relay a table change")

    async def announce(self, table_id: int, last: dict[str, Any] | None) -> None:
        payload = {"origin": self.origin, "table": table_id, "last": last}
        await self.client.publish(self.channel, json.dumps(payload))

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.client.aclose()
