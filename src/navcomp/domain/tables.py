"""What a table and its seats can be: its status, how its game and each seat ended, who
sees it, and the kinds of change besides moves that its events record."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    OPEN = "open"  # seats are taken and bots seated; no game yet
    PLAYING = "playing"
    OVER = "over"
    CLOSED = "closed"  # its creator closed it: no row is left, only answers and pushes say so


class TableEnd(StrEnum):
    """How a table's game ended."""

    FINISHED = "finished"  # played to its end
    FORFEIT = "forfeit"  # one of two players resigned, or the other claimed it on time
    ABORTED = "aborted"  # every remaining person voted to end it: no result
    ABANDONED = "abandoned"  # stalled, with no active person left
    LEFT = "left"  # its last person left it (deleted the account): no result


class SeatEnd(StrEnum):
    """How a seat ended its game."""

    PLAYED = "played"
    RESIGNED = "resigned"
    TIMED_OUT = "timed_out"
    TAKEN_OVER = "taken_over"  # handed to a bot after it stalled


class Visibility(StrEnum):
    """Who finds a table, and who may sit at it."""

    PUBLIC = "public"  # listed in the lobby
    UNLISTED = "unlisted"  # not listed: joined by its link
    INVITE = "invite"  # only the invited and its creator sit at it; strangers cannot watch


class EventKind(StrEnum):
    """A change to a table besides a move (``service/endings.py`` makes them)."""

    TIME_UP = "time_up"
    STALLED = "stalled"
    EXTRA_TIME = "extra_time"
    TAKEN_OVER = "taken_over"  # a bot took the seat over: its time ran out, or it stalled
    RESIGNED = "resigned"  # and a bot plays on in the seat, or the other of two wins
    CLAIMED = "claimed"
    VOTE = "vote"  # a vote to abort
    ABORTED = "aborted"
    ABANDONED = "abandoned"
    LEFT = "left"  # its last person left it


DB_INT_MAX = 2**31 - 1
"""The largest integer an ``INTEGER`` column holds on PostgreSQL (ids, versions)."""


def table_id_in_range(table_id: int) -> bool:
    return 1 <= table_id <= DB_INT_MAX
