"""What a route may ask FastAPI for (``Depends``): the server, and who is asking.

``SignedIn`` refuses a request without a session (``not_logged_in``) and a cookie
session's unsafe request without its CSRF header (``csrf_failed``); ``MaybeSignedIn``
answers anyone, the CSRF check aside.  ``FROM_OWN_PAGE`` guards the routes that open a
session, which no CSRF token can: only JSON, and not from another site's page.  Whether
the one asking is seated at a table is checked in the transaction that acts on it
(``lobby.py``, ``moves.py``), where the seats cannot change under the check.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from navcomp.domain import refusals
from navcomp.domain.model import Session
from navcomp.domain.refusals import Refusal
from navcomp.server.api import http
from navcomp.server.runtime.context import Server
from navcomp.service import accounts


def server_of(connection: HTTPConnection) -> Server:
    """The app's server (a request's or a WebSocket's)."""
    server: Server = connection.app.state.server
    return server


ServerDep = Annotated[Server, Depends(server_of)]


async def session_of(server: Server, request: HTTPConnection) -> Session | None:
    """Who is asking (None: nobody signed in); a cookie session's unsafe request
    without the right CSRF header is refused."""
    token, from_cookie = http.bearer_or_cookie(request.headers, request.cookies)
    if token is None:
        return None
    session = server.sessions.get(token)
    if session is None:
        at = server.settings.now()
        session = await server.read(lambda conn: accounts.session_for(conn, token, at))
        if session is None:
            return None
        server.sessions.put(token, session)
    await server.presence.seen(session.user.id)
    method = request.scope.get("method", "GET")
    unsafe = from_cookie and method not in http.SAFE_METHODS
    if unsafe and request.headers.get(http.CSRF_HEADER) != session.csrf:
        raise Refusal(refusals.CSRF_FAILED, "missing or wrong X-CSRF-Token header")
    return session


async def signed_in_as(server: Server, request: HTTPConnection) -> Session:
    session = await session_of(server, request)
    if session is None:
        raise Refusal(refusals.NOT_LOGGED_IN, "log in, or start as a guest")
    return session


async def signed_in(request: Request, server: ServerDep) -> Session:
    return await signed_in_as(server, request)


async def maybe_signed_in(request: Request, server: ServerDep) -> Session | None:
    return await session_of(server, request)


SignedIn = Annotated[Session, Depends(signed_in)]
MaybeSignedIn = Annotated[Session | None, Depends(maybe_signed_in)]


async def from_own_page(request: Request) -> None:
    """A new session only for a request another site's page cannot send: otherwise a
    cross-site form would swap a signed-in browser onto an account of its choosing."""
    if http.from_another_site(request.headers):
        raise Refusal(refusals.CROSS_SITE, "sessions open only from this site's pages")
    if not http.sent_as_json(request.headers):
        raise Refusal(refusals.JSON_REQUIRED, "send the request as JSON")


FROM_OWN_PAGE = [Depends(from_own_page)]
