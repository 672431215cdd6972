"""What follows a committed change: pushes, notices, announcements and the next bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, select

from navcomp.server import lobby, pipeline
from navcomp.server.bots import BotJob
from navcomp.server.errors import ApiError
from navcomp.store.hot import move_writes
from navcomp.store.schema import game_tables

if TYPE_CHECKING:
    from navcomp.server.app import Server


async def submit(
    server: Server, table_id: int, actor: Any, action: Any, expected_version: int
) -> dict[str, Any]:
    """The move pipeline, then pushes, notices and the next bot."""

    def work(c: Connection) -> tuple[pipeline.Moved, dict[int, str]]:
        moved = pipeline.move(c, server.games, table_id, actor, action, expected_version)
        return moved, move_writes(c).webhooks(c, [u for u, _, _ in moved.notify])

    moved, hooks = await server.tx(work)
    server.games.store(table_id, moved.live)
    described = moved.table
    server.hub.publish(table_id, described, moved.live)
    for user_id, kind, text in moved.notify:
        if user_id in hooks:
            server.webhooks.send(hooks[user_id], {"table": table_id, "kind": kind, "text": text})
    if server.fanout is not None:
        await server.fanout.announce(table_id, moved=True)
    to_move = described["to_move"]
    if to_move is not None and described["seats"][to_move]["bot"] is not None:
        await schedule_bot(server, table_id)
    return {"version": moved.version, "table": described}


async def relay(server: Server, table_id: int, moved: bool) -> None:
    """Another process changed ``table_id`` (``moved``: by a move): push the new state to
    our own clients; the move's texts come with the game, rebuilt from the log."""
    if server.hub.connected(table_id) == 0:
        return

    def work(c: Connection) -> tuple[dict[str, Any], dict[int, int], Any]:
        if not lobby.table_exists(c, table_id):
            return {"id": table_id, "status": "closed", "seats": []}, {}, None
        row = lobby.table_row(c, table_id)
        seat_list = lobby.seat_rows(c, table_id)
        live = None if row.status == "open" else server.games.load(c, row, seat_list)
        return lobby.describe(row, seat_list), lobby.seated_accounts(seat_list), live

    described, seat_of_user, live = await server.read(work)
    if live is None or not moved:
        server.hub.publish_table(table_id, described, seat_of_user, live)
    else:
        server.hub.publish(table_id, described, live)


async def schedule_bot(server: Server, table_id: int) -> None:
    """If a bot is to move at ``table_id``, set it thinking."""

    def work(c: Connection) -> BotJob | None:
        row = lobby.table_row(c, table_id)
        if row.status != "playing" or row.to_move is None:
            return None
        level = lobby.seat_rows(c, table_id)[row.to_move].bot_level
        if level is None:
            return None
        live = server.games.load(c, row)
        return BotJob(
            table_id,
            row.version,
            row.to_move,
            level,
            row.game,
            row.num_seats,
            row.seed,
            dict(row.options),
            tuple(live.actions),
        )

    job = await server.read(work)
    if job is not None:
        server.runner.schedule(job, lambda j, a: _bot_move(server, j, a))


async def _bot_move(server: Server, job: BotJob, action: int) -> None:
    try:
        await submit(server, job.table_id, job.seat, action, job.version)
    except ApiError as error:
        if error.code != "stale_version":  # someone else moved first: nothing to do
            raise


async def resume_bots(server: Server) -> None:
    """After a start or restart: every table waiting for a bot gets one thinking."""
    rows = await server.read(
        lambda c: c.execute(select(game_tables.c.id).where(game_tables.c.status == "playing")).all()
    )
    for row in rows:
        await schedule_bot(server, row.id)
