"""Ratings: each game's leaderboard, and a player's ratings with their history."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, status

from navcomp.core.registry import game_names
from navcomp.server.api.deps import MaybeSignedIn, ServerDep
from navcomp.server.api.fields import PlayerName
from navcomp.server.api.schemas import DB, MAYBE_SIGNED_IN, errors
from navcomp.service import lobby, rating_views
from navcomp.service.answers import Leaderboard, PlayerRatings

router = APIRouter(tags=["ratings"])


@router.get(
    "/api/ratings/{game}",
    response_model=Leaderboard,
    responses=errors(status.HTTP_422_UNPROCESSABLE_CONTENT, DB),
)
async def leaderboard(
    game: str, server: ServerDep, page: int = Query(default=1, ge=1, le=10_000)
) -> dict[str, Any]:
    """A page of the game's ratings, people's and bots', the strongest first."""
    if game not in game_names():
        raise lobby.unknown_game(game)
    return await server.read(lambda c: rating_views.leaderboard(c, game, page))


@router.get(
    "/api/players/{name}/ratings",
    response_model=PlayerRatings,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        status.HTTP_422_UNPROCESSABLE_CONTENT,
        DB,
    ),
)
async def player_ratings(
    name: PlayerName, server: ServerDep, session: MaybeSignedIn
) -> dict[str, Any]:
    """A player's rating at each game they have played rated, with its history
    (``403 profile_private`` unless public or one's own)."""
    return await server.read(lambda c: rating_views.player(c, name, session))
