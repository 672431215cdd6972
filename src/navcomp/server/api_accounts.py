"""Routes: accounts, sessions, webhooks and notices."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, Response
from pydantic import Field

from navcomp.server import accounts, logins, notify, webhook_address
from navcomp.server.accounts import Session
from navcomp.server.errors import Body
from navcomp.server.fields import NoticeId, Text
from navcomp.server.http import CSRF_COOKIE, SESSION_COOKIE
from navcomp.server.schemas import (
    BODY,
    DB,
    SIGNED_IN,
    Notice,
    Ok,
    SessionBody,
    UserInfo,
    WebhookBody,
    errors,
)

if TYPE_CHECKING:
    from navcomp.server.app import Server


class Credentials(Body):
    name: Text = Field(max_length=100)
    password: Text = Field(max_length=400)


class Webhook(Body):
    url: Text | None = Field(default=None, max_length=500)


class ReadNotices(Body):
    ids: list[NoticeId] | None = Field(default=None, max_length=1000)


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


def add_account_routes(app: FastAPI, server: Server) -> None:
    @app.post(
        "/api/accounts/register",
        status_code=201,
        response_model=SessionBody,
        responses=errors(*BODY, 409, 429, DB),
        tags=["accounts"],
    )
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        session = await logins.register(server, request, body.name, body.password)
        return _session_body(session, response)

    @app.post(
        "/api/accounts/login",
        response_model=SessionBody,
        responses=errors(*BODY, 401, 429, DB),
        tags=["accounts"],
    )
    async def log_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        session = await logins.log_in(server, request, body.name, body.password)
        return _session_body(session, response)

    @app.post(
        "/api/accounts/guest",
        status_code=201,
        response_model=SessionBody,
        responses=errors(429, DB),
        tags=["accounts"],
    )
    async def guest(request: Request, response: Response) -> dict[str, Any]:
        session = await logins.guest(server, request)
        return _session_body(session, response)

    @app.post(
        "/api/accounts/logout",
        response_model=Ok,
        openapi_extra=SIGNED_IN,
        responses=errors(401, 403, DB),
        tags=["accounts"],
    )
    async def log_out(request: Request, response: Response) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        await logins.log_out(server, session)
        response.delete_cookie(SESSION_COOKIE)
        response.delete_cookie(CSRF_COOKIE)
        return {"ok": True}

    @app.get(
        "/api/me",
        response_model=UserInfo,
        openapi_extra=SIGNED_IN,
        responses=errors(401, DB),
        tags=["accounts"],
    )
    async def me(request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        user = session.user
        return {"id": user.id, "name": user.name, "guest": user.is_guest}

    @app.put(
        "/api/me/webhook",
        response_model=WebhookBody,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, DB),
        tags=["accounts"],
    )
    async def webhook(body: Webhook, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        if body.url is not None:  # refused unless its host is public (or the server allows)
            await webhook_address.check(body.url, server.settings.webhook_allow_internal)
        await server.tx(lambda c: accounts.set_webhook(c, session.user, body.url))
        return {"url": body.url}

    @app.get(
        "/api/notifications",
        response_model=list[Notice],
        openapi_extra=SIGNED_IN,
        responses=errors(401, 422, DB),
        tags=["accounts"],
    )
    async def notifications(request: Request, unread: bool = False) -> list[dict[str, Any]]:
        session = await server.session(request)
        assert session is not None
        return await server.read(lambda c: notify.listing(c, session.user.id, unread))

    @app.post(
        "/api/notifications/read",
        response_model=Ok,
        openapi_extra=SIGNED_IN,
        responses=errors(*BODY, 401, 403, DB),
        tags=["accounts"],
    )
    async def read(body: ReadNotices, request: Request) -> dict[str, Any]:
        session = await server.session(request)
        assert session is not None
        await server.tx(lambda c: notify.mark_read(c, session.user.id, body.ids))
        return {"ok": True}
