"""What a person sees of a table: its state from their seat (or as a spectator), its log,
its replay once over, its changes besides moves, and their own games.

Each reads in the caller's transaction and first asks whether ``user_id`` (None: someone
not signed in) may watch the table (``lobby.watched``), which refuses strangers where the
host allows no spectators.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from navcomp.core.protocol import GameState
from navcomp.core.registry import get_game
from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby
from navcomp.service.games import LiveGames, walk_log
from navcomp.service.views import public_log, seat_payload, table_json, time_is_up
from navcomp.store import clocks, tables
from navcomp.store.db import Connection


def table(
    c: Connection, games: LiveGames, table_id: int, user_id: int | None, at: datetime
) -> dict[str, Any]:
    """The table, and its game as ``user_id``'s seat (or a spectator) sees it."""
    found = lobby.watched(c, table_id, user_id)
    seat = found.seat_of(user_id)
    described = table_json(found, at)
    out = {"table": described, "seat": seat}
    if found.status is not TableStatus.OPEN:
        live = games.load(c, found)
        out.update(seat_payload(live.state, seat, time_up=time_is_up(described)))
        out["last"] = None if live.last is None else live.last.seen_by(seat)
    return out


def log(c: Connection, table_id: int, user_id: int | None) -> dict[str, Any]:
    """The moves so far, each worded as ``user_id``'s seat may read it."""
    found = lobby.watched(c, table_id, user_id)
    seat = found.seat_of(user_id)
    initial = get_game(found.game).new_initial_state(found.num_seats, found.seed, found.options)
    entries = public_log(initial, tables.log(c, table_id, found.version), seat)
    return {"version": found.version, "entries": entries}


def events(c: Connection, table_id: int, user_id: int | None) -> list[dict[str, Any]]:
    """The table's changes besides moves (time up, more time, seats taken over...)."""
    lobby.watched(c, table_id, user_id)
    return [
        {
            "seq": e.seq,
            "kind": e.kind,
            "seat": e.seat,
            "version": e.version,
            "at": e.created_at.isoformat(),
        }
        for e in clocks.events_of(c, table_id)
    ]


def replay(c: Connection, table_id: int, user_id: int | None, at: datetime) -> dict[str, Any]:
    """Once the game is over: the setup, every action in full and every state."""
    found = lobby.watched(c, table_id, user_id)
    if found.status is not TableStatus.OVER:
        raise Refusal(refusals.GAME_NOT_OVER, "the replay opens when the game is over")
    game = get_game(found.game)
    initial = game.new_initial_state(found.num_seats, found.seed, found.options)
    entries = [
        {
            "seq": entry.seq,
            "seat": entry.seat,
            "text": "undo" if entry.action is None else game.action_to_text(entry.action),
            # what the table's log adds for everybody, so the replay words a move as it did
            "detail": None if entry.action is None else before.public_action_detail(entry.action),
            "state": after.to_json(),
            **_revealed(after, found.num_seats),
        }
        for entry, before, after in walk_log(initial, tables.log(c, table_id))
    ]
    return {
        "table": table_json(found, at),
        "seed": found.seed,
        "initial": initial.to_json(),
        "initial_view": _revealed(initial, found.num_seats),
        "entries": entries,
    }


def _revealed(state: GameState, num_seats: int) -> dict[str, Any]:
    """A state as the browser draws it, nothing hidden: the public view and every seat's
    private part (``private``, indexed by seat), so the replay needs no rules of its own."""
    return {
        "view": state.view(None),
        "private": [state.private_view(seat, revealed=True) for seat in range(num_seats)],
    }


_STATUS_ORDER = {TableStatus.PLAYING: 0, TableStatus.OPEN: 1, TableStatus.OVER: 2}
"""My games: those on, then those open, then those over."""


def my_games(c: Connection, user_id: int, at: datetime) -> list[dict[str, Any]]:
    mine = []
    for table, seat in tables.of_account(c, user_id):
        # a tutorial is listed (its `tutorial` says so) but never waits for me: it counts
        # in no "your turn", as it writes no notice
        my_turn = (
            table.tutorial is None and table.status is TableStatus.PLAYING and table.to_move == seat
        )
        mine.append((table, {**table_json(table, at), "my_seat": seat, "my_turn": my_turn}))
    mine.sort(
        key=lambda item: (
            not item[1]["my_turn"],
            _STATUS_ORDER[item[0].status],
            item[1]["turn_since"] or "",
        )
    )
    return [described for _, described in mine]
