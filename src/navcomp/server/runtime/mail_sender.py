"""The background sender: claims due mail from the outbox and sends it over SMTP.

It runs beside the server on its event loop and never in a request: an SMTP server
down or slow holds up mail, never a move.  Each pass claims a few due rows (see
``store/outbox.py``: of several processes one claims each), sends them over one
connection, and deletes each row as soon as the SMTP server accepted it, so a mail
goes twice only if the process dies between the acceptance and that delete.  A
failure puts the row back, due again after a wait that doubles each time up to a
cap; an address the SMTP server refuses for good is given up after a few tries.
Without ``--smtp-url`` nothing is sent: mail waits in the outbox, and the server
says so once at start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

import aiosmtplib

from navcomp.domain.model import OutboxMail
from navcomp.server.runtime import metrics, stopping
from navcomp.service.mail import queue as mail
from navcomp.service.mail import render as mail_render
from navcomp.service.mail.render import Sending
from navcomp.service.mail.tokens import Links
from navcomp.store import mail_settings, outbox
from navcomp.store.db import Connection

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Server

log = logging.getLogger("navcomp.mail")

BATCH = 5  # a pass's mails, each given at most two SMTP timeouts: well within a claim
REFUSED_TRIES = 3  # an address refused for good (5xx) this often is given up


@dataclass(frozen=True)
class SmtpServer:
    hostname: str
    port: int
    username: str | None
    password: str | None
    use_tls: bool  # smtps://: TLS from the start
    start_tls: bool | None  # True: required; None: when the server offers it


def smtp_server(url: str, starttls: bool) -> SmtpServer:
    """``smtp://user:password@host:port`` (or ``smtps://``), ValueError for anything else."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ValueError("an SMTP URL is smtp://[user:password@]host[:port] or smtps://...")
    tls = parts.scheme == "smtps"
    return SmtpServer(
        parts.hostname,
        parts.port or (465 if tls else 25),
        None if parts.username is None else unquote(parts.username),
        None if parts.password is None else unquote(parts.password),
        tls,
        False if tls else (True if starttls else None),
    )


class MailService:
    """The outbox's sender for one server process, and the key of mail links."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.settings = server.settings
        self.claim_id = secrets.token_hex(8)
        self._links: Links | None = None
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    async def links(self) -> Links:
        if self._links is None:
            key = await self.server.read(mail_settings.link_key)
            self._links = Links(key, self.settings.now)
        return self._links

    def wake(self) -> None:
        """Mail was written: send it now rather than at the next poll."""
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        if self.settings.smtp_url is None:
            waiting = await self.server.read(outbox.waiting)
            log.warning(
                "no --smtp-url: mail is not sent, it waits in the outbox (%d waiting)", waiting
            )
            return
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            await stopping.stop(self._task)

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            self._wake.clear()
            try:
                claimed = await self.send_due()
            except Exception as error:  # the database away: try again at the next poll
                log.warning("mail sender: %s", error)
                claimed = 0
            if claimed >= BATCH:
                continue
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.settings.mail_poll_seconds):
                    await self._wake.wait()

    async def send_due(self) -> int:
        """One pass: claim due mail and send it; how many were claimed."""
        at = self.settings.now()
        until = at + timedelta(seconds=self.settings.mail_lease_seconds)
        grace = timedelta(seconds=self.settings.turn_mail_grace_seconds)

        def claim(c: Connection) -> tuple[int, list[OutboxMail], int]:
            claimed = outbox.claim(c, self.claim_id, at, until, BATCH, grace)
            return len(claimed), mail.to_send(c, claimed, at, grace), outbox.due(c, at, grace)

        claimed, batch, due = await self.server.tx(claim)
        metrics.JOBS_QUEUED.labels(job="mail").set(due)
        if batch:
            await self._send(batch)
        return claimed

    async def _send(self, batch: list[OutboxMail]) -> None:
        assert self.settings.smtp_url is not None
        target = smtp_server(self.settings.smtp_url, self.settings.smtp_starttls)
        sending = Sending(self.settings.public_url, self.settings.mail_from, await self.links())
        client = aiosmtplib.SMTP(
            hostname=target.hostname,
            port=target.port,
            username=target.username,
            password=target.password,
            use_tls=target.use_tls,
            start_tls=target.start_tls,
            timeout=self.settings.smtp_timeout,
        )
        try:
            await client.connect()
        except (aiosmtplib.SMTPException, OSError) as error:
            log.warning("mail: SMTP server unreachable: %s", type(error).__name__)
            for mail in batch:
                await self._failed(mail, f"connect: {error}", refused=False)
            return
        try:
            for index, mail in enumerate(batch):
                if not await self._send_one(client, mail, sending):
                    for rest in batch[index + 1 :]:  # the connection is gone
                        await self._failed(rest, "connection lost", refused=False)
                    return
        finally:
            with contextlib.suppress(aiosmtplib.SMTPException, OSError):
                await client.quit()

    async def _send_one(self, client: aiosmtplib.SMTP, mail: OutboxMail, sending: Sending) -> bool:
        """Send ``mail``; False when the connection is lost."""
        try:
            sender, data = mail_render.envelope(mail, sending)
            async with asyncio.timeout(2 * self.settings.smtp_timeout):
                await client.sendmail(sender, [mail.address], data)
        except (aiosmtplib.SMTPRecipientsRefused, aiosmtplib.SMTPSenderRefused) as error:
            await self._failed(mail, str(error), refused=True)
            return True
        except aiosmtplib.SMTPResponseException as error:
            await self._failed(mail, str(error), refused=error.code >= 500)
            return client.is_connected
        except (aiosmtplib.SMTPException, OSError, TimeoutError) as error:
            await self._failed(mail, f"{type(error).__name__}: {error}", refused=False)
            return False
        at = self.settings.now()
        await self.server.tx(lambda c: outbox.sent(c, mail, at))
        metrics.MAILS_SENT.inc()
        return True

    async def _failed(self, mail: OutboxMail, error: str, refused: bool) -> None:
        metrics.MAILS_FAILED.inc()
        if refused and mail.attempts + 1 >= REFUSED_TRIES:
            log.warning("mail %d to account %d given up: refused for good", mail.id, mail.user_id)
            await self.server.tx(lambda c: outbox.drop(c, mail))
            return
        wait = min(
            self.settings.mail_retry_max_seconds,
            self.settings.mail_retry_seconds * 2**mail.attempts,
        )
        due = self.settings.now() + timedelta(seconds=wait)
        await self.server.tx(lambda c: outbox.retry(c, mail, due, error))
