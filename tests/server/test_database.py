"""The server's transactions on PostgreSQL: on the event loop through asyncpg, a unique row
taken meanwhile is ``conflict``, a database that is down is ``database_unavailable``, and
the pool serves again once it is back."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, TypeVar

import pytest
from sqlalchemy import Connection, event, func, insert, select

from conftest import postgres_url
from navcomp.domain import refusals
from navcomp.domain.model import AccountName, NewNotice, Turn
from navcomp.domain.notices import NoticeKind
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.server.runtime.database import Database
from navcomp.store import accounts, tables
from navcomp.store.hot import move_writes
from navcomp.store.hot_core import Told
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


def _table_of_two(conn: Connection) -> tuple[int, int, int]:
    """A started two-seat table: its id and its two players' ids."""
    ann = accounts.add_user(conn, AccountName("ann", "ann", "ann"), None, True, AT)
    ben = accounts.add_user(conn, AccountName("ben", "ben", "ben"), None, True, AT)
    new = tables.NewTable("space-mission", 2, {}, 1, ann.id, AT)
    table_id = tables.create(conn, new, {0: ann.id, 1: ben.id}, {})
    tables.start(conn, table_id, 0, AT)
    return table_id, ann.id, ben.id


class _Sent:
    """What the transactions' asyncpg connections send, statement by statement: the
    statements through SQLAlchemy's events, BEGIN and COMMIT through asyncpg's query
    loggers (which see its simple queries only, not its prepared statements; asyncpg's
    look-ups of a new statement's types are left out)."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self._watched: set[int] = set()

    def watch(self, conn: Connection) -> None:
        driver = conn.connection.driver_connection
        assert driver is not None
        if not self._watched:
            event.listen(conn.engine, "before_cursor_execute", self._statement)
        if id(driver) not in self._watched:
            self._watched.add(id(driver))
            driver.add_query_logger(self._log)

    def _statement(self, _conn: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        self.statements.append(statement.split()[0].upper())

    def _log(self, logged: Any) -> None:
        word = logged.query.split()[0].upper().rstrip(";")
        if word in ("BEGIN", "COMMIT", "ROLLBACK"):
            self.statements.append(word)

    async def since(self, work: Awaitable[T]) -> tuple[T, list[str]]:
        """``work``'s outcome and what it sent."""
        self.statements.clear()
        outcome = await work
        await asyncio.sleep(0.05)  # asyncpg calls its query loggers soon after
        return outcome, list(self.statements)


def test_a_move_that_writes_nothing_else_is_one_statement_with_no_begin_or_commit(
    postgres_database: str,
) -> None:
    """A move that tells no one goes to PostgreSQL as one statement, committed as it runs;
    one with notices is BEGIN, one statement, COMMIT; a stale one writes nothing."""
    turn = Turn(1, 1, AT, TableStatus.PLAYING, None, None, None)
    told_turn = Turn(2, 0, AT, TableStatus.PLAYING, None, None, None)
    sent = _Sent()

    async def steps(database: Database) -> None:
        table_id, ann, ben = await database.tx(_table_of_two)
        notices = [NewNotice(ann, table_id, NoticeKind.TURN, "Your turn")]

        def move(conn: Connection) -> Told | None:
            sent.watch(conn)
            return move_writes(conn).record_move(
                conn, table_id, (0, 0, turn), (0, 5, AT), [], None, alone=True
            )

        def tell(conn: Connection) -> Told | None:
            sent.watch(conn)
            return move_writes(conn).record_move(
                conn, table_id, (1, 0, told_turn), (1, 6, AT), notices, (ben, table_id)
            )

        assert await sent.since(database.tx(move)) == (Told({}, frozenset()), ["WITH"])
        told, statements = await sent.since(database.tx(tell))
        assert told == Told({}, frozenset())
        assert sorted(statements) == ["BEGIN", "COMMIT", "WITH"]  # no SELECT of webhooks
        assert await database.tx(move) is None  # version 0 is gone: nothing written
        log = await database.read(lambda conn: tables.log(conn, table_id))
        assert [(entry.seat, entry.action) for entry in log] == [(0, 5), (1, 6)]

    _with_database(postgres_url(postgres_database), steps)


def test_a_statement_after_a_move_written_alone_is_refused(postgres_database: str) -> None:
    """Written alone, the move is committed: a statement after it in the same transaction
    would not be part of it, so it is refused rather than run apart."""
    turn = Turn(1, 1, AT, TableStatus.PLAYING, None, None, None)

    async def steps(database: Database) -> None:
        table_id, _ann, _ben = await database.tx(_table_of_two)

        def move_then_more(conn: Connection) -> None:
            writes = move_writes(conn)
            assert writes.record_move(conn, table_id, (0, 0, turn), (0, 5, AT), [], None, True)
            _count(conn)

        with pytest.raises(RuntimeError, match="after a move written alone"):
            await database.tx(move_then_more)
        assert await database.read(_count) == 2  # the next transaction runs as ever

    _with_database(postgres_url(postgres_database), steps)


def test_a_read_is_sent_without_begin_or_commit_and_refuses_a_write(
    postgres_database: str,
) -> None:
    sent = _Sent()

    def count(conn: Connection) -> int:
        sent.watch(conn)
        return _count(conn) + _count(conn)

    async def steps(database: Database) -> None:
        await database.tx(_add("ann"))
        assert await sent.since(database.read(count)) == (2, ["SELECT", "SELECT"])
        with pytest.raises(RuntimeError, match="a write in a read"):
            await database.read(_add("ben"))
        assert await database.read(_count) == 1
        assert (await sent.since(database.tx(count)))[1] == ["SELECT", "BEGIN", "SELECT", "COMMIT"]

    _with_database(postgres_url(postgres_database), steps)
