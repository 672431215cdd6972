"""The move service, for people and bots alike: check, apply, write, commit, push, and
hand what follows (notices, webhooks, other processes, the next bot) what the move holds.

In one transaction: find the table (the kept game when it is at the client's expected
version, else from the database), check the seat, the turn and the action, apply it,
then bump the version with ``UPDATE ... WHERE version = expected`` (so of two racing
moves exactly one wins), append to the log, write the notices and their mail (the
outbox) and, when a one-seat table ends, its solo score.  After the commit: keep the
new game, push each client its view, send webhooks, wake the mail sender, announce the
move to other processes and set the next bot thinking.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from navcomp.core.errors import ActionError, GameOverError
from navcomp.core.match import check_undo
from navcomp.core.protocol import ActionInput, Result, play
from navcomp.domain import refusals, table_clock
from navcomp.domain.model import NewNotice, Table, Turn, User
from navcomp.domain.refusals import (
    GAME_OVER,
    STALE_VERSION,
    TABLE_NOT_FOUND,
    Refusal,
    from_action_error,
)
from navcomp.domain.tables import TableStatus
from navcomp.service import endings, lobby, notify, ratings
from navcomp.service.bot_jobs import BotJob, job_for
from navcomp.service.games import LastMove, Live, LiveGames, move_detail, move_texts, rebuild
from navcomp.service.mail import queue as mail
from navcomp.service.views import table_json
from navcomp.store import accounts, notices, scores, tables
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server


@dataclass(frozen=True)
class Moved:
    """A committed move: the table after it, and what follows from it."""

    table: Table
    live: Live  # its ``last``: how the action reads to each seat
    notices: list[NewNotice]  # of turns and of the game's end
    mailed: int  # readers with mail in the outbox
    webhooks: dict[int, str]  # the webhook of each account noticed that has one
    described: dict[str, Any]  # the table's JSON, for the answer and the pushes alike


def stale(expected: int, version: int) -> Refusal:
    return Refusal(
        refusals.STALE_VERSION, f"the table is at version {version}, not {expected}: reload"
    )


async def submit(
    server: Server,
    table_id: int,
    actor: User | int,
    action: ActionInput | None,
    expected_version: int,
) -> Moved:
    """Apply ``action`` (None: undo) for ``actor`` (a user, or a bot's seat number), then
    push it and hand on what follows."""
    at = server.settings.now()

    def work(c: Connection) -> Moved:
        return _move(c, server.games, table_id, actor, action, expected_version, at)

    try:
        moved = await server.tx(work)
    except Refusal as error:
        if error.kind is not STALE_VERSION:
            raise
        # The kept game may have missed a change besides moves (a vote, a seat handed
        # over, in another process): it is forgotten, and the move tried once more from
        # the database, where a move truly too late is refused again.
        moved = await server.tx(work)
    server.games.store(table_id, moved.live)
    server.hub.publish(moved.table, moved.live, moved.described)
    if moved.mailed:
        server.mail.wake()
    for notice in moved.notices:
        hook = moved.webhooks.get(notice.user_id)
        if hook is not None:
            server.webhooks.send(
                hook, {"table": table_id, "kind": notice.kind.value, "text": notice.text}
            )
    if server.fanout is not None:
        await server.fanout.announce(table_id, moved=True)
    job = job_for(moved.table, moved.live.actions)
    if job is not None:
        _think(server, job)
    return moved


def _move(
    conn: Connection,
    games: LiveGames,
    table_id: int,
    actor: User | int,
    action: ActionInput | None,
    expected: int,
    at: datetime,
) -> Moved:
    """The transaction's work: when the kept game is at ``expected`` the table is not
    read again (the ``UPDATE ... WHERE version = expected`` still refuses the move if
    another process moved first)."""
    live, seat = _current(conn, games, table_id, actor, expected)
    table = live.table
    assert table is not None
    if table.status is TableStatus.OVER:
        raise from_action_error(GameOverError("the game is over"))
    if isinstance(actor, User):
        table_clock.check_time(table, at)
    before = live.state.clone()
    try:
        if action is None:
            check_undo(live.state, seat, live.actions)
            live.actions.pop()
            live.state = rebuild(table, live.actions)
        else:
            live.actions.append(play(live.state, seat, action))
    except ActionError as error:
        raise from_action_error(error) from None
    action_id = None if action is None else live.actions[-1]
    result = live.state.result()
    turn = _turn(table, live.state.current_player, result, at)
    live.version = turn.version
    texts = move_texts(before, action_id, table.num_seats)
    live.last = LastMove(seat, texts, move_detail(before, action_id))
    if not tables.record_move(conn, table_id, expected, turn, seat, action_id, at, table.events):
        games.forget(table_id)  # the kept table may miss a change besides moves
        raise stale(expected, expected + 1)
    if result is not None:
        endings.record_finish(conn, table)
    tutorial = table.tutorial is not None  # no high score, no notices (tutorials.py)
    if result is not None and table.num_seats == 1 and not tutorial:  # a solo game's score
        scores.record_solo(conn, table_id, table.game, table.seats[0].user_id, result, at)
    if turn.result is not None:
        ratings.record_game(conn, table, turn.result, at)
    over = turn.status is TableStatus.OVER
    told = (
        []
        if tutorial
        else notify.after_move(table_id, table.seats, turn.to_move, table.to_move, over)
    )
    notices.add_for_move(conn, told, at)
    if not tutorial:
        _turn_answered(conn, table, turn)
    hooks = accounts.webhooks(conn, [n.user_id for n in told])
    live.table = table.after(turn)
    mailed = mail.queue(conn, told, live.table, at)
    return Moved(live.table, live, told, mailed, hooks, table_json(live.table, at))


def _turn_answered(conn: Connection, table: Table, turn: Turn) -> None:
    """Once the turn leaves a person's seat, their "your turn" notices there are read."""
    had_turn = table.to_move
    if had_turn is None or turn.to_move == had_turn:
        return
    player = table.seats[had_turn].user_id
    if player is not None:
        notices.turn_played(conn, player, table.id)


def _current(
    conn: Connection, games: LiveGames, table_id: int, actor: User | int, expected: int
) -> tuple[Live, int]:
    """The game at version ``expected`` (a private copy), and the actor's seat."""
    live = games.current(table_id, expected)
    if live is not None and live.table is not None:
        return live, _seat(live.table, actor)
    table = lobby.get(conn, table_id, lock=True)
    seat = _seat(table, actor)
    if table.status is TableStatus.OPEN:
        raise Refusal(refusals.NOT_STARTED, "the game has not started")
    if expected != table.version:
        raise stale(expected, table.version)
    return games.load(conn, table), seat


def _seat(table: Table, actor: User | int) -> int:
    if not isinstance(actor, User):
        return actor
    seat = table.seat_of(actor.id)
    if seat is None:
        raise Refusal(refusals.NOT_SEATED, "spectators cannot move")
    return seat


def _turn(table: Table, to_move: int | None, result: Result | None, at: datetime) -> Turn:
    """Where the game stands after the move, as the table's row will say."""
    over = result is not None
    timing = table_clock.after_move(table, to_move, over, at)
    return Turn(
        table.version + 1,
        to_move,
        at if to_move != table.to_move else table.turn_since,
        TableStatus.OVER if over else table.status,
        None if result is None else endings.finished_result(table, result),
        timing.clock,
        timing.deadline,
        timing.warn_at,
    )


def _think(server: Server, job: BotJob) -> None:
    server.runner.schedule(job, lambda j, a: _bot_move(server, j, a))


async def _bot_move(server: Server, job: BotJob, action: int) -> None:
    try:
        await submit(server, job.table_id, job.seat, action, job.version)
    except Refusal as error:
        # someone else moved first, the table was closed (a tutorial started anew), or the
        # game ended by a vote
        if error.kind not in (STALE_VERSION, TABLE_NOT_FOUND, GAME_OVER):
            raise


async def schedule_bot(server: Server, table_id: int) -> None:
    """After a start (or a restart): if a bot is to move at ``table_id``, set it thinking."""

    def work(c: Connection) -> BotJob | None:
        table = lobby.get(c, table_id)
        if table.bot_on_turn() is None:
            return None
        return job_for(table, server.games.load(c, table).actions)

    job = await server.read(work)
    if job is not None:
        _think(server, job)


async def resume_bots(server: Server) -> None:
    """After a start or restart: every table waiting for a bot gets one thinking."""
    for table_id in await server.read(tables.playing):
        await schedule_bot(server, table_id)
