"""The FastAPI application: thin routes over accounts, lobby, the move pipeline and pushes."""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TypeVar

import anyio
from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.server import bots, flow, hotpath, http, routes, schemas
from navcomp.server.accounts import Session, SessionCache, session_for
from navcomp.server.errors import ApiError
from navcomp.server.fanout import channel_for
from navcomp.server.games import LiveGames
from navcomp.server.live import Hub
from navcomp.server.security import SecuredApp
from navcomp.server.throttle import Limits, Throttle
from navcomp.server.webhooks import Webhooks
from navcomp.server.websocket import SocketCounts
from navcomp.store.db import WRITE_OPTION, migrate, open_engine

T = TypeVar("T")


def unavailable() -> ApiError:
    return ApiError(503, "database_unavailable", "the database cannot be reached: try again")


def conflicting() -> ApiError:
    return ApiError(409, "conflict", "another request changed this at the same moment: try again")


@dataclass
class Settings:
    database_url: str
    bot_workers: int = 1
    bot_seconds: float | None = None  # None: each level's own budget
    webhooks: bool = True
    redis_url: str | None = None  # pushes across processes (several servers, one database)
    webhook_allow_internal: bool = False  # hooks may point at private and loopback addresses
    trusted_proxies: tuple[str, ...] = ()  # addresses and networks whose X-Forwarded-* count
    # Throttling (docs/server.md, "Limits and throttling"): attempts per minute, 0: none.
    logins_per_name: int = 10
    logins_per_address: int = 30
    registrations_per_address: int = 10
    guests_per_address: int = 10
    # A WebSocket client's messages: a burst of this many, then so many a second.
    socket_message_burst: int = 10
    socket_messages_per_second: float = 1.0
    sockets_per_address: int = 100  # live sockets open at once from one address (0: any)
    socket_opens_per_address: int = 120  # live sockets opened a minute from one address


class Server:
    """Everything a request handler needs, built once per app."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine: Engine = open_engine(settings.database_url)
        migrate(self.engine)
        self.games = LiveGames()
        self.hub = Hub()
        self.runner = bots.BotRunner(
            bots.default_executor(settings.bot_workers),
            settings.bot_seconds,
            renew=lambda: bots.default_executor(settings.bot_workers),
        )
        self.webhooks = Webhooks(
            enabled=settings.webhooks, allow_internal=settings.webhook_allow_internal
        )
        self.limiter = anyio.CapacityLimiter(16)
        self.sessions = SessionCache()
        self.inline = settings.database_url.startswith("sqlite")
        self._local = threading.local()
        self._kept_lock = threading.Lock()
        self._all_kept: list[Connection] = []
        self.fanout = None
        channel = channel_for(settings.database_url)
        if settings.redis_url:
            from navcomp.server.fanout import RedisFanout

            self.fanout = RedisFanout(settings.redis_url, channel)
        self.throttle = Throttle(_limits(settings), settings.redis_url, channel + ":limits")
        self.hashing = anyio.CapacityLimiter(2)  # argon2: CPU and 64 MiB each
        self.sockets = SocketCounts(settings.sockets_per_address)

    async def tx(
        self, work: Callable[[Connection], T], write: bool = True, conflict: ApiError | None = None
    ) -> T:
        """Run ``work`` in one transaction; a database that cannot be reached is
        ``database_unavailable``, a unique row another request wrote at the same moment
        is ``conflict`` (or the error given).

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
            if isinstance(error, OperationalError | InterfaceError) or error.connection_invalidated:
                raise unavailable() from error
            raise

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

    async def read(self, work: Callable[[Connection], T]) -> T:
        return await self.tx(work, write=False)

    async def session(self, request: HTTPConnection, required: bool = True) -> Session | None:
        token, from_cookie = http.bearer_or_cookie(request.headers, request.cookies)
        session = None
        if token is not None:
            session = self.sessions.get(token)
            if session is None:
                session = await self.read(lambda conn: session_for(conn, token))
                if session is not None:
                    self.sessions.put(token, session)
        if session is None:
            if required:
                raise ApiError(401, "not_logged_in", "log in, or start as a guest")
            return None
        method = request.scope.get("method", "GET")
        unsafe = from_cookie and method not in http.SAFE_METHODS
        if unsafe and request.headers.get(http.CSRF_HEADER) != session.csrf:
            raise ApiError(403, "csrf_failed", "missing or wrong X-CSRF-Token header")
        return session

    def close(self) -> None:
        self.runner.shutdown()
        self.webhooks.close()
        with self._kept_lock:
            for conn in self._all_kept:
                conn.close()
            self._all_kept.clear()
        self.engine.dispose()


def _limits(settings: Settings) -> Limits:
    return Limits(
        logins_per_name=settings.logins_per_name,
        logins_per_address=settings.logins_per_address,
        registrations_per_address=settings.registrations_per_address,
        guests_per_address=settings.guests_per_address,
        sockets_per_address=settings.socket_opens_per_address,
    )


def create_app(settings: Settings) -> FastAPI:
    server = Server(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if server.fanout is not None:
            await server.fanout.start(
                lambda table_id, moved: flow.relay(server, table_id, moved),
                server.hub.tables,
                server.sessions.drop_digest,
            )
        await flow.resume_bots(server)
        try:
            yield
        finally:
            if server.fanout is not None:
                await server.fanout.close()
            server.close()

    app = SecuredApp(  # security headers, Secure cookies and trusted proxies around it all
        trusted_proxies=settings.trusted_proxies,
        title="NavComp",
        summary="An open online table for Space Mission and Space Pioneers.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.server = server
    app.add_exception_handler(ApiError, http.on_api_error)
    app.add_exception_handler(RequestValidationError, http.on_validation_error)
    app.add_exception_handler(HTTPException, http.on_http_error)
    app.add_exception_handler(Exception, http.on_unexpected)
    app.add_middleware(hotpath.PlayFastPath, server=server)
    app.add_middleware(http.BodyLimit)  # added last: outside the fast path too
    routes.add_routes(app, server)
    schemas.describe_security(app)
    return app
