"""Mail against a real SMTP server (aiosmtpd): an address verified by its link, the turn
mail after a bot's move in the reader's language with working links, the digest, the
invitation, time-running-low and game-over mail, an SMTP server that is down or slow,
logging in and STARTTLS as the SMTP URL and options say, and a shutdown that ends the
sender even when it lost its cancellation."""

from __future__ import annotations

import asyncio
import contextlib
import random
import ssl
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select

from domain.test_clocks import FakeClock
from mail_helpers import Clock, Inbox, link, parts
from navcomp.server.runtime import sweeper
from navcomp.server.runtime.mail_sender import MailService
from navcomp.store.schema import game_tables, mail_outbox
from server.test_sweeper import game_of_two
from server.webhook_helpers import certificate
from server_helpers import Player, new_game, running, wait_for

QUICK = {
    "bot_seconds": 0.05,
    "public_url": "http://testserver",
    "mail_poll_seconds": 0.1,
    "mail_retry_seconds": 0.1,
    "mail_retry_max_seconds": 0.5,
    "turn_mail_grace_seconds": 0,  # each turn's mail at once (test_turn_mail.py: not)
}


def outbox_rows(database_url: str) -> list[Any]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(select(mail_outbox).order_by(mail_outbox.c.id)).all())
    finally:
        engine.dispose()


def seed_of(database_url: str, table_id: int) -> int:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            seed: int = conn.execute(
                select(game_tables.c.seed).where(game_tables.c.id == table_id)
            ).scalar_one()
            return seed
    finally:
        engine.dispose()


def with_address(player: Player, inbox: Inbox, address: str, language: str = "en") -> None:
    """``address`` set and verified through the link its mail brings."""
    answer = player.put("/api/me/email", {"address": address, "language": language})
    assert answer.status_code == 200, answer.text
    assert answer.json()["email"] == {"address": address, "verified": False}
    mail = wait_for(lambda: inbox.to(address))[-1]
    verified = player.client.post("/api/mail/verify", json={"token": link(mail, "verify")})
    assert verified.status_code == 200, verified.text
    assert player.get("/api/me/account").json()["email"]["verified"] is True


def my_turn(player: Player, table_id: int) -> dict[str, Any] | None:
    table = player.table(table_id)
    if table["table"]["status"] == "over" or table["legal"] is not None:
        return table
    return None


def hand_over_to_the_bot(player: Player, table_id: int, rnd: random.Random) -> int:
    """Play my turn until the bot is to move: the version it moves from."""
    while True:
        table = wait_for(lambda: my_turn(player, table_id))
        assert table["table"]["status"] == "playing"
        legal = [a for a in table["legal"] if not a["text"].startswith("discard")]
        answer = player.move(table_id, rnd.choice(legal)["id"], table["table"]["version"])
        assert answer.status_code == 200, answer.text
        if answer.json()["table"]["to_move"] != 0:
            return int(answer.json()["version"])


