"""Routes of the account page: the e-mail address and its verification, what mail the
account wants, the password (changed, or reset through a mailed link), unsubscribe
links, and a test of the webhook."""

from __future__ import annotations

from typing import Any, Literal

import httpcore2
from fastapi import APIRouter, Request, status
from pydantic import Field

from navcomp.domain import refusals
from navcomp.domain.mail import TurnMail
from navcomp.domain.model import User
from navcomp.domain.refusals import Refusal
from navcomp.server.api import passwords
from navcomp.server.api.deps import ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import Text
from navcomp.server.api.schemas import BODY, DB, SIGNED_IN, errors
from navcomp.server.runtime.context import Server
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import accounts
from navcomp.service.answers import Answer, Ok
from navcomp.service.effects import WAKE_MAIL
from navcomp.service.mail import queue as mail
from navcomp.store import accounts as stored
from navcomp.store import mail_settings
from navcomp.store.db import Connection

router = APIRouter(tags=["account"])

Language = Literal["en", "de", "ja"]
Token = Field(min_length=10, max_length=1000, pattern=r"^[A-Za-z0-9_.\-]+$")


class EmailAddress(Body):
    address: str | None = Field(max_length=400)  # checked by mail.check_address
    language: Language = "en"


class MailChoice(Body):
    turn: Literal["every", "digest", "never"]
    digest_hours: int = Field(ge=1, le=168)
    invites: bool
    time_low: bool
    game_over: bool
    language: Language


class PasswordChange(Body):
    current: Text = Field(max_length=400)
    new: Text = Field(max_length=400)


class ResetRequest(Body):
    address: str = Field(max_length=400)


class ResetConfirm(Body):
    token: str = Token
    password: Text = Field(max_length=400)


class VerifyLink(Body):
    token: str = Token


class EmailState(Answer):
    address: str | None
    verified: bool


class MailState(Answer):
    turn: str
    digest_hours: int
    invites: bool
    time_low: bool
    game_over: bool
    language: str


class AccountBody(Answer):
    name: str
    guest: bool
    profile_private: bool
    email: EmailState
    mail: MailState
    webhook: str | None
    name_hold_days: int | None  # days a deleted account's name stays taken (None: not said)


class WebhookTest(Answer):
    ok: bool
    status: int | None
    error: str | None


class Verified(Answer):
    ok: bool
    address: str  # the address now verified


class Unsubscribed(Answer):
    ok: bool
    setting: Literal["turn", "invites", "time_low", "game_over"]  # the mail now turned off


SIGNED = errors(status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB)
SIGNED_BODY = errors(*BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB)
MAILS = status.HTTP_429_TOO_MANY_REQUESTS


@router.get(
    "/api/me/account", response_model=AccountBody, openapi_extra=SIGNED_IN, responses=SIGNED
)
async def account(server: ServerDep, session: SignedIn) -> dict[str, Any]:
    hold = server.settings.name_hold_days
    return await server.read(lambda c: accounts.account_json(c, session.user, hold))


