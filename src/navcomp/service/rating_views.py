"""Ratings as people read them: each game's leaderboard, and a player's ratings with
their history, of the tables the reader may see."""

from __future__ import annotations

from typing import Any

from navcomp.domain.model import Session
from navcomp.domain.ratings import PROVISIONAL_GAMES, shown
from navcomp.service import lobby
from navcomp.service.profiles import visible_player
from navcomp.store import ratings
from navcomp.store.db import Connection

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


def leaderboard(conn: Connection, game: str, page: int) -> dict[str, Any]:
    """A page of the game's ratings, people's and bots', the strongest first."""
    offset = (page - 1) * PER_PAGE
    total, rows = ratings.leaderboard(conn, game, offset, PER_PAGE)
    entries = [{"rank": offset + i + 1, **_rating_json(r)} for i, r in enumerate(rows)]
    return {"game": game, "page": page, "per_page": PER_PAGE, "total": total, "entries": entries}


def player(conn: Connection, name: str, viewer: Session | None) -> dict[str, Any]:
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
