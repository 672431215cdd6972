"""What the API answers, as the OpenAPI schema states it: the error bodies of each route,
and the ways to sign in. The success bodies' models are ``service/answers.py``."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from fastapi import FastAPI

from navcomp.service.answers import ErrorBody

_WHY = {
    HTTPStatus.BAD_REQUEST: "the body is not JSON in UTF-8, or the action cannot be read",
    HTTPStatus.UNAUTHORIZED: "not logged in, or wrong name or password",
    HTTPStatus.FORBIDDEN: "not allowed: the CSRF header is missing or wrong, "
    "the request comes from another site's page, or the seat or table is not yours",
    HTTPStatus.NOT_FOUND: "no such table or player",
    HTTPStatus.CONFLICT: "the table or the name is not in a state that allows this",
    HTTPStatus.GONE: "the mail link has expired",
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE: "the body is over 16 KiB",
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE: "the body is not sent as JSON (Content-Type)",
    HTTPStatus.UNPROCESSABLE_ENTITY: "a field is missing, of the wrong type or out of range, "
    "or the rules refuse it",
    HTTPStatus.TOO_MANY_REQUESTS: "too many attempts: wait a moment",
    HTTPStatus.SERVICE_UNAVAILABLE: "the database cannot be reached: try again",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route that may answer ``statuses``."""
    return {
        int(status): {"model": ErrorBody, "description": _WHY[HTTPStatus(status)]}
        for status in sorted(statuses)
    }


BODY = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNPROCESSABLE_ENTITY,
)
"""A route that reads a body: unreadable, too large, or of wrong fields."""
DB = HTTPStatus.SERVICE_UNAVAILABLE
"""A route that asks the database."""


SIGNED_IN: dict[str, Any] = {"security": [{"bearer": []}, {"session_cookie": []}]}
"""``openapi_extra`` of an operation for players only."""
MAYBE_SIGNED_IN: dict[str, Any] = {"security": [{}, {"bearer": []}, {"session_cookie": []}]}
"""``openapi_extra`` of an operation that answers anyone, a player with more."""

SECURITY_SCHEMES = {
    "bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "the token of a login, registration or guest answer",
    },
    "session_cookie": {
        "type": "apiKey",
        "in": "cookie",
        "name": "navcomp_session",
        "description": "browsers: unsafe methods also send the navcomp_csrf cookie's value "
        "in the X-CSRF-Token header",
    },
}


def describe_security(app: FastAPI) -> None:
    """Add the ways to sign in to the app's generated schema."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            generate().setdefault("components", {})["securitySchemes"] = SECURITY_SCHEMES
        return app.openapi_schema or generate()

    app.openapi = openapi  # type: ignore[method-assign]
