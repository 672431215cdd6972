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
from navcomp.core.protocol import ActionInput, play
from navcomp.domain import table_clock, telling, turns
from navcomp.domain.model import NewNotice, Table, User
from navcomp.domain.refusals import (
    from_action_error,
)
from navcomp.domain.tables import TableStatus
from navcomp.domain.turns import PlayedMove
from navcomp.service import lobby, ratings
from navcomp.service.bot_jobs import job_for
from navcomp.service.effects import WAKE_MAIL, Effects, PushMove, StartBot, webhooks_for
from navcomp.service.games import LastMove, Live, LiveGames, move_detail, move_texts, rebuild
from navcomp.service.mail import queue as mail
from navcomp.service.views import table_json
from navcomp.store import played as store_played
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


def move(
    conn: Connection,
    games: LiveGames,
    table_id: int,
    actor: User | int,
    action: ActionInput | None,
    expected: int,
    at: datetime,
) -> Moved:
    """The transaction's work, read, work out, write: when the kept game is at
    ``expected`` the table is not read again (the ``UPDATE ... WHERE version = expected``
    still refuses the move if another process moved first)."""
    live, seat = _current(conn, games, table_id, actor, expected)
    table = live.table
    assert table is not None
    if table.status is TableStatus.OVER:
        raise from_action_error(GameOverError("the game is over"))
    if isinstance(actor, User):
        table_clock.check_time(table, at)
    played = _play(live, table, seat, action, at)
    written = store_played.record(conn, played)
    if written is None:
        games.forget(table_id)  # the kept table may miss a change besides moves
        raise turns.stale(expected, expected + 1)
    if played.turn.result is not None:
        ratings.record_game(conn, table, played.turn.result, at)
    live.table = table.after(played.turn)
    told = list(played.told)
    mailed = mail.queue(conn, told, live.table, at, reached=written.mail_readers)
    return Moved(live.table, live, told, mailed, written.webhooks, table_json(live.table, at))


def _current(
    conn: Connection, games: LiveGames, table_id: int, actor: User | int, expected: int
) -> tuple[Live, int]:
    """The game at version ``expected`` (a private copy), and the actor's seat."""
    live = games.current(table_id, expected)
    if live is not None and live.table is not None:
        return live, turns.seat_for(live.table, actor)
    table = lobby.get(conn, table_id, lock=True)
    seat = turns.seat_for(table, actor)
    turns.check_movable(table, expected)
    return games.load(conn, table), seat


def _play(
    live: Live, table: Table, seat: int, action: ActionInput | None, at: datetime
) -> PlayedMove:
    """Apply the action (None: undo) to the kept game, and work out what follows it."""
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
    turn = turns.turn_after(table, live.state.current_player, result, at)
    live.version = turn.version
    texts = move_texts(before, action_id, table.num_seats)
    live.last = LastMove(seat, texts, move_detail(before, action_id))
    tutorial = table.tutorial is not None  # no high score, no notices (tutorials.py)
    over = turn.status is TableStatus.OVER
    told = (
        []
        if tutorial
        else telling.after_move(table.id, table.seats, turn.to_move, table.to_move, over)
    )
    solo = result if result is not None and table.num_seats == 1 and not tutorial else None
    return PlayedMove(table, turn, seat, action_id, at, tuple(told), solo)
