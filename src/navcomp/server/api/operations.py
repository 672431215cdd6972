"""The operator's routes (docs/server.md, "Health, metrics and logs").

- ``/livez``: the process answers; it looks at nothing else.
- ``/readyz``: the database answers, its schema is at the migrations' head, and Redis
  (when the server has one) answers; 503 names the first failing check, never an
  error's text (which may hold a URL).  One answer is kept for a second, and probes
  that come while the checks run wait for them, so a flood of probes costs one look a
  second.
- ``/metrics``: Prometheus's text, only to the networks of ``--metrics-from``
  (loopback by default) and never to a request a proxy forwarded; anyone else is told
  that no such path exists.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import text

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.server.api.deps import ServerDep
from navcomp.server.api.http import error_response
from navcomp.server.runtime import metrics
from navcomp.server.runtime.context import Server
from navcomp.store import schema_version
from navcomp.store.db import Connection

log = logging.getLogger("navcomp.health")

router = APIRouter(include_in_schema=False)

READY_KEPT_SECONDS = 1.0
REDIS_TIMEOUT = 2.0
FORWARDED = (b"x-forwarded-for", b"forwarded")


@dataclass
class Readiness:
    """The last readiness answer and when it was found (a monotonic time); probes that
    come while the checks run wait for their answer rather than run them again."""

    checks: dict[str, str] = field(default_factory=dict)
    found: float = -READY_KEPT_SECONDS
    checking: asyncio.Lock = field(default_factory=asyncio.Lock)


@router.get("/livez")
async def livez() -> dict[str, str]:
    return {"status": "live"}


@router.get("/readyz")
async def readyz(request: Request, server: ServerDep) -> JSONResponse:
    kept: Readiness | None = getattr(request.app.state, "readiness", None)
    if kept is None:
        kept = request.app.state.readiness = Readiness()
    async with kept.checking:
        if time.monotonic() - kept.found >= READY_KEPT_SECONDS:
            kept.checks = await _checks(server)
            kept.found = time.monotonic()
        checks = kept.checks
    failing = next((name for name, result in checks.items() if result != "ok"), None)
    if failing is None:
        return JSONResponse({"status": "ready", "checks": checks})
    return JSONResponse(
        {"status": "not_ready", "failing": failing, "checks": checks}, status_code=503
    )


async def _checks(server: Server) -> dict[str, str]:
    """Each check's result, ``ok`` or ``failing`` (``skipped`` after a failure it needs)."""
    checks: dict[str, str] = {}
    current = await _check(checks, "database", server.read(_schema_is_current))
    if current is None:
        checks["migrations"] = "skipped"
    elif current:
        checks["migrations"] = "ok"
    else:
        log.warning("readiness: the database's schema is not at the migrations' head")
        checks["migrations"] = "failing"
    if server.fanout is not None:
        await _check(checks, "redis", _ping(server.fanout.client))
    return checks


async def _check(checks: dict[str, str], name: str, check: Any) -> Any:
    try:
        result = await check
    except Exception as error:  # its code or type only: an error's text may hold the URL
        what = error.kind.code if isinstance(error, Refusal) else type(error).__name__
        log.warning("readiness: %s failing (%s)", name, what)
        checks[name] = "failing"
        return None
    checks[name] = "ok"
    return result


def _schema_is_current(conn: Connection) -> bool:
    conn.execute(text("SELECT 1"))
    return schema_version.is_current(conn)


async def _ping(client: Any) -> None:
    async with asyncio.timeout(REDIS_TIMEOUT):
        await client.ping()


@router.get("/metrics")
async def scrape(request: Request, server: ServerDep) -> Response:
    if not may_scrape(request.scope, server.settings.metrics_from):
        return error_response(Refusal(refusals.NOT_FOUND, "Not Found"))  # as for no route
    body, content_type = metrics.exposition()
    return Response(body, media_type=content_type)


def may_scrape(scope: Any, allowed: tuple[str, ...]) -> bool:
    """A client of the allowed networks, talking to us directly (no proxy's header)."""
    if any(name in FORWARDED for name, _ in scope["headers"]):
        return False
    client = scope.get("client")
    try:
        address = ipaddress.ip_address(client[0])
    except (TypeError, IndexError, ValueError):  # no client, or a name (a test client)
        return False
    if address.version == 6 and address.ipv4_mapped is not None:  # a dual-stack socket's
        address = address.ipv4_mapped
    return any(address in ipaddress.ip_network(entry, strict=False) for entry in allowed)
