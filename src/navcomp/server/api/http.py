"""HTTP plumbing: error bodies, the body-size limit, and who is asking."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from navcomp.core.errors import quoted
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal, not_found
from navcomp.server.api.errors import FRAMEWORK, status_of
from navcomp.server.runtime import metrics

MAX_BODY = 16 * 1024
SESSION_COOKIE = "navcomp_session"
CSRF_COOKIE = "navcomp_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def error_response(error: Refusal, headers: dict[str, str] | None = None) -> JSONResponse:
    headers = dict(headers or {})
    if error.retry_after is not None:
        headers["Retry-After"] = str(error.retry_after)
    metrics.refused(error.kind.code)
    return JSONResponse(error.body(), status_code=status_of(error.kind), headers=headers)


def _malformed_json() -> JSONResponse:
    return error_response(Refusal(refusals.MALFORMED_JSON, "the body is not valid JSON"))


async def on_api_error(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, Refusal)
    return error_response(error)


async def on_validation_error(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    problems = error.errors()
    if any(p.get("type") == "json_invalid" for p in problems):
        return _malformed_json()
    if any(tuple(p.get("loc", ()))[:2] == ("path", "table_id") for p in problems):
        return error_response(not_found())  # no table has that id, whatever it looks like
    where = "; ".join(
        f"{quoted('.'.join(str(part) for part in p.get('loc', ())))}: {p.get('msg', '')}"
        for p in problems[:3]
    )
    return error_response(Refusal(refusals.INVALID_REQUEST, f"bad request fields: {where}"))


async def on_http_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, HTTPException)
    if error.status_code == HTTPStatus.BAD_REQUEST:  # the framework could not parse the body
        return _malformed_json()
    known = FRAMEWORK.get(error.status_code)
    if known is None:  # no refusal of the framework's that we know of: its status as a code
        body = {"error": {"code": f"http_{error.status_code}", "message": str(error.detail)}}
        answer = JSONResponse(body, status_code=error.status_code)
    else:
        answer = error_response(Refusal(known, str(error.detail)))
    answer.headers.update(error.headers or {})
    if error.status_code == HTTPStatus.METHOD_NOT_ALLOWED:
        answer.headers["Allow"] = ", ".join(sorted(_allowed(request)))
    return answer


def _allowed(request: Request) -> set[str]:
    """Every method some route takes at this path (Starlette names only the first's)."""
    methods: set[str] = set()
    for route in request.app.state.routes:
        match, _ = route.matches(request.scope)
        if match != Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return methods


async def on_unexpected(_request: Request, _error: Exception) -> JSONResponse:
    return error_response(Refusal(refusals.INTERNAL_ERROR, "something went wrong on our side"))


class BodyLimit:
    """Read each request's body whole before the app sees it: refuse one over ``limit``
    bytes (declared or streamed) with 413, and one that is not plain UTF-8 (a
    byte-order mark, UTF-16 or UTF-32) with 400, as any JSON we cannot read."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await error_response(self._too_big())(scope, receive, send)
            return
        body = b""
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > self.limit:
                await error_response(self._too_big())(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        if not _plain_utf8(body):
            await _malformed_json()(scope, receive, send)
            return
        await self.app(scope, body_then(body, receive), send)

    def _too_big(self) -> Refusal:
        return Refusal(refusals.BODY_TOO_LARGE, f"request bodies are at most {self.limit} bytes")


def _plain_utf8(body: bytes) -> bool:
    """UTF-8 without a byte-order mark; JSON text never holds a raw NUL, which UTF-16 and
    UTF-32 without a mark do (the JSON readers would guess those encodings)."""
    if body.startswith(b"\xef\xbb\xbf") or b"\x00" in body:
        return False
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def body_then(body: bytes, receive: Receive) -> Receive:
    """``receive`` with the body we read handed out first, in one message."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again


def from_another_site(headers: Any) -> bool:
    """Whether a browser says a page of another site sends the request: ``Sec-Fetch-Site``
    (today's browsers), or an ``Origin`` that is not this host (every browser names it
    on a POST; ``null`` from a sandboxed frame).  Clients that are not browsers send
    neither."""
    fetched_from = headers.get("sec-fetch-site")
    if fetched_from is not None:  # set by the browser itself: no page can forge it
        return fetched_from not in ("same-origin", "none")
    origin: str | None = headers.get("origin")
    return origin is not None and not same_host(origin, headers.get("host"))


def same_host(origin: str, host: str | None) -> bool:
    """Whether a page's ``Origin`` names this server's host. Ports are left out, as
    cookies leave them out: a proxy passes the host without the port the browser used
    (nginx's ``$host``), and a page on another port of the host shares its cookies anyway."""
    return host is not None and _hostname(origin.split("://", 1)[-1]) == _hostname(host)


def _hostname(netloc: str) -> str:
    if netloc.startswith("["):  # an IPv6 address, [::1]:8000
        return netloc.split("]", 1)[0] + "]"
    return netloc.rsplit(":", 1)[0].lower()


def sent_as_json(headers: Any) -> bool:
    """A JSON content type, which no HTML form can send (and a page of another site only
    after a CORS preflight that this server never answers)."""
    media: str = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return media == "application/json" or media.endswith("+json")


def bearer_or_cookie(headers: Any, cookies: Any) -> tuple[str | None, bool]:
    """The session token and whether it came from the cookie (which needs CSRF)."""
    authorization = headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None, False
    token = cookies.get(SESSION_COOKIE)
    return (token, True) if token else (None, False)
