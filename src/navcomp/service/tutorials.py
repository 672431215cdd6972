"""Tutorial tables: a guided first game, set up from its script (``tutorial_scripts.py``).

A tutorial table is dealt with the script's seed and options (public: they are in the
script), the person at the script's seat and its bots at the others, and starts at once.
It is never listed among the open tables (my games list it, never as my turn), writes no
notices and counts for no solo score.  A person has one table per tutorial: a new one
(from the start, or from a step of the one before, whose log it copies up to that step)
replaces the old.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from navcomp.core.errors import quoted
from navcomp.core.registry import get_game
from navcomp.domain import refusals
from navcomp.domain.model import Table, Turn, User
from navcomp.domain.refusals import Refusal
from navcomp.domain.results import TableResult
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby
from navcomp.service.games import effective_actions, rebuild
from navcomp.service.tutorial_scripts import Script, scripts
from navcomp.store import tables, tutorials
from navcomp.store.db import Connection


@dataclass(frozen=True)
class RestartAt:
    """Where a restarted tutorial starts: table ``table`` as it stood at ``version``."""

    table: int
    version: int


@dataclass(frozen=True)
class Made:
    table: Table  # the new tutorial table
    replaced: list[int]  # the person's tables of the tutorial before it, now closed


def script_of(name: str) -> Script:
    script = scripts().get(name)
    if script is None:
        known = ", ".join(scripts())
        raise Refusal(refusals.UNKNOWN_TUTORIAL, f"no tutorial {quoted(name)}; tutorials: {known}")
    return script


def listing() -> list[dict[str, Any]]:
    """Every tutorial: its name, its game and how many steps it has."""
    return [
        {
            "name": script.name,
            "game": script.game,
            "title": get_game(script.game).info.title,
            "steps": len(script.steps),
        }
        for script in scripts().values()
    ]


def mine(conn: Connection, user: User | None, name: str) -> Table | None:
    """``user``'s table of tutorial ``name``, if they have one."""
    script_of(name)
    if user is None:
        return None
    ids = tutorials.of_account(conn, user.id, name)
    return lobby.get(conn, ids[-1]) if ids else None


def create(
    conn: Connection, user: User, name: str, restart: RestartAt | None, at: datetime
) -> Made:
    """A new table of tutorial ``name`` for ``user``, started; with ``restart``, its log is
    that table's up to that version (refused unless it is ``user``'s table of the tutorial
    and has come so far)."""
    script = script_of(name)
    if restart is not None:
        _check_restart(conn, user, name, restart)
    game = get_game(script.game)
    options = game.normalize_options(script.options)
    new = tables.NewTable(script.game, script.seats, options, script.seed, user.id, at, name)
    table_id = tables.create(conn, new, {script.seat: user.id}, script.bots)
    replaced = [old for old in tutorials.of_account(conn, user.id, name) if old != table_id]
    first = game.new_initial_state(script.seats, script.seed, options).current_player
    assert first is not None
    tables.start(conn, table_id, first, at)
    if restart is not None and restart.version > 0:
        tutorials.copy_log(conn, restart.table, table_id, restart.version)
        _stand_after_log(conn, lobby.get(conn, table_id), at)
    for old in replaced:
        tables.close(conn, old)
    return Made(lobby.get(conn, table_id), replaced)


def _check_restart(conn: Connection, user: User, name: str, restart: RestartAt) -> None:
    source = lobby.get(conn, restart.table)
    if source.tutorial != name or source.creator_id != user.id:
        raise Refusal(
            refusals.NOT_YOUR_TUTORIAL, f"table {restart.table} is not your table of {name}"
        )
    if restart.version > source.version:
        raise Refusal(
            refusals.VERSION_NOT_REACHED,
            f"table {restart.table} is at version {source.version}, not {restart.version}",
        )


def _stand_after_log(conn: Connection, table: Table, at: datetime) -> None:
    """The table's turn, status and result as its (copied) log leaves the game."""
    entries = tables.log(conn, table.id)
    state = rebuild(table, effective_actions(entries))
    result = state.result()
    tutorials.set_turn(
        conn,
        table.id,
        Turn(
            len(entries),
            state.current_player,
            at,
            TableStatus.OVER if result is not None else TableStatus.PLAYING,
            None if result is None else TableResult.of_game(result),
        ),
    )
