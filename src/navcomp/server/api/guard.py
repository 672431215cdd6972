"""Slow clients: a request must arrive in time, or its connection is closed.

uvicorn times out only idle keep-alive connections (after a response); a client that
connects and sends half a request line, or headers without the body they announce, is
held for ever.  This is uvicorn's own httptools protocol with two timers more:
``header_timeout`` from the request's first byte (or the connection's opening) to the
end of its headers, and ``body_timeout`` from there to the end of its body.  A
WebSocket upgrade leaves this protocol once its headers are in.

Over ``--limit-concurrency`` uvicorn answers 503 with a plain-text body of its own; this
protocol answers our JSON error body instead (``server_busy``, with ``Retry-After``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.flow_control import service_unavailable
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.server.api.http import error_response
from navcomp.server.api.security import SecurityHeaders

BUSY_RETRY_SECONDS = 1


async def _busy(scope: Scope, receive: Receive, send: Send) -> None:
    refusal = Refusal(
        refusals.SERVER_BUSY,
        "the server has as many connections and requests as it takes: try again shortly",
        retry_after=BUSY_RETRY_SECONDS,
    )
    await error_response(refusal, {"Connection": "close"})(scope, receive, send)


BUSY: ASGIApp = SecurityHeaders(_busy)


def guarded_protocol(header_timeout: float, body_timeout: float) -> type[asyncio.Protocol]:
    class GuardedHttpToolsProtocol(HttpToolsProtocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm(header_timeout)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self._deadline is None:  # a keep-alive connection's next request
                self._arm(header_timeout)

        def on_headers_complete(self) -> None:
            self._disarm()
            super().on_headers_complete()
            if not self.parser.should_upgrade():
                self._arm(body_timeout)

        def _start_asgi_task(self, cycle: Any, app: Any) -> None:
            # uvicorn types ASGI apps more narrowly than Starlette; both are plain ASGI
            chosen: Any = BUSY if app is service_unavailable else app
            super()._start_asgi_task(cycle, chosen)

        def on_message_complete(self) -> None:
            self._disarm()
            super().on_message_complete()

        def _arm(self, seconds: float) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedHttpToolsProtocol
