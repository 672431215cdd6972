"""Every refusal is an :class:`ApiError`: an HTTP status, a stable code and a message."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from navcomp.core.errors import (
    ActionError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)


class Body(BaseModel):
    """A request body, read strictly: ``true`` is no number and ``"3"`` no seat."""

    model_config = ConfigDict(strict=True)


class ApiError(Exception):
    def __init__(
        self, status: int, code: str, message: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers  # such as Retry-After

    def body(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}


def not_found(what: str = "table") -> ApiError:
    return ApiError(404, f"{what}_not_found", f"no such {what}")


def from_action_error(error: ActionError) -> ApiError:
    """The engine's refusals, as the API states them."""
    if isinstance(error, MalformedActionError):
        return ApiError(400, "malformed_action", str(error))
    if isinstance(error, NotYourTurnError):
        return ApiError(409, "not_your_turn", str(error))
    if isinstance(error, GameOverError):
        return ApiError(409, "game_over", str(error))
    if isinstance(error, IllegalActionError):
        return ApiError(422, "illegal_action", str(error))
    return ApiError(400, "bad_action", str(error))
