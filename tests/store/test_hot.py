"""The move pipeline's statements on the sqlite3 driver and on asyncpg write exactly what
Core writes."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from conftest import own_postgres_database
from navcomp.core.protocol import Result
from navcomp.domain.clocks import Clock
from navcomp.domain.model import AccountName, MailSettings, NewNotice, Turn
from navcomp.domain.notices import NoticeKind
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableStatus
from navcomp.store import accounts, mail_settings, tables
from navcomp.store.db import database_url, migrate, open_async_engine, open_engine
from navcomp.store.hot import MoveWrites, move_writes
from navcomp.store.hot_core import Told

AT = datetime(2026, 3, 4, 5, 6, 7, 890123, tzinfo=UTC)


_STORED = (  # what the pipeline writes (not the table's seed, say, which is random)
    "SELECT id, status, version, to_move, turn_since, result, clock, deadline, events "
    "FROM game_tables ORDER BY id",
    "SELECT * FROM moves ORDER BY table_id, seq",
    "SELECT * FROM notifications ORDER BY id",
)


def _script(conn: Connection, core: bool) -> None:
    """A table, one move and the game's end through one kind of writer."""
    writes = MoveWrites() if core else move_writes(conn)
    assert (type(writes) is MoveWrites) == core
    ann = accounts.add_user(conn, AccountName("ann", "ann", "ann"), None, True, AT)
    ben = accounts.add_user(conn, AccountName("ben", "ben", "ben"), None, True, AT)
    accounts.set_webhook(conn, ben.id, "http://hooks.example/ben")
    new = tables.NewTable("space-mission", 2, {}, 1, ann.id, AT)
    table_id = tables.create(conn, new, {0: ann.id, 1: ben.id}, {})
    tables.start(conn, table_id, 0, AT)
    clock = Clock((60.0, 42.5))
    turn = Turn(1, 1, AT, TableStatus.PLAYING, None, clock, AT)
    # a change besides moves came, then the move, then the same move again (stale)
    assert not writes.advance_and_log(conn, table_id, (0, 1, turn), 0, 17, AT)
    assert writes.advance_and_log(conn, table_id, (0, 0, turn), 0, 17, AT)
    assert not writes.advance_and_log(conn, table_id, (0, 0, turn), 0, 17, AT)
    writes.notice(conn, ann.id, table_id, "turn", "Your turn at table 1", AT)
    told = [
        NewNotice(ben.id, table_id, NoticeKind.TURN, "Your turn at table 1"),
        NewNotice(ann.id, table_id, NoticeKind.TURN, "Your turn at table 1"),
        NewNotice(ben.id, table_id, NoticeKind.OVER, "The game at table 1 is over"),
    ]
    # ben's turn notice is read at once (he answered it), ann's first one too (below)
    assert writes.tell(conn, told, (ben.id, table_id), AT) == {ben.id: "http://hooks.example/ben"}
    assert writes.tell(conn, [], (ann.id, table_id), AT) == {}
    assert writes.tell(conn, told[1:2], None, AT) == {}
    assert writes.webhooks(conn, []) == {}
    assert writes.webhooks(conn, [ann.id]) == {}
    assert writes.webhooks(conn, [ann.id, ben.id]) == {ben.id: "http://hooks.example/ben"}
    reached = MailSettings(address="ben@example.com", verified=True)
    mail_settings.save(conn, ben.id, reached)
    mail_settings.save(conn, ann.id, replace(reached, address="ann@example.com", verified=False))
    assert writes.mail_readers(conn, []) == []
    assert writes.mail_readers(conn, [ann.id]) == []  # not verified
    assert writes.mail_readers(conn, [ann.id, ben.id]) == [ben.id]
    played = Result((3, 1), ({"space": 3}, {"space": 1}), (1, 2), (0,))
    result = TableResult.finished(played, (SeatEnd.PLAYED, SeatEnd.RESIGNED))
    over = Turn(2, None, None, TableStatus.OVER, result, None, None)
    assert writes.advance_and_log(conn, table_id, (1, 0, over), 1, None, AT)  # an undo


def _play(folder: Path, core: bool) -> list[list[Any]]:
    """``_script`` on SQLite: every row, as stored."""
    path = folder / ("core.db" if core else "driver.db")
    engine = open_engine(f"sqlite:///{path}")
    migrate(engine)
    with engine.begin() as conn:
        _script(conn, core)
    engine.dispose()
    with closing(sqlite3.connect(path)) as raw:
        return [
            [[(value, type(value).__name__) for value in row] for row in raw.execute(query)]
            for query in _STORED
        ]


