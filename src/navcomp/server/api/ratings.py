"""Ratings: each game's leaderboard, and a player's ratings with their history."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, status

from navcomp.core.registry import game_names
from navcomp.domain.model import Session
from navcomp.server.api.deps import MaybeSignedIn, ServerDep
from navcomp.server.api.fields import PlayerName
from navcomp.server.api.schemas import DB, MAYBE_SIGNED_IN, Leaderboard, PlayerRatings, errors
from navcomp.service import lobby
from navcomp.service.profiles import visible_player
from navcomp.service.ratings import PROVISIONAL_GAMES, shown
from navcomp.store import ratings
from navcomp.store.db import Connection

router = APIRouter(tags=["ratings"])

PER_PAGE = 25
HISTORY = 50


def _rating_json(rating: ratings.Rating) -> dict[str, Any]:
    return {
        "game": rating.game,
        "player": rating.name,
        "bot": rating.bot_level,
        "rating": shown(rating.mu, rating.sigma),
        "games": rating.games,
        "provisional": rating.games < PROVISIONAL_GAMES,
    }


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
    offset = (page - 1) * PER_PAGE
    total, rows = await server.read(lambda c: ratings.leaderboard(c, game, offset, PER_PAGE))
    entries = [{"rank": offset + i + 1, **_rating_json(r)} for i, r in enumerate(rows)]
    return {"game": game, "page": page, "per_page": PER_PAGE, "total": total, "entries": entries}


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
    return await server.read(lambda c: _player(c, name, session))


def _player(conn: Connection, name: str, viewer: Session | None) -> dict[str, Any]:
    key = f"user:{visible_player(conn, name, viewer)}"
    viewer_id = None if viewer is None else viewer.user.id
    games = []
    for rating in ratings.of_player(conn, key):
        points = ratings.history(conn, key, rating.game, HISTORY)
        history = [
            {
                "table": p.table_id,
                "rank": p.rank,
                "rating": shown(p.mu, p.sigma),
                "at": p.at.isoformat(),
            }
            for p in points
            if lobby.may_see(conn, p.table_id, viewer_id)
        ]
        games.append({**_rating_json(rating), "history": history})
    return {"player": name, "ratings": games}
