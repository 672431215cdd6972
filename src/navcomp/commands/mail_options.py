"""``navcomp serve``'s mail options (docs/server.md, "Mail"), and the settings they make."""

from __future__ import annotations

import argparse
import os
from typing import Any

from navcomp.commands.option_types import seconds_above_zero, seconds_from_zero
from navcomp.server.runtime.mail_sender import smtp_server

SMTP_URL_VARIABLE = "NAVCOMP_SMTP_URL"


def add(parser: Any) -> None:
    mail = parser.add_argument_group("mail")
    mail.add_argument(
        "--smtp-url",
        type=_smtp_url,
        default=os.environ.get(SMTP_URL_VARIABLE) or None,  # checked by ``type`` too
        help="smtp://user:password@host:port (or smtps:// for TLS from the start); "
        "without it mail waits in the outbox",
    )
    mail.add_argument(
        "--smtp-starttls",
        action="store_true",
        help="require STARTTLS (by default it is used when the SMTP server offers it)",
    )
    mail.add_argument("--mail-from", default="NavComp <navcomp@localhost>", help="the sender")
    mail.add_argument(
        "--public-url",
        help="the table's address as readers reach it, for the links in mail "
        "(default http://HOST:PORT)",
    )
    mail.add_argument(
        "--turn-mail-grace",
        type=seconds_from_zero,
        default=120.0,
        help="seconds a turn mail waits after the turn began, and while its reader has a "
        "page open: a turn played meanwhile is not mailed (default 120; 0: at once)",
    )
    mail.add_argument(
        "--mail-retry-max",
        type=seconds_above_zero,
        default=900.0,
        help="seconds at most between tries of a mail the SMTP server did not take (default 900)",
    )


def _smtp_url(url: str) -> str:
    try:
        smtp_server(url, starttls=False)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return url


def settings(args: argparse.Namespace, served_at: str) -> dict[str, Any]:
    """The ``Settings`` fields of the options; without ``--public-url`` links point at
    ``served_at``."""
    public = args.public_url or served_at
    return {
        "smtp_url": args.smtp_url,
        "smtp_starttls": args.smtp_starttls,
        "mail_from": args.mail_from,
        "public_url": public.rstrip("/"),
        "mail_retry_max_seconds": args.mail_retry_max,
        "turn_mail_grace_seconds": args.turn_mail_grace,
    }
