"""What a route may ask FastAPI for (``Depends``): the server, and who is asking.

``SignedIn`` refuses a request without a session (``not_logged_in``) and a cookie
session's unsafe request without its CSRF header (``csrf_failed``); ``MaybeSignedIn``
answers anyone, the CSRF check aside.  Whether the one asking is seated at a table is
checked in the transaction that acts on it (``lobby.py``, ``moves.py``), where the seats
cannot change under the check.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

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
