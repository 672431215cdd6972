"""What an account hears by mail, and the kinds of mail."""

from __future__ import annotations

from enum import StrEnum


class TurnMail(StrEnum):
    """How often an account hears by mail that it is its turn."""

    EVERY = "every"  # a mail each turn
    DIGEST = "digest"  # one mail for the turns of a while (at most every N hours)
    NEVER = "never"


class MailKind(StrEnum):
    TURN = "turn"
    DIGEST = "digest"  # the turns of a while, in one mail
    INVITE = "invite"
    TIME_LOW = "time_low"
    OVER = "over"
    VERIFY = "verify"  # an address's verification link
    RESET = "reset"  # a password reset link
    TEST = "test"
