"""Every answer's security headers, Secure cookies over HTTPS, and trusted proxies.

These layers wrap the whole application, the framework's own 500 handler
included, so no answer goes out without them:

- ``X-Forwarded-Proto`` and ``X-Forwarded-For`` count only from a trusted proxy
  (``Settings.trusted_proxies``: addresses and networks; none by default), through
  uvicorn's ``ProxyHeadersMiddleware``;
- every HTTP answer gets a Content-Security-Policy (the table's own scripts and
  styles only, nothing inline, no framing), ``X-Content-Type-Options: nosniff``,
  a referrer policy and ``X-Frame-Options: DENY``;
- over HTTPS (the request's own scheme, or the one a trusted proxy reports) every
  cookie the server sets gets the ``Secure`` flag;
- outside them all, every request gets its id (``request_ids.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from navcomp.server.api.request_ids import RequestIds

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; worker-src blob:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""The API's pages (``/docs``, ``/redoc``: ``api/docs.py``) run Swagger UI and ReDoc from
this server; both set styles inline, and ReDoc searches in a worker it makes from a
blob.  They show nothing but the API's own description."""
DOCS_PATHS = frozenset({"/docs", "/redoc"})
HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope["path"] in DOCS_PATHS else POLICY
        secure = scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                if secure:
                    headers = [_secured(name, value) for name, value in headers]
                headers += [h for h in HEADERS if h[0] not in present]
                if b"content-security-policy" not in present:
                    headers.append((b"content-security-policy", policy.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _secured(name: bytes, value: bytes) -> tuple[bytes, bytes]:
    """A ``Set-Cookie`` header with the ``Secure`` flag; other headers as they are."""
    if name.lower() != b"set-cookie":
        return name, value
    flags = {part.strip().lower() for part in value.split(b";")[1:]}
    return name, value if b"secure" in flags else value + b"; Secure"


class SecuredApp(FastAPI):
    """FastAPI with the layers above outside everything else, its 500 handler too."""

    def __init__(self, *, trusted_proxies: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.trusted_proxies = list(trusted_proxies)

    def build_middleware_stack(self) -> ASGIApp:
        stack: ASGIApp = SecurityHeaders(super().build_middleware_stack())
        if self.trusted_proxies:
            # uvicorn types ASGI apps more narrowly than Starlette; both are plain ASGI
            proxied: Any = ProxyHeadersMiddleware(stack, trusted_hosts=self.trusted_proxies)  # type: ignore[arg-type]
            stack = proxied
        return RequestIds(stack, self.trusted_proxies)  # outside: it sees the peer itself
