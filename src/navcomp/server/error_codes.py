"""Every stable error code the API sends: its HTTP status and what it means.

Each :class:`~navcomp.server.errors.ApiError` is made from an entry here, so a code
cannot be mistyped; docs/server.md's table of codes is this registry
(tests/test_server_error_codes.py), and the browser has a text for each
(tests/test_i18n.py).  The rules engines' refusals (``navcomp.core.errors``) carry
codes of their own, mapped here by :data:`ENGINE`.
"""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus

from navcomp.core.errors import (
    ActionError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
)


@dataclass(frozen=True)
class ErrorCode:
    code: str
    status: HTTPStatus
    meaning: str  # one line, for the docs' table


REGISTRY: dict[str, ErrorCode] = {}
"""Every code, by name, in the order the docs list them within a status."""


def _entry(code: str, status: HTTPStatus, meaning: str) -> ErrorCode:
    if code in REGISTRY:
        raise ValueError(f"error code {code} twice")
    entry = REGISTRY[code] = ErrorCode(code, status, meaning)
    return entry


S = HTTPStatus

MALFORMED_JSON = _entry(
    "malformed_json",
    S.BAD_REQUEST,
    "the body is not JSON, or not UTF-8 (UTF-16, UTF-32, a byte-order mark)",
)
MALFORMED_ACTION = _entry("malformed_action", S.BAD_REQUEST, "the action cannot be read")
BAD_ACTION = _entry("bad_action", S.BAD_REQUEST, "the rules engine refused the action")
NOT_LOGGED_IN = _entry("not_logged_in", S.UNAUTHORIZED, "log in, or start as a guest")
BAD_CREDENTIALS = _entry("bad_credentials", S.UNAUTHORIZED, "wrong name or password")
CSRF_FAILED = _entry(
    "csrf_failed", S.FORBIDDEN, "a cookie session's X-CSRF-Token header is missing or wrong"
)
CROSS_SITE = _entry(
    "cross_site", S.FORBIDDEN, "a request that opens a session came from another site's page"
)
JSON_REQUIRED = _entry(
    "json_required",
    S.UNSUPPORTED_MEDIA_TYPE,
    "a request that opens a session is sent as JSON (Content-Type: application/json)",
)
NOT_SEATED = _entry(
    "not_seated", S.FORBIDDEN, "no seat at this table: spectators cannot move or invite"
)
NOT_CREATOR = _entry("not_creator", S.FORBIDDEN, "only the table's creator may do this")
TABLE_NOT_FOUND = _entry("table_not_found", S.NOT_FOUND, "no such table (also an id out of range)")
USER_NOT_FOUND = _entry("user_not_found", S.NOT_FOUND, "no player of that name")
NOT_FOUND = _entry("not_found", S.NOT_FOUND, "no such path")
METHOD_NOT_ALLOWED = _entry(
    "method_not_allowed", S.METHOD_NOT_ALLOWED, "the path takes other methods: see Allow"
)
STALE_VERSION = _entry(
    "stale_version", S.CONFLICT, "the table is at another version than expected: reload"
)
NOT_YOUR_TURN = _entry("not_your_turn", S.CONFLICT, "another seat is to move")
GAME_OVER = _entry("game_over", S.CONFLICT, "the game is over")
NOT_STARTED = _entry("not_started", S.CONFLICT, "the game has not started")
TABLE_NOT_OPEN = _entry("table_not_open", S.CONFLICT, "the game has started: seats are fixed")
TABLE_FULL = _entry("table_full", S.CONFLICT, "no free seat")
SEAT_TAKEN = _entry("seat_taken", S.CONFLICT, "that seat is not free")
ALREADY_SEATED = _entry("already_seated", S.CONFLICT, "already at the table")
SEATS_EMPTY = _entry("seats_empty", S.CONFLICT, "seats are empty: invite players or seat bots")
NAME_TAKEN = _entry(
    "name_taken",
    S.CONFLICT,
    "the name is taken, in any case or in look-alike letters (also when two register one "
    "name at once)",
)
NOT_A_GUEST = _entry("not_a_guest", S.CONFLICT, "only a guest account can be made a full one")
GAME_NOT_OVER = _entry("game_not_over", S.CONFLICT, "the replay opens when the game is over")
CONFLICT = _entry(
    "conflict",
    S.CONFLICT,
    "another request wrote the same row at the same moment: send it again",
)
BODY_TOO_LARGE = _entry("body_too_large", S.REQUEST_ENTITY_TOO_LARGE, "bodies are at most 16 KiB")
ILLEGAL_ACTION = _entry(
    "illegal_action",
    S.UNPROCESSABLE_ENTITY,
    "the rules do not allow the action now (the message says why, revealing nothing)",
)
INVALID_REQUEST = _entry(
    "invalid_request",
    S.UNPROCESSABLE_ENTITY,
    "a field is missing, of the wrong JSON type (true is no number, a string no count), "
    "out of range, nested deeper than 32 levels, or holds a control character (so does a "
    "name in the path: profile, "
    "ratings, friends, blocks, mutes)",
)
INVALID_TABLE = _entry(
    "invalid_table",
    S.UNPROCESSABLE_ENTITY,
    "no game can be set up so (seats, options), or no seat is left for a person",
)
RATED_NEEDS_ACCOUNT = _entry(
    "rated_needs_account",
    S.UNPROCESSABLE_ENTITY,
    "a rated table seats accounts only: a guest may neither make one nor join one",
)
NEVER_RATED = _entry("never_rated", S.UNPROCESSABLE_ENTITY, "a solo table is never rated")
UNKNOWN_GAME = _entry("unknown_game", S.UNPROCESSABLE_ENTITY, "no game of that name")
UNKNOWN_BOT = _entry("unknown_bot", S.UNPROCESSABLE_ENTITY, "the game has no bot of that level")
INVALID_SEAT = _entry(
    "invalid_seat", S.UNPROCESSABLE_ENTITY, "no such seat at the table, or two bots in one"
)
INVALID_NAME = _entry(
    "invalid_name",
    S.UNPROCESSABLE_ENTITY,
    "a name is 3 to 24 letters of any script, digits, - or _ (after NFKC), and not a guest's",
)
INVALID_PASSWORD = _entry(
    "invalid_password", S.UNPROCESSABLE_ENTITY, "a password is 8 to 200 characters"
)
INVALID_WEBHOOK = _entry(
    "invalid_webhook",
    S.UNPROCESSABLE_ENTITY,
    "a webhook is an http or https URL to a public address",
)
INVALID_EMAIL = _entry(
    "invalid_email",
    S.UNPROCESSABLE_ENTITY,
    "not an e-mail address (a line break, an encoded word or other header trick included)",
)
EMAIL_NOT_VERIFIED = _entry(
    "email_not_verified", S.CONFLICT, "the account has no verified e-mail address"
)
WRONG_PASSWORD = _entry("wrong_password", S.FORBIDDEN, "the current password is wrong")
REGISTERED_ONLY = _entry(
    "registered_only", S.FORBIDDEN, "guests have no password or e-mail: register first"
)
LINK_INVALID = _entry(
    "link_invalid", S.BAD_REQUEST, "a mail link that is not valid (altered, or for another use)"
)
LINK_EXPIRED = _entry("link_expired", S.GONE, "a mail link that has expired")
LINK_USED = _entry("link_used", S.CONFLICT, "a mail link that was used already")
TOO_MANY_ATTEMPTS = _entry(
    "too_many_attempts",
    S.TOO_MANY_REQUESTS,
    "too many logins, registrations, guests or sockets a minute: wait Retry-After seconds",
)
TOO_MANY_SOCKETS = _entry(
    "too_many_sockets",
    S.TOO_MANY_REQUESTS,
    "too many live sockets open at once from one address (a close reason, code 1008)",
)
TOO_MANY_MAILS = _entry(
    "too_many_mails",
    S.TOO_MANY_REQUESTS,
    "too many mails an hour from one account or to one address: wait Retry-After seconds",
)
TOO_MANY_TABLES = _entry(
    "too_many_tables", S.TOO_MANY_REQUESTS, "too many new tables a minute: wait Retry-After seconds"
)
TOO_MANY_INVITATIONS = _entry(
    "too_many_invitations",
    S.TOO_MANY_REQUESTS,
    "too many invitations a minute from you, or an hour from you or everyone to that person: "
    "wait Retry-After seconds",
)
INTERNAL_ERROR = _entry("internal_error", S.INTERNAL_SERVER_ERROR, "a failure on the server's side")
SERVER_BUSY = _entry(
    "server_busy",
    S.SERVICE_UNAVAILABLE,
    "the server has as many connections and requests as it takes: try again after Retry-After",
)
DATABASE_UNAVAILABLE = _entry(
    "database_unavailable",
    S.SERVICE_UNAVAILABLE,
    "the database cannot be reached: the request may be sent again",
)

