"""Every refusal is an :class:`ApiError`: a registered code (``error_codes.py``), with its
HTTP status, and a message."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from navcomp.core.errors import ActionError
from navcomp.server import error_codes
from navcomp.server.error_codes import ErrorCode


class Body(BaseModel):
    """A request body, read strictly: ``true`` is no number and ``"3"`` no seat."""

    model_config = ConfigDict(strict=True)


MAX_MESSAGE = 300
"""A refusal's message, whatever it holds, is cut to this many characters."""


class ApiError(Exception):
    def __init__(
        self, kind: ErrorCode, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.status = int(kind.status)
        self.code = kind.code
        self.message = message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"
        self.headers = headers  # such as Retry-After

    def body(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}


def not_found() -> ApiError:
    return ApiError(error_codes.TABLE_NOT_FOUND, "no such table")


def from_action_error(error: ActionError) -> ApiError:
    """The engine's refusals, as the API states them."""
    return ApiError(error_codes.ENGINE.get(error.code, error_codes.BAD_ACTION), str(error))
