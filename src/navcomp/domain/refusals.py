"""Refusals: every stable code a refusal can carry, what kind of refusal it is, and what it
means; and :class:`Refusal`, the exception a use case raises.

This is the one registry: docs/server.md's table of codes is made from it
(tests/server/test_error_codes.py), the browser has a text for each code
(tests/test_i18n.py), and the web layer answers each kind with its HTTP status
(``navcomp.server.api.errors``).  The rules engines' refusals (``navcomp.core.errors``)
carry codes of their own, mapped here by :data:`ENGINE`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from navcomp.core.errors import (
    ActionError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)


class RefusalKind(enum.Enum):
    """What kind of "no" a refusal is; the web layer gives each its HTTP status."""

    MALFORMED = "malformed"  # the request cannot be read
    UNAUTHENTICATED = "unauthenticated"  # the caller must say who they are first
    FORBIDDEN = "forbidden"  # the caller may not do this
    NOT_FOUND = "not_found"  # what was asked for does not exist, or is not the caller's to see
    WRONG_METHOD = "wrong_method"  # the path does not take this method
    CONFLICT = "conflict"  # the state of things does not allow it now
    GONE = "gone"  # it existed, and no longer does
    TOO_LARGE = "too_large"  # the request is larger than the server reads
    WRONG_MEDIA = "wrong_media"  # the request's body is not in a form the server takes
    INVALID = "invalid"  # the request is read, and its values are not acceptable
    LIMITED = "limited"  # the caller did this too often: wait
    FAILED = "failed"  # the server failed
    UNAVAILABLE = "unavailable"  # the server cannot do it now: try again shortly


@dataclass(frozen=True)
class ErrorCode:
    code: str
    kind: RefusalKind
    meaning: str  # one line, for the docs' table


REGISTRY: dict[str, ErrorCode] = {}
"""Every code, by name, in the order the docs list them within a status."""


def _entry(code: str, kind: RefusalKind, meaning: str) -> ErrorCode:
    if code in REGISTRY:
        raise ValueError(f"error code {code} twice")
    entry = REGISTRY[code] = ErrorCode(code, kind, meaning)
    return entry


K = RefusalKind

MALFORMED_JSON = _entry(
    "malformed_json",
    K.MALFORMED,
    "the body is not JSON, or not UTF-8 (UTF-16, UTF-32, a byte-order mark)",
)
MALFORMED_ACTION = _entry("malformed_action", K.MALFORMED, "the action cannot be read")
BAD_ACTION = _entry("bad_action", K.MALFORMED, "the rules engine refused the action")
NOT_LOGGED_IN = _entry("not_logged_in", K.UNAUTHENTICATED, "log in, or start as a guest")
BAD_CREDENTIALS = _entry("bad_credentials", K.UNAUTHENTICATED, "wrong name or password")
CSRF_FAILED = _entry(
    "csrf_failed", K.FORBIDDEN, "a cookie session's X-CSRF-Token header is missing or wrong"
)
ACCOUNT_DISABLED = _entry(
    "account_disabled", K.FORBIDDEN, "the server's host disabled this account: no sign-in"
)
CROSS_SITE = _entry(
    "cross_site", K.FORBIDDEN, "a request that opens a session came from another site's page"
)
JSON_REQUIRED = _entry(
    "json_required",
    K.WRONG_MEDIA,
    "a request that opens a session is sent as JSON (Content-Type: application/json)",
)
NOT_SEATED = _entry(
    "not_seated", K.FORBIDDEN, "no seat at this table: spectators cannot move or invite"
)
NOT_CREATOR = _entry("not_creator", K.FORBIDDEN, "only the table's creator may do this")
TABLE_NOT_FOUND = _entry("table_not_found", K.NOT_FOUND, "no such table (also an id out of range)")
USER_NOT_FOUND = _entry("user_not_found", K.NOT_FOUND, "no player of that name")
NOT_FOUND = _entry("not_found", K.NOT_FOUND, "no such path")
METHOD_NOT_ALLOWED = _entry(
    "method_not_allowed", K.WRONG_METHOD, "the path takes other methods: see Allow"
)
STALE_VERSION = _entry(
    "stale_version", K.CONFLICT, "the table is at another version than expected: reload"
)
NOT_YOUR_TURN = _entry("not_your_turn", K.CONFLICT, "another seat is to move")
GAME_OVER = _entry("game_over", K.CONFLICT, "the game is over")
NOT_STARTED = _entry("not_started", K.CONFLICT, "the game has not started")
TABLE_NOT_OPEN = _entry("table_not_open", K.CONFLICT, "the game has started: seats are fixed")
TABLE_FULL = _entry("table_full", K.CONFLICT, "no free seat")
SEAT_TAKEN = _entry("seat_taken", K.CONFLICT, "that seat is not free")
ALREADY_SEATED = _entry("already_seated", K.CONFLICT, "already at the table")
SEATS_EMPTY = _entry("seats_empty", K.CONFLICT, "seats are empty: invite players or seat bots")
NAME_TAKEN = _entry(
    "name_taken",
    K.CONFLICT,
    "the name is taken, in any case or in look-alike letters (also when two register one "
    "name at once)",
)
NOT_A_GUEST = _entry("not_a_guest", K.CONFLICT, "only a guest account can be made a full one")
GAME_NOT_OVER = _entry("game_not_over", K.CONFLICT, "the replay opens when the game is over")
CONFLICT = _entry(
    "conflict",
    K.CONFLICT,
    "another request wrote the same row at the same moment: send it again",
)
BODY_TOO_LARGE = _entry("body_too_large", K.TOO_LARGE, "bodies are at most 16 KiB")
ILLEGAL_ACTION = _entry(
    "illegal_action",
    K.INVALID,
    "the rules do not allow the action now (the message says why, revealing nothing)",
)
INVALID_REQUEST = _entry(
    "invalid_request",
    K.INVALID,
    "a field is missing, of the wrong JSON type (true is no number, a string no count), "
    "out of range, nested deeper than 32 levels, or holds a control character (so does a "
    "name in the path: profile, "
    "ratings, friends, blocks, mutes)",
)
INVALID_TABLE = _entry(
    "invalid_table",
    K.INVALID,
    "no game can be set up so (seats, options), or no seat is left for a person",
)
RATED_NEEDS_ACCOUNT = _entry(
    "rated_needs_account",
    K.INVALID,
    "a rated table seats accounts only: a guest may neither make one nor join one",
)
NEVER_RATED = _entry("never_rated", K.INVALID, "a solo table is never rated")
UNKNOWN_GAME = _entry("unknown_game", K.INVALID, "no game of that name")
UNKNOWN_BOT = _entry("unknown_bot", K.INVALID, "the game has no bot of that level")
INVALID_SEAT = _entry("invalid_seat", K.INVALID, "no such seat at the table, or two bots in one")
INVALID_NAME = _entry(
    "invalid_name",
    K.INVALID,
    "a name is 3 to 24 letters of any script, digits, - or _ (after NFKC), and not a guest's",
)
INVALID_PASSWORD = _entry("invalid_password", K.INVALID, "a password is 8 to 200 characters")
INVALID_WEBHOOK = _entry(
    "invalid_webhook",
    K.INVALID,
    "a webhook is an http or https URL to a public address",
)
INVALID_EMAIL = _entry(
    "invalid_email",
    K.INVALID,
    "not an e-mail address (a line break, an encoded word or other header trick included)",
)
EMAIL_NOT_VERIFIED = _entry(
    "email_not_verified", K.CONFLICT, "the account has no verified e-mail address"
)
WRONG_PASSWORD = _entry("wrong_password", K.FORBIDDEN, "the current password is wrong")
REGISTERED_ONLY = _entry(
    "registered_only", K.FORBIDDEN, "guests have no password or e-mail: register first"
)
LINK_INVALID = _entry(
    "link_invalid", K.MALFORMED, "a mail link that is not valid (altered, or for another use)"
)
LINK_EXPIRED = _entry("link_expired", K.GONE, "a mail link that has expired")
LINK_USED = _entry("link_used", K.CONFLICT, "a mail link that was used already")
TOO_MANY_ATTEMPTS = _entry(
    "too_many_attempts",
    K.LIMITED,
    "too many logins, registrations, guests or sockets a minute, or webhook tests an hour: "
    "wait Retry-After seconds",
)
TOO_MANY_SOCKETS = _entry(
    "too_many_sockets",
    K.LIMITED,
    "too many live sockets open at once from one address (a close reason, code 1008)",
)
TOO_MANY_MAILS = _entry(
    "too_many_mails",
    K.LIMITED,
    "too many mails an hour from one account or to one address: wait Retry-After seconds",
)
TOO_MANY_TABLES = _entry(
    "too_many_tables", K.LIMITED, "too many new tables a minute: wait Retry-After seconds"
)
TOO_MANY_INVITATIONS = _entry(
    "too_many_invitations",
    K.LIMITED,
    "too many invitations a minute from you, or an hour from you or everyone to that person: "
    "wait Retry-After seconds",
)
INTERNAL_ERROR = _entry("internal_error", K.FAILED, "a failure on the server's side")
SERVER_BUSY = _entry(
    "server_busy",
    K.UNAVAILABLE,
    "the server has as many connections and requests as it takes: try again after Retry-After",
)
DATABASE_UNAVAILABLE = _entry(
    "database_unavailable",
    K.UNAVAILABLE,
    "the database cannot be reached: the request may be sent again",
)

# tutorials
UNKNOWN_TUTORIAL = _entry("unknown_tutorial", K.NOT_FOUND, "no tutorial of that name")
NOT_YOUR_TUTORIAL = _entry(
    "not_your_tutorial",
    K.FORBIDDEN,
    "a tutorial restarts only from your own table of that tutorial",
)
VERSION_NOT_REACHED = _entry(
    "version_not_reached", K.INVALID, "the table has not come as far as that version"
)
INVALID_PACE = _entry(
    "invalid_pace", K.INVALID, "a pace of an unknown kind, or an option out of range"
)
TIME_IS_UP = _entry(
    "time_is_up", K.CONFLICT, "the mover's time is up: the others choose what follows"
)
TIME_NOT_UP = _entry("time_not_up", K.CONFLICT, "the player to move still has time")
OWN_TIME = _entry("own_time", K.FORBIDDEN, "the others choose what follows your time")
EXTRA_TIME_USED = _entry("extra_time_used", K.CONFLICT, "more time was given this turn already")
CLAIM_TWO_ONLY = _entry("claim_two_only", K.CONFLICT, "only a game of two can be claimed")
NOT_PLAYING = _entry("not_playing", K.CONFLICT, "the game is not on")
LONE_ABORT_RATED = _entry(
    "lone_abort_rated",
    K.CONFLICT,
    "the only person at a rated table cannot end it by a vote: resign instead, which counts",
)

# profiles and the player's own account
PROFILE_PRIVATE = _entry(
    "profile_private", K.FORBIDDEN, "the player keeps their profile and history private"
)
# chat and blocks
CHAT_EMPTY = _entry("chat_empty", K.INVALID, "a chat message with no text")
CHAT_TOO_LONG = _entry("chat_too_long", K.INVALID, "a chat message over 500 characters")
CHAT_TOO_FAST = _entry("chat_too_fast", K.LIMITED, "too many chat messages a minute: wait a moment")
CHAT_MUTED = _entry("chat_muted", K.FORBIDDEN, "the table's creator muted you at this table")
CHAT_NEEDS_ACCOUNT = _entry(
    "chat_needs_account",
    K.FORBIDDEN,
    "guests chat only with the players at their own table: register to chat here",
)
CHAT_MESSAGE_NOT_FOUND = _entry(
    "chat_message_not_found", K.NOT_FOUND, "no chat message of that id that you may read"
)
CANNOT_REPORT_OWN = _entry(
    "cannot_report_own", K.INVALID, "one's own chat message cannot be reported"
)
CANNOT_BLOCK_SELF = _entry("cannot_block_self", K.INVALID, "one cannot block oneself")
CANNOT_MUTE_SELF = _entry("cannot_mute_self", K.INVALID, "one cannot mute oneself")
NOT_AT_TABLE = _entry(
    "not_at_table",
    K.INVALID,
    "one mutes only a person who was at the table: seated there, or who wrote in its chat",
)
# friends, table visibility and spectators, rematches
CANNOT_BEFRIEND_SELF = _entry("cannot_befriend_self", K.INVALID, "a friend request to oneself")
BLOCKED = _entry(
    "blocked", K.FORBIDDEN, "that person blocked you: no invitation, friend request or rematch"
)
NEEDS_ACCOUNT = _entry(
    "needs_account", K.FORBIDDEN, "guests have no friends and are no one's: register first"
)
NOT_FRIENDS = _entry("not_friends", K.NOT_FOUND, "no friendship or request with that player")
INVITE_ONLY = _entry(
    "invite_only",
    K.FORBIDDEN,
    "the table is invite-only: only the invited may sit at it (or, while it is open, see it)",
)
SPECTATORS_NOT_ALLOWED = _entry(
    "spectators_not_allowed",
    K.FORBIDDEN,
    "the host allows no spectators (or the table is invite-only): only its players see the game",
)
TOO_MANY_OPEN_TABLES = _entry(
    "too_many_open_tables",
    K.CONFLICT,
    "you have as many open tables as one may: start or close one first",
)
NOT_OVER = _entry("not_over", K.CONFLICT, "a rematch is offered once the game is over")
NO_REMATCH = _entry("no_rematch", K.CONFLICT, "no rematch is offered to you from this table")
REMATCH_PENDING = _entry(
    "rematch_pending", K.CONFLICT, "players of the rematch have not all accepted yet"
)


ENGINE: dict[str, ErrorCode] = {
    MalformedActionError.code: MALFORMED_ACTION,
    NotYourTurnError.code: NOT_YOUR_TURN,
    GameOverError.code: GAME_OVER,
    IllegalActionError.code: ILLEGAL_ACTION,
    ActionError.code: BAD_ACTION,  # the base class, never raised itself
}
"""The rules engines' codes (``ActionError.code``) and what the platform answers for them."""

MAX_MESSAGE = 300
"""A refusal's message, whatever it holds, is cut to this many characters."""


class Refusal(Exception):  # noqa: N818 (a refusal is an answer to the caller, not a fault)
    """A use case's "no": a registered code, and a message for the person asking;
    ``retry_after``: the seconds after which trying again can succeed, if known."""

    def __init__(self, kind: ErrorCode, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.code = kind.code
        self.message = message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 1] + "…"
        self.retry_after = retry_after

    def body(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}


def not_found() -> Refusal:
    return Refusal(TABLE_NOT_FOUND, "no such table")


def from_action_error(error: ActionError) -> Refusal:
    """The engine's refusals, as the platform states them."""
    return Refusal(ENGINE.get(error.code, BAD_ACTION), str(error))
