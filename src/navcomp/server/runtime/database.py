"""Transactions: the one place of the server that holds the database engines.

The repositories (``navcomp.store``) run inside the work a route hands to
:meth:`Database.tx`; a database that cannot be reached is ``database_unavailable``,
a unique row another request wrote at the same moment is ``conflict``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, event
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.util import greenlet_spawn

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.server.runtime import metrics
from navcomp.store.db import (
    POOL_SIZE,
    SENT_INFO,
    WRITE_OPTION,
    migrate,
    open_async_engine,
    open_engine,
)
from navcomp.store.hot_postgres import ALONE

T = TypeVar("T")
_log = logging.getLogger(__name__)


def unavailable() -> Refusal:
    return Refusal(refusals.DATABASE_UNAVAILABLE, "the database cannot be reached: try again")


def conflicting() -> Refusal:
    return Refusal(refusals.CONFLICT, "another request changed this at the same moment: try again")


class Database:
    """SQLite runs on the event loop's own thread: its statements take microseconds,
    while handing work to threads costs more than that in GIL hand-offs, and one
    thread needs no lock to keep one writer.  PostgreSQL runs on the event loop too,
    through asyncpg: a transaction's synchronous repository code runs in a greenlet
    and each statement awaits the driver, so no thread is involved, and asyncpg
    prepares each statement once per connection.

    ``engine`` (synchronous) migrates, and serves SQLite.  PostgreSQL's connections
    belong to the event loop that opened them, so each loop has a pool of its own (a
    server has one loop; tests may run the app on two at once).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = open_engine(url)
        migrate(self.engine)
        self.inline = url.startswith("sqlite")
        self._networks: dict[asyncio.AbstractEventLoop, AsyncEngine] = {}
        self._local = threading.local()
        self._kept_lock = threading.Lock()
        self._all_kept: list[Connection] = []
        if not self.inline:
            self.engine.dispose()  # it migrated; from now on the work runs on the loops' pools

    def _network(self) -> AsyncEngine:
        """The running event loop's PostgreSQL pool."""
        loop = asyncio.get_running_loop()
        network = self._networks.get(loop)
        if network is None:
            network = self._networks[loop] = open_async_engine(self.url)
            event.listen(network.sync_engine, "before_cursor_execute", _refuse_out_of_place)
            event.listen(network.sync_engine, "after_cursor_execute", _mark_sent)
        return network

    async def tx(
        self, work: Callable[[Connection], T], write: bool = True, conflict: Refusal | None = None
    ) -> T:
        """Run ``work`` in one transaction; a unique row another request wrote at the
        same moment is ``conflict`` (or the error given)."""
        try:
            if self.inline:
                conn = self._kept(write)
                with conn.begin():
                    return work(conn)
            network = self._network()
            try:
                return await _on_network(network, work, write)
            except _FoundDeadError:
                # The pooled connection had died (a restart of the database): the pool
                # dropped it and all others as old as it; nothing of ``work`` reached
                # the database, so it runs once more on a new connection.
                return await _on_network(network, work, write)
        except _FoundDeadError as dead:
            raise unavailable() from dead.__cause__
        except (OSError, PoolTimeout) as error:  # asyncpg's connect refused; all connections busy
            raise unavailable() from error
        except IntegrityError:
            raise (conflict or conflicting()) from None
        except DBAPIError as error:
            metrics.DATABASE_ERRORS.inc()
            if isinstance(error, OperationalError | InterfaceError) or error.connection_invalidated:
                raise unavailable() from error
            raise

    async def warm(self) -> None:
        """Open the running loop's PostgreSQL pool in full, at start: a connection opened
        by a move costs that move a new server process and asyncpg's and SQLAlchemy's
        set-up queries, and at a restart every busy table would pay it at once (the
        first second of a bench's moves waited up to half a second)."""
        if self.inline:
            return
        network = self._network()
        opened = await asyncio.gather(
            *(network.connect() for _ in range(POOL_SIZE)), return_exceptions=True
        )
        for conn in opened:
            if isinstance(conn, BaseException):
                _log.warning("the database pool opens as moves need it: %r", conn)
            else:
                await conn.close()

    async def read(self, work: Callable[[Connection], T]) -> T:
        return await self.tx(work, write=False)

    def _kept(self, write: bool) -> Connection:
        """The loop thread's own connection for writing, or for reading (SQLite): kept
        open, since taking one from the pool and giving it back cost more than a move's
        statements."""
        kept: dict[bool, Connection] | None = getattr(self._local, "connections", None)
        if kept is None:
            kept = self._local.connections = {}
        conn = kept.get(write)
        if conn is None or conn.closed:
            conn = kept[write] = self.engine.connect().execution_options(**{WRITE_OPTION: write})
            with self._kept_lock:
                self._all_kept.append(conn)
        return conn

    async def close(self) -> None:
        """Close every connection (PostgreSQL's: those of the running event loop)."""
        network = self._networks.pop(asyncio.get_running_loop(), None)
        if network is not None:
            await network.dispose()
        with self._kept_lock:
            for conn in self._all_kept:
                conn.close()
            self._all_kept.clear()
        self.engine.dispose()


def _mark_sent(conn: Connection, *_args: Any) -> None:
    conn.info[SENT_INFO] = True


def _refuse_out_of_place(conn: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
    """A statement that would not be part of its transaction: one after a move written
    alone (committed already), a write in a read (each statement commits on its own)."""
    if conn.info.get(ALONE):
        raise RuntimeError("a statement after a move written alone: it would not be part of it")
    if conn.info.get(_READING) and statement.lstrip()[:6].upper() in _WRITES:
        raise RuntimeError(f"a write in a read, which commits each statement: {statement[:40]}")


_READING = "navcomp_reading"
"""Connection info: the transaction is a read, its statements sent without BEGIN."""
_WRITES = ("INSERT", "UPDATE", "DELETE")


class _FoundDeadError(Exception):
    """The pooled connection was dead at the transaction's first statement."""


async def _on_network(network: AsyncEngine, work: Callable[[Connection], T], write: bool) -> T:
    """``work`` in a transaction on a pooled connection, all in one greenlet: taking the
    connection, BEGIN, the work, COMMIT and giving it back each through the asyncio
    API would spawn a greenlet of its own.

    A read is sent without BEGIN and COMMIT (two round trips fewer): at PostgreSQL's
    READ COMMITTED each statement sees the data as of its own start either way."""
    engine = network.sync_engine

    def transaction() -> T:
        with engine.connect() as conn:
            info = conn.info  # the pooled connection's: kept though the pool drops it
            info[SENT_INFO] = info[ALONE] = False
            info[_READING] = not write
            adapted = conn.connection.dbapi_connection
            assert adapted is not None
            adapted.autocommit = not write
            try:
                with conn.begin():
                    return work(conn)
            except DBAPIError as error:
                if error.connection_invalidated and not info[SENT_INFO]:
                    raise _FoundDeadError from error
                raise
            finally:
                adapted.autocommit = False

    return await greenlet_spawn(transaction)
