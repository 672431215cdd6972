"""The tutorial tables' repository: a person's tables of a tutorial, and a table that
starts where another one stood (a tutorial restarted at one of its steps)."""

from __future__ import annotations

from sqlalchemy import Connection, insert, select, update

from navcomp.domain.model import Turn
from navcomp.store.schema import game_tables, moves


def of_account(conn: Connection, user_id: int, tutorial: str) -> list[int]:
    """The ids of the tables of ``tutorial`` that account ``user_id`` set up, oldest first."""
    query = (
        select(game_tables.c.id)
        .where(game_tables.c.creator_id == user_id, game_tables.c.tutorial == tutorial)
        .order_by(game_tables.c.id)
    )
    return list(conn.execute(query).scalars())


def copy_log(conn: Connection, source: int, target: int, upto: int) -> None:
    """Table ``target``'s log becomes ``source``'s first ``upto`` entries."""
    entries = select(moves.c.seq, moves.c.seat, moves.c.action, moves.c.created_at).where(
        moves.c.table_id == source, moves.c.seq <= upto
    )
    rows = [
        {
            "table_id": target,
            "seq": r.seq,
            "seat": r.seat,
            "action": r.action,
            "created_at": r.created_at,
        }
        for r in conn.execute(entries)
    ]
    if rows:
        conn.execute(insert(moves), rows)


def set_turn(conn: Connection, table_id: int, turn: Turn) -> None:
    """The table stands at ``turn`` (after its log was copied)."""
    conn.execute(
        update(game_tables)
        .where(game_tables.c.id == table_id)
        .values(
            version=turn.version,
            to_move=turn.to_move,
            turn_since=turn.turn_since,
            status=turn.status.value,
            result=None if turn.result is None else turn.result.to_json(),
        )
    )
