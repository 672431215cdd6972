"""Routes: a player's profile, its privacy, and the account that is the player's own
(``DELETE /api/account``, ``GET /api/account/export``)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response, status
from pydantic import Field

from navcomp.server.api import deletion
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import PlayerName, Text
from navcomp.server.api.http import CSRF_COOKIE, SESSION_COOKIE
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.service import export, profiles
from navcomp.service.answers import Answer, LogEntry, Ok, Table
from navcomp.store import accounts
from navcomp.store.db import Connection

router = APIRouter(tags=["profiles"])


class ProfileChoice(Body):
    private: bool


class Confirmation(Body):
    password: Text = Field(default="", max_length=400)  # a guest has none to give


class ProfileSetting(Answer):
    private: bool


class SoloBest(Answer):
    score: int
    table: int
    date: str


class GameFigures(Answer):
    game: str
    played: int  # games of two or more seats with a result
    won: int  # a tie for first is a win for each tied seat
    solo_played: int
    averaged_games: int  # the games the averages are over
    averages: dict[str, float]  # score category: mean points
    best_solo: list[SoloBest]


class RecentGame(Answer):
    table: int
    game: str
    date: str
    seats: int
    rated: bool
    end: str | None  # finished, forfeit, aborted, abandoned, left
    outcome: str  # won, lost, left, solo, no_result
    rank: int | None
    score: int | None
    ended: str | None  # how the seat ended: played, resigned, timed_out, taken_over
    rated_rank: int | None  # the place the rating counted (a seat that left early: last)


class Profile(Answer):
    player: str
    private: bool
    games: list[GameFigures]
    recent: list[RecentGame]


class ExportedAccount(Answer):
    name: str
    guest: bool
    created_at: str
    webhook: str | None
    profile_private: bool


class ExportedMail(Answer):
    address: str | None
    verified: bool
    turn: str  # every, digest or never
    digest_hours: int
    invites: bool
    time_low: bool
    game_over: bool
    language: str


class ExportedRatingPoint(Answer):
    table: int
    rank: int
    rating: int
    mu: float
    sigma: float
    at: str


class ExportedRating(Answer):
    game: str
    rating: int  # 40 x (mu - 3 sigma), rounded
    mu: float
    sigma: float
    games: int
    history: list[ExportedRatingPoint]  # all of it, the oldest first


class ExportedSoloScore(Answer):
    game: str
    score: int
    table: int
    date: str


class ExportedGame(Answer):
    """A table I sat at; once started (the fields after ``seat`` are there only then) its
    log as my seat reads it, and while it is played how I read it and my view."""

    table: Table
    seat: int
    log: list[LogEntry] | None = None
    reads_as: Literal["seat", "spectator"] | None = None  # spectator: a bot took my seat
    view: dict[str, Any] | None = None  # the game's own view, as I read it


class ExportedNotice(Answer):
    table: int | None
    kind: str
    about: dict[str, Any] | None  # what the notice is about, for a page to word it
    text: str
    read: bool
    at: str


class ExportedFriends(Answer):
    friends: list[str]
    asked_me: list[str]  # the requests I got
    asked_by_me: list[str]  # the requests I sent


class ExportedMessage(Answer):
    """A chat message I wrote."""

    table: int | None  # None: the lobby
    channel: str  # lobby, players or spectators
    text: str
    at: str


class Export(Answer):
    exported_at: str
    account: ExportedAccount
    mail: ExportedMail
    ratings: list[ExportedRating]
    solo_scores: list[ExportedSoloScore]
    games: list[ExportedGame]
    notices: list[ExportedNotice]  # the newest first
    blocked: list[str]
    friends: ExportedFriends
    chat: list[ExportedMessage]


SIGNED = errors(status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB)


@router.get(
    "/api/players/{name}/profile",
    response_model=Profile,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        status.HTTP_422_UNPROCESSABLE_CONTENT,
        DB,
    ),
)
async def profile(name: PlayerName, server: ServerDep, session: MaybeSignedIn) -> dict[str, Any]:
    """A player's games played and won, recent games and score averages per game, from
    the games that are over (``403 profile_private`` unless public or one's own)."""

    def work(conn: Connection) -> dict[str, Any]:
        user_id = profiles.visible_player(conn, name, session)
        viewer = None if session is None else session.user.id
        return profiles.profile(conn, user_id, accounts.name_of(conn, user_id), viewer)

    return await server.read(work)


@router.put(
    "/api/account/profile",
    response_model=ProfileSetting,
    openapi_extra=SIGNED_IN,
    responses=errors(*BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB),
)
async def profile_choice(
    body: ProfileChoice, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    """Keep my profile and rating history to myself (``private: true``), or show them."""
    user_id = session.user.id
    await server.tx(lambda c: accounts.set_profile_private(c, user_id, body.private))
    return {"private": body.private}


@router.delete(
    "/api/account",
    response_model=Ok,
    openapi_extra=SIGNED_IN,
    responses=errors(
        *BODY,
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_409_CONFLICT,
        status.HTTP_429_TOO_MANY_REQUESTS,
        DB,
    ),
)
async def delete_account(
    body: Confirmation, request: Request, response: Response, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    """Delete my account, its password confirming it (a guest gives none): I leave my
    tables and games, every session ends, my games stay under "a former player"."""
    await deletion.delete_account(server, request, session, body.password)
    response.delete_cookie(SESSION_COOKIE)
    response.delete_cookie(CSRF_COOKIE)
    return {"ok": True}


@router.get(
    "/api/account/export",
    response_model=Export,
    response_model_exclude_unset=True,  # a game's fields of later stages, only once there
    openapi_extra=SIGNED_IN,
    responses=SIGNED,
)
async def export_data(server: ServerDep, session: SignedIn, response: Response) -> dict[str, Any]:
    """All my data as JSON, as a download; of running games only what my seat may see."""
    user_id, at = session.user.id, server.settings.now()
    data = await server.read(lambda c: export.export(c, server.games, user_id, at))
    filename = f"navcomp-data-{user_id}-{at:%Y%m%d}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return data
