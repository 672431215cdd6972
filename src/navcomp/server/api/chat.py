"""Routes: chat at tables and in the lobby, reports of messages, mutes, and blocks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, status
from pydantic import Field

from navcomp.domain.model import User
from navcomp.domain.tables import DB_INT_MAX
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import PlayerName, TableId, Text
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import chat
from navcomp.service.answers import Answer
from navcomp.service.effects import PushChat

router = APIRouter(tags=["chat"])

MAX_REASON = 500


class NewMessage(Body):
    text: Text  # trimmed, then at most chat.MAX_LENGTH characters (chat_too_long)


class NewReport(Body):
    reason: Text = Field(default="", max_length=MAX_REASON)


class BlockName(Body):
    name: Text = Field(max_length=100)


class ChatMessage(Answer):
    id: int
    table: int | None  # None: the lobby
    channel: str  # lobby, players or spectators
    author: str
    text: str  # plain text: a client shows it as text, never as markup
    at: str


class ChatHistory(Answer):
    table: int | None
    messages: list[ChatMessage]  # the latest the caller may read, oldest first
    muted: list[str]  # the names the table's creator muted there


class ChatReported(Answer):
    message: int
    new: bool  # False: this person had reported it already


class ChatMutes(Answer):
    table: int
    muted: list[str]


class Blocked(Answer):
    blocked: list[str]


MessageId = Path(ge=1, le=DB_INT_MAX, description="a chat message's id")
POST_ERRORS = (
    *BODY,
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_429_TOO_MANY_REQUESTS,
    DB,
)


async def _posted(server: ServerDep, user: User, text: str, table_id: int | None) -> Any:
    cleaned = chat.clean(text)
    await server.throttle.chat_message(user.id)
    at = server.settings.now()
    if table_id is None:
        message = await server.tx(lambda c: chat.post_in_lobby(c, user, cleaned, at))
    else:
        message = await server.tx(lambda c: chat.post_at_table(c, user, table_id, cleaned, at))
    await carry_out(server, [PushChat(message.id)])
    return chat.message_json(message)


@router.post(
    "/api/tables/{table_id}/chat",
    response_model=ChatMessage,
    status_code=status.HTTP_201_CREATED,
    openapi_extra=SIGNED_IN,
    responses=errors(*POST_ERRORS, status.HTTP_404_NOT_FOUND),
)
async def post_at_table(
    table_id: TableId, body: NewMessage, server: ServerDep, session: SignedIn
) -> Any:
    """A message in the table's players' chat (from a seated player) or its spectators'."""
    return await _posted(server, session.user, body.text, table_id)


@router.get(
    "/api/tables/{table_id}/chat",
    response_model=ChatHistory,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        status.HTTP_422_UNPROCESSABLE_CONTENT,
        DB,
    ),
)
async def table_history(table_id: TableId, server: ServerDep, session: MaybeSignedIn) -> Any:
    """The table's latest messages the caller may read: not the spectators' to a player
    while the game runs, nothing of those the caller blocked."""
    user_id = None if session is None else session.user.id
    return await server.read(lambda c: chat.table_history(c, user_id, table_id))


@router.post(
    "/api/lobby/chat",
    response_model=ChatMessage,
    status_code=status.HTTP_201_CREATED,
    openapi_extra=SIGNED_IN,
    responses=errors(*POST_ERRORS),
)
async def post_in_lobby(body: NewMessage, server: ServerDep, session: SignedIn) -> Any:
    """A message in the lobby's chat (registered accounts only)."""
    return await _posted(server, session.user, body.text, None)


@router.get(
    "/api/lobby/chat",
    response_model=ChatHistory,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(DB),
)
async def lobby_history(server: ServerDep, session: MaybeSignedIn) -> Any:
    user_id = None if session is None else session.user.id
    return await server.read(lambda c: chat.lobby_history(c, user_id))


@router.post(
    "/api/chat/{message_id}/report",
    response_model=ChatReported,
    openapi_extra=SIGNED_IN,
    responses=errors(
        *BODY,
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        DB,
    ),
)
async def report(
    body: NewReport, server: ServerDep, session: SignedIn, message_id: int = MessageId
) -> Any:
    """Report a message to the server's hosts (``navcomp moderation reports``)."""
    at = server.settings.now()
    reason = body.reason.strip()
    new = await server.tx(lambda c: chat.report(c, session.user, message_id, reason, at))
    return {"message": message_id, "new": new}


MUTE_ERRORS = errors(
    status.HTTP_401_UNAUTHORIZED,
    status.HTTP_403_FORBIDDEN,
    status.HTTP_404_NOT_FOUND,
    status.HTTP_422_UNPROCESSABLE_CONTENT,
    DB,
)


@router.post(
    "/api/tables/{table_id}/mutes/{name}",
    response_model=ChatMutes,
    openapi_extra=SIGNED_IN,
    responses=MUTE_ERRORS,
)
async def mute(table_id: TableId, server: ServerDep, session: SignedIn, name: PlayerName) -> Any:
    """The table's creator mutes a person at the table: their messages there are refused."""
    at = server.settings.now()
    return await server.tx(lambda c: chat.set_mute(c, session.user, table_id, name, True, at))


@router.delete(
    "/api/tables/{table_id}/mutes/{name}",
    response_model=ChatMutes,
    openapi_extra=SIGNED_IN,
    responses=MUTE_ERRORS,
)
async def unmute(table_id: TableId, server: ServerDep, session: SignedIn, name: PlayerName) -> Any:
    at = server.settings.now()
    return await server.tx(lambda c: chat.set_mute(c, session.user, table_id, name, False, at))


@router.get(
    "/api/blocks",
    response_model=Blocked,
    openapi_extra=SIGNED_IN,
    responses=errors(status.HTTP_401_UNAUTHORIZED, DB),
)
async def blocked(server: ServerDep, session: SignedIn) -> Any:
    """The names I blocked."""
    return await server.read(lambda c: chat.blocked_list(c, session.user.id))


@router.post(
    "/api/blocks",
    response_model=Blocked,
    openapi_extra=SIGNED_IN,
    responses=errors(
        *BODY,
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        DB,
    ),
)
async def block(body: BlockName, server: ServerDep, session: SignedIn) -> Any:
    """Block a person: I no longer see their chat, and they cannot invite me."""
    at = server.settings.now()
    return await server.tx(lambda c: chat.block(c, session.user, body.name, at))


@router.delete(
    "/api/blocks/{name}",
    response_model=Blocked,
    openapi_extra=SIGNED_IN,
    responses=errors(
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        status.HTTP_422_UNPROCESSABLE_CONTENT,
        DB,
    ),
)
async def unblock(server: ServerDep, session: SignedIn, name: PlayerName) -> Any:
    return await server.tx(lambda c: chat.unblock(c, session.user, name))
