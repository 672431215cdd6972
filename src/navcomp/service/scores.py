"""Solo high scores as ``GET /api/solo-scores`` answers them: names, scores, dates and
table ids, nothing secret (the move service keeps them: ``store/scores.py``); only of
tables the viewer may see (a solo game without spectators is its player's)."""

from __future__ import annotations

from typing import Any

from navcomp.domain.model import SoloScore
from navcomp.service import lobby
from navcomp.store import scores
from navcomp.store.db import Connection

TOP = 10


def high_scores(conn: Connection, game: str, user_id: int | None) -> dict[str, Any]:
    """``user_id``'s best ten scores at ``game`` (none for a visitor) and the best ten of
    all; the higher score first, on equal scores the earlier."""
    best = _best_seen(conn, game, user_id)
    mine = [] if user_id is None else scores.best_of(conn, game, user_id, TOP)
    return {
        "game": game,
        "mine": [_entry(score) for score in mine],
        "best": [{"player": score.player, **_entry(score)} for score in best],
    }


def _best_seen(conn: Connection, game: str, user_id: int | None) -> list[SoloScore]:
    """The best :data:`TOP` scores at tables ``user_id`` may see."""
    asked = TOP
    while True:
        best = scores.best(conn, game, asked)
        seen = [score for score in best if lobby.may_see(conn, score.table_id, user_id)]
        if len(seen) >= TOP or len(best) < asked:
            return seen[:TOP]
        asked *= 4


def _entry(score: SoloScore) -> dict[str, Any]:
    return {"score": score.score, "table": score.table_id, "date": score.created_at.isoformat()}
