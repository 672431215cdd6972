"""``--turn-mail-grace`` is a number of seconds from 0 up, and presence, whose writes the
grace reads, writes an account at most once a second, whatever the grace."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from navcomp.commands.cli import build_parser
from navcomp.server.runtime.presence import Presence


@pytest.mark.parametrize("grace", ["-1", "-0.5", "nan", "-inf", "soon"])
def test_a_turn_mail_grace_below_zero_is_refused(
    grace: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args(["serve", f"--turn-mail-grace={grace}"])
    assert refused.value.code == 2
    said = capsys.readouterr().err
    assert "--turn-mail-grace" in said and "seconds from 0 up" in said


@pytest.mark.parametrize(("grace", "seconds"), [("0", 0.0), ("2.5", 2.5), ("120", 120.0)])
def test_a_turn_mail_grace_from_zero_is_taken(grace: str, seconds: float) -> None:
    args = build_parser().parse_args(["serve", f"--turn-mail-grace={grace}"])
    assert args.turn_mail_grace == seconds


@pytest.mark.parametrize("grace", [-1.0, 0.5, 2.0])
def test_presence_writes_an_account_at_most_once_a_second(grace: float) -> None:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    now = [start]
    writes: list[Any] = []

    async def tx(work: Any) -> None:
        writes.append(work)

    async def seen_over_a_second() -> None:
        presence = Presence(tx, lambda: now[0], turn_mail_grace=grace)
        for tenth in range(10):
            now[0] = start + timedelta(seconds=tenth / 10)
            await presence.seen(7)

    asyncio.run(seen_over_a_second())
    assert len(writes) == 1