def test_the_turn_mail_after_a_bots_move_speaks_the_readers_language(sqlite_url: str) -> None:
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK) as client:
        ann = Player(client, "ann")
        with_address(ann, inbox, "ann@example.com", "de")
        verification = inbox.to("ann@example.com")[0]
        assert verification["Subject"] == "Bestätige deine E-Mail-Adresse"
        assert "List-Unsubscribe" not in verification  # no settings turn it off
        table_id = new_game(ann, [], bots={1: "easy"})
        rnd = random.Random(3)
        wait_for(lambda: outbox_rows(sqlite_url) == [])  # the mail of the game's start went
        before = len(inbox.to("ann@example.com"))
        hand_over_to_the_bot(ann, table_id, rnd)
        wait_for(lambda: my_turn(ann, table_id))  # the bot moved
        mail = wait_for(lambda: inbox.to("ann@example.com")[before:])[0]
        assert mail["Subject"] == f"Du bist am Zug an Tisch {table_id} (Space Mission)"
        assert mail["Content-Language"] == "de"
        plain, html = parts(mail)
        assert "Du bist am Zug in Space Mission" in plain and "Bot (easy)" in plain
        table_link = f"http://testserver/#/table/{table_id}"
        assert table_link in plain and f'href="{table_link}"' in html
        assert str(seed_of(sqlite_url, table_id)) not in mail.as_string()
        unsubscribe = f"http://testserver/#/unsubscribe/{link(mail, 'unsubscribe')}"
        assert plain.replace("\r\n", "\n") == (  # every word accounted for: no card, no seed
            f"Du bist am Zug in Space Mission an Tisch {table_id}, mit Bot (easy).\n\n"
            f"Zum Tisch: {table_link}\n\n-- \nNavComp\n"
            "Du bekommst diese Mail wegen der Mail-Einstellungen deines NavComp-Kontos.\n"
            f"Diese Art Mail abbestellen: {unsubscribe}\n"
        )
        # the table link: the page, and the table it opens is mine to move
        assert client.get("/").status_code == 200
        assert my_turn(ann, table_id) is not None
        # the one-click unsubscribe (RFC 8058): the header's link, posted without a session
        header = mail["List-Unsubscribe"]
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert header.startswith("<http://testserver/api/mail/unsubscribe/")
        assert f"\r\nList-Unsubscribe: {header}\r\n".encode() in mail.raw  # a plain URL
        token = header[len("<http://testserver/api/mail/unsubscribe/") : -1]
        assert link(mail, "unsubscribe") == token  # the text's link says the same
        done = client.post(
            f"/api/mail/unsubscribe/{token}",
            content="List-Unsubscribe=One-Click",
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert done.status_code == 200, done.text
        assert ann.get("/api/me/account").json()["mail"]["turn"] == "never"
        # no more turn mail: the bot's next move leaves nothing in the outbox
        moved_from = hand_over_to_the_bot(ann, table_id, rnd)
        wait_for(lambda: ann.table(table_id)["table"]["version"] > moved_from)
        assert outbox_rows(sqlite_url) == []


def test_the_digest_gathers_the_turns_of_several_tables_in_one_mail(sqlite_url: str) -> None:
    clock = Clock()
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, now=clock, **QUICK) as client:
        ann = Player(client, "ann")
        with_address(ann, inbox, "ann@example.com")
        choice = {"turn": "digest", "digest_hours": 2, "invites": True, "time_low": True}
        choice |= {"game_over": True, "language": "en"}
        assert ann.put("/api/me/mail", choice).status_code == 200
        first = new_game(ann, [], bots={1: "easy"})
        wait_for(lambda: my_turn(ann, first))
        digest = wait_for(lambda: inbox.to("ann@example.com")[1:])[0]  # at once: the first
        assert digest["Subject"] == "Your turn at 1 table"
        # within the two hours, turns at three tables gather in one waiting digest
        rnd = random.Random(5)
        hand_over_to_the_bot(ann, first, rnd)
        others = [new_game(ann, [], bots={1: "easy"}) for _ in range(2)]
        for table_id in [first, *others]:
            wait_for(lambda table_id=table_id: my_turn(ann, table_id))
        waiting = wait_for(lambda: outbox_rows(sqlite_url))
        assert [row.kind for row in waiting] == ["digest"]
        assert sorted(t["table"] for t in waiting[0].about["tables"]) == [first, *others]
        assert len(inbox.to("ann@example.com")) == 2
        clock.advance(hours=2)
        wait_for(lambda: outbox_rows(sqlite_url) == [])
        mails = inbox.to("ann@example.com")
        assert len(mails) == 3
        assert mails[2]["Subject"] == "Your turn at 3 tables"
        plain, _html = parts(mails[2])
        for table_id in [first, *others]:
            line = f"Table {table_id} (Space Mission): http://testserver/#/table/{table_id}"
            assert line in plain


def test_moves_go_on_while_smtp_is_down_and_every_mail_arrives_when_it_is_back(
    sqlite_url: str,
) -> None:
    inbox = Inbox()
    with inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK) as client:
        ann = Player(client, "ann")
        with_address(ann, inbox, "ann@example.com")
        inbox.stop()
        table_id = new_game(ann, [], bots={1: "easy"})
        rnd = random.Random(7)
        second = new_game(ann, [], bots={1: "easy"})
        for _ in range(4):  # each turn of mine after the bot's: a mail that cannot go
            hand_over_to_the_bot(ann, table_id, rnd)
        wait_for(lambda: my_turn(ann, table_id))
        # one mail waits per table, brought up to the turn that waits there now (one that was
        # being sent when a newer turn came is dropped once its attempt fails)
        wait_for(
            lambda: (
                sorted(r.about["table"] for r in outbox_rows(sqlite_url))
                == [
                    table_id,
                    second,
                ]
            )
        )
        waiting = outbox_rows(sqlite_url)
        assert {row.kind for row in waiting} == {"turn"}
        wait_for(lambda: all(row.attempts >= 1 for row in outbox_rows(sqlite_url)))
        inbox.start()  # back, on the same port
        wait_for(lambda: outbox_rows(sqlite_url) == [])
        turns = inbox.to("ann@example.com")[1:]
        assert len(turns) == len(waiting)
        assert len({m["Message-ID"] for m in turns}) == len(turns)


