"""Turn mail that waits for a turn to wait: a player at the table (a page of ours open,
so seen) gets no mail for the turns she plays, not even the first as she starts the game;
once she has left and a turn waits for her, one mail, and only one."""

from __future__ import annotations

from typing import Any

from domain.test_clocks import FakeClock
from mail_helpers import Inbox
from server.test_mail import QUICK, outbox_rows, with_address
from server_helpers import Player, new_game, running, wait_for

GAME = "count-to-three"
TURN_SUBJECT = "Your turn at table"


def turn_mails(inbox: Inbox, address: str) -> list[Any]:
    return [m for m in inbox.to(address) if m["Subject"].startswith(TURN_SUBJECT)]


def test_no_turn_mail_while_at_the_table_and_one_once_she_has_left(
    database_url: str, count_game: object
) -> None:
    clock = FakeClock()
    settings = {**QUICK, "now": clock, "sweep_seconds": 0, "turn_mail_grace_seconds": 120}
    with Inbox() as inbox, running(database_url, smtp_url=inbox.url, **settings) as client:
        server = client.app.state.server  # type: ignore[attr-defined]

        def send_due() -> None:
            client.portal.call(server.mail.send_due)  # type: ignore[union-attr]

        ann, ben = Player(client, "ann"), Player(client, "ben")
        with_address(ann, inbox, "ann@example.com")
        with_address(ben, inbox, "ben@example.com")
        table_id = new_game(ann, [ben], game=GAME)  # Ann starts it: her turn at once
        version = 0
        for mover, waiting in ((ann, ben), (ben, ann), (ann, ben), (ben, ann)):
            clock.advance(50)  # each thinks for 50 s, the page open: seen, as its pings are
            waiting.get("/api/me")
            assert mover.move(table_id, "count", version).status_code == 200
            version += 1
            send_due()
            assert turn_mails(inbox, "ann@example.com") == []
            assert turn_mails(inbox, "ben@example.com") == []
        # at most one turn mail waits per reader and table
        turns = [r for r in outbox_rows(database_url) if r.kind == "turn"]
        assert sorted(r.user_id for r in turns) == sorted({r.user_id for r in turns})
        # Ann's turn waits, and she has left: Ben stays, and gets nothing
        for _ in range(4):
            clock.advance(60)
            ben.get("/api/me")
            send_due()
        mails = wait_for(lambda: turn_mails(inbox, "ann@example.com"))
        assert len(mails) == 1 and f"table {table_id}" in mails[0]["Subject"]
        for _ in range(3):
            clock.advance(600)
            send_due()
        assert len(turn_mails(inbox, "ann@example.com")) == 1
        assert turn_mails(inbox, "ben@example.com") == []
        # back at the table she plays; the turn goes to Ben, who is away now: his mail
        ann.get("/api/me")
        assert ann.move(table_id, "count", version).status_code == 200
        clock.advance(200)
        ann.get("/api/me")
        send_due()
        assert len(wait_for(lambda: turn_mails(inbox, "ben@example.com"))) == 1
        assert len(turn_mails(inbox, "ann@example.com")) == 1
