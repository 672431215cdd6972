"""What a notice in the app is about."""

from __future__ import annotations

from enum import StrEnum


class NoticeKind(StrEnum):
    TURN = "turn"  # your turn
    OVER = "over"  # the game is over
    INVITE = "invite"
    TIME_LOW = "time_low"  # a quarter of the time allowance is left
    TIME_UP = "time_up"  # a player's time is up: choose more time, a bot, or a claim
    STALLED = "stalled"  # nobody moved for the stall period: the silent seat may go to a bot
    SEAT_CHANGE = "seat_change"  # a bot took a seat over, someone resigned, voted to abort
    REMATCH = "rematch"  # a player of a finished game offers a rematch
    NOTE = "note"  # a notice written before notices had kinds
