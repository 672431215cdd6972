"""Moves and undos answered before FastAPI's own machinery, their answers unchanged.

A move is the request the server answers most, and FastAPI's work around it
(routing through every route, dependency solving, the body's content-type check,
pydantic validation in and out) costs as much CPU as the move itself.  This
ASGI middleware answers ``POST /api/tables/{id}/moves`` and ``.../undo`` when the
request is plainly well formed: a JSON object (``Content-Type: application/json``)
whose fields have exactly the types the routes declare.  Anything else (a missing
field, a float, a bad body) goes on, body and all, to the FastAPI routes, which
refuse it as before.  Both run the same move service (:func:`dispatch.submit`), and
refusals from it are the same :class:`Refusal` bodies; errors nobody expected go
on to the app's 500 handler, as from the routes.
"""

from __future__ import annotations

import re
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

import orjson
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from navcomp.domain.refusals import Refusal, not_found
from navcomp.domain.tables import DB_INT_MAX, table_id_in_range
from navcomp.server.api.deps import signed_in_as
from navcomp.server.api.fields import has_controls, too_deep
from navcomp.server.api.http import body_then, error_response
from navcomp.server.runtime.dispatch import submit
from navcomp.service.views import moved_json

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server

_PLAY = re.compile(r"/api/tables/([1-9][0-9]{0,17})/(moves|undo)")
_JSON = b"application/json"
_OK = int(HTTPStatus.OK)


class PlayFastPath:
    def __init__(self, app: ASGIApp, server: Server) -> None:
        self.app = app
        self.server = server

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        path = _PLAY.fullmatch(scope["path"])
        if path is None or not _is_json(scope):
            await self.app(scope, receive, send)
            return
        body = b""
        while True:  # the body limit outside us has read it all, and checked its size
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        table_id = int(path[1])
        if not table_id_in_range(table_id):
            await error_response(not_found())(scope, receive, send)
            return
        fields = _fields(body, undo=path[2] == "undo")
        if fields is None:  # let the routes say what is wrong with it
            await self.app(scope, body_then(body, receive), send)
            return
        action, expected_version = fields
        try:
            session = await signed_in_as(self.server, HTTPConnection(scope))
            moved = await submit(self.server, table_id, session.user, action, expected_version)
        except Refusal as error:
            await error_response(error)(scope, receive, send)
            return
        content = orjson.dumps(moved_json(moved.described))
        await send(
            {
                "type": "http.response.start",
                "status": _OK,
                "headers": [
                    (b"content-length", str(len(content)).encode()),
                    (b"content-type", _JSON),
                ],
            }
        )
        await send({"type": "http.response.body", "body": content})


def _is_json(scope: Scope) -> bool:
    """The one content type the routes read as JSON that we take (others go on to them)."""
    for name, value in scope["headers"]:
        if name == b"content-type":
            return bool(value.split(b";", 1)[0].strip().lower() == _JSON)
    return False


def _fields(body: bytes, undo: bool) -> tuple[Any, int] | None:
    """The action (None for an undo) and expected version, if of exactly the declared
    types (the routes' pydantic models also accept some others, by converting them)."""
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict:
        return None
    expected = data.get("expected_version")
    if type(expected) is not int or not 0 <= expected <= DB_INT_MAX:
        return None
    if undo:
        return None, expected
    action = data.get("action")
    if type(action) not in (int, str, dict) or has_controls(action) or too_deep(action):
        return None  # the routes refuse it, with the same code as ever
    return action, expected
