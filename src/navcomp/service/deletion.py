"""Deleting an account, as the account page asks it (``DELETE /api/account``).

The password confirms it (a guest has none).  In one transaction: the account leaves
every open table (a table it made closes), and every running game as if it resigned
(``endings.resign``: a bot plays on, or in a game of two the other wins); a game with no
other person in it ends without a result, its end reason saying that its last person
left (``endings.last_person_leaves``).  Then the account becomes a tombstone
(``store/erasure.py``): its games, scores and ratings stay, shown under the name
``former#<id>``, which no account can take and which pages word as "a former player".
Its old name stays taken for ``Settings.name_hold_days`` days (the keys stay on the
tombstone until a registration after that period claims them), and it can never sign in
again: every session ends, in every process.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from navcomp.domain.model import Table, User
from navcomp.domain.names import former_name
from navcomp.domain.tables import TableStatus
from navcomp.service import endings, lobby
from navcomp.service.effects import Effect, Effects, EndSessions, PushClosed, PushTable
from navcomp.store import erasure, profiles, tables
from navcomp.store.db import Connection


@dataclass(frozen=True)
class Deleted:
    """What deleting the account changed: its running games, the open tables it left (as
    they now are; None: closed, the account was its last), and the sessions ended."""

    running: tuple[endings.Changed, ...]
    open_tables: tuple[tuple[int, Table | None], ...]
    sessions: tuple[str, ...]  # the ended sessions' digests

    @property
    def effects(self) -> Effects:
        effects: list[Effect] = [EndSessions(self.sessions)]
        for changed in self.running:
            effects.extend(changed.effects)
        for table_id, table in self.open_tables:
            effects.append(PushClosed(table_id) if table is None else PushTable(table))
        return tuple(effects)


def delete_account(conn: Connection, user: User, at: datetime) -> Deleted:
    """The account leaves every table, then becomes a tombstone."""
    running, open_tables = _leave_all(conn, user, profiles.tables_sat_at(conn, user.id), at)
    sessions = erasure.delete_account(conn, user.id, former_name(user.id), at)
    open_now = tuple((table_id, tables.get(conn, table_id)) for table_id in open_tables)
    return Deleted(tuple(running), open_now, tuple(sessions))


def _leave_all(
    conn: Connection, user: User, sat_at: list[int], at: datetime
) -> tuple[list[endings.Changed], list[int]]:
    running: list[endings.Changed] = []
    open_tables: list[int] = []
    for table_id in sat_at:
        table = lobby.get(conn, table_id, lock=True)
        if table.seat_of(user.id) is None:
            continue  # over, or a bot plays the seat already
        if table.status is TableStatus.OPEN:
            lobby.leave(conn, user, table_id)
            open_tables.append(table_id)
        elif table.status is TableStatus.PLAYING:
            others = [s for s in table.people() if table.seats[s].user_id != user.id]
            leave = endings.resign if others else endings.last_person_leaves
            changed = leave(conn, user, table_id, at)
            told = [n for n in changed.told if n.user_id != user.id]
            running.append(replace(changed, told=told))
    return running, open_tables
