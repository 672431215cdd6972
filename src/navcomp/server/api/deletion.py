"""Deleting an account, as the account page asks it (``DELETE /api/account``): the
password confirms it (a guest has none), then ``service/deletion.py`` does it in one
transaction and every session of the account ends, in every process."""

from __future__ import annotations

from typing import TYPE_CHECKING

import anyio
from starlette.requests import HTTPConnection

from navcomp.domain import names, refusals
from navcomp.domain.model import Session, User
from navcomp.domain.refusals import Refusal
from navcomp.server.api.logins import address
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import accounts, deletion
from navcomp.service.effects import EndSessions
from navcomp.store import accounts as stored

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


async def confirm(server: Server, request: HTTPConnection, user: User, password: str) -> None:
    """Refused unless ``password`` is the account's (a guest has none to give)."""
    if user.is_guest:
        return
    await server.throttle.login_attempt(names.fold_key(user.name), address(request))
    found = await server.read(lambda c: stored.password_hash(c, user.id))
    matches = await anyio.to_thread.run_sync(
        accounts.password_matches, found, password, limiter=server.hashing
    )
    if not matches:
        raise Refusal(refusals.WRONG_PASSWORD, "the password is wrong")


async def delete_account(
    server: Server, request: HTTPConnection, session: Session, password: str
) -> None:
    await confirm(server, request, session.user, password)
    at = server.settings.now()
    deleted = await server.tx(lambda c: deletion.delete_account(c, session.user, at))
    this_session = EndSessions((accounts.token_digest(session.token),))
    await carry_out(server, [this_session, *deleted.effects])
