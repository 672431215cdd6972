"""Solo high scores: the score of every table with one seat that was played to its end.

The move pipeline writes the score in the transaction of the final move
(:func:`record_solo`), so it is kept exactly when that move is, and once: the table
is the row's key.  A game stopped by a round cap is not played to its end and is
not kept.  :func:`high_scores` answers ``GET /api/solo-scores``: names, scores,
dates and table ids, nothing secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, insert, select

from navcomp.core.protocol import Result
from navcomp.server.accounts import now
from navcomp.store.schema import solo_scores, users

TOP = 10


def record_solo(
    conn: Connection, table_id: int, game: str, user_id: int | None, result: Result
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
            created_at=now(),
        )
    )


def high_scores(conn: Connection, game: str, user_id: int | None) -> dict[str, Any]:
    """``user_id``'s best ten scores at ``game`` (none for a visitor) and the best ten of
    all; the higher score first, on equal scores the earlier."""
    order = (solo_scores.c.score.desc(), solo_scores.c.created_at, solo_scores.c.table_id)
    best = conn.execute(
        select(solo_scores, users.c.name)
        .join(users, users.c.id == solo_scores.c.user_id)
        .where(solo_scores.c.game == game)
        .order_by(*order)
        .limit(TOP)
    ).all()
    mine: Sequence[Any] = []
    if user_id is not None:
        mine = conn.execute(
            select(solo_scores)
            .where(solo_scores.c.game == game, solo_scores.c.user_id == user_id)
            .order_by(*order)
            .limit(TOP)
        ).all()
    return {
        "game": game,
        "mine": [_entry(row) for row in mine],
        "best": [{"player": row.name, **_entry(row)} for row in best],
    }


def _entry(row: Any) -> dict[str, Any]:
    return {"score": row.score, "table": row.table_id, "date": row.created_at.isoformat()}