@router.put(
    "/api/me/email",
    response_model=AccountBody,
    openapi_extra=SIGNED_IN,
    responses=errors(*BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, MAILS, DB),
)
async def email(body: EmailAddress, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """A new address (a verification link goes to it), or none (``null``)."""
    mail.registered(session.user)  # before the count: a guest's refusal spends nothing
    address = None if body.address is None else mail.check_address(body.address)
    if address is not None:  # its verification link goes there
        await server.throttle.mail(session.user.id, address)
    at = server.settings.now()

    def work(conn: Connection) -> dict[str, Any]:
        mail.set_address(conn, session.user, address, body.language, at)
        return accounts.account_json(conn, session.user)

    answer = await server.tx(work)
    await carry_out(server, [WAKE_MAIL])
    return answer


@router.post(
    "/api/me/email/verify-again",
    response_model=Ok,
    openapi_extra=SIGNED_IN,
    responses=errors(*BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, MAILS, DB),
)
async def verify_again(server: ServerDep, session: SignedIn) -> dict[str, Any]:
    await _throttle_mail_to_own_address(server, session.user)
    at = server.settings.now()
    await server.tx(lambda c: mail.send_verification(c, session.user, at))
    await carry_out(server, [WAKE_MAIL])
    return {"ok": True}


@router.post(
    "/api/me/email/test",
    response_model=Ok,
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, 409, MAILS, DB),
)
async def email_test(server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """A test mail to the account's verified address."""
    await _throttle_mail_to_own_address(server, session.user)
    at = server.settings.now()
    await server.tx(lambda c: mail.send_test(c, session.user, at))
    await carry_out(server, [WAKE_MAIL])
    return {"ok": True}


async def _throttle_mail_to_own_address(server: Server, user: User) -> None:
    mail.registered(user)
    to = (await server.read(lambda c: mail_settings.get(c, user.id))).address
    if to is not None:  # else the route refuses: no mail
        await server.throttle.mail(user.id, to)


@router.put(
    "/api/me/mail", response_model=AccountBody, openapi_extra=SIGNED_IN, responses=SIGNED_BODY
)
async def mail_choice(body: MailChoice, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    mail.registered(session.user)
    choice = body.model_dump() | {"turn": TurnMail(body.turn)}

    def work(conn: Connection) -> dict[str, Any]:
        mail_settings.change(conn, session.user.id, **choice)
        return accounts.account_json(conn, session.user)

    return await server.tx(work)


@router.post(
    "/api/me/password",
    response_model=Ok,
    openapi_extra=SIGNED_IN,
    responses=errors(*BODY, 401, 403, status.HTTP_429_TOO_MANY_REQUESTS, DB),
)
async def password(
    body: PasswordChange, request: Request, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    """A new password, the current one given; the account's other sessions end."""
    await passwords.change(server, request, session, body.current, body.new)
    return {"ok": True}


@router.post(
    "/api/accounts/password-reset",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=Ok,
    responses=errors(*BODY, status.HTTP_429_TOO_MANY_REQUESTS, DB),
)
async def password_reset(body: ResetRequest, request: Request, server: ServerDep) -> dict[str, Any]:
    """A reset link to the account of this verified address, if there is one (the answer
    is the same when there is none)."""
    await passwords.request_reset(server, request, body.address)
    return {"ok": True}


@router.post(
    "/api/accounts/password-reset/confirm",
    response_model=Ok,
    responses=errors(*BODY, 409, 410, DB),
)
async def password_reset_confirm(body: ResetConfirm, server: ServerDep) -> dict[str, Any]:
    """A new password through a reset link (it works once, for an hour); every session
    of the account ends."""
    await passwords.reset(server, body.token, body.password)
    return {"ok": True}


@router.post("/api/mail/verify", response_model=Verified, responses=errors(*BODY, 409, 410, DB))
async def verify(body: VerifyLink, server: ServerDep) -> dict[str, Any]:
    links = await server.mail.links()
    address = await server.tx(lambda c: mail.verify(c, links, body.token))
    return {"ok": True, "address": address}


@router.post(
    "/api/mail/unsubscribe/{token}", response_model=Unsubscribed, responses=errors(*BODY, 410, DB)
)
async def unsubscribe(token: str, server: ServerDep) -> dict[str, Any]:
    """A one-click unsubscribe (RFC 8058: the body, if any, is not read)."""
    if len(token) > 1000:
        raise Refusal(refusals.LINK_INVALID, "this link is not valid")
    links = await server.mail.links()
    setting = await server.tx(lambda c: mail.unsubscribe(c, links, token))
    return {"ok": True, "setting": setting}


@router.post(
    "/api/me/webhook/test",
    response_model=WebhookTest,
    openapi_extra=SIGNED_IN,
    responses=errors(401, 403, status.HTTP_429_TOO_MANY_REQUESTS, DB),
)
async def webhook_test(server: ServerDep, session: SignedIn) -> dict[str, Any]:
    """A test notice to the account's webhook, now: what the hook answered."""
    user_id = session.user.id
    await server.throttle.webhook_test(user_id)
    url = (await server.read(lambda c: stored.webhooks(c, [user_id]))).get(user_id)
    if url is None:
        return {"ok": False, "status": None, "error": "no webhook is set"}
    payload = {"table": None, "kind": "test", "text": "A test notice from NavComp"}
    try:
        answered = await server.webhooks.try_now(url, payload)
    except (TimeoutError, httpcore2.TimeoutException):
        return {"ok": False, "status": None, "error": "timed out"}
    except (OSError, httpcore2.NetworkError, httpcore2.ProtocolError) as error:
        return {"ok": False, "status": None, "error": type(error).__name__}
    return {"ok": 200 <= answered < 300, "status": answered, "error": None}
