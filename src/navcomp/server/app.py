"""The FastAPI application: the routers of ``api/`` and their middleware, around one
:class:`~navcomp.server.runtime.context.Server` and its background tasks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.telemetry import TelemetryConfig
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.domain.refusals import Refusal
from navcomp.server.api import docs as api_docs
from navcomp.server.api import hotpath, http, routes, schemas
from navcomp.server.api.security import SecuredApp
from navcomp.server.runtime import dispatch, metrics, sweeper
from navcomp.server.runtime.context import Server, Settings

NO_TELEMETRY: TelemetryConfig = {
    "tracing": False,
    "metrics": False,
    "logs": False,
    "operation_spans": False,
}
"""FastAPI's own OpenTelemetry stays off, even where the process has a tracer: its spans
carry each request's path (a mail link's token), its logs the input a validation refused."""


def create_app(settings: Settings) -> FastAPI:
    server = Server(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.database.warm()
        if server.fanout is not None:
            await server.fanout.start(
                lambda table_id, moved: dispatch.relay(server, table_id, moved),
                server.hub.tables,
                server.sessions.drop_digest,
                lambda message_id: dispatch.relay_chat(server, message_id),
            )
        if server.queue is not None:
            await server.queue.open()
        else:  # with a queue, the workers think for the bots and send the mail
            await dispatch.resume_bots(server)
            await server.mail.start()
        sweeping = sweeper.start(server)
        try:
            yield
        finally:
            if sweeping is not None:
                await sweeping.stop()
            await server.mail.close()
            if server.queue is not None:
                await server.queue.close()
            if server.fanout is not None:
                await server.fanout.close()
            await server.throttle.close()
            await server.close()
            metrics.process_ended()

    app = SecuredApp(  # security headers, Secure cookies and trusted proxies around it all
        trusted_proxies=settings.trusted_proxies,
        title="NavComp",
        summary="An open online table for Space Mission and Space Pioneers.",
        version="0.1.0",
        lifespan=lifespan,
        telemetry=NO_TELEMETRY,
        docs_url=None,  # FastAPI's pages load their scripts from a CDN: ours (api/docs.py)
        redoc_url=None,
    )
    app.state.server = server
    app.add_exception_handler(Refusal, http.on_api_error)
    app.add_exception_handler(RequestValidationError, http.on_validation_error)
    app.add_exception_handler(HTTPException, http.on_http_error)
    app.add_exception_handler(Exception, http.on_unexpected)
    app.add_middleware(hotpath.PlayFastPath, server=server)
    app.add_middleware(http.BodyLimit)  # outside the fast path too
    # HTTP answers of 1 KiB and more, to a client that asks: the static files and JSON
    # (WebSockets pass as they are); outside the rest, so the fast path's answers too
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    api_docs.add_pages(app)
    routes.add_routes(app)
    schemas.describe_security(app)
    return app
