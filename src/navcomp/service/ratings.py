"""Ratings: a rating per player and game, updated when a rated game ends.

The update runs in the transaction of the move that ends the game, with the ratings' rows
locked (``store/ratings.py``), so two games of one player ending at once both count; the
arithmetic is ``domain/ratings.py``. An aborted game has no result and changes nothing,
nor does a game stopped by a round cap.
"""

from __future__ import annotations

from datetime import datetime

from navcomp.domain.model import Table
from navcomp.domain.ratings import MODEL, Skill, merge_seats, ranks_for_rating, rate, seat_players
from navcomp.domain.results import TableResult
from navcomp.store import ratings as store
from navcomp.store.db import Connection


def record_game(conn: Connection, table: Table, result: TableResult, at: datetime) -> None:
    """Update the ratings of a rated table's players for its finished game."""
    if not table.rated or table.num_seats < 2 or table.tutorial is not None:
        return
    if result.capped or result.ranks is None:
        return  # stopped by a round cap (not played to its end), or without a result
    players = seat_players(table)
    ranks = ranks_for_rating(result.ranks, result.seat_ends)
    before = store.lock(conn, table.game, players, MODEL.mu, MODEL.sigma, at)
    after = rate([Skill(*before[p.key]) for p in players], ranks)
    changes = merge_seats(players, ranks, after)
    store.save(conn, table.game, table.id, changes, at)
