"""The live route: one WebSocket per client and table, pushing that client's view."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from navcomp.domain.refusals import Refusal, not_found
from navcomp.domain.tables import TableStatus
from navcomp.server.api import http
from navcomp.server.api.deps import ServerDep, session_of
from navcomp.server.runtime import metrics
from navcomp.server.runtime.live import Subscriber, TokenBucket, encode, state_message
from navcomp.service import lobby
from navcomp.service.games import Live
from navcomp.service.views import table_json
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server

CLOSE_POLICY = 1008
CLOSE_UNSUPPORTED = 1003  # a binary frame: the protocol is text
CLOSE_TOO_BIG = 1009
MAX_MESSAGE = 4096  # characters: clients send only pings
View = tuple[dict[str, Any], int | None, Live | None]  # the table, the seat, the game
FIRST_VIEW_READS = 8  # a table changing while its view is read, each time: the view as read

router = APIRouter()


@router.websocket("/api/tables/{table_path}/live")
async def live(websocket: WebSocket, table_path: str, server: ServerDep) -> None:
    """Sends ``{"type": "state", "version": ...}`` now and after every change.

    Authenticates like HTTP (bearer header or session cookie); anyone else
    watches as a spectator.  Clients send nothing but optional pings.
    """
    subscriber: Subscriber | None = None
    try:
        table_id = _table_id(table_path)
        address = websocket.client.host if websocket.client else "unknown"
        await server.throttle.socket_attempt(address)
        session = await session_of(server, websocket)
        if session is not None and not _same_origin(websocket):
            session = None  # another site's page opened this socket: it only watches
        user_id = session.user.id if session else None

        def first_view(c: Connection) -> View:
            table = lobby.watched(c, table_id, user_id)
            seat = table.seat_of(user_id)
            game = None if table.status is TableStatus.OPEN else server.games.load(c, table)
            return table_json(table, server.settings.now()), seat, game

        subscriber, described, seat, game = await _subscribed(server, table_id, user_id, first_view)
        server.sockets.open(address)
    except Refusal as error:
        if subscriber is not None:
            server.hub.unsubscribe(table_id, subscriber)
        # Accepted first: a socket closed before that is a bare HTTP 403 to the client,
        # which could not tell "no such table" from anything else.
        await websocket.accept()
        await websocket.close(CLOSE_POLICY, error.code)
        return
    try:
        await websocket.accept()
        await _serve(websocket, server, subscriber, seat, user_id, described, game)
    finally:
        server.hub.unsubscribe(table_id, subscriber)
        server.sockets.close(address)


async def _subscribed(
    server: Server, table_id: int, user_id: int | None, first_view: Callable[[Connection], View]
) -> tuple[Subscriber, dict[str, Any], int | None, Live | None]:
    """A subscriber to the table, and the table's view read after it subscribed, so that
    no change made meanwhile goes unheard; one pushed meanwhile (to a seat not yet known)
    is read anew."""
    for reads_left in reversed(range(FIRST_VIEW_READS)):
        subscriber = server.hub.subscribe(table_id, None, user_id)
        try:
            described, seat, game = await server.read(first_view)
        except BaseException:
            server.hub.unsubscribe(table_id, subscriber)
            raise
        if subscriber.queue.empty() or not reads_left:
            break
        server.hub.unsubscribe(table_id, subscriber)
    subscriber.seat = seat
    subscriber.drop_queued()  # only where the table changed at every read: the next push tells
    return subscriber, described, seat, game


async def _serve(
    websocket: WebSocket,
    server: Server,
    subscriber: Subscriber,
    seat: int | None,
    user_id: int | None,
    described: dict[str, Any],
    game: Live | None,
) -> None:
    """The accepted socket: the current view now, then pushes until the client goes."""
    if game is not None:
        last = None if game.last is None else game.last.seen_by(seat)
        await websocket.send_text(encode(state_message(described, game, seat, last)))
    else:
        await websocket.send_json({"type": "table", "table": described, "seat": seat})
    await _pump(websocket, server, subscriber, user_id)


async def _pump(
    websocket: WebSocket, server: Server, subscriber: Subscriber, user_id: int | None
) -> None:
    """Send the subscriber's pushes, and read the client's pings (each a sign that
    ``user_id``, if anyone's, is online), until it goes."""
    sender = asyncio.create_task(_send_pushes(websocket, subscriber))
    metrics.OPEN_SOCKETS.inc()
    try:
        await _receive_pings(websocket, server, user_id)
    finally:
        metrics.OPEN_SOCKETS.dec()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sender


@router.websocket("/api/lobby/live")
async def lobby_live(websocket: WebSocket, server: ServerDep) -> None:
    """Sends the lobby's new chat messages, ``{"type": "chat", "message": ...}``, except
    those of people the signed-in client blocked.  Clients send nothing but pings."""
    address = websocket.client.host if websocket.client else "unknown"
    try:
        await server.throttle.socket_attempt(address)
        session = await session_of(server, websocket)
        if session is not None and not _same_origin(websocket):
            session = None
        server.sockets.open(address)
    except Refusal as error:
        await websocket.accept()
        await websocket.close(CLOSE_POLICY, error.code)
        return
    try:
        user_id = session.user.id if session else None
        subscriber = server.hub.subscribe_lobby(user_id)  # before the client hears "open"
        try:
            await websocket.accept()
            await _pump(websocket, server, subscriber, user_id)
        finally:
            server.hub.unsubscribe_lobby(subscriber)
    finally:
        server.sockets.close(address)


def _table_id(path: str) -> int:
    """The path's table id: anything but a plain number names no table (the route takes
    the path as text, so that a socket to ``/api/tables/abc/live`` is closed with the
    reason, as one to a number that is no table, not refused before it opens)."""
    if not (path.isascii() and path.isdigit() and len(path) <= 10):
        raise not_found()
    return int(path)


def _same_origin(websocket: WebSocket) -> bool:
    """A browser names the page's origin; a page from elsewhere must not ride our cookie.

    Clients that are not browsers send no Origin (or authenticate by bearer token).
    """
    origin = websocket.headers.get("origin")
    if origin is None or websocket.headers.get("authorization"):
        return True
    return http.same_host(origin, websocket.headers.get("host"))


async def _receive_pings(websocket: WebSocket, server: Server, user_id: int | None) -> None:
    """The client's messages only tell us it is still there (and its account is online):
    text, short and not many.  Anything else closes the socket with the code that says why."""
    settings = server.settings
    bucket = TokenBucket(settings.socket_message_burst, settings.socket_messages_per_second)
    while True:
        if user_id is not None:
            await server.presence.seen(user_id)
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            await websocket.close(CLOSE_UNSUPPORTED, "text_only")
            return
        if len(text) > MAX_MESSAGE:
            await websocket.close(CLOSE_TOO_BIG, "message_too_big")
            return
        if not bucket.take():
            await websocket.close(CLOSE_POLICY, "rate_limited")
            return


async def _send_pushes(websocket: WebSocket, subscriber: Subscriber) -> None:
    try:
        while True:
            message = await subscriber.queue.get()
            if message is None:
                await websocket.close()
                return
            await websocket.send_text(message)
    except (WebSocketDisconnect, RuntimeError):
        return  # the client went away while we were sending: its receiver ends the session
