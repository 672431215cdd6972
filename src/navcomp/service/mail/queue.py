"""Mail, written where notices are: in the transaction of what causes it.

A move's notices (``moves.py``) and the lobby's (``notify.add``) become outbox rows
for the readers whose verified address and settings want them: a turn (each, or
gathered in a digest sent at most every N hours; a turn mail goes only if the turn still
waits for its reader a grace after it began and the reader has left: ``to_send``), an
invitation, time running low, the game's end with its result.  The account page's mail
is written here too: an address's verification link, a password reset link, a test
mail.  The sender (``mail_sender.py``) sends them.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from email_validator import EmailNotValidError, validate_email

from navcomp.core.registry import get_game
from navcomp.domain import refusals
from navcomp.domain.mail import MailKind, TurnMail
from navcomp.domain.model import MailSettings, NewNotice, OutboxMail, Seat, Table, User
from navcomp.domain.notices import NoticeKind
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableStatus
from navcomp.service.mail import tokens as mail_tokens
from navcomp.service.mail.tokens import Links
from navcomp.store import accounts, friends, mail_settings, outbox, tables
from navcomp.store.db import Connection

MAX_ADDRESS = 254


def check_address(address: str) -> str:
    """``address`` as mail is sent to it, or ``invalid_email`` (line breaks and other
    characters a header could be tricked with are refused, never cleaned away; so is the
    start of an RFC 2047 encoded word, which a mail program may decode into another
    address).  The special-use domains for tests (``.test``, ``.example``) are addresses,
    so that a host can try the server; ``.invalid``, ``.local``, ``localhost`` are not."""
    if len(address) > MAX_ADDRESS or any(ord(c) < 32 or ord(c) == 127 for c in address):
        raise Refusal(refusals.INVALID_EMAIL, "not an e-mail address")
    if "=?" in address:
        raise Refusal(
            refusals.INVALID_EMAIL, "not an e-mail address: it holds an encoded word (=?)"
        )
    try:
        found = validate_email(address, check_deliverability=False, test_environment=True)
    except EmailNotValidError as error:
        raise Refusal(refusals.INVALID_EMAIL, f"not an e-mail address: {error}") from None
    normalized: str = found.normalized
    return normalized


def _title(game: str) -> str:
    try:
        return get_game(game).info.title
    except KeyError:
        return game


def _player(seat: Seat) -> dict[str, Any]:
    return {"name": seat.name, "bot": None if seat.name else seat.bot_level}


def _about(notice: NewNotice, table: Table | None, extra: dict[str, Any] | None) -> dict[str, Any]:
    """What a mail about ``notice`` says: public facts of the table only."""
    about: dict[str, Any] = {"table": notice.table_id, **(extra or {})}
    if table is None:
        if "game" in about:
            about["title"] = _title(about["game"])
        return about
    about |= {"game": table.game, "title": _title(table.game)}
    about["others"] = [_player(s) for s in table.seats if s.user_id != notice.user_id]
    played = None if table.result is None else table.result.played
    if notice.kind is NoticeKind.OVER and played is not None:
        ranks, scores = played.ranks, played.scores
        ranking = [
            {**_player(s), "rank": ranks[s.seat], "score": scores[s.seat]} for s in table.seats
        ]
        about["ranking"] = sorted(ranking, key=lambda r: r["rank"])
    return about


def _digest_due(reader: MailSettings, at: datetime) -> datetime:
    """A digest goes at once, unless the last one went less than its hours ago."""
    if reader.last_digest_at is None:
        return at
    return max(at, reader.last_digest_at + timedelta(hours=reader.digest_hours))


KINDS = {
    NoticeKind.INVITE: (MailKind.INVITE, "invites"),
    NoticeKind.TIME_LOW: (MailKind.TIME_LOW, "time_low"),
    NoticeKind.OVER: (MailKind.OVER, "game_over"),
}


def queue(
    conn: Connection,
    notices: list[NewNotice],
    table: Table | None,
    at: datetime,
    about: dict[str, Any] | None = None,
    reached: Collection[int] | None = None,
) -> int:
    """The mail of ``notices`` (about ``table``) into the outbox: how many readers get one.

    Whatever writes a notice calls this in its transaction: a game's end passes the
    table as it ended (its result goes into the mail), time running low a
    ``NoticeKind.TIME_LOW`` notice (``notify.add`` does both for a single notice).
    ``reached``: those of the readers that mail reaches, when the caller read it."""
    if not notices:
        return 0
    readers = mail_settings.readers(conn, [n.user_id for n in notices], reached)
    queued = 0
    for notice in notices:
        reader = readers.get(notice.user_id)
        if reader is None:
            continue
        queued += _queue_one(conn, notice, reader, _about(notice, table, about), at)
    return queued


def _queue_one(
    conn: Connection, notice: NewNotice, reader: MailSettings, facts: dict[str, Any], at: datetime
) -> bool:
    address, language, user_id = reader.address, reader.language, notice.user_id
    if address is None:
        return False
    if notice.kind is NoticeKind.TURN:
        if reader.turn is TurnMail.EVERY:
            outbox.add_turn(conn, user_id, address, language, facts, at)
        elif reader.turn is TurnMail.DIGEST:
            entry = {"table": notice.table_id, "title": facts.get("title", "")}
            due = _digest_due(reader, at)
            outbox.add_to_digest(conn, user_id, address, language, entry, at, due)
        return reader.turn is not TurnMail.NEVER
    kind, wanted = KINDS.get(notice.kind, (None, ""))
    if kind is None or not getattr(reader, wanted):
        return False
    outbox.add(conn, user_id, kind, address, language, facts, at)
    return True


def to_send(
    conn: Connection, claimed: list[OutboxMail], at: datetime, grace: timedelta
) -> list[OutboxMail]:
    """Of the mail just claimed, what goes now. A turn mail goes only while that turn
    still waits for its reader and the reader is away: one whose turn has passed (played,
    the seat taken over, the game over) is dropped; one whose reader was seen within the
    grace (a page of ours open: its pings count) is put back until a grace after that."""
    sending = []
    for claimed_mail in claimed:
        if claimed_mail.kind is not MailKind.TURN:
            sending.append(claimed_mail)
            continue
        table = tables.get(conn, claimed_mail.about["table"])
        if not _turn_waits(table, claimed_mail.user_id):
            outbox.drop(conn, claimed_mail)
            continue
        seen = friends.last_seen(conn, claimed_mail.user_id)
        if grace and seen is not None and seen > at - grace:
            outbox.postpone(conn, claimed_mail, seen)
            continue
        sending.append(claimed_mail)
    return sending


def _turn_waits(table: Table | None, user_id: int) -> bool:
    if table is None or table.status is not TableStatus.PLAYING or table.to_move is None:
        return False
    return table.seats[table.to_move].user_id == user_id


def registered(user: User) -> None:
    if user.is_guest:
        raise Refusal(refusals.REGISTERED_ONLY, "guests have no e-mail address: register")


def set_address(
    conn: Connection, user: User, address: str | None, language: str, at: datetime
) -> MailSettings:
    """A new address (unverified until its link is opened: its mail goes now), or none."""
    registered(user)
    settings = mail_settings.get(conn, user.id, lock=True)
    if address is not None and address == settings.address and settings.verified:
        return mail_settings.change(conn, user.id, language=language)
    changed = mail_settings.change(
        conn, user.id, address=address, verified=False, language=language
    )
    if address is not None:
        outbox.add(conn, user.id, MailKind.VERIFY, address, language, {"name": user.name}, at)
    return changed


def send_verification(conn: Connection, user: User, at: datetime) -> None:
    registered(user)
    settings = mail_settings.get(conn, user.id)
    if settings.address is None:
        raise Refusal(refusals.INVALID_EMAIL, "the account has no e-mail address")
    if settings.verified:
        raise Refusal(refusals.LINK_USED, "the address is verified already")
    about = {"name": user.name}
    outbox.add(conn, user.id, MailKind.VERIFY, settings.address, settings.language, about, at)


def send_test(conn: Connection, user: User, at: datetime) -> None:
    settings = mail_settings.get(conn, user.id)
    if not settings.reachable() or settings.address is None:
        raise Refusal(refusals.EMAIL_NOT_VERIFIED, "the account has no verified address")
    outbox.add(conn, user.id, MailKind.TEST, settings.address, settings.language, {}, at)


def verify(conn: Connection, links: Links, token: str) -> str:
    """Mark the address of a verification link verified: the address, or the refusal
    (expired, not valid, used already)."""
    payload = links.read(mail_tokens.VERIFY, token, mail_tokens.VERIFY_SECONDS)
    user_id, address = _pair(payload)
    settings = mail_settings.get(conn, user_id, lock=True)
    if settings.address != address:
        raise Refusal(refusals.LINK_INVALID, "the account's address has changed since")
    if settings.verified:
        raise mail_tokens.used()
    mail_settings.change(conn, user_id, verified=True)
    return address


def _pair(payload: Any) -> tuple[int, str]:
    if (
        not isinstance(payload, list)
        or len(payload) != 2
        or not isinstance(payload[0], int)
        or not isinstance(payload[1], str)
    ):
        raise Refusal(refusals.LINK_INVALID, "this link is not valid")
    return payload[0], payload[1]


def reset_owner(conn: Connection, address: str) -> int | None:
    """The id of the account a reset link to ``address`` would go to, if any."""
    found = mail_settings.owner_of(conn, address)
    return None if found is None else found[0]


def request_reset(conn: Connection, address: str, at: datetime) -> None:
    """A reset link to the registered account of the verified ``address``, if there is one
    (the answer is the same either way: it tells nobody whose address it is)."""
    found = mail_settings.owner_of(conn, address)
    if found is None:
        return
    user_id, password_hash, settings = found
    name = accounts.name_of(conn, user_id)
    about = {"name": name, "fingerprint": mail_tokens.fingerprint(password_hash)}
    outbox.add(conn, user_id, MailKind.RESET, address, settings.language, about, at)


def reset_account(conn: Connection, links: Links, token: str, lock: bool = False) -> int:
    """The account a reset link is for, if it still has the password the link replaces
    (``lock``: kept so until the transaction ends)."""
    payload = links.read(mail_tokens.RESET, token, mail_tokens.RESET_SECONDS)
    user_id, fingerprint = _pair(payload)
    if mail_tokens.fingerprint(accounts.password_hash(conn, user_id, lock)) != fingerprint:
        raise mail_tokens.used()
    return user_id


def unsubscribe(conn: Connection, links: Links, token: str) -> str:
    """Turn off the mail an unsubscribe link is for: the setting."""
    user_id, setting = _pair(links.read(mail_tokens.UNSUBSCRIBE, token, None))
    changes: dict[str, Any] = {"turn": TurnMail.NEVER} if setting == "turn" else {setting: False}
    if setting not in ("turn", "invites", "time_low", "game_over"):
        raise Refusal(refusals.LINK_INVALID, "this link is not valid")
    mail_settings.change(conn, user_id, **changes)
    return setting
