"""The blocks repository: who blocked whom.  A person who blocked another no longer sees
that one's chat, and the blocked one cannot invite, befriend or offer a rematch to them."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, delete, insert, select

from navcomp.store.schema import blocks


def add(conn: Connection, user_id: int, blocked_id: int, at: datetime) -> bool:
    """``user_id`` blocks ``blocked_id``; False if it had already."""
    if blocked(conn, user_id, blocked_id):
        return False
    conn.execute(insert(blocks).values(user_id=user_id, blocked_id=blocked_id, created_at=at))
    return True


def remove(conn: Connection, user_id: int, blocked_id: int) -> bool:
    """``user_id`` unblocks ``blocked_id``; False if it had not blocked them."""
    gone = conn.execute(
        delete(blocks).where(blocks.c.user_id == user_id, blocks.c.blocked_id == blocked_id)
    )
    return gone.rowcount > 0


def blocked(conn: Connection, user_id: int, other_id: int) -> bool:
    """Whether ``user_id`` blocked ``other_id``."""
    row = conn.execute(
        select(blocks.c.user_id).where(blocks.c.user_id == user_id, blocks.c.blocked_id == other_id)
    ).first()
    return row is not None


def blocked_by(conn: Connection, user_id: int) -> set[int]:
    """Everyone ``user_id`` blocked."""
    rows = conn.execute(select(blocks.c.blocked_id).where(blocks.c.user_id == user_id))
    return {row.blocked_id for row in rows}


def blockers_of(conn: Connection, user_id: int) -> set[int]:
    """Everyone who blocked ``user_id``."""
    rows = conn.execute(select(blocks.c.user_id).where(blocks.c.blocked_id == user_id))
    return {row.user_id for row in rows}
