"""What the server's host asks of the database (``navcomp admin``): accounts found by name
or mail address, an account disabled or enabled again, and the counts of what the
server holds."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, and_, delete, func, or_, select, text, update

from navcomp.domain.tables import TableEnd, TableStatus
from navcomp.store.db import as_utc
from navcomp.store.schema import game_tables, mail_settings, moves, seats, sessions, users


@dataclass(frozen=True)
class AccountRow:
    """One account as the host sees it."""

    id: int
    name: str
    created: datetime
    last_seen: datetime | None
    disabled: bool
    guest: bool
    address: str | None


def find_accounts(conn: Connection, fragment: str, limit: int) -> list[AccountRow]:
    """Live accounts whose name holds ``fragment`` (any case) or whose mail address is it
    (any case); every live account for an empty ``fragment``.  Oldest first."""
    query = (
        select(
            users.c.id,
            users.c.name,
            users.c.created_at,
            users.c.last_seen,
            users.c.disabled_at,
            users.c.is_guest,
            mail_settings.c.address,
        )
        .outerjoin(mail_settings, mail_settings.c.user_id == users.c.id)
        .where(users.c.deleted_at.is_(None))
        .order_by(users.c.id)
        .limit(limit)
    )
    if fragment:
        escaped = fragment.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        query = query.where(
            or_(
                func.lower(users.c.name).like(f"%{escaped}%", escape="\\"),
                func.lower(mail_settings.c.address) == fragment.lower(),
            )
        )
    return [
        AccountRow(
            row.id,
            row.name,
            as_utc(row.created_at),
            as_utc(row.last_seen),
            row.disabled_at is not None,
            bool(row.is_guest),
            row.address,
        )
        for row in conn.execute(query)
    ]


def account_id(conn: Connection, name: str) -> int | None:
    """The live account named exactly ``name``."""
    query = select(users.c.id).where(users.c.name == name, users.c.deleted_at.is_(None))
    found: int | None = conn.execute(query).scalar_one_or_none()
    return found


def set_disabled(conn: Connection, user_id: int, at: datetime | None) -> list[str]:
    """Disable the account at ``at`` (None: enable it again); disabling ends its sessions:
    their digests."""
    conn.execute(update(users).where(users.c.id == user_id).values(disabled_at=at))
    if at is None:
        return []
    mine = sessions.c.user_id == user_id
    gone = list(conn.execute(select(sessions.c.token_hash).where(mine)).scalars())
    conn.execute(delete(sessions).where(mine))
    return gone


def tables_by_status(conn: Connection) -> dict[str, int]:
    query = select(game_tables.c.status, func.count()).group_by(game_tables.c.status)
    return {str(status): int(count) for status, count in conn.execute(query)}


def players(conn: Connection) -> dict[str, int]:
    """Live accounts: full ones and guests; and how many of them are disabled."""
    live = users.c.deleted_at.is_(None)
    query = select(users.c.is_guest, func.count()).where(live).group_by(users.c.is_guest)
    found = Counter({bool(guest): int(count) for guest, count in conn.execute(query)})
    disabled = select(func.count()).where(live, users.c.disabled_at.is_not(None))
    return {
        "accounts": found[False],
        "guests": found[True],
        "disabled": conn.execute(disabled).scalar_one(),
    }


def finished_since(conn: Connection, since: datetime) -> int:
    """Games played to their end whose final move was made at ``since`` or later."""
    final_move = and_(
        moves.c.table_id == game_tables.c.id,
        moves.c.seq == game_tables.c.version,
        moves.c.created_at >= since,
    )
    query = select(func.count()).where(
        game_tables.c.status == TableStatus.OVER.value,
        game_tables.c.end_reason == TableEnd.FINISHED.value,
        select(moves.c.seq).where(final_move).exists(),
    )
    count: int = conn.execute(query).scalar_one()
    return count


def bot_turns(conn: Connection) -> int:
    """Games in play where a bot is to move."""
    query = (
        select(func.count())
        .select_from(game_tables)
        .join(
            seats,
            and_(seats.c.table_id == game_tables.c.id, seats.c.seat == game_tables.c.to_move),
        )
        .where(game_tables.c.status == TableStatus.PLAYING.value, seats.c.bot_level.is_not(None))
    )
    count: int = conn.execute(query).scalar_one()
    return count


def queued_jobs(conn: Connection) -> dict[str, int]:
    """Jobs waiting or running in the job queue (``--jobs queue``), by task; none where
    the database holds no queue (SQLite, or no worker ever ran)."""
    if conn.dialect.name != "postgresql":
        return {}
    if conn.execute(text("SELECT to_regclass('procrastinate_jobs')")).scalar_one() is None:
        return {}
    query = text(
        "SELECT task_name, count(*) FROM procrastinate_jobs"
        " WHERE status IN ('todo', 'doing') GROUP BY task_name"
    )
    return {str(task): int(count) for task, count in conn.execute(query)}