def test_a_slow_smtp_server_holds_up_mail_never_a_move(sqlite_url: str) -> None:
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK) as client:
        ann = Player(client, "ann")
        with_address(ann, inbox, "ann@example.com")
        inbox.hold = True  # from now on the SMTP server takes each message, then waits
        table_id = new_game(ann, [], bots={1: "easy"})
        assert inbox.entered.wait(30)  # the sender is stuck in the first mail
        rnd = random.Random(9)
        for _ in range(3):
            hand_over_to_the_bot(ann, table_id, rnd)
        wait_for(lambda: my_turn(ann, table_id))
        # the first one's, claimed, and the one of the turn that waits now
        assert len(outbox_rows(sqlite_url)) == 2
        assert len(inbox.to("ann@example.com")) == 1  # the verification only
        inbox.release.set()
        wait_for(lambda: outbox_rows(sqlite_url) == [])
        assert len(inbox.to("ann@example.com")) == 3


def test_invitations_and_the_game_over_come_by_mail(sqlite_url: str) -> None:
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        with_address(ann, inbox, "ann@example.com")
        table_id = ben.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        assert ben.post(f"/api/tables/{table_id}/invite", {"name": "ann"}).status_code == 200
        invite = wait_for(lambda: inbox.to("ann@example.com")[1:])[0]
        assert invite["Subject"] == f"ben invites you to Space Mission (table {table_id})"
        assert f"http://testserver/#/table/{table_id}" in parts(invite)[0]
        # the game's end, with the result
        capped = new_game(ann, [], bots={1: "easy"}, options={"max_rounds": 1})
        rnd = random.Random(13)
        while (table := wait_for(lambda: my_turn(ann, capped)))["table"]["status"] != "over":
            legal = [a for a in table["legal"] if not a["text"].startswith("discard")]
            ann.move(capped, rnd.choice(legal)["id"], table["table"]["version"])
        result = table["table"]["result"]
        over = wait_for(lambda: [m for m in inbox.to("ann@example.com") if "over" in m["Subject"]])
        assert over[0]["Subject"] == f"The game at table {capped} is over"
        plain = parts(over[0])[0]
        mine, bots = result["scores"][0], result["scores"][1]
        assert f". ann: {mine} points" in plain and f". Bot (easy): {bots} points" in plain
        assert str(seed_of(sqlite_url, capped)) not in over[0].as_string()


def test_the_sender_logs_in_with_the_smtp_urls_user_and_password(sqlite_url: str) -> None:
    inbox = Inbox(login=("table@example.org", "p@ss:w/rd"))
    right = f"smtp://table%40example.org:p%40ss%3Aw%2Frd@127.0.0.1:{inbox.port}"
    with inbox, running(sqlite_url, smtp_url=right, **QUICK) as client:
        ann = Player(client, "ann")
        with_address(ann, inbox, "ann@example.com")  # the verification mail came through
        assert ann.post("/api/me/email/test").status_code == 200
        test = wait_for(lambda: inbox.to("ann@example.com")[1:])[0]
        assert test["Subject"] == "A test mail from NavComp"
    wrong = f"smtp://table%40example.org:guess@127.0.0.1:{inbox.port}"
    with inbox, running(sqlite_url, smtp_url=wrong, smtp_timeout=2.0, **QUICK) as client:
        login = {"name": "ann", "password": "correct horse"}
        token = client.post("/api/accounts/login", json=login).json()["token"]
        client.cookies.clear()
        sent = client.post("/api/me/email/test", headers={"Authorization": f"Bearer {token}"})
        assert sent.status_code == 200
        wait_for(lambda: any(row.attempts >= 2 for row in outbox_rows(sqlite_url)))
        assert len(inbox.to("ann@example.com")) == 2  # refused: it waits in the outbox


