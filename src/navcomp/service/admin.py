"""The server's host at work (``navcomp admin``): accounts found, disabled and enabled
again, a password reset, a table ended, and the counts of what the server holds.

Like every use case these are functions of a connection and the time; what follows for
running servers (sessions to forget, a table to push) comes back as effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from navcomp.core.errors import quoted
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.service import endings
from navcomp.service.effects import Effects, EndSessions, PushClosed
from navcomp.service.mail import tokens
from navcomp.service.mail.tokens import Links
from navcomp.store import accounts, mail_settings, outbox, tables
from navcomp.store import admin as stored
from navcomp.store.admin import AccountRow
from navcomp.store.db import Connection

__all__ = [  # AccountRow: the store's row, what the command prints
    "AccountRow",
    "Counts",
    "account_id",
    "counts",
    "end_table",
    "find_accounts",
    "reset_link",
    "set_disabled",
    "set_password",
]


def find_accounts(conn: Connection, fragment: str, limit: int) -> list[AccountRow]:
    return stored.find_accounts(conn, fragment.strip(), limit)


def account_id(conn: Connection, name: str) -> int:
    """The live account named exactly ``name``."""
    found = stored.account_id(conn, name)
    if found is None:
        raise Refusal(refusals.USER_NOT_FOUND, f"no account is called {quoted(name)}")
    return found


def set_disabled(conn: Connection, name: str, disabled: bool, at: datetime) -> Effects:
    """Disable the account (its sessions end: every server forgets them) or enable it."""
    ended = stored.set_disabled(conn, account_id(conn, name), at if disabled else None)
    return (EndSessions(tuple(ended)),) if ended else ()


def reset_link(conn: Connection, name: str, base_url: str, at: datetime) -> str:
    """A password reset link for the account, as a reset mail holds one: it works once,
    for ``tokens.RESET_SECONDS``, while the password stays as it is now."""
    user_id = account_id(conn, name)
    password_hash = accounts.password_hash(conn, user_id)
    if password_hash is None:
        raise Refusal(refusals.NEEDS_ACCOUNT, f"{quoted(name)} is a guest: it has no password")
    links = Links(mail_settings.link_key(conn), lambda: at)
    token = links.make(tokens.RESET, [user_id, tokens.fingerprint(password_hash)])
    return f"{base_url.rstrip('/')}/#/reset/{token}"


def set_password(conn: Connection, name: str, password_hash: str) -> Effects:
    """A new password for the account (hashed by the caller): its sessions end."""
    user_id = account_id(conn, name)
    if accounts.password_hash(conn, user_id) is None:
        raise Refusal(refusals.NEEDS_ACCOUNT, f"{quoted(name)} is a guest: it has no password")
    ended = accounts.set_password(conn, user_id, password_hash, None)
    return (EndSessions(tuple(ended)),) if ended else ()


def end_table(conn: Connection, table_id: int, at: datetime) -> tuple[TableStatus, Effects]:
    """End a table: a game in play is aborted (no result, as when its players all vote so),
    an open table is closed.  What it was, and what follows."""
    table = tables.get(conn, table_id, lock=True)
    if table is None:
        raise Refusal(refusals.TABLE_NOT_FOUND, f"no table {table_id}")
    if table.status is TableStatus.OPEN:
        tables.close(conn, table_id)
        return TableStatus.OPEN, (PushClosed(table_id),)
    if table.status is TableStatus.OVER:
        raise Refusal(refusals.GAME_OVER, f"table {table_id} is over already")
    return TableStatus.PLAYING, endings.aborted_by_host(conn, table_id, at).effects


@dataclass(frozen=True)
class Counts:
    tables: dict[str, int]  # by status
    players: dict[str, int]  # accounts, guests, disabled
    finished_today: int  # games played to their end today (UTC)
    mail_waiting: int  # in the outbox
    bot_turns: int  # games in play where a bot is to move
    queued_jobs: dict[str, int]  # in the job queue, waiting or running, by task

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "players": self.players,
            "finished_today": self.finished_today,
            "mail_waiting": self.mail_waiting,
            "bot_turns": self.bot_turns,
            "queued_jobs": self.queued_jobs,
        }


def counts(conn: Connection, at: datetime) -> Counts:
    found = stored.tables_by_status(conn)
    by_status = {status.value: found.get(status.value, 0) for status in TableStatus}
    by_status.pop(TableStatus.CLOSED.value)  # a closed table leaves no row
    midnight = datetime.combine(at.date(), time(0), tzinfo=at.tzinfo)
    return Counts(
        by_status,
        stored.players(conn),
        stored.finished_since(conn, midnight),
        outbox.waiting(conn),
        stored.bot_turns(conn),
        stored.queued_jobs(conn),
    )
