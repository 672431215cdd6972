"""The ratings repository: a rating per player and game, and each rated game's changes.

:func:`lock` reads (creating where missing) the ratings of a game's players with their
rows locked until the transaction ends (``SELECT ... FOR UPDATE`` on PostgreSQL, in one
order so two transactions cannot deadlock; SQLite has one writer at a time), so an
update computed from them is never lost to another game ending at the same moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, func, select, update
from sqlalchemy.dialects import postgresql, sqlite

from navcomp.domain.ratings import Change, Player
from navcomp.store.schema import rating_changes, ratings, users


@dataclass(frozen=True, slots=True)
class Rating:
    game: str
    name: str | None  # the person's name; None for a bot
    bot_level: str | None
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class Point:
    table_id: int
    rank: int
    mu: float
    sigma: float
    at: datetime


def lock(
    conn: Connection,
    game: str,
    players: Sequence[Player],
    mu: float,
    sigma: float,
    at: datetime,
) -> dict[str, tuple[float, float]]:
    """Each player's (mu, sigma) at ``game`` (a new player's row made with ``mu`` and
    ``sigma``), locked until commit."""
    keys = sorted({p.key for p in players})
    insert = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
    by_key = {p.key: p for p in players}
    for key in keys:
        player = by_key[key]
        conn.execute(
            insert(ratings)
            .values(
                game=game,
                player=key,
                user_id=player.user_id,
                bot_level=player.bot_level,
                mu=mu,
                sigma=sigma,
                games=0,
                updated_at=at,
            )
            .on_conflict_do_nothing()
        )
    query = (
        select(ratings.c.player, ratings.c.mu, ratings.c.sigma)
        .where(ratings.c.game == game, ratings.c.player.in_(keys))
        .order_by(ratings.c.player)
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return {row.player: (row.mu, row.sigma) for row in conn.execute(query)}


def save(
    conn: Connection, game: str, table_id: int, changes: Sequence[Change], at: datetime
) -> None:
    """The new ratings after table ``table_id``'s game, and the game's line in each
    rating's history."""
    for change in changes:
        conn.execute(
            update(ratings)
            .where(ratings.c.game == game, ratings.c.player == change.player.key)
            .values(mu=change.mu, sigma=change.sigma, games=ratings.c.games + 1, updated_at=at)
        )
    conn.execute(
        rating_changes.insert(),
        [
            {
                "table_id": table_id,
                "player": c.player.key,
                "game": game,
                "rank": c.rank,
                "mu": c.mu,
                "sigma": c.sigma,
                "created_at": at,
            }
            for c in changes
        ],
    )


_CONSERVATIVE = ratings.c.mu - 3 * ratings.c.sigma


def leaderboard(conn: Connection, game: str, offset: int, limit: int) -> tuple[int, list[Rating]]:
    """The number of ratings at ``game``, and a page of them, the strongest first."""
    total = conn.execute(
        select(func.count()).select_from(ratings).where(ratings.c.game == game)
    ).scalar_one()
    rows = conn.execute(
        select(ratings, users.c.name)
        .outerjoin(users, users.c.id == ratings.c.user_id)
        .where(ratings.c.game == game)
        .order_by(_CONSERVATIVE.desc(), ratings.c.player)
        .offset(offset)
        .limit(limit)
    ).all()
    return total, [Rating(game, r.name, r.bot_level, r.mu, r.sigma, r.games) for r in rows]


def of_player(conn: Connection, key: str) -> list[Rating]:
    """A player's ratings, one per game they have a rated game of."""
    rows = conn.execute(
        select(ratings, users.c.name)
        .outerjoin(users, users.c.id == ratings.c.user_id)
        .where(ratings.c.player == key)
        .order_by(ratings.c.game)
    ).all()
    return [Rating(r.game, r.name, r.bot_level, r.mu, r.sigma, r.games) for r in rows]


def history(conn: Connection, key: str, game: str, limit: int) -> list[Point]:
    """The rating after each of the player's last ``limit`` rated games, oldest first."""
    rows = conn.execute(
        select(rating_changes)
        .where(rating_changes.c.player == key, rating_changes.c.game == game)
        .order_by(rating_changes.c.created_at.desc(), rating_changes.c.table_id.desc())
        .limit(limit)
    ).all()
    return [Point(r.table_id, r.rank, r.mu, r.sigma, r.created_at) for r in reversed(rows)]
