"""A mail from the outbox made into a message: plain text and HTML, in the reader's
language, with its links (the table, a signed one-click unsubscribe with the
``List-Unsubscribe`` headers, a verification or reset link).

A mail says only what every player at the table may see: names, the table, the game
and, once it is over, the result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from email.generator import BytesGenerator
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate, make_msgid, parseaddr
from io import BytesIO
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from navcomp.domain.mail import MailKind
from navcomp.domain.model import OutboxMail
from navcomp.domain.names import is_former
from navcomp.service.mail import tokens as mail_tokens
from navcomp.service.mail.texts import text
from navcomp.service.mail.tokens import Links

TEMPLATES = Environment(
    loader=PackageLoader("navcomp.service.mail", "templates"),
    autoescape=select_autoescape(["html"]),
    keep_trailing_newline=True,
)

POLICY = SMTP.clone(max_line_length=998)
"""Headers unfolded up to SMTP's own limit: a long ``List-Unsubscribe`` link stays a plain
URL, not encoded words that mail clients would not read as one."""

UNSUBSCRIBES = {  # the setting a one-click unsubscribe turns off
    MailKind.TURN: "turn",
    MailKind.DIGEST: "turn",
    MailKind.INVITE: "invites",
    MailKind.TIME_LOW: "time_low",
    MailKind.OVER: "game_over",
}


@dataclass(frozen=True)
class Sending:
    """What every mail needs: where the server is, who sends, and the key for links."""

    base_url: str
    sender: str
    links: Links


@dataclass
class Letter:
    subject: str
    paragraphs: list[str]
    lines: list[tuple[str, str | None]] = field(default_factory=list)
    link: tuple[str, str] | None = None
    unsubscribe: str | None = None  # the page's link; the header's is the API's


def table_url(base: str, table_id: int) -> str:
    return f"{base}/#/table/{table_id}"


def _names(language: str, players: list[dict[str, Any]]) -> list[str]:
    return [
        _person(language, p["name"])
        if p.get("name")
        else text(language, "bot", level=p.get("bot") or "?")
        for p in players
    ]


def _person(language: str, name: str) -> str:
    """A name as a mail words it: a deleted account's as "a former player"."""
    return text(language, "former") if is_former(name) else name


def _table_letter(mail: OutboxMail, base: str) -> Letter:
    lang, about = mail.language, mail.about
    values = {"table": about["table"], "game": about.get("title", about.get("game", ""))}
    link = (text(lang, "open_table"), table_url(base, about["table"]))
    if mail.kind is MailKind.TURN:
        players = text(lang, "and").join(_names(lang, about.get("others", [])))
        body = text(lang, "body_turn", players=players, **values)
        return Letter(text(lang, "subject_turn", **values), [body], link=link)
    if mail.kind is MailKind.INVITE:
        by = _person(lang, about.get("by", ""))
        body = text(lang, "body_invite", by=by, **values)
        return Letter(text(lang, "subject_invite", by=by, **values), [body], link=link)
    if mail.kind is MailKind.TIME_LOW:
        body = text(lang, "body_time_low", **values)
        return Letter(text(lang, "subject_time_low", **values), [body], link=link)
    ranking = about.get("ranking", [])
    names = _names(lang, ranking)
    lines: list[tuple[str, str | None]] = [
        (text(lang, "result_line", rank=r["rank"], name=n, score=r["score"]), None)
        for r, n in zip(ranking, names, strict=True)
    ]
    body = text(lang, "body_over", **values)
    return Letter(text(lang, "subject_over", **values), [body], lines, link)


def letter(mail: OutboxMail, sending: Sending) -> Letter:
    """What ``mail`` says, its links made now."""
    lang, about, base = mail.language, mail.about, sending.base_url
    links = sending.links
    if mail.kind is MailKind.VERIFY:
        token = links.make(mail_tokens.VERIFY, [mail.user_id, mail.address])
        body = text(lang, "body_verify", address=mail.address, name=about["name"])
        link = (text(lang, "confirm_address"), f"{base}/#/verify/{token}")
        return Letter(text(lang, "subject_verify"), [body], link=link)
    if mail.kind is MailKind.RESET:
        token = links.make(mail_tokens.RESET, [mail.user_id, about["fingerprint"]])
        body = text(lang, "body_reset", name=about["name"])
        link = (text(lang, "choose_password"), f"{base}/#/reset/{token}")
        return Letter(text(lang, "subject_reset"), [body], link=link)
    if mail.kind is MailKind.TEST:
        return Letter(text(lang, "subject_test"), [text(lang, "body_test")])
    if mail.kind is MailKind.DIGEST:
        tables = about["tables"]
        lines: list[tuple[str, str | None]] = [
            (
                text(lang, "digest_line", table=t["table"], game=t.get("title", "")),
                table_url(base, t["table"]),
            )
            for t in tables
        ]
        subject = "subject_digest_one" if len(tables) == 1 else "subject_digest"
        found = Letter(text(lang, subject, n=len(tables)), [text(lang, "body_digest")])
        found.lines = lines
        return found
    return _table_letter(mail, base)


def unsubscribe_token(sending: Sending, mail: OutboxMail) -> str | None:
    setting = UNSUBSCRIBES.get(mail.kind)
    if setting is None:
        return None
    return sending.links.make(mail_tokens.UNSUBSCRIBE, [mail.user_id, setting])


def message(mail: OutboxMail, sending: Sending) -> EmailMessage:
    """``mail`` as a message to send: text and HTML alternatives and its headers."""
    found = letter(mail, sending)
    token = unsubscribe_token(sending, mail)
    if token is not None:
        found.unsubscribe = f"{sending.base_url}/#/unsubscribe/{token}"
    values = {
        "language": mail.language,
        "subject": found.subject,
        "paragraphs": found.paragraphs,
        "lines": found.lines,
        "link": found.link,
        "unsubscribe": found.unsubscribe,
        "unsubscribe_label": text(mail.language, "unsubscribe"),
        "footer": text(mail.language, "footer"),
    }
    built = EmailMessage(policy=POLICY)
    built["Subject"] = found.subject
    built["From"] = sending.sender
    built["To"] = mail.address
    built["Date"] = formatdate(usegmt=True)
    built["Message-ID"] = make_msgid(domain=sending.sender.rsplit("@", 1)[-1].strip("> "))
    if token is not None:
        built["List-Unsubscribe"] = f"<{sending.base_url}/api/mail/unsubscribe/{token}>"
        built["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    built.set_content(TEMPLATES.get_template("mail.txt").render(values))
    built.add_alternative(TEMPLATES.get_template("mail.html").render(values), subtype="html")
    built["Content-Language"] = mail.language  # after the content, which clears Content-*
    return built


def envelope(mail: OutboxMail, sending: Sending) -> tuple[str, bytes]:
    """The envelope's sender and ``mail`` as the bytes to send (flattened here, with the
    headers unfolded: SMTP clients would fold them to 78 characters)."""
    out = BytesIO()
    BytesGenerator(out, policy=POLICY).flatten(message(mail, sending))
    return parseaddr(sending.sender)[1], out.getvalue()
