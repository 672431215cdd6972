"""Registering, logging in and out, and guests, as the routes run them.

argon2 is slow on purpose (in time and memory): it runs in worker
threads, a few at a time, and never inside a transaction, which on SQLite would hold
the event loop and the write lock.  The throttle counts attempts before any hashing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import anyio
from starlette.requests import HTTPConnection
from starlette.responses import Response

from navcomp.domain import names, refusals
from navcomp.domain.model import Session
from navcomp.domain.refusals import Refusal
from navcomp.server.api import devices
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import accounts
from navcomp.service.effects import EndSessions
from navcomp.store import accounts as stored

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


def names_freed_before(server: Server) -> datetime:
    """Deleted accounts' names are free again once they were deleted before this."""
    return server.settings.now() - timedelta(days=server.settings.name_hold_days)


def address(connection: HTTPConnection) -> str:
    """Who is asking, as this server sees it (behind a proxy: the proxy)."""
    return connection.client.host if connection.client else "unknown"


async def register(server: Server, request: HTTPConnection, name: str, password: str) -> Session:
    await server.throttle.registration_attempt(address(request))
    chosen = accounts.check_new_account(name, password)
    freed = names_freed_before(server)
    await server.read(lambda c: accounts.name_free(c, chosen, freed))  # no hashing if taken
    digest = await anyio.to_thread.run_sync(
        accounts.hash_password, password, limiter=server.hashing
    )
    taken = accounts.name_taken(chosen.name)  # by a racing twin
    at = server.settings.now()
    return await server.tx(
        lambda c: accounts.register(c, chosen, digest, freed, at), conflict=taken
    )


async def make_full(
    server: Server, request: HTTPConnection, session: Session, name: str, password: str
) -> Session:
    """A guest keeps its account, games and session under a name and a password."""
    await server.throttle.registration_attempt(address(request))
    chosen = accounts.check_new_account(name, password)
    if not session.user.is_guest:
        raise Refusal(refusals.NOT_A_GUEST, "only a guest account can be made a full one")
    freed = names_freed_before(server)
    await server.read(lambda c: accounts.name_free(c, chosen, freed))
    digest = await anyio.to_thread.run_sync(
        accounts.hash_password, password, limiter=server.hashing
    )
    taken = accounts.name_taken(chosen.name)
    user = await server.tx(
        lambda c: accounts.make_full(c, session.user, chosen, digest, freed), conflict=taken
    )
    await forget_session(server, session)  # cached as a guest's, here and in other processes
    return Session(user, session.token, session.csrf)


async def log_in(server: Server, request: HTTPConnection, name: str, password: str) -> Session:
    folded = names.fold_key(name)
    claim = devices.claimed(await server.mail.links(), request)
    found = None
    if claim is not None:  # a browser we signed a cookie for: is it this account's?
        found = await server.read(lambda c: accounts.login_for(c, name))
    device = devices.trusted(claim, found)
    await server.throttle.login_attempt(folded, address(request), device)
    if found is None:
        found = await server.read(lambda c: accounts.login_for(c, name))
    matches = await anyio.to_thread.run_sync(
        accounts.password_matches,
        None if found is None else found.password_hash,
        password,
        limiter=server.hashing,
    )
    if found is None or not matches:
        raise Refusal(refusals.BAD_CREDENTIALS, "wrong name or password")
    if found.disabled:  # said only to one who knows the password
        raise Refusal(refusals.ACCOUNT_DISABLED, "this account is disabled")
    await server.throttle.logged_in(folded, device)
    user = found.user
    at = server.settings.now()
    return await server.tx(lambda c: accounts.open_session(c, user, at))


async def guest(server: Server, request: HTTPConnection) -> Session:
    await server.throttle.guest_attempt(address(request))
    at = server.settings.now()
    return await server.tx(lambda c: accounts.guest(c, at))


async def log_out(server: Server, session: Session) -> None:
    await server.tx(lambda c: accounts.log_out(c, session.token))
    await forget_session(server, session)


async def remember_device(server: Server, response: Response, session: Session) -> None:
    """This browser signed in to the session's account: its later logins to it pass a
    stranger's lockout, until the password changes."""
    user_id = session.user.id
    password_hash = await server.read(lambda c: stored.password_hash(c, user_id))
    if password_hash is not None:
        devices.remember(await server.mail.links(), response, user_id, password_hash)


async def forget_session(server: Server, session: Session) -> None:
    """Drop the session from every process's cache: the next request reads it anew."""
    await carry_out(server, [EndSessions((accounts.token_digest(session.token),))])