def test_starttls_when_the_server_requires_it(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cert, key = certificate(tmp_path, "localhost")
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the sender trusts the test's certificate
    server_side = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_side.load_cert_chain(cert, key)
    inbox = Inbox(tls=server_side)  # refuses mail before STARTTLS
    url = f"smtp://localhost:{inbox.port}"
    with inbox, running(sqlite_url, smtp_url=url, smtp_starttls=True, **QUICK) as client:
        with_address(Player(client, "ann"), inbox, "ann@example.com")  # came over TLS
    plain = Inbox()  # offers no STARTTLS: with it required, nothing goes in the clear
    with plain, running(sqlite_url, smtp_url=plain.url, smtp_starttls=True, **QUICK) as client:
        ben = Player(client, "ben")
        assert ben.put("/api/me/email", {"address": "ben@example.com"}).status_code == 200
        wait_for(lambda: any(row.attempts >= 1 for row in outbox_rows(sqlite_url)))
        assert plain.messages == []


def test_a_game_ended_early_by_a_resignation_comes_by_mail(
    sqlite_url: str, count_game: object
) -> None:
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        with_address(ann, inbox, "ann@example.com")
        table_id = new_game(ann, [ben], game="count-to-three")
        assert ben.post(f"/api/tables/{table_id}/resign").status_code == 200
        over = wait_for(lambda: [m for m in inbox.to("ann@example.com") if "over" in m["Subject"]])
        assert over[0]["Subject"] == f"The game at table {table_id} is over"
        assert f"http://testserver/#/table/{table_id}" in parts(over[0])[0]


def test_time_running_low_comes_by_mail_once_a_turn_when_a_quarter_is_left(sqlite_url: str) -> None:
    clock = FakeClock()
    quick = QUICK | {"now": clock, "sweep_seconds": 0}
    with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **quick) as client:
        server = client.app.state.server  # type: ignore[attr-defined]

        def sweep() -> int:
            return int(client.portal.call(sweeper.sweep, server))  # type: ignore[union-attr]

        def warned(player: Player) -> list[Any]:
            mails = inbox.to(f"{player.name}@example.com")
            return [m for m in mails if m["Subject"] == f"Your time runs low at table {table_id}"]

        ann, ben = Player(client, "ann"), Player(client, "ben")
        for player in (ann, ben):
            with_address(player, inbox, f"{player.name}@example.com")
        table_id = game_of_two(ann, ben, {"kind": "turn", "hours": 4, "bank_days": 0})
        first = ann.table(table_id)["table"]["to_move"]
        mover, other = (ann, ben) if first == 0 else (ben, ann)
        clock.advance(3 * 3600 - 1)
        assert sweep() == 0
        clock.advance(1)  # a quarter of the turn's four hours is left
        assert sweep() == 1
        mail = wait_for(lambda: warned(mover))[0]
        assert f"http://testserver/#/table/{table_id}" in parts(mail)[0]
        told = mover.get("/api/notifications").json()
        assert [n["kind"] for n in told if n["table"] == table_id] == ["time_low", "turn"]
        clock.advance(3599)  # once a turn, and the time-out is still to come
        assert sweep() == 0
        # the turn passes: the next mover is warned at a quarter of its own turn
        rnd = random.Random(5)
        while (table := mover.table(table_id))["table"]["to_move"] == first:
            legal = [a for a in table["legal"] if not a["text"].startswith("discard")]
            answer = mover.move(table_id, rnd.choice(legal)["id"], table["table"]["version"])
            assert answer.status_code == 200, answer.text
        clock.advance(3 * 3600)
        assert sweep() == 1
        wait_for(lambda: warned(other))
        assert len(warned(mover)) == 1
        assert next(n["kind"] for n in other.get("/api/notifications").json()) == "time_low"


def test_the_server_stops_even_when_the_sender_lost_its_cancellation(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    waiting = threading.Event()

    async def loses_a_cancellation(self: MailService) -> int:
        if waiting.is_set():
            await asyncio.sleep(3600)
        waiting.set()
        with contextlib.suppress(asyncio.CancelledError):  # lost once, as asyncio.wait_for
            await asyncio.sleep(3600)  # on Python 3.11 loses one that meets its wait's end
        return 0

    monkeypatch.setattr(MailService, "send_due", loses_a_cancellation)

    def serve_then_stop() -> None:
        with Inbox() as inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK):
            assert waiting.wait(30)

    server = threading.Thread(target=serve_then_stop, daemon=True)
    server.start()
    server.join(30)
    assert not server.is_alive(), "the shutdown still waits for the mail sender"
