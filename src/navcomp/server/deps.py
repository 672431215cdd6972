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
from navcomp.domain.refusals import Refusal
from navcomp.server import http
from navcomp.server.context import Server
from navcomp.store.model import Session


def server_of(connection: HTTPConnection) -> Server:
    """The app's server (a request's or a WebSocket's)."""
    server: Server = connection.app.state.server
    return server


ServerDep = Annotated[Server, Depends(server_of)]


async def signed_in(request: Request, server: ServerDep) -> Session:
    return await server.signed_in(request)


async def maybe_signed_in(request: Request, server: ServerDep) -> Session | None:
    return await server.session(request)


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
