"""Transactions: the one place of the server that holds the database engine.

The repositories (``navcomp.store``) run inside the work a route hands to
:meth:`Database.tx`; a database that cannot be reached is ``database_unavailable``,
a unique row another request wrote at the same moment is ``conflict``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import anyio
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.server.runtime import metrics
from navcomp.store.db import WRITE_OPTION, migrate, open_engine

T = TypeVar("T")


def unavailable() -> Refusal:
    return Refusal(refusals.DATABASE_UNAVAILABLE, "the database cannot be reached: try again")


def conflicting() -> Refusal:
    return Refusal(refusals.CONFLICT, "another request changed this at the same moment: try again")


class Database:
    def __init__(self, url: str) -> None:
        self.engine: Engine = open_engine(url)
        migrate(self.engine)
        self.inline = url.startswith("sqlite")
        self.limiter = anyio.CapacityLimiter(16)
        self._local = threading.local()
        self._kept_lock = threading.Lock()
        self._all_kept: list[Connection] = []

    async def tx(
        self, work: Callable[[Connection], T], write: bool = True, conflict: Refusal | None = None
    ) -> T:
        """Run ``work`` in one transaction; a unique row another request wrote at the
        same moment is ``conflict`` (or the error given).

        SQLite runs on the event loop's own thread: its statements take
        microseconds, while handing work to threads costs more than that in
        GIL hand-offs, and one thread needs no lock to keep one writer.  A
        network database (PostgreSQL) runs in worker threads.
        """
        try:
            if self.inline:
                conn = self._kept(write)
                with conn.begin():
                    return work(conn)

            def transaction() -> T:
                options = {WRITE_OPTION: write}
                with self.engine.connect().execution_options(**options) as conn, conn.begin():
                    return work(conn)

            return await anyio.to_thread.run_sync(transaction, limiter=self.limiter)
        except IntegrityError:
            raise (conflict or conflicting()) from None
        except DBAPIError as error:
            metrics.DATABASE_ERRORS.inc()
            if isinstance(error, OperationalError | InterfaceError) or error.connection_invalidated:
                raise unavailable() from error
            raise

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

    def close(self) -> None:
        with self._kept_lock:
            for conn in self._all_kept:
                conn.close()
            self._all_kept.clear()
        self.engine.dispose()
