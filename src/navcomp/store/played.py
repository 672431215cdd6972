"""A move's writes, in the move's transaction and in one call: the table's new version and
its log, how a finished game ended, a solo game's score, the notices, and the "your turn"
notices the move answered.  The statements go through ``store/hot.py``."""

from __future__ import annotations

from sqlalchemy import Connection

from navcomp.domain.tables import TableEnd
from navcomp.domain.turns import PlayedMove
from navcomp.store import clocks, scores, tables
from navcomp.store.hot import move_writes


def record(conn: Connection, played: PlayedMove) -> dict[int, str] | None:
    """Write ``played``; None, writing nothing, if the table is no longer at the version
    the mover saw or has had other changes since (a seat taken over...).  Else the webhook
    of each account told that has one."""
    table, turn, at = played.table, played.turn, played.at
    if not tables.record_move(
        conn, table.id, table.version, turn, played.seat, played.action, at, table.events
    ):
        return None
    if played.finished:
        clocks.end_seats(conn, table.id)
        clocks.set_end_reason(conn, table.id, TableEnd.FINISHED)
    if played.solo is not None:
        scores.record_solo(conn, table.id, table.game, table.seats[0].user_id, played.solo, at)
    answered = None if played.answered is None else (played.answered, table.id)
    return move_writes(conn).tell(conn, played.told, answered, at)
