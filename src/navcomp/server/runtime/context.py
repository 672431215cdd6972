"""What every request handler shares: the settings and the :class:`Server` built from them
once per app (``app.state.server``; routes take it through ``deps.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import anyio

from navcomp.server.runtime import bot_runner as bots
from navcomp.server.runtime.database import Database
from navcomp.server.runtime.fanout import RedisFanout, channel_for
from navcomp.server.runtime.live import Hub
from navcomp.server.runtime.mail_sender import MailService
from navcomp.server.runtime.presence import Presence
from navcomp.server.runtime.queue import JobQueue
from navcomp.server.runtime.throttle import Limits, SocketCounts, Throttle
from navcomp.server.runtime.webhooks import Webhooks
from navcomp.service import accounts
from navcomp.service.games import LiveGames


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Settings:
    database_url: str
    bot_workers: int = 1
    bot_seconds: float | None = None  # None: each level's own budget
    webhooks: bool = True
    redis_url: str | None = None  # pushes across processes (several servers, one database)
    jobs: str = "in-process"  # "queue": bots, mail and webhooks to `navcomp worker`s
    webhook_allow_internal: bool = False  # hooks may point at private and loopback addresses
    trusted_proxies: tuple[str, ...] = ()  # addresses and networks whose X-Forwarded-* count
    metrics_from: tuple[str, ...] = ("127.0.0.1", "::1")  # networks that may read /metrics
    # Throttling (docs/server.md, "Limits and throttling"): attempts per minute, 0: none.
    logins_per_name: int = 10
    logins_per_address: int = 30
    registrations_per_address: int = 10
    guests_per_address: int = 10
    # A WebSocket client's messages: a burst of this many, then so many a second.
    socket_message_burst: int = 10
    socket_messages_per_second: float = 1.0
    sockets_per_address: int = 100  # live sockets open at once from one address (0: any)
    socket_opens_per_address: int = 120  # live sockets opened a minute from one address
    chat_messages_per_person: int = 20  # chat messages a minute from one account
    mails_per_account: int = 10  # mails an hour sent at one account's request
    mails_per_address: int = 5  # mails an hour to one address, asked by accounts
    resets_per_address: int = 5  # password resets an hour to one account's verified address
    open_tables_per_account: int = 3  # tables one account created that wait to start
    tables_per_account: int = 10  # tables created a minute by one account
    invitations_per_account: int = 20  # invitations a minute sent by one account
    invitations_per_pair: int = 3  # invitations an hour from one account to one person
    invitations_per_invitee: int = 30  # invitations an hour to one person, from anyone
    # Mail (docs/server.md, "Mail"): without an SMTP URL mail waits in the outbox.
    smtp_url: str | None = None  # smtp://user:password@host:port, or smtps://
    smtp_starttls: bool = False  # require STARTTLS (else used when the server offers it)
    mail_from: str = "NavComp <navcomp@localhost>"
    public_url: str = "http://127.0.0.1:8000"  # where the links in mail point
    smtp_timeout: float = 20.0  # seconds for each step of talking to the SMTP server
    mail_poll_seconds: float = 2.0  # how often the outbox is looked at for due mail
    mail_retry_seconds: float = 5.0  # the first wait after a failure, doubled each time
    mail_retry_max_seconds: float = 900.0
    mail_lease_seconds: float = 300.0  # a claim on a mail lapses after this
    # A turn mail waits this long after the turn began, and while its reader is seen at
    # a page of ours (0: at once, connected or not).
    turn_mail_grace_seconds: float = 120.0
    # The one clock of games (domain/clocks.py works in its time): tests give their own.
    now: Callable[[], datetime] = field(default=utc_now)
    sweep_seconds: float = 5.0  # how often the sweeper looks for deadlines passed (0: never)
    # a bot on turn this long is set thinking again by a sweeper (its process went away)
    bot_stall_seconds: float = 30.0
    name_hold_days: int = 30  # a deleted account's name is free again after this
    open_table_hours: float = 12.0  # an open table nobody changed closes after this (0: never)

    def limits(self) -> Limits:
        return Limits(
            logins_per_name=self.logins_per_name,
            logins_per_address=self.logins_per_address,
            registrations_per_address=self.registrations_per_address,
            guests_per_address=self.guests_per_address,
            sockets_per_address=self.socket_opens_per_address,
            chat_messages_per_person=self.chat_messages_per_person,
            mails_per_account=self.mails_per_account,
            mails_per_address=self.mails_per_address,
            resets_per_address=self.resets_per_address,
            tables_per_account=self.tables_per_account,
            invitations_per_account=self.invitations_per_account,
            invitations_per_pair=self.invitations_per_pair,
            invitations_per_invitee=self.invitations_per_invitee,
        )


class Server:
    """Everything a request handler needs, built once per app."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.database = Database(settings.database_url)
        self.tx = self.database.tx
        self.read = self.database.read
        self.games = LiveGames()
        self.hub = Hub(settings.now)
        self.runner = bots.BotRunner(
            bots.default_workers(settings.bot_workers),
            settings.bot_seconds,
            renew=bots.default_executor,
        )
        self.webhooks = Webhooks(
            enabled=settings.webhooks, allow_internal=settings.webhook_allow_internal
        )
        self.sessions = accounts.SessionCache()
        channel = channel_for(settings.database_url)
        self.fanout = RedisFanout(settings.redis_url, channel) if settings.redis_url else None
        self.throttle = Throttle(settings.limits(), settings.redis_url, channel + ":limits")
        self.hashing = anyio.CapacityLimiter(2)  # argon2: CPU and 64 MiB each
        self.sockets = SocketCounts(settings.sockets_per_address)
        self.mail = MailService(self)
        self.presence = Presence(self.tx, settings.now, settings.turn_mail_grace_seconds)
        self.queue = JobQueue(settings.database_url) if settings.jobs == "queue" else None

    async def close(self) -> None:
        self.runner.shutdown()
        self.webhooks.close()
        await self.database.close()
