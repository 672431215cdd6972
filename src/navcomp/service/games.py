"""Live game states, rebuilt from setup plus log and kept while they are current.

A cached state is used only if its version equals the table's version read in
the same transaction, so several server processes can share one database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from navcomp.core.protocol import GameState, replay
from navcomp.core.registry import get_game
from navcomp.domain.model import Entry, Table
from navcomp.store import tables
from navcomp.store.db import Connection


class Setup(Protocol):
    """What a game is built from: a :class:`Table`, or a row of one."""

    @property
    def game(self) -> str: ...
    @property
    def num_seats(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def options(self) -> Any: ...


@dataclass
class Live:
    version: int
    actions: list[int]  # the effective actions: the log with undone actions removed
    state: GameState
    table: Table | None = None  # the table at this version, when known
    last: LastMove | None = None  # the log's last entry, as each viewer reads it

    def copy(self) -> Live:
        return Live(self.version, list(self.actions), self.state.clone(), self.table, self.last)


@dataclass(frozen=True)
class LastMove:
    seat: int
    texts: dict[int | None, str]  # how it reads to each seat (None: spectators)
    detail: Any = None  # its outcome, the same for everybody (public_action_detail)

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        return {"seat": self.seat, "text": self.texts[seat], "detail": self.detail}


def move_detail(before: GameState, action: int | None) -> Any:
    """What the log adds to ``action`` (None: an undo, which adds nothing), taken in ``before``."""
    return None if action is None else before.public_action_detail(action)


def move_texts(before: GameState, action: int | None, num_seats: int) -> dict[int | None, str]:
    """How ``action`` (None: an undo), taken in ``before``, reads to each seat and spectators."""
    viewers: list[int | None] = [*range(num_seats), None]
    if action is None:
        return {v: before.public_undo_text(v) for v in viewers}
    return {v: before.public_action_text(action, v) for v in viewers}


def effective_actions(entries: Sequence[Entry]) -> list[int]:
    actions: list[int] = []
    for entry in entries:
        if entry.action is None:
            actions.pop()
        else:
            actions.append(entry.action)
    return actions


def walk_log(
    initial: GameState, entries: Iterable[Entry]
) -> Iterator[tuple[Entry, GameState, GameState]]:
    """Each entry with the state it was taken in and the state after it.

    An undo goes back to the state before the action it takes back.  The
    states handed out are never changed afterwards.
    """
    before_each: list[GameState] = []  # the state before each action still in force
    state = initial
    for entry in entries:
        before = state
        if entry.action is None:
            state = before_each.pop()
        else:
            before_each.append(state)
            state = state.clone()
            state.apply_action(entry.action)
        yield entry, before, state


def rebuild(setup: Setup, actions: Sequence[int]) -> GameState:
    state: GameState = replay(
        get_game(setup.game), setup.num_seats, setup.seed, setup.options, actions
    )
    return state


class LiveGames:
    """A bounded cache of current states by table, safe to share between threads."""

    def __init__(self, capacity: int = 2000) -> None:
        self._items: OrderedDict[int, Live] = OrderedDict()
        self._lock = threading.Lock()
        self.capacity = capacity

    def load(self, conn: Connection, table: Table) -> Live:
        """The table's current game (a private copy the caller may change)."""
        live = self.current(table.id, table.version) or self._stepped(conn, table)
        if live is not None:
            return live
        entries = tables.log(conn, table.id, table.version)
        actions = effective_actions(entries)
        if not entries:
            return Live(table.version, actions, rebuild(table, actions), table)
        final = entries[-1]
        if final.action is None:  # read in the state it was taken in, as when it was made
            taken_back = rebuild(table, effective_actions(entries[:-1]))
            texts = move_texts(taken_back, None, table.num_seats)
            detail = None
            state = rebuild(table, actions)
        else:
            state = rebuild(table, actions[:-1])
            texts = move_texts(state, final.action, table.num_seats)
            detail = move_detail(state, final.action)
            state.apply_action(final.action)
        return Live(table.version, actions, state, table, LastMove(final.seat, texts, detail))

    def _stepped(self, conn: Connection, table: Table) -> Live | None:
        """The kept game taken forward by the moves made since (in another process): the
        log's new entries only, not the whole game again; None where an undo is among
        them (an undo goes back to a state not kept) or nothing older is kept."""
        with self._lock:
            kept = self._items.get(table.id)
            if kept is None or kept.version >= table.version:
                return None
            live = kept.copy()
        entries = tables.log(conn, table.id, table.version, after=live.version)
        actions = [entry.action for entry in entries if entry.action is not None]
        if len(actions) != table.version - live.version:
            return None
        state = live.state
        for action in actions[:-1]:
            state.apply_action(action)
        texts = move_texts(state, actions[-1], table.num_seats)
        detail = move_detail(state, actions[-1])
        state.apply_action(actions[-1])
        live.actions.extend(actions)
        last = LastMove(entries[-1].seat, texts, detail)
        return Live(table.version, live.actions, state, table, last)

    def current(self, table_id: int, version: int) -> Live | None:
        """A private copy of the kept game, if it is at ``version``."""
        with self._lock:
            live = self._items.get(table_id)
            if live is None or live.version != version:
                return None
            self._items.move_to_end(table_id)
        return live.copy()

    def store(self, table_id: int, live: Live) -> None:
        """Keep ``live`` (which the caller must no longer change)."""
        with self._lock:
            current = self._items.get(table_id)
            if current is None or current.version < live.version:
                self._items[table_id] = live
                self._items.move_to_end(table_id)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)

    def forget(self, table_id: int) -> None:
        """Drop the kept game: its table changed besides a move."""
        with self._lock:
            self._items.pop(table_id, None)
