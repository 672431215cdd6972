"""The web's side of refusals: each kind of :class:`~navcomp.domain.refusals.Refusal`
answered with its HTTP status, the framework's own refusals as registered codes, and the
strict reading of request bodies."""

from __future__ import annotations

from http import HTTPStatus

from pydantic import BaseModel, ConfigDict

from navcomp.domain import refusals
from navcomp.domain.refusals import ErrorCode, RefusalKind


class Body(BaseModel):
    """A request body, read strictly: ``true`` is no number and ``"3"`` no seat."""

    model_config = ConfigDict(strict=True)


STATUS: dict[RefusalKind, HTTPStatus] = {
    RefusalKind.MALFORMED: HTTPStatus.BAD_REQUEST,
    RefusalKind.UNAUTHENTICATED: HTTPStatus.UNAUTHORIZED,
    RefusalKind.FORBIDDEN: HTTPStatus.FORBIDDEN,
    RefusalKind.NOT_FOUND: HTTPStatus.NOT_FOUND,
    RefusalKind.WRONG_METHOD: HTTPStatus.METHOD_NOT_ALLOWED,
    RefusalKind.CONFLICT: HTTPStatus.CONFLICT,
    RefusalKind.GONE: HTTPStatus.GONE,
    RefusalKind.TOO_LARGE: HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    RefusalKind.WRONG_MEDIA: HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
    RefusalKind.INVALID: HTTPStatus.UNPROCESSABLE_ENTITY,
    RefusalKind.LIMITED: HTTPStatus.TOO_MANY_REQUESTS,
    RefusalKind.FAILED: HTTPStatus.INTERNAL_SERVER_ERROR,
    RefusalKind.UNAVAILABLE: HTTPStatus.SERVICE_UNAVAILABLE,
}
"""The HTTP status of each kind of refusal."""


def status_of(code: ErrorCode) -> HTTPStatus:
    return STATUS[code.kind]


FRAMEWORK: dict[int, ErrorCode] = {
    HTTPStatus.NOT_FOUND: refusals.NOT_FOUND,
    HTTPStatus.METHOD_NOT_ALLOWED: refusals.METHOD_NOT_ALLOWED,
}
"""The framework's own refusals (no route, a method the path does not take)."""
