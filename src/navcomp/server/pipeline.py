"""The one move pipeline, for people and bots alike.

In one transaction: load the table, check the seat, the turn, the action and the
client's expected version, apply, append to the log and bump the version
(``UPDATE ... WHERE version = expected``, so of two racing moves exactly one
wins).  The final move of a one-seat table also keeps its score for the solo high
scores, in the same transaction.  The caller then pushes views and wakes bots, after
the commit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection

from navcomp.core.errors import ActionError, GameOverError, IllegalActionError, NotYourTurnError
from navcomp.core.protocol import ActionInput, play
from navcomp.server import notify
from navcomp.server.accounts import User, now
from navcomp.server.errors import ApiError, from_action_error
from navcomp.server.games import LastMove, Live, LiveGames, TableFacts, move_texts, rebuild
from navcomp.server.lobby import describe, seat_of, seat_rows, table_row
from navcomp.server.scores import record_solo
from navcomp.store.hot import move_writes


@dataclass(frozen=True)
class Moved:
    """What a committed move changed, for pushes, bots and notifications."""

    table_id: int
    version: int
    seat: int
    action: int | None  # None for an undo
    live: Live  # its ``last``: how the action reads to each seat
    notify: list[tuple[int, str, str]]  # (user id, kind, text) of turn and end-of-game notices
    table: dict[str, Any]  # the table as anyone may see it, after the move


def stale(expected: int, version: int) -> ApiError:
    return ApiError(
        409, "stale_version", f"the table is at version {version}, not {expected}: reload"
    )


def move(
    conn: Connection,
    games: LiveGames,
    table_id: int,
    actor: User | int,
    action: ActionInput | None,
    expected_version: int,
) -> Moved:
    """Apply ``action`` (None: undo) for ``actor`` (a user, or a bot's seat number).

    When the kept game is at ``expected_version`` the table is not read again:
    the ``UPDATE ... WHERE version = expected`` below still refuses the move if
    another process moved first.
    """
    live = games.current(table_id, expected_version)
    if live is None or live.facts is None or not live.seats:
        row = table_row(conn, table_id, lock=True)
        seat_list = seat_rows(conn, table_id)
        if row.status == "open":
            _seat(seat_list, actor)
            raise ApiError(409, "not_started", "the game has not started")
        seat = _seat(seat_list, actor)
        if expected_version != row.version:
            raise stale(expected_version, row.version)
        live = games.load(conn, row, seat_list)
        live.seats = seat_list
        facts = TableFacts.of(row)
    else:
        facts, seat_list = live.facts, live.seats
        seat = _seat(seat_list, actor)
    if facts.status == "over":
        raise from_action_error(GameOverError("the game is over"))
    before = live.state.clone()
    try:
        if action is None:
            _undo(facts, live, seat)
        else:
            live.actions.append(play(live.state, seat, action))
    except ActionError as error:
        raise from_action_error(error) from None
    live.version = facts.version + 1
    action_id = None if action is None else live.actions[-1]
    live.last = LastMove(seat, move_texts(before, action_id, facts.num_seats))
    state = live.state
    to_move = state.current_player
    result = state.result()
    values: dict[str, Any] = {
        "version": live.version,
        "to_move": to_move,
        "turn_since": now() if to_move != facts.to_move else facts.turn_since,
        "status": "over" if result is not None else facts.status,
        "result": None if result is None else result.to_json(),
    }
    writes = move_writes(conn)
    if not writes.advance(conn, table_id, expected_version, **values):
        raise stale(expected_version, expected_version + 1)
    at = now()
    writes.append(conn, table_id, live.version, seat, action_id, at)
    if result is not None and facts.num_seats == 1:  # a solo game ended: its high score
        record_solo(conn, table_id, facts.game, seat_list[0].user_id, result)
    notify = _notices(facts, seat_list, to_move, facts.to_move, result is not None)
    for user_id, kind, text in notify:
        writes.notice(conn, user_id, table_id, kind, text, at)
    described = describe(facts, seat_list, **values)
    live.facts = replace(facts, **values)
    live.seats = seat_list
    return Moved(table_id, live.version, seat, action_id, live, notify, described)


def _seat(seat_list: Any, actor: User | int) -> int:
    if not isinstance(actor, User):
        return actor
    seat = seat_of(seat_list, actor)
    if seat is None:
        raise ApiError(403, "not_seated", "spectators cannot move")
    return seat


def _undo(row: Any, live: Live, seat: int) -> None:
    state = live.state
    if state.current_player is None:
        raise GameOverError("the game is over")
    if state.current_player != seat:
        raise NotYourTurnError("only the player on turn may undo")
    if not live.actions or not state.can_undo():
        raise IllegalActionError("nothing to undo: the rules do not allow taking it back")
    live.actions.pop()
    live.state = rebuild(row, live.actions)


def _notices(
    row: Any, seat_list: Any, to_move: int | None, before: int | None, over: bool
) -> list[tuple[int, str, str]]:
    if over:
        return [
            (r.user_id, "over", notify.over_text(row.id))
            for r in seat_list
            if r.user_id is not None
        ]
    if to_move is None or to_move == before:
        return []
    user_id = seat_list[to_move].user_id
    return [] if user_id is None else [(user_id, "turn", notify.turn_text(row.id))]
