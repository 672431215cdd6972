"""A game that ends besides a move (a resignation, a claim on time, a vote to abort, the
sweeper ending a game nobody plays) wakes the mail sender at once: the game-over mail
arrives although the sender would not look at the outbox again for an hour."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.test_clocks import FakeClock
from mail_helpers import Inbox
from server.test_endings import DAY, LIVE, Table
from server.test_mail import QUICK, with_address
from server_helpers import Player, running, wait_for

NEVER_POLLED = QUICK | {"mail_poll_seconds": 3600, "sweep_seconds": 0}
"""The sender's poll, an hour away: only a wake-up sends mail within the test."""


def _resign(table: Table) -> None:
    assert table.post(table.players[1], "resign").status_code == 200


def _claim(table: Table) -> None:
    assert table.sweep(LIVE["minutes"] * 60) == 1
    assert table.post(table.others()[0], "claim").status_code == 200


def _abort(table: Table) -> None:
    for player in table.players:
        assert table.post(player, "abort-vote").status_code == 200


def _abandoned_by_all(table: Table) -> None:
    assert table.sweep(2 * DAY) == 1  # stalled: the others may choose
    assert table.sweep(2 * DAY) == 1  # nobody chose: the sweeper ends it


ENDINGS: dict[str, tuple[dict[str, object], Callable[[Table], None]]] = {
    "resignation": (LIVE, _resign),
    "claim on time": (LIVE, _claim),
    "abort vote": (LIVE, _abort),
    "time out (the sweeper)": ({"kind": "none", "stall_days": 2}, _abandoned_by_all),
}


@pytest.mark.parametrize("ending", ENDINGS)
def test_a_game_ended_besides_a_move_sends_its_mail_at_once(sqlite_url: str, ending: str) -> None:
    pace, end = ENDINGS[ending]
    clock = FakeClock()
    settings = NEVER_POLLED | {"now": clock}
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **settings) as client:
        players = [Player(client, "ann"), Player(client, "ben")]
        for player in players:
            with_address(player, inbox, f"{player.name}@example.com")  # its mail woke it too
        table = Table(client, clock, players).create(pace)
        end(table)
        assert table.state()["status"] == "over"
        subject = f"The game at table {table.id} is over"
        for player in players:
            address = f"{player.name}@example.com"
            wait_for(lambda a=address: subject in [m["Subject"] for m in inbox.to(a)], timeout=10)
