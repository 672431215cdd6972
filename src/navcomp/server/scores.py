"""Solo high scores as ``GET /api/solo-scores`` answers them: names, scores, dates and
table ids, nothing secret (the move service keeps them: ``store/scores.py``)."""

from __future__ import annotations

from typing import Any

from navcomp.store import scores
from navcomp.store.db import Connection
from navcomp.store.model import SoloScore

TOP = 10


def high_scores(conn: Connection, game: str, user_id: int | None) -> dict[str, Any]:
    """``user_id``'s best ten scores at ``game`` (none for a visitor) and the best ten of
    all; the higher score first, on equal scores the earlier."""
    best = scores.best(conn, game, TOP)
    mine = [] if user_id is None else scores.best_of(conn, game, user_id, TOP)
    return {
        "game": game,
        "mine": [_entry(score) for score in mine],
        "best": [{"player": score.player, **_entry(score)} for score in best],
    }


def _entry(score: SoloScore) -> dict[str, Any]:
    return {"score": score.score, "table": score.table_id, "date": score.created_at.isoformat()}
