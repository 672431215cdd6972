"""What follows a committed change, as values.

A use case changes the database in its transaction and returns, beside its answer, the
effects that must follow once the change is committed: which tables to push to their
clients (and announce to other processes), which chat message, whether the mail sender
has new mail, which webhooks to call, which bot to set thinking, which sessions ended.
The one dispatcher (``navcomp.server.runtime.dispatch``) carries them out in order; a
use case never does, so a change rolled back has no effect at all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from navcomp.domain.model import NewNotice, Table
from navcomp.service.bot_jobs import BotJob
from navcomp.service.games import Live


@dataclass(frozen=True)
class PushMove:
    """A move made here: keep its game, push each client its view, announce it."""

    table: Table
    live: Live
    described: dict[str, Any]  # the table's JSON, as the mover's answer has it


@dataclass(frozen=True)
class PushTable:
    """A change besides a move: push the table as it now is here, and announce it.
    ``forget``: the kept game may miss the change (a seat handed over, a vote)."""

    table: Table
    forget: bool = False


@dataclass(frozen=True)
class PushClosed:
    """The table is closed: its clients here are told, and other processes."""

    table_id: int


@dataclass(frozen=True)
class PushChat:
    """A new chat message, to the clients who may read it (here and, announced, elsewhere)."""

    message_id: int


@dataclass(frozen=True)
class WakeMail:
    """New mail is in the outbox: the sender sends it now rather than at its next poll."""


@dataclass(frozen=True)
class CallWebhook:
    url: str
    payload: dict[str, Any]
    user_id: int  # whose hook: a queued call names the reader, never the hook's address


@dataclass(frozen=True)
class StartBot:
    """If a bot is to move at the table, set it thinking (``job``: the move already known)."""

    table_id: int
    job: BotJob | None = None


@dataclass(frozen=True)
class EndSessions:
    """Sessions ended (by their token digests): forgotten here and in other processes."""

    digests: tuple[str, ...]


Effect = (
    PushMove | PushTable | PushClosed | PushChat | WakeMail | CallWebhook | StartBot | EndSessions
)
Effects = tuple[Effect, ...]

WAKE_MAIL = WakeMail()


def webhooks_for(
    table_id: int, told: Sequence[NewNotice], hooks: Mapping[int, str]
) -> list[CallWebhook]:
    """Each notice, to the webhook of its reader if they set one."""
    return [
        CallWebhook(
            hooks[notice.user_id],
            {"table": table_id, "kind": notice.kind.value, "text": notice.text},
            notice.user_id,
        )
        for notice in told
        if notice.user_id in hooks
    ]
