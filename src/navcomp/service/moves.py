"""A move, for people and bots alike: check, apply, write, and say what follows.

In the caller's transaction (:func:`move`): find the table (the kept game when it is at
the client's expected version, else from the database), check the seat, the turn and the
action, apply it, then bump the version with ``UPDATE ... WHERE version = expected`` (so
of two racing moves exactly one wins), append to the log, write the notices and their
mail (the outbox) and, when a one-seat table ends, its solo score.  The outcome,
:class:`Moved`, carries the effects that follow the commit (``effects.py``): keep the new
game and push each client its view, wake the mail sender, call webhooks, announce the
move to other processes and set the next bot thinking; ``server/runtime/dispatch.py``
runs the transaction and then the effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from navcomp.core.errors import ActionError, GameOverError
from navcomp.core.match import check_undo
from navcomp.core.protocol import ActionInput, Result, play
from navcomp.domain import refusals, table_clock
from navcomp.domain.model import NewNotice, Table, Turn, User
from navcomp.domain.refusals import (
    Refusal,
    from_action_error,
)
from navcomp.domain.tables import TableStatus
from navcomp.service import endings, lobby, notify, ratings
from navcomp.service.bot_jobs import job_for
from navcomp.service.effects import WAKE_MAIL, Effects, PushMove, StartBot, webhooks_for
from navcomp.service.games import LastMove, Live, LiveGames, move_detail, move_texts, rebuild
from navcomp.service.mail import queue as mail
from navcomp.service.views import table_json
from navcomp.store import accounts, notices, scores, tables
from navcomp.store.db import Connection


@dataclass(frozen=True)
class Moved:
    """A committed move: the table after it, and what follows from it."""

    table: Table
    live: Live  # its ``last``: how the action reads to each seat
    notices: list[NewNotice]  # of turns and of the game's end
    mailed: int  # readers with mail in the outbox
    webhooks: dict[int, str]  # the webhook of each account noticed that has one
    described: dict[str, Any]  # the table's JSON, for the answer and the pushes alike

    @property
    def effects(self) -> Effects:
        """Keep the game and push it, wake the mail sender, call webhooks, set the next
        bot thinking."""
        job = job_for(self.table, self.live.actions)
        return (
            PushMove(self.table, self.live, self.described),
            *([WAKE_MAIL] if self.mailed else []),
            *webhooks_for(self.table.id, self.notices, self.webhooks),
            *([] if job is None else [StartBot(self.table.id, job)]),
        )


def stale(expected: int, version: int) -> Refusal:
    return Refusal(
        refusals.STALE_VERSION, f"the table is at version {version}, not {expected}: reload"
    )


def move(
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
