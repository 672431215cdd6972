"""The server enforces deadlines: a task looks for tables whose deadline has passed and
acts on each (``endings.on_deadline``), whether anybody is connected or not.

It looks at once when the server starts, so what ran out while it was down is handled
then, and every ``Settings.sweep_seconds`` after.  Each table is claimed in the database
(``store/clocks.claim_expired``), so with several processes on one database each
time-out is acted on by one of them, once.

It also closes open tables nobody changed for ``Settings.open_table_hours`` (claimed the
same way), so that tables left waiting do not fill the lobby for good.

And it takes up the bots' turns left waiting: a bot thinks in the process that was told
to move it, so a process killed (or stopped) while its bot thought leaves the turn to
nobody; a turn waiting longer than ``Settings.bot_stall_seconds`` (longer than any bot
thinks) is set thinking again here.  Two processes may both take it: the bot's move
carries the version it was made for, so the second answer changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING

from navcomp.domain.refusals import Refusal
from navcomp.server.runtime.dispatch import carry_out, retake_bots
from navcomp.service import endings
from navcomp.service.effects import PushClosed
from navcomp.store import clocks, tables
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server

log = logging.getLogger("navcomp.sweeper")

BATCH = 50  # tables claimed in one transaction


async def sweep(server: Server) -> int:
    """Act on every table whose deadline has passed, and close the open tables left idle;
    how many tables were acted on.  Bots on turn for longer than
    ``Settings.bot_stall_seconds`` are set thinking here."""
    done = await _act_on_deadlines(server) + await _close_idle_open_tables(server)
    stall = server.settings.bot_stall_seconds
    if stall > 0:
        await retake_bots(server, server.settings.now() - timedelta(seconds=stall))
    return done


async def _close_idle_open_tables(server: Server) -> int:
    hours = server.settings.open_table_hours
    if hours <= 0:
        return 0
    done = 0
    while True:
        before = server.settings.now() - timedelta(hours=hours)
        closed = await server.tx(partial(_close_idle, before=before))
        await carry_out(server, [PushClosed(table_id) for table_id in closed])
        done += len(closed)
        if len(closed) < BATCH:
            return done


def _close_idle(conn: Connection, *, before: datetime) -> list[int]:
    idle = tables.claim_idle_open(conn, before, BATCH)
    for table_id in idle:
        tables.close(conn, table_id)
    return idle


async def _act_on_deadlines(server: Server) -> int:
    done = 0
    while True:
        at = server.settings.now()
        changed = await server.tx(partial(_act_on_expired, at=at))
        for table in changed:
            await carry_out(server, table.effects)
        done += len(changed)
        if len(changed) < BATCH:
            return done


def _act_on_expired(conn: Connection, *, at: datetime) -> list[endings.Changed]:
    return [endings.on_deadline(conn, t, at) for t in clocks.claim_expired(conn, at, BATCH)]


async def run(server: Server, stopping: asyncio.Event) -> None:
    """Sweep now, then every ``sweep_seconds``, until ``stopping`` is set; a sweep under
    way then finishes first (its transaction's thread could not be cancelled anyway)."""
    while not stopping.is_set():
        try:
            await sweep(server)
        except Refusal as error:  # the database is away for a moment: next time
            log.warning("sweep failed: %s", error.message)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), server.settings.sweep_seconds)


class Sweeping:
    """The sweeper running in the background, and its stop."""

    def __init__(self, server: Server) -> None:
        self._stopping = asyncio.Event()
        self._task = asyncio.create_task(run(server, self._stopping), name="navcomp-sweeper")

    async def stop(self) -> None:
        """Stop after the sweep under way, if any: its connection goes back to the pool
        before the server closes the pool."""
        self._stopping.set()
        await self._task


def start(server: Server) -> Sweeping | None:
    if server.settings.sweep_seconds <= 0:
        return None
    return Sweeping(server)
