"""Live game states, rebuilt from setup plus log and kept while they are current.

A cached state is used only if its version equals the table's version read in
the same transaction, so several server processes can share one database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, select

from navcomp.core.protocol import GameState, replay
from navcomp.core.registry import get_game
from navcomp.store.db import DbRow
from navcomp.store.schema import moves


@dataclass(frozen=True)
class Entry:
    """One line of the move log: an action, or an undo (``action`` None)."""

    seq: int
    seat: int
    action: int | None


@dataclass
class Live:
    version: int
    actions: list[int]  # the effective actions: the log with undone actions removed
    state: GameState


def effective_actions(entries: Sequence[Entry]) -> list[int]:
    actions: list[int] = []
    for entry in entries:
        if entry.action is None:
            actions.pop()
        else:
            actions.append(entry.action)
    return actions


def log_entries(conn: Connection, table_id: int) -> list[Entry]:
    rows = conn.execute(
        select(moves.c.seq, moves.c.seat, moves.c.action)
        .where(moves.c.table_id == table_id)
        .order_by(moves.c.seq)
    ).all()
    return [Entry(r.seq, r.seat, r.action) for r in rows]


def rebuild(row: DbRow, actions: Sequence[int]) -> GameState:
    state: GameState = replay(get_game(row.game), row.num_seats, row.seed, row.options, actions)
    return state


class LiveGames:
    """A bounded cache of current states by table, safe to share between threads."""

    def __init__(self, capacity: int = 2000) -> None:
        self._items: OrderedDict[int, Live] = OrderedDict()
        self._lock = threading.Lock()
        self.capacity = capacity

    def load(self, conn: Connection, row: DbRow) -> Live:
        """The table's current game (a private copy the caller may change)."""
        with self._lock:
            live = self._items.get(row.id)
            if live is not None and live.version == row.version:
                self._items.move_to_end(row.id)
                return Live(live.version, list(live.actions), live.state.clone())
        actions = effective_actions(log_entries(conn, row.id))
        state = rebuild(row, actions)
        return Live(row.version, actions, state)

    def store(self, table_id: int, live: Live) -> None:
        """Keep ``live`` (which the caller must no longer change)."""
        with self._lock:
            current = self._items.get(table_id)
            if current is None or current.version < live.version:
                self._items[table_id] = live
                self._items.move_to_end(table_id)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def peek(self, table_id: int) -> Live | None:
        with self._lock:
            return self._items.get(table_id)
