"""Routes: a player's profile, its privacy, and the account that is the player's own
(``DELETE /api/account``, ``GET /api/account/export``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response, status
from pydantic import Field

from navcomp.server.api import deletion
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import PlayerName, Text
from navcomp.server.api.http import CSRF_COOKIE, SESSION_COOKIE
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, Answer, Ok, errors
from navcomp.service import export, profiles
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


class Export(Answer):
    exported_at: str
    account: dict[str, Any]
    mail: dict[str, Any]
    ratings: list[dict[str, Any]]
    solo_scores: list[dict[str, Any]]
    games: list[dict[str, Any]]
    notices: list[dict[str, Any]]
    blocked: list[str]


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
