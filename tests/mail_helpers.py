"""A real SMTP server for the mail tests (aiosmtpd, in a thread of its own), and reading
what the table's mail says."""

from __future__ import annotations

import asyncio
import email
import re
import ssl
import threading
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

from server_helpers import free_port


class Inbox:
    """Every message an SMTP server on 127.0.0.1 accepted; stopped and started again on
    the same port (an SMTP server that goes down and comes back)."""

    def __init__(
        self,
        port: int | None = None,
        login: tuple[str, str] | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.port = port or free_port()
        self.login = login  # a server that takes mail only after this AUTH LOGIN/PLAIN
        self.tls = tls  # a server that takes mail only after STARTTLS
        self.messages: list[EmailMessage] = []
        self.hold = False  # a slow server: each message waits for ``release``
        self.entered = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()
        self._controller: Controller | None = None

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        if self.login is not None and not session.authenticated:
            return "530 5.7.0 Authentication required"
        if self.hold:
            self.entered.set()
            await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 60)
        message = email.message_from_bytes(envelope.original_content, policy=default)
        assert isinstance(message, EmailMessage)
        message.raw = envelope.original_content  # type: ignore[attr-defined]  (as sent)
        with self._lock:
            self.messages.append(message)
        return "250 OK"

    def _authenticate(
        self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        assert self.login is not None
        given = (data.login.decode(), data.password.decode())
        return AuthResult(success=given == self.login)

    def start(self) -> Inbox:
        auth: dict[str, Any] = {}
        if self.tls is not None:
            auth |= {"tls_context": self.tls, "require_starttls": True}
        if self.login is not None:
            auth |= {"auth_require_tls": False, "authenticator": self._authenticate}  # loopback
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port, **auth)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def to(self, address: str) -> list[EmailMessage]:
        with self._lock:
            return [m for m in self.messages if m["To"] == address]

    def __enter__(self) -> Inbox:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()


def parts(message: EmailMessage) -> tuple[str, str]:
    """The plain text and the HTML of ``message``."""
    plain = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert plain is not None and html is not None
    return plain.get_content(), html.get_content()


def link(message: EmailMessage, route: str) -> str:
    """The token of the ``#/<route>/<token>`` link in ``message``'s text."""
    found = re.search(rf"#/{route}/([A-Za-z0-9_.\-]+)", parts(message)[0])
    assert found, parts(message)[0]
    return found.group(1)


class Clock:
    """The server's clock: the real time, moved on by ``advance`` (no sleeping)."""

    def __init__(self) -> None:
        self.ahead = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.ahead

    def advance(self, **delta: float) -> None:
        self.ahead += timedelta(**delta)