def _play_on_postgres(
    url: str, core: bool, script: Callable[[Connection, bool], None] = _script
) -> list[list[Any]]:
    """``script`` on PostgreSQL through the server's asyncpg engine: every row, as stored."""
    engine = open_engine(database_url(url))
    migrate(engine)

    async def play() -> None:
        network = open_async_engine(url)
        try:
            async with network.begin() as conn:
                await conn.run_sync(lambda sync: script(sync, core))
        finally:
            await network.dispose()

    asyncio.run(play())
    with engine.connect() as conn:
        stored = [
            [[(value, type(value).__name__) for value in row] for row in conn.exec_driver_sql(q)]
            for q in _STORED
        ]
    engine.dispose()
    return stored


def test_driver_statements_store_what_core_stores(tmp_path: Path) -> None:
    core = _play(tmp_path, core=True)
    driver = _play(tmp_path, core=False)
    assert driver == core
    tables, log, notices = driver
    assert [row[2] for row in tables] == [(2, "int")]  # the version
    assert [row[3] for row in log] == [(17, "int"), (None, "NoneType")]  # an action, an undo
    user, read, kind = 1, 4, 6  # columns of notifications: id, user_id, table_id, text, read
    assert [(row[user][0], row[kind][0], row[read][0]) for row in notices] == [
        (1, "turn", 1),
        (2, "turn", 1),
        (1, "turn", 1),
        (2, "over", 0),
        (1, "turn", 0),
    ]


def test_asyncpg_statements_store_what_core_stores() -> None:
    with own_postgres_database("navcomp_hot_core") as core_url:
        core = _play_on_postgres(core_url, core=True)
    with own_postgres_database("navcomp_hot_driver") as driver_url:
        driver = _play_on_postgres(driver_url, core=False)
    assert driver == core
    log = driver[1]
    assert [row[3] for row in log] == [(17, "int"), (None, "NoneType")]  # an action, an undo
    assert [row[1] for row in log] == [(1, "int"), (2, "int")]  # logged at the turn's version


def _record_script(conn: Connection, core: bool) -> None:
    """A move that tells, through ``record_move``: its writes and what it reads back."""
    writes = MoveWrites() if core else move_writes(conn)
    ann = accounts.add_user(conn, AccountName("ann", "ann", "ann"), None, True, AT)
    ben = accounts.add_user(conn, AccountName("ben", "ben", "ben"), None, True, AT)
    accounts.set_webhook(conn, ben.id, "http://hooks.example/ben")
    mail_settings.save(conn, ann.id, MailSettings(address="ann@example.com", verified=True))
    new = tables.NewTable("space-mission", 2, {}, 1, ann.id, AT)
    table_id = tables.create(conn, new, {0: ann.id, 1: ben.id}, {})
    tables.start(conn, table_id, 0, AT)
    writes.notice(conn, ann.id, table_id, "turn", "Your turn at table 1", AT)
    turn = Turn(1, 1, AT, TableStatus.PLAYING, None, None, None)
    told = [
        NewNotice(ben.id, table_id, NoticeKind.TURN, "Your turn at table 1"),
        NewNotice(ann.id, table_id, NoticeKind.OVER, "The game at table 1 is over"),
    ]
    stale = writes.record_move(conn, table_id, (0, 1, turn), (0, 4, AT), told, (ann.id, 1))
    assert stale is None  # a change besides moves came: nothing written
    written = writes.record_move(conn, table_id, (0, 0, turn), (0, 4, AT), told, (ann.id, 1))
    assert written == Told({ben.id: "http://hooks.example/ben"}, frozenset({ann.id}))
    back = Turn(2, 0, AT, TableStatus.PLAYING, None, None, None)
    nobody = writes.record_move(conn, table_id, (1, 0, back), (1, 2, AT), [], (ben.id, 1))
    assert nobody == Told({}, frozenset())


def test_a_move_that_tells_stores_and_reads_back_what_core_does() -> None:
    stored = []
    for core in (True, False):
        with own_postgres_database(f"navcomp_hot_record_{int(core)}") as url:
            stored.append(_play_on_postgres(url, core, _record_script))
    assert stored[0] == stored[1]
    notices = stored[1][2]
    user, read, kind = 1, 4, 6
    assert [(row[user][0], row[kind][0], row[read][0]) for row in notices] == [
        (1, "turn", 1),  # read: the move answered it
        (2, "turn", 1),  # read at once: ben answered it with the next move
        (1, "over", 0),
    ]
