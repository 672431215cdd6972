"""What the API answers, as the OpenAPI schema states it: success bodies and error bodies.

Each model names every field of its answer, in the order the server writes them, and
no other (``extra="forbid"``), so validating an answer against its model changes no
byte of it; an answer that differs from its model is the server's fault (a 500), never
a field silently added or dropped. A game's own JSON (its views, options, results and
actions) is typed as an open object, and so only that field.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field

from navcomp.domain.tables import TableStatus

if TYPE_CHECKING:
    StatusName = str
else:  # the statuses of a table that is there, as an enum of strings (see ClosedTable)
    StatusName = Literal[tuple(s.value for s in TableStatus if s is not TableStatus.CLOSED)]


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorDetail(Answer):
    code: str
    message: str


class ErrorBody(Answer):
    """Every refusal: a stable code (docs/server.md lists them) and an English message."""

    error: ErrorDetail


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


class UserInfo(Answer):
    id: int
    name: str
    guest: bool


class SessionState(Answer):
    user: UserInfo | None


class SessionBody(Answer):
    user: UserInfo
    token: str
    csrf: str


class Ok(Answer):
    ok: bool


class WebhookBody(Answer):
    url: str | None


class Notice(Answer):
    id: int
    table: int | None
    kind: str
    about: dict[str, Any] | None
    text: str
    read: bool
    at: str


class BotMatchup(Answer):
    """How a bot level fared against another in the tournaments (bots/strength.py)."""

    rival: str  # the other level
    players: int  # seats at the tables measured
    games: int
    win_rate: float
    ci95: list[float]  # the win rate's 95% interval: low, high
    budget: str  # the searching levels' budgets, in words ("" when none searches)
    usual: bool  # measured at the budgets the server's bots play with


class GameInfo(Answer):
    name: str
    title: str
    min_players: int
    max_players: int
    options: dict[str, Any]  # the game's own options
    bot_levels: list[str]
    view: bool  # the browser has the game's own view (js/games/<name>/view.js)
    bot_strength: dict[str, list[BotMatchup]]
    """Per level offered, its measured match-ups (the tournaments' strength file)."""


class SoloScore(Answer):
    score: int
    table: int
    date: str


class BestScore(Answer):
    player: str
    score: int
    table: int
    date: str


class SoloScores(Answer):
    game: str
    mine: list[SoloScore]
    best: list[BestScore]


class RatingEntry(Answer):
    rank: int
    game: str
    player: str | None  # None: a bot
    bot: str | None  # the bot's level
    rating: int  # 40 x (mu - 3 sigma), rounded
    games: int
    provisional: bool


class Leaderboard(Answer):
    game: str
    page: int
    per_page: int
    total: int
    entries: list[RatingEntry]


class RatingPoint(Answer):
    table: int
    rank: int
    rating: int
    at: str


class PlayerRating(Answer):
    game: str
    player: str | None
    bot: str | None
    rating: int
    games: int
    provisional: bool
    history: list[RatingPoint]


class PlayerRatings(Answer):
    player: str
    ratings: list[PlayerRating]


class SeatInfo(Answer):
    seat: int
    player: str | None
    bot: str | None
    ended: str | None  # played, resigned, timed_out, taken_over
    former: str | None  # the person a bot took the seat over from
    pending: bool  # a rematch's seat whose person has not accepted yet


class LivePace(Answer):
    """A live game: a bank of minutes for each seat, and seconds added after each move."""

    kind: Literal["live"]
    minutes: int
    increment: int


class TurnPace(Answer):
    """A game by turns: hours for each turn, and a bank of days besides."""

    kind: Literal["turn"]
    hours: int
    bank_days: int


class NoPace(Answer):
    """No clock: the game stalls when nobody moves for this many days."""

    kind: Literal["none"]
    stall_days: int


Pace = Annotated[LivePace | TurnPace | NoPace, Field(discriminator="kind")]
"""A table's pace (domain/clocks.py), by its kind."""


class ClockInfo(Answer):
    """A table's clocks (domain/clocks.py): each seat's bank in seconds, where the mover's
    turn stands, the abort votes, the mover's deadline and the server's time."""

    banks: list[float]
    stage: Literal["running", "time_up", "stalled"]
    extra: bool
    votes: list[int]
    deadline: str | None
    now: str


class Table(Answer):
    """What anyone may know about a table (never its seed while it is played)."""

    id: int
    game: str
    status: StatusName
    num_seats: int
    options: dict[str, Any]
    version: int
    to_move: int | None
    turn_since: str | None
    seats: list[SeatInfo]
    creator_seat: int | None  # the seat of the table's creator (who starts it)
    result: dict[str, Any] | None  # once over: the game's own result, and how seats ended
    tutorial: str | None  # the tutorial's name at a tutorial table
    rated: bool  # the game's end changes its players' ratings (docs/rules: ratings)
    pace: Pace | None  # None: a solo table, which has no clock
    clock: ClockInfo | None  # None: not started, or a solo table
    end_reason: str | None  # finished, forfeit, aborted, abandoned, left
    visibility: Literal["public", "unlisted", "invite"]
    spectators: bool  # may people without a seat watch the game
    rematch: int | None  # once over: the table offered as its rematch


class FriendInfo(Answer):
    name: str
    online: bool  # seen within the last minutes


class RequestInfo(Answer):
    name: str


class FriendList(Answer):
    """My friends, the requests I got (accept by asking back) and those I sent."""

    friends: list[FriendInfo]
    incoming: list[RequestInfo]
    outgoing: list[RequestInfo]


class TableEvent(Answer):
    """A change to a table besides moves: time up, more time, a seat taken over..."""

    seq: int
    kind: str
    seat: int | None
    version: int  # the move it followed (0: before any)
    at: str


class ClosedTable(Answer):
    """A table its creator closed by leaving it."""

    id: int
    status: Literal["closed"]


class MyTable(Table):
    my_seat: int
    my_turn: bool


class LogEntry(Answer):
    """A move in a table's log, as one seat (or a spectator) reads it."""

    seq: int
    seat: int
    text: str
    detail: Any  # the move's outcome, the same for everybody (a card shown, points)


class TutorialInfo(Answer):
    name: str
    game: str
    title: str
    steps: int


class MyTutorial(Answer):
    """A tutorial, and my table of it (None: none yet, or nobody is signed in)."""

    name: str
    game: str
    table: Table | None


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
