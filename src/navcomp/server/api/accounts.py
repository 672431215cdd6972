"""Routes: accounts, sessions, webhooks and notices."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response, status
from pydantic import Field

from navcomp.domain.model import Session
from navcomp.server.api import logins
from navcomp.server.api.deps import FROM_OWN_PAGE, MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import NoticeId, Text
from navcomp.server.api.http import CSRF_COOKIE, SESSION_COOKIE
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.service import accounts, notify, webhook_address
from navcomp.service.answers import Notice, Ok, SessionBody, SessionState, UserInfo, WebhookBody

router = APIRouter(tags=["accounts"])


class Credentials(Body):
    name: Text = Field(max_length=100)
    password: Text = Field(max_length=400)


class Webhook(Body):
    url: Text | None = Field(default=None, max_length=500)


class ReadNotices(Body):
    ids: list[NoticeId] | None = Field(default=None, max_length=1000)


OPENS_SESSION = (status.HTTP_403_FORBIDDEN, status.HTTP_415_UNSUPPORTED_MEDIA_TYPE)
"""A route that opens a session: not from another site's page, and only as JSON."""


def _session_body(session: Session, response: Response) -> dict[str, Any]:
    response.set_cookie(
        SESSION_COOKIE, session.token, httponly=True, samesite="lax", max_age=30 * 86400
    )
    response.set_cookie(CSRF_COOKIE, session.csrf, samesite="lax", max_age=30 * 86400)
    return {
        "user": {"id": session.user.id, "name": session.user.name, "guest": session.user.is_guest},
        "token": session.token,
        "csrf": session.csrf,
    }


@router.post(
    "/api/accounts/register",
    status_code=status.HTTP_201_CREATED,
    response_model=SessionBody,
    dependencies=FROM_OWN_PAGE,
    responses=errors(
        *BODY, *OPENS_SESSION, status.HTTP_409_CONFLICT, status.HTTP_429_TOO_MANY_REQUESTS, DB
    ),
)
async def register(
    body: Credentials, request: Request, response: Response, server: ServerDep
) -> dict[str, Any]:
    session = await logins.register(server, request, body.name, body.password)
    await logins.remember_device(server, response, session)
    return _session_body(session, response)


@router.post(
    "/api/accounts/login",
    response_model=SessionBody,
    dependencies=FROM_OWN_PAGE,
    responses=errors(
        *BODY, *OPENS_SESSION, status.HTTP_401_UNAUTHORIZED, status.HTTP_429_TOO_MANY_REQUESTS, DB
    ),
)
async def log_in(
    body: Credentials, request: Request, response: Response, server: ServerDep
) -> dict[str, Any]:
    session = await logins.log_in(server, request, body.name, body.password)
    await logins.remember_device(server, response, session)
    return _session_body(session, response)


@router.post(
    "/api/accounts/guest",
    status_code=status.HTTP_201_CREATED,
    response_model=SessionBody,
    dependencies=FROM_OWN_PAGE,
    responses=errors(*OPENS_SESSION, status.HTTP_429_TOO_MANY_REQUESTS, DB),
)
async def guest(request: Request, response: Response, server: ServerDep) -> dict[str, Any]:
    session = await logins.guest(server, request)
    return _session_body(session, response)


@router.post(
    "/api/accounts/upgrade",
    response_model=SessionBody,
    openapi_extra=SIGNED_IN,
    responses=errors(
        *BODY,
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_409_CONFLICT,
        status.HTTP_429_TOO_MANY_REQUESTS,
        DB,
    ),
)
async def upgrade(
    body: Credentials, request: Request, response: Response, server: ServerDep, session: SignedIn
) -> dict[str, Any]:
    """A guest's account becomes a full one (a name and a password), keeping its games."""
    full = await logins.make_full(server, request, session, body.name, body.password)
    await logins.remember_device(server, response, full)
    return _session_body(full, response)


@router.post(
    "/api/accounts/logout",
    response_model=Ok,
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB),
)
async def log_out(response: Response, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    await logins.log_out(server, session)
    response.delete_cookie(SESSION_COOKIE)
    response.delete_cookie(CSRF_COOKIE)
    return {"ok": True}


@router.get(
    "/api/me",
    response_model=UserInfo,
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, DB),
)
async def me(session: SignedIn) -> dict[str, Any]:
    user = session.user
    return {"id": user.id, "name": user.name, "guest": user.is_guest}


@router.get(
    "/api/session",
    response_model=SessionState,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(DB),
)
async def session_state(session: MaybeSignedIn) -> dict[str, Any]:
    """Who is signed in, if anyone: a page's first question, never answered with an error."""
    if session is None:
        return {"user": None}
    user = session.user
    return {"user": {"id": user.id, "name": user.name, "guest": user.is_guest}}


@router.put(
    "/api/me/webhook",
    response_model=WebhookBody,
    openapi_extra=SIGNED_IN,
    responses=errors(*BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB),
)
async def webhook(body: Webhook, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    if body.url is not None:  # refused unless its host is public (or the server allows)
        await webhook_address.check(body.url, server.settings.webhook_allow_internal)
    await server.tx(lambda c: accounts.set_webhook(c, session.user, body.url))
    return {"url": body.url}


@router.get(
    "/api/notifications",
    response_model=list[Notice],
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, status.HTTP_422_UNPROCESSABLE_CONTENT, DB),
)
async def notifications(
    server: ServerDep, session: SignedIn, unread: bool = False
) -> list[dict[str, Any]]:
    return await server.read(lambda c: notify.listing(c, session.user.id, unread))


@router.post(
    "/api/notifications/read",
    response_model=Ok,
    openapi_extra=SIGNED_IN,
    responses=errors(*BODY, status.HTTP_401_UNAUTHORIZED, status.HTTP_403_FORBIDDEN, DB),
)
async def read(body: ReadNotices, server: ServerDep, session: SignedIn) -> dict[str, Any]:
    await server.tx(lambda c: notify.mark_read(c, session.user.id, body.ids))
    return {"ok": True}