# tutorials
UNKNOWN_TUTORIAL = _entry("unknown_tutorial", S.NOT_FOUND, "no tutorial of that name")
NOT_YOUR_TUTORIAL = _entry(
    "not_your_tutorial",
    S.FORBIDDEN,
    "a tutorial restarts only from your own table of that tutorial",
)
VERSION_NOT_REACHED = _entry(
    "version_not_reached", S.UNPROCESSABLE_ENTITY, "the table has not come as far as that version"
)
INVALID_PACE = _entry(
    "invalid_pace", S.UNPROCESSABLE_ENTITY, "a pace of an unknown kind, or an option out of range"
)
TIME_IS_UP = _entry(
    "time_is_up", S.CONFLICT, "the mover's time is up: the others choose what follows"
)
TIME_NOT_UP = _entry("time_not_up", S.CONFLICT, "the player to move still has time")
OWN_TIME = _entry("own_time", S.FORBIDDEN, "the others choose what follows your time")
EXTRA_TIME_USED = _entry("extra_time_used", S.CONFLICT, "more time was given this turn already")
CLAIM_TWO_ONLY = _entry("claim_two_only", S.CONFLICT, "only a game of two can be claimed")
NOT_PLAYING = _entry("not_playing", S.CONFLICT, "the game is not on")
LONE_ABORT_RATED = _entry(
    "lone_abort_rated",
    S.CONFLICT,
    "the only person at a rated table cannot end it by a vote: resign instead, which counts",
)

