"""Webhook deliveries: each hook its own short queue, none able to hold up another's.

Deliveries run as tasks on the server's event loop (an async HTTP client waits on
sockets without a thread a delivery, so a hook that never answers costs a
socket, not a worker).  Each hook URL has its own queue of at most
``queue_size`` notices, sent one after the other; when it is full the oldest
waiting notice is dropped (the newest says the most: whose turn it is now), and
the drop is logged.  At most ``concurrency`` deliveries are under way at once,
and each takes at most ``timeout`` seconds in all (resolving, connecting,
sending, reading the answer), so a slow hook delays its own notices, and
others' by no more than that.

Every delivery checks the hook's host again (``webhook_address.check``) and
connects to the very address it checked: the HTTP client gets a network backend
that dials that address, while the Host header and, for https, the TLS server
name and certificate check stay with the URL's name.  Redirects are not
followed (the answer's status is all that counts).

Logs name a hook by its scheme, host and port only: its path may hold a secret.
"""

from __future__ import annotations

import asyncio
import json
import logging
import ssl
from collections import deque
from collections.abc import Iterable
from typing import Any

import httpcore2
from anyio import fail_after

from navcomp.domain.refusals import Refusal
from navcomp.service import webhook_address

log = logging.getLogger("navcomp.webhooks")

TIMEOUT_S = 3.0
QUEUE_SIZE = 20
CONCURRENCY = 8
MAX_HOOKS_WAITING = 1_000


def shown(url: str) -> str:
    """A hook as logs may name it: no path, query or user part."""
    try:
        scheme, host, port = webhook_address.split(url)
    except Refusal:
        return "(a malformed URL)"
    return f"{scheme}://{host}:{port}"


class _Pinned(httpcore2.AsyncNetworkBackend):
    """Dials ``address`` whatever host the client asks for (the one it was checked at)."""

    def __init__(self, address: str) -> None:
        self._address = address
        self._backend = httpcore2.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore2.AsyncNetworkStream:
        return await self._backend.connect_tcp(
            self._address, port, timeout, local_address, socket_options
        )

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore2.AsyncNetworkStream:
        raise httpcore2.ConnectError("webhooks use TCP only")

    async def sleep(self, seconds: float) -> None:
        await self._backend.sleep(seconds)


class Webhooks:
    def __init__(
        self,
        enabled: bool = True,
        allow_internal: bool = False,
        timeout: float = TIMEOUT_S,
        queue_size: int = QUEUE_SIZE,
        concurrency: int = CONCURRENCY,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self.enabled = enabled
        self.allow_internal = allow_internal
        self.timeout = timeout
        self.queue_size = queue_size
        self._concurrency = concurrency
        self._slots: asyncio.Semaphore | None = None
        self._ssl = ssl_context or ssl.create_default_context()
        self._queues: dict[str, deque[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def send(self, url: str, payload: dict[str, Any]) -> None:
        """Queue ``payload`` for ``url`` (call on the event loop); returns at once."""
        if not self.enabled:
            return
        queue = self._queues.get(url)
        if queue is None:
            if len(self._queues) >= MAX_HOOKS_WAITING:
                log.warning(
                    "webhook to %s dropped: %d hooks are waiting", shown(url), len(self._queues)
                )
                return
            queue = self._queues[url] = deque()
            task = asyncio.get_running_loop().create_task(self._drain(url, queue))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if len(queue) >= self.queue_size:
            queue.popleft()
            log.warning("webhook queue of %s is full: dropped its oldest notice", shown(url))
        queue.append(payload)

    async def _drain(self, url: str, queue: deque[dict[str, Any]]) -> None:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self._concurrency)
        try:
            while queue:
                async with self._slots:
                    if queue:
                        await self._deliver(url, queue.popleft())
        finally:
            if self._queues.get(url) is queue:
                del self._queues[url]

    async def _deliver(self, url: str, payload: dict[str, Any]) -> None:
        try:
            with fail_after(self.timeout):
                target = await webhook_address.check(url, self.allow_internal)
                status = await self._post(url, target, json.dumps(payload).encode())
        except Refusal as refusal:
            log.warning("webhook to %s refused: %s", shown(url), refusal.message)
            return
        except (TimeoutError, httpcore2.TimeoutException):
            log.warning("webhook to %s timed out after %.1f s", shown(url), self.timeout)
            return
        except Exception as error:  # best effort: no hook's failure may end its queue
            log.warning("webhook to %s failed: %s", shown(url), type(error).__name__)
            return
        if 300 <= status < 400:
            log.warning("webhook to %s answered %d: redirects are not followed", shown(url), status)
        elif status >= 400:
            log.warning("webhook to %s answered %d", shown(url), status)

    async def try_now(self, url: str, payload: dict[str, Any]) -> int:
        """Deliver ``payload`` to ``url`` at once and answer its status (the account page's
        test): ``invalid_webhook`` for an address refused, TimeoutError or an httpcore2
        error for a hook that does not answer."""
        with fail_after(self.timeout):
            target = await webhook_address.check(url, self.allow_internal)
            return await self._post(url, target, json.dumps(payload).encode())

    async def _post(self, url: str, target: webhook_address.Target, body: bytes) -> int:
        """POST ``body`` to ``url`` at the first of its checked addresses that answers."""
        timeouts = {"connect": self.timeout, "read": self.timeout, "write": self.timeout}
        failed: Exception | None = None
        for address in target.addresses:
            async with httpcore2.AsyncConnectionPool(
                ssl_context=self._ssl, network_backend=_Pinned(address), retries=0
            ) as pool:
                try:
                    async with pool.stream(  # the status only: the body is never read
                        "POST",
                        url,
                        headers=[("Content-Type", "application/json"), ("User-Agent", "NavComp")],
                        content=body,
                        extensions={"timeout": timeouts},
                    ) as response:
                        return response.status
                except httpcore2.ConnectError as error:
                    failed = error
        assert failed is not None
        raise failed

    async def idle(self) -> None:
        """Until every queued notice was delivered or given up."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._queues.clear()
