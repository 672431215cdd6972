"""Deleting an account, as the account page asks it (``DELETE /api/account``): the
password confirms it (a guest has none), then ``service/deletion.py`` does it in one
transaction and every session of the account ends, in every process."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import HTTPConnection

from navcomp.domain.model import Session
from navcomp.server.api import passwords
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import accounts, deletion
from navcomp.service.effects import EndSessions

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


async def delete_account(
    server: Server, request: HTTPConnection, session: Session, password: str
) -> None:
    await passwords.confirm(server, request, session.user, password)
    at = server.settings.now()
    deleted = await server.tx(lambda c: deletion.delete_account(c, session.user, at))
    this_session = EndSessions((accounts.token_digest(session.token),))
    await carry_out(server, [this_session, *deleted.effects])
