"""Live pushes: every connected client of a table gets its own view after each change.

Each WebSocket has a queue drained by its own task; publishing (from worker
threads, after a commit) never waits for a slow client.  Every push is a full
view with the table's version, so a client that misses one just takes the next,
and one that sees a gap in the move feed can reload the log.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from navcomp.domain.model import Table
from navcomp.server.runtime import metrics
from navcomp.service.games import Live
from navcomp.service.views import seat_payload, table_json, time_is_up

QUEUE_LIMIT = 64


@dataclass(eq=False)
class Subscriber:
    seat: int | None
    user_id: int | None = None  # the account, to find its seat again when seats change
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))

    def offer(self, message: str) -> None:
        if self.queue.full():  # every push is a whole view: the oldest can go
            self.queue.get_nowait()
        self.queue.put_nowait(message)
        metrics.PUSHES.inc()

    def drop_queued(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()

    def offer_close(self) -> None:
        """The socket is to close: nothing is sent after this."""
        self.drop_queued()
        self.queue.put_nowait(None)


class TokenBucket:
    """A burst of ``capacity`` at once, then ``rate`` a second (a socket's messages).

    Counted in the socket's own task: the shared throttle (``throttle.py``) is for
    accounts, and a round trip to Redis per ping would cost more than the ping."""

    def __init__(self, capacity: int, rate: float) -> None:
        self.capacity = capacity
        self.rate = rate
        self.tokens = float(capacity)
        self.updated = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def encode(message: dict[str, Any]) -> str:
    return orjson.dumps(message).decode()


def state_message(
    table: dict[str, Any],
    live: Live,
    seat: int | None,
    last: dict[str, Any] | None,
    view: Any = None,
) -> dict[str, Any]:
    return {
        "type": "state",
        "version": live.version,
        "seat": seat,
        "table": table,
        "last": last,
        **seat_payload(live.state, seat, view, time_is_up(table)),
    }


class Hub:
    def __init__(self, now: Callable[[], datetime]) -> None:
        self._now = now  # the server's clock (Settings.now), for the time a table's JSON is as of
        self._tables: dict[int, set[Subscriber]] = defaultdict(set)
        self._lobby: set[Subscriber] = set()  # the lobby's sockets: its chat

    def subscribe(self, table_id: int, seat: int | None, user_id: int | None = None) -> Subscriber:
        subscriber = Subscriber(seat, user_id)
        self._tables[table_id].add(subscriber)
        return subscriber

    def unsubscribe(self, table_id: int, subscriber: Subscriber) -> None:
        subscribers = self._tables.get(table_id)
        if subscribers is not None:
            subscribers.discard(subscriber)
            if not subscribers:
                del self._tables[table_id]

    def subscribe_lobby(self, user_id: int | None) -> Subscriber:
        subscriber = Subscriber(None, user_id)
        self._lobby.add(subscriber)
        return subscriber

    def unsubscribe_lobby(self, subscriber: Subscriber) -> None:
        self._lobby.discard(subscriber)

    def publish_chat(
        self,
        table_id: int | None,
        message: dict[str, Any],
        blockers: Collection[int],
        players: Collection[int] | None = None,
    ) -> None:
        """A chat message of the table (None: the lobby) to the clients who may read it:
        none whose account blocked its author, and none seated (or whose account is in
        ``players``) when ``players`` is given: the spectators' chat while the game runs."""
        subscribers = self._lobby if table_id is None else self._tables.get(table_id, set())
        encoded = encode({"type": "chat", "message": message})
        for subscriber in list(subscribers):
            if subscriber.user_id is not None and subscriber.user_id in blockers:
                continue
            if players is not None and (
                subscriber.seat is not None or subscriber.user_id in players
            ):
                continue
            subscriber.offer(encoded)

    def connected(self, table_id: int) -> int:
        return len(self._tables.get(table_id, ()))

    def tables(self) -> list[int]:
        """The tables with clients connected here."""
        return list(self._tables)

    def _watching(self, table: Table) -> list[Subscriber]:
        """The table's subscribers who may see its game; the others' sockets are closed
        (a stranger who opened one while the table was open, at a table without spectators)."""
        allowed = []
        for subscriber in list(self._tables.get(table.id, ())):
            if table.may_watch(subscriber.user_id):
                allowed.append(subscriber)
            else:
                self.unsubscribe(table.id, subscriber)
                subscriber.offer_close()
        return allowed

    def publish(self, table: Table, live: Live, described: dict[str, Any] | None = None) -> None:
        """A move: each client its view, with the move as its seat reads it (``live.last``).
        ``described``: the table's JSON, if the caller has it."""
        subscribers = self._watching(table)
        if not subscribers:
            return
        if described is None:
            described = table_json(table, self._now())
        messages: dict[int | None, str] = {}  # encoded once per seat
        views = live.state.views(list({subscriber.seat for subscriber in subscribers}))
        for subscriber in subscribers:
            seat = subscriber.seat
            if seat not in messages:
                seat_last = None if live.last is None else live.last.seen_by(seat)
                messages[seat] = encode(
                    state_message(described, live, seat, seat_last, views[seat])
                )
            subscriber.offer(messages[seat])

    def publish_table(self, table: Table, live: Live | None = None) -> None:
        """A lobby change (or the start): everyone's seat as it now is, and what it sees.

        A subscriber is matched to a seat by its account only, so a watcher without one
        (or a bot seat) never takes a seat's view."""
        described = table_json(table, self._now())
        seat_of_user = table.seated_accounts()
        for subscriber in self._watching(table):
            user_id = subscriber.user_id
            subscriber.seat = None if user_id is None else seat_of_user.get(user_id)
            message: dict[str, Any]
            if live is None:
                message = {"type": "table", "table": described, "seat": subscriber.seat}
            else:
                message = state_message(described, live, subscriber.seat, None)
            subscriber.offer(encode(message))

    def publish_closed(self, table_id: int, described: dict[str, Any]) -> None:
        """The creator closed the table."""
        for subscriber in list(self._tables.get(table_id, ())):
            subscriber.seat = None
            subscriber.offer(encode({"type": "closed", "table": described}))
