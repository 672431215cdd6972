"""The solo scores repository: the score of every one-seat table played to its end.

The move service writes the score in the transaction of the final move
(:func:`record_solo`), so it is kept exactly when that move is, and once: the table
is the row's key.  A game stopped by a round cap is not played to its end and is
not kept.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, insert, select

from navcomp.core.protocol import Result
from navcomp.domain.model import SoloScore
from navcomp.store.db import as_utc
from navcomp.store.schema import solo_scores, users


def record_solo(
    conn: Connection,
    table_id: int,
    game: str,
    user_id: int | None,
    result: Result,
    at: datetime,
) -> None:
    """Keep the score of a one-seat table's final move (nothing for a capped game or a
    seat without a person)."""
    if user_id is None or result.capped or len(result.scores) != 1:
        return
    conn.execute(
        insert(solo_scores).values(
            table_id=table_id,
            user_id=user_id,
            game=game,
            score=result.scores[0],
            created_at=at,
        )
    )


_ORDER = (solo_scores.c.score.desc(), solo_scores.c.created_at, solo_scores.c.table_id)
"""The higher score first; on equal scores the earlier."""


def best(conn: Connection, game: str, limit: int) -> list[SoloScore]:
    """The best ``limit`` scores of all at ``game``, with the players' names."""
    rows = conn.execute(
        select(solo_scores, users.c.name)
        .join(users, users.c.id == solo_scores.c.user_id)
        .where(solo_scores.c.game == game)
        .order_by(*_ORDER)
        .limit(limit)
    ).all()
    return [SoloScore(r.name, r.score, r.table_id, r.created_at) for r in rows]


def best_of(conn: Connection, game: str, user_id: int, limit: int) -> list[SoloScore]:
    """``user_id``'s best ``limit`` scores at ``game``."""
    rows = conn.execute(
        select(solo_scores)
        .where(solo_scores.c.game == game, solo_scores.c.user_id == user_id)
        .order_by(*_ORDER)
        .limit(limit)
    ).all()
    return [SoloScore(None, r.score, r.table_id, r.created_at) for r in rows]


def all_of(conn: Connection, user_id: int) -> list[tuple[str, SoloScore]]:
    """Every score of ``user_id``, with its game, the newest first."""
    rows = conn.execute(
        select(solo_scores)
        .where(solo_scores.c.user_id == user_id)
        .order_by(solo_scores.c.created_at.desc(), solo_scores.c.table_id.desc())
    ).all()
    return [(r.game, SoloScore(None, r.score, r.table_id, as_utc(r.created_at))) for r in rows]
