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

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING

import anyio
from starlette.requests import HTTPConnection

from navcomp.domain import names, refusals
from navcomp.domain.model import Session, Table, User
from navcomp.domain.names import former_name
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.server.api.logins import address
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import accounts, endings, lobby
from navcomp.service.effects import Effect, EndSessions, PushClosed, PushTable
from navcomp.store import accounts as stored
from navcomp.store import erasure, profiles, tables
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


@dataclass
class Left:
    """The tables the account left: running games changed, open tables changed or closed."""

    running: list[endings.Changed] = field(default_factory=list)
    open_tables: list[int] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)  # the ended sessions' digests

    def open_now(self, conn: Connection) -> list[Table | None]:
        """The open tables left, as they now are (None: closed, the account its last)."""
        return [tables.get(conn, table_id) for table_id in self.open_tables]


async def confirm(server: Server, request: HTTPConnection, user: User, password: str) -> None:
    """Refused unless ``password`` is the account's (a guest has none to give)."""
    if user.is_guest:
        return
    await server.throttle.login_attempt(names.fold_key(user.name), address(request))
    found = await server.read(lambda c: stored.password_hash(c, user.id))
    matches = await anyio.to_thread.run_sync(
        accounts.password_matches, found, password, limiter=server.hashing
    )
    if not matches:
        raise Refusal(refusals.WRONG_PASSWORD, "the password is wrong")


def _leave_all(conn: Connection, user: User, sat_at: list[int], at: datetime) -> Left:
    left = Left()
    for table_id in sat_at:
        table = lobby.get(conn, table_id, lock=True)
        if table.seat_of(user.id) is None:
            continue  # over, or a bot plays the seat already
        if table.status is TableStatus.OPEN:
            lobby.leave(conn, user, table_id)
            left.open_tables.append(table_id)
        elif table.status is TableStatus.PLAYING:
            others = [s for s in table.people() if table.seats[s].user_id != user.id]
            leave = endings.resign if others else endings.last_person_leaves
            changed = leave(conn, user, table_id, at)
            told = [n for n in changed.told if n.user_id != user.id]
            left.running.append(replace(changed, told=told))
    return left


async def delete_account(
    server: Server, request: HTTPConnection, session: Session, password: str
) -> None:
    user = session.user
    await confirm(server, request, user, password)
    at = server.settings.now()

    def work(conn: Connection) -> Left:
        sat_at = profiles.tables_sat_at(conn, user.id)
        left = _leave_all(conn, user, sat_at, at)
        former = former_name(user.id)
        left.sessions = erasure.delete_account(conn, user.id, former, at)
        return left

    left = await server.tx(work)
    ended = EndSessions((accounts.token_digest(session.token), *left.sessions))
    effects: list[Effect] = [ended]
    for changed in left.running:
        effects.extend(changed.effects)
    for table_id, table in zip(left.open_tables, await server.read(left.open_now), strict=True):
        effects.append(PushClosed(table_id) if table is None else PushTable(table))
    await carry_out(server, effects)
