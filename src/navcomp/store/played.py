"""A move's writes, in the move's transaction and in one call: the table's new version and
its log, how a finished game ended, a solo game's score, the notices, and the "your turn"
notices the move answered.  The statements go through ``store/hot.py``."""

from __future__ import annotations

from sqlalchemy import Connection

from navcomp.domain.tables import TableEnd
from navcomp.domain.turns import PlayedMove
from navcomp.store import clocks, scores
from navcomp.store.hot import move_writes
from navcomp.store.hot_core import Told


def record(conn: Connection, played: PlayedMove) -> Told | None:
    """Write ``played``; None, writing nothing, if the table is no longer at the version
    the mover saw or has had other changes since (a seat taken over...).  Else the
    webhooks of the accounts told and which of them mail reaches.

    A move that neither ends its game nor tells anyone writes nothing else in its
    transaction (``service/moves.py`` writes mail only for notices, ratings only at
    the end): its writes are then ``alone``."""
    table, turn, at = played.table, played.turn, played.at
    answered = None if played.answered is None else (played.answered, table.id)
    last = not played.finished and played.solo is None and not played.told
    told = move_writes(conn).record_move(
        conn,
        table.id,
        (table.version, table.events, turn),
        (played.seat, played.action, at),
        played.told,
        answered,
        alone=last,
    )
    if told is None:
        return None
    if played.finished:
        clocks.end_seats(conn, table.id)
        clocks.set_end_reason(conn, table.id, TableEnd.FINISHED)
    if played.solo is not None:
        scores.record_solo(conn, table.id, table.game, table.seats[0].user_id, played.solo, at)
    return told