# profiles and the player's own account
PROFILE_PRIVATE = _entry(
    "profile_private", S.FORBIDDEN, "the player keeps their profile and history private"
)
# chat and blocks
CHAT_EMPTY = _entry("chat_empty", S.UNPROCESSABLE_ENTITY, "a chat message with no text")
CHAT_TOO_LONG = _entry(
    "chat_too_long", S.UNPROCESSABLE_ENTITY, "a chat message over 500 characters"
)
CHAT_TOO_FAST = _entry(
    "chat_too_fast", S.TOO_MANY_REQUESTS, "too many chat messages a minute: wait a moment"
)
CHAT_MUTED = _entry("chat_muted", S.FORBIDDEN, "the table's creator muted you at this table")
CHAT_NEEDS_ACCOUNT = _entry(
    "chat_needs_account",
    S.FORBIDDEN,
    "guests chat only with the players at their own table: register to chat here",
)
CHAT_MESSAGE_NOT_FOUND = _entry(
    "chat_message_not_found", S.NOT_FOUND, "no chat message of that id that you may read"
)
CANNOT_REPORT_OWN = _entry(
    "cannot_report_own", S.UNPROCESSABLE_ENTITY, "one's own chat message cannot be reported"
)
CANNOT_BLOCK_SELF = _entry("cannot_block_self", S.UNPROCESSABLE_ENTITY, "one cannot block oneself")
CANNOT_MUTE_SELF = _entry("cannot_mute_self", S.UNPROCESSABLE_ENTITY, "one cannot mute oneself")
NOT_AT_TABLE = _entry(
    "not_at_table",
    S.UNPROCESSABLE_ENTITY,
    "one mutes only a person who was at the table: seated there, or who wrote in its chat",
)
# friends, table visibility and spectators, rematches
CANNOT_BEFRIEND_SELF = _entry(
    "cannot_befriend_self", S.UNPROCESSABLE_ENTITY, "a friend request to oneself"
)
BLOCKED = _entry(
    "blocked", S.FORBIDDEN, "that person blocked you: no invitation, friend request or rematch"
)
NEEDS_ACCOUNT = _entry(
    "needs_account", S.FORBIDDEN, "guests have no friends and are no one's: register first"
)
NOT_FRIENDS = _entry("not_friends", S.NOT_FOUND, "no friendship or request with that player")
INVITE_ONLY = _entry(
    "invite_only",
    S.FORBIDDEN,
    "the table is invite-only: only the invited may sit at it (or, while it is open, see it)",
)
SPECTATORS_NOT_ALLOWED = _entry(
    "spectators_not_allowed",
    S.FORBIDDEN,
    "the host allows no spectators (or the table is invite-only): only its players see the game",
)
TOO_MANY_OPEN_TABLES = _entry(
    "too_many_open_tables",
    S.CONFLICT,
    "you have as many open tables as one may: start or close one first",
)
NOT_OVER = _entry("not_over", S.CONFLICT, "a rematch is offered once the game is over")
NO_REMATCH = _entry("no_rematch", S.CONFLICT, "no rematch is offered to you from this table")
REMATCH_PENDING = _entry(
    "rematch_pending", S.CONFLICT, "players of the rematch have not all accepted yet"
)

ENGINE: dict[str, ErrorCode] = {
    MalformedActionError.code: MALFORMED_ACTION,
    NotYourTurnError.code: NOT_YOUR_TURN,
    GameOverError.code: GAME_OVER,
    IllegalActionError.code: ILLEGAL_ACTION,
    ActionError.code: BAD_ACTION,  # the base class, never raised itself
}
"""The rules engines' codes (``ActionError.code``) and what the API answers for them."""

FRAMEWORK: dict[int, ErrorCode] = {
    HTTPStatus.NOT_FOUND: NOT_FOUND,
    HTTPStatus.METHOD_NOT_ALLOWED: METHOD_NOT_ALLOWED,
}
"""The framework's own refusals (no route, a method the path does not take)."""
