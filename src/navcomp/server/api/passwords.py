"""A password changed in the account page (the current one required) or reset through
a mailed link; both end the account's other sessions.

argon2 runs in worker threads outside any transaction (as in ``logins.py``); the
transaction that stores the new hash checks again that the reset link's password is
still the account's, so that a link works once even when opened twice at once.
Requests count against the login throttle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import anyio
from starlette.requests import HTTPConnection

from navcomp.domain import names, refusals
from navcomp.domain.model import Session, User
from navcomp.domain.refusals import Refusal
from navcomp.server.api.logins import address
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import accounts
from navcomp.service.effects import WAKE_MAIL, EndSessions
from navcomp.service.mail import queue as mail
from navcomp.service.mail import tokens as mail_tokens
from navcomp.store import accounts as stored
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


def _check_new(password: str) -> None:
    if not accounts.MIN_PASSWORD <= len(password) <= accounts.MAX_PASSWORD:
        raise Refusal(
            refusals.INVALID_PASSWORD,
            f"a password is {accounts.MIN_PASSWORD} to {accounts.MAX_PASSWORD} characters",
        )


async def _hash(server: Server, password: str) -> str:
    return await anyio.to_thread.run_sync(accounts.hash_password, password, limiter=server.hashing)


async def ended_sessions(server: Server, digests: list[str]) -> None:
    """Sessions that ended (their digests): forgotten here and in every other process."""
    await carry_out(server, [EndSessions(tuple(digests))])


async def confirm(
    server: Server,
    request: HTTPConnection,
    user: User,
    password: str,
    wrong: str = "the password is wrong",
) -> None:
    """Refused unless ``password`` is the account's (a guest has none to give)."""
    if user.is_guest:
        return
    await server.throttle.login_attempt(names.fold_key(user.name), address(request))
    found = await server.read(lambda c: stored.password_hash(c, user.id))
    matches = await anyio.to_thread.run_sync(
        accounts.password_matches, found, password, limiter=server.hashing
    )
    if not matches:
        raise Refusal(refusals.WRONG_PASSWORD, wrong)


async def change(
    server: Server, request: HTTPConnection, session: Session, current: str, new: str
) -> None:
    user = session.user
    mail.registered(user)
    _check_new(new)
    await confirm(server, request, user, current, "the current password is wrong")
    digest = await _hash(server, new)
    keep = accounts.token_digest(session.token)
    await ended_sessions(
        server, await server.tx(lambda c: stored.set_password(c, user.id, digest, keep))
    )


async def request_reset(server: Server, request: HTTPConnection, to: str) -> None:
    checked = mail.check_address(to)
    await server.throttle.login_attempt(f"reset:{checked.lower()}", address(request))
    # counted against the address only when an account has it, and then apart from the
    # mail accounts ask for: a stranger spends neither (and the answer is the same)
    if await server.read(lambda c: mail.reset_owner(c, checked)) is None:
        return
    if not await server.throttle.reset_mail(checked):
        return
    at = server.settings.now()
    await server.tx(lambda c: mail.request_reset(c, checked, at))
    await carry_out(server, [WAKE_MAIL])


async def reset(server: Server, token: str, new: str) -> None:
    _check_new(new)
    links = await server.mail.links()
    user_id = await server.read(lambda c: mail.reset_account(c, links, token))
    digest = await _hash(server, new)

    def store(conn: Connection) -> list[str]:
        if mail.reset_account(conn, links, token, lock=True) != user_id:  # opened twice at once
            raise mail_tokens.used()
        return stored.set_password(conn, user_id, digest, None)

    await ended_sessions(server, await server.tx(store))
