"""The server's transactions on PostgreSQL: on the event loop through asyncpg, a unique row
taken meanwhile is ``conflict``, a database that is down is ``database_unavailable``, and
the pool serves again once it is back."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import TypeVar

import pytest
from sqlalchemy import Connection, func, insert, select

from conftest import postgres_url
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.server.runtime.database import Database
from navcomp.store.schema import users
from server.postgres_helpers import PrivatePostgres, private_cluster

T = TypeVar("T")
AT = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)


def _with_database(url: str, steps: Callable[[Database], Awaitable[T]]) -> T:
    """``steps`` on a new Database at ``url``, on an event loop of their own."""
    database = Database(url)

    async def run() -> T:
        try:
            return await steps(database)
        finally:
            await database.close()

    return asyncio.run(run())


def _add(name: str) -> Callable[[Connection], int]:
    def work(conn: Connection) -> int:
        row = {"name": name, "name_key": name, "is_guest": True}
        made = conn.execute(insert(users).values(**row, created_at=AT).returning(users.c.id))
        return int(made.scalar_one())

    return work


def _count(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(users)).scalar_one())


def test_work_runs_in_one_transaction_on_the_event_loop(postgres_database: str) -> None:
    async def steps(database: Database) -> tuple[int, int, int]:
        assert not database.inline  # PostgreSQL: not the synchronous engine
        first = await database.tx(_add("ann"))

        def fails(conn: Connection) -> None:
            _add("ben")(conn)
            raise RuntimeError("after a write")

        with pytest.raises(RuntimeError):
            await database.tx(fails)
        together = await asyncio.gather(*(database.tx(_add(f"p{i}")) for i in range(12)))
        return first, len(set(together)), await database.read(_count)

    first, distinct, count = _with_database(postgres_url(postgres_database), steps)
    assert first > 0
    assert distinct == 12
    assert count == 13  # ann and the twelve, not ben: his transaction was rolled back


def test_event_loops_running_at_once_each_have_connections_of_their_own(
    postgres_database: str,
) -> None:
    """asyncpg's connections belong to the loop that opened them (tests run the app on
    two loops at once: a test client's and schemathesis's)."""
    database = Database(postgres_url(postgres_database))
    both_in = threading.Barrier(2)

    async def on_a_loop(name: str) -> list[int]:
        try:
            first = await database.tx(_add(name))
            await asyncio.to_thread(both_in.wait, 10)
            return [first, await database.tx(_add(name + "2")), await database.read(_count)]
        finally:
            await database.close()

    with ThreadPoolExecutor(2) as loops:
        answers = list(loops.map(lambda name: asyncio.run(on_a_loop(name)), ["ann", "ben"]))
    assert len({user_id for ids in answers for user_id in ids[:2]}) == 4
    assert all(ids[2] >= 3 for ids in answers)


def test_a_unique_row_taken_meanwhile_is_a_conflict(postgres_database: str) -> None:
    name_taken = Refusal(refusals.NAME_TAKEN, "taken")

    async def steps(database: Database) -> list[str]:
        await database.tx(_add("ann"))
        kinds = []
        for conflict in (None, name_taken):
            try:
                await database.tx(_add("ann"), conflict=conflict)
            except Refusal as refused:
                kinds.append(refused.code)
        return kinds

    kinds = _with_database(postgres_url(postgres_database), steps)
    assert kinds == [refusals.CONFLICT.code, refusals.NAME_TAKEN.code]


@pytest.fixture
def private_postgres() -> Iterator[PrivatePostgres]:
    with private_cluster() as cluster:
        yield cluster


def test_a_database_down_is_unavailable_and_the_pool_serves_again_once_back(
    private_postgres: PrivatePostgres,
) -> None:
    async def fill_the_pool(database: Database) -> None:
        for _ in range(3):
            await asyncio.gather(*(database.read(_count) for _ in range(3)))

    async def steps(database: Database) -> list[object]:
        seen: list[object] = [await database.tx(_add("ann")) > 0]
        await fill_the_pool(database)
        private_postgres.stop()
        private_postgres.start()
        # the connections the pool held died with the database: the first transaction
        # finds one dead before it sent anything, and runs again on a new connection
        seen.append(await database.read(_count))
        await fill_the_pool(database)
        private_postgres.stop()
        for work in (_count, _add("ben")):
            try:
                await database.tx(work)
            except Refusal as refused:
                seen.append(refused.code)
        private_postgres.start()
        seen.append(await database.tx(_add("ben")) > 0)
        seen.append(await database.read(_count))
        return seen

    seen = _with_database(private_postgres.url, steps)
    unavailable = refusals.DATABASE_UNAVAILABLE.code
    assert seen == [True, 1, unavailable, unavailable, True, 2]
