"""A request id for every request and WebSocket, on every log line it causes.

The id is new and random (it tells requests apart and is no secret: the process's
pseudo-random numbers, far cheaper than the system's), or the request's own
``X-Request-ID`` when a trusted proxy (``--trusted-proxies``) sent it and it looks like
an id (a short token).  It is bound in ``structlog.contextvars`` for the request's task
(and the tasks it starts), and given back in the answer's ``X-Request-ID`` header (a
WebSocket's in its handshake).

With the logger ``navcomp.requests`` at info (``navcomp serve --access-log``), each HTTP
request logs one line: its method, its route's path pattern (never a path's token,
never a query string), its status and its time.
"""

from __future__ import annotations

import ipaddress
import logging
import random
import re
import time
from collections.abc import Sequence
from typing import Any

import structlog
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("navcomp.requests")

HEADER = b"x-request-id"
SANE_ID = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
SECRET_PATHS = ("/api/mail/",)
"""Paths that may hold a mail link's token: logged by their route's pattern only."""


class RequestIds:
    """The outermost layer: it sees the peer's own address, before trusted proxies'
    headers replace it."""

    def __init__(self, app: ASGIApp, trusted_proxies: Sequence[str] = ()) -> None:
        self.app = app
        self.trusted = [ipaddress.ip_network(entry, strict=False) for entry in trusted_proxies]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request_id = self._given(scope) or f"{random.getrandbits(128):032x}"
        header = (HEADER, request_id.encode())
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] in ("http.response.start", "websocket.accept"):
                status = message.get("status", 101)
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        bound = structlog.contextvars.bind_contextvars(request_id=request_id)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            if scope["type"] == "http" and log.isEnabledFor(logging.INFO):
                _log_request(scope, status, time.perf_counter() - started)
            structlog.contextvars.reset_contextvars(**bound)

    def _given(self, scope: Scope) -> str | None:
        """The request's own id, from a trusted proxy, if it looks like one."""
        given = next((value for name, value in scope["headers"] if name == HEADER), None)
        if given is None or not self.trusted or not SANE_ID.fullmatch(given):
            return None
        return given.decode() if self._from_trusted(scope.get("client")) else None

    def _from_trusted(self, client: Any) -> bool:
        try:
            peer = ipaddress.ip_address(client[0])
        except (TypeError, IndexError, ValueError):  # no client, or a name (a test client)
            return False
        return any(peer in network for network in self.trusted)


def _log_request(scope: Scope, status: int, seconds: float) -> None:
    route = getattr(scope.get("route"), "path", None)
    path: str = scope["path"]
    if route is None and path.startswith(SECRET_PATHS):
        route = "/api/mail/..."
    log.info(
        "request",
        extra={
            "method": scope["method"],
            "path": route or path,
            "status": status,
            "ms": round(seconds * 1000, 2),
        },
    )
