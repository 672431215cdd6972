"""HTTP plumbing: error bodies, the body-size limit, and who is asking."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from navcomp.server.errors import ApiError

MAX_BODY = 16 * 1024
SESSION_COOKIE = "navcomp_session"
CSRF_COOKIE = "navcomp_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def error_response(error: ApiError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status, headers=error.headers)


def _malformed_json() -> JSONResponse:
    return error_response(ApiError(400, "malformed_json", "the body is not valid JSON"))


async def on_api_error(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, ApiError)
    return error_response(error)


async def on_validation_error(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    problems = error.errors()
    if any(p.get("type") == "json_invalid" for p in problems):
        return _malformed_json()
    where = "; ".join(
        f"{'.'.join(str(part) for part in p.get('loc', ()))}: {p.get('msg', '')}"
        for p in problems[:5]
    )
    return error_response(ApiError(422, "invalid_request", f"bad request fields: {where}"))


async def on_http_error(_request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, HTTPException)
    if error.status_code == 400:  # the framework could not parse the body (say, not UTF-8)
        return _malformed_json()
    codes = {404: "not_found", 405: "method_not_allowed"}
    code = codes.get(error.status_code, f"http_{error.status_code}")
    return error_response(ApiError(error.status_code, code, str(error.detail)))


async def on_unexpected(_request: Request, _error: Exception) -> JSONResponse:
    return error_response(ApiError(500, "internal_error", "something went wrong on our side"))


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        too_big = ApiError(413, "body_too_large", f"request bodies are at most {self.limit} bytes")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await error_response(too_big)(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise ApiError(413, "body_too_large", too_big.message)
            return message

        await self.app(scope, limited, send)


def bearer_or_cookie(headers: Any, cookies: Any) -> tuple[str | None, bool]:
    """The session token and whether it came from the cookie (which needs CSRF)."""
    authorization = headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None, False
    token = cookies.get(SESSION_COOKIE)
    return (token, True) if token else (None, False)
