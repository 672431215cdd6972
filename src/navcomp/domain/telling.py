"""Who is told what: the notices a move, an invitation or a game's start writes, and
their English texts (a page words them in its own language from their kind)."""

from __future__ import annotations

from navcomp.domain.model import NewNotice, Seat
from navcomp.domain.notices import NoticeKind


def turn_text(table_id: int) -> str:
    return f"Your turn at table {table_id}"


def over_text(table_id: int) -> str:
    return f"The game at table {table_id} is over: see the scores"


def invite_text(by: str, game_title: str, table_id: int) -> str:
    return f"{by} invites you to a game of {game_title} (table {table_id})"


def turn_notice(table_id: int, seats: tuple[Seat, ...], to_move: int) -> NewNotice | None:
    """ "Your turn" for the person in seat ``to_move`` (none for a bot)."""
    user_id = seats[to_move].user_id
    return (
        None
        if user_id is None
        else NewNotice(user_id, table_id, NoticeKind.TURN, turn_text(table_id))
    )


def after_move(
    table_id: int, seats: tuple[Seat, ...], to_move: int | None, before: int | None, over: bool
) -> list[NewNotice]:
    """A move's notices: the game's end to every person seated, or "your turn" to the
    one whose turn it now is (none while the same seat goes on)."""
    if over:
        text = over_text(table_id)
        return [
            NewNotice(s.user_id, table_id, NoticeKind.OVER, text)
            for s in seats
            if s.user_id is not None
        ]
    if to_move is None or to_move == before:
        return []
    notice = turn_notice(table_id, seats, to_move)
    return [] if notice is None else [notice]
