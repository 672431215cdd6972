"""The answers' shapes: each model names every field of its answer, in the order the views
(``views.py`` and the use cases) write them, and no other (``extra="forbid"``), so
validating an answer against its model changes no byte of it; an answer that differs from
its model is the server's fault (a 500), never a field silently added or dropped. A game's
own JSON (its views, options, results and actions) is typed as an open object, and so only
that field. The web layer documents its routes with them (``server/api/schemas.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

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
