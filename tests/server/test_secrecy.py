"""No secret reaches any recipient: seated people, a signed-in watcher, an anonymous watcher.

Tables with people and a bot, both games and both values of Space Mission's printed-rules
option; through the start, moves, undos, reconnects and (with Redis between two server
processes) a relay and the relay's reconnect; and what the players' profiles and each
recipient's export of its data say of the running game.  Each message is checked against the truth
rebuilt from the database (``secrecy_helpers``).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from server.redis_helpers import PrivateRedis
from server.secrecy_helpers import Recipient, Truth, check_message, check_profiles, receive
from server_helpers import Player, running

CASES = [
    ("space-mission", {}),
    ("space-mission", {"hide_reserved": True}),
    ("space-pioneers", {}),
]
BOT_SEAT = 2


def _mixed_table(client: TestClient, game: str, options: dict[str, Any]) -> tuple[int, list]:
    """An open table: ann (seat 0), ben (seat 1), an easy bot (seat 2); and who watches."""
    ann, ben, wes = (Player(client, name) for name in ("ann", "ben", "wes"))
    made = ann.post(
        "/api/tables",
        {
            "game": game,
            "seats": 3,
            "bots": [{"seat": BOT_SEAT, "level": "easy"}],
            "options": options,
        },
    )
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    recipients = [
        Recipient("seat 0", ann.headers, 0),
        Recipient("seat 1", ben.headers, 1),
        Recipient("watcher", wes.headers, None),
        Recipient("anonymous", {}, None),
    ]
    return table_id, [ann, ben, recipients]


def _wait_for_version_past(truth: Truth, version: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while truth.refresh().version <= version:
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.02)


def _choose(rnd: random.Random, answer: dict[str, Any]) -> tuple[str, Any]:
    """Undo now and then when allowed; Top up discards often, to cover the preview."""
    if answer["can_undo"] and rnd.random() < 0.3:
        return "undo", None
    legal = answer["legal"]
    discards = [a for a in legal if a["text"].startswith("discard")]
    if discards and rnd.random() < 0.4:
        return "move", rnd.choice(discards)
    return "move", rnd.choice(legal)


@pytest.mark.parametrize(("game", "options"), CASES, ids=["sm", "sm-hidden", "sp"])
def test_nothing_secret_reaches_any_recipient(
    database_url: str, game: str, options: dict[str, Any]
) -> None:
    with running(database_url, bot_seconds=0.01) as client:
        table_id, (ann, ben, recipients) = _mixed_table(client, game, options)
        people = {0: ann, 1: ben}
        truth = Truth(database_url, table_id).refresh()
        for recipient in recipients:
            first = recipient.connect(client, table_id)
            assert first["type"] == "table"
            check_message(first, recipient.seat, truth)
        try:
            assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
            for recipient in recipients:
                recipient.drain_to(0, truth.refresh())
            _play(client, truth, people, recipients, random.Random(7))
        finally:
            for recipient in recipients:
                recipient.disconnect()


def _play(
    client: TestClient,
    truth: Truth,
    people: dict[int, Player],
    recipients: list[Recipient],
    rnd: random.Random,
    human_moves: int = 36,
) -> None:
    for step in range(human_moves):
        truth.refresh()
        if truth.row.status == "over":
            break
        version, to_move = truth.version, truth.row.to_move
        if to_move == BOT_SEAT:
            _wait_for_version_past(truth, version)
        else:
            mover = people[to_move]
            kind, choice = _choose(rnd, mover.table(truth.table_id))
            if kind == "undo":
                body = {"expected_version": version}
                answer = mover.post(f"/api/tables/{truth.table_id}/undo", body)
            else:
                answer = mover.move(truth.table_id, choice["id"], version)
            assert answer.status_code == 200, answer.text
            truth.refresh()
        for recipient in recipients:
            recipient.drain_to(truth.version, truth)
        if step % 6 == 0:
            for recipient in recipients:
                recipient.check_http(client, truth)
                recipient.check_export(client, truth)
            check_profiles(client, truth, ["ann", "ben"])
        if step % 10 == 5:  # a reconnect: the first message is the seat's own view again
            again = recipients[step % len(recipients)]
            again.disconnect()
            check_message(again.connect(client, truth.table_id), again.seat, truth)


def test_chat_carries_nothing_hidden_and_the_spectators_chat_reaches_no_player(
    database_url: str,
) -> None:
    """Players and watchers chat between moves: every push and history holds only the
    message, and the watchers' channel reaches the watchers, never a seat."""
    with running(database_url, bot_seconds=0.01) as client:
        table_id, (ann, ben, recipients) = _mixed_table(client, "space-mission", {})
        truth = Truth(database_url, table_id).refresh()
        for recipient in recipients:
            check_message(recipient.connect(client, table_id), recipient.seat, truth)
        watcher = recipients[2]
        chat = f"/api/tables/{table_id}/chat"
        written: dict[str, str] = {}
        try:
            assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
            for recipient in recipients:
                recipient.drain_to(0, truth.refresh())
            rnd = random.Random(5)
            for step in range(4):
                for who, headers in (("ann", ann.headers), ("wes", watcher.headers)):
                    text = f"{who} says {step}"
                    said = client.post(chat, json={"text": text}, headers=headers)
                    assert said.status_code == 201, said.text
                    written[text] = said.json()["channel"]
                _play(client, truth, {0: ann, 1: ben}, recipients, rnd, human_moves=2)
            assert ben.post(chat, {"text": "the end"}).status_code == 201
            for recipient in recipients:
                recipient.drain_to_chat("the end", truth)
                recipient.check_http(client, truth)
        finally:
            for recipient in recipients:
                recipient.disconnect()
    for recipient in recipients:
        got = {m["text"]: m["channel"] for m in recipient.chats or [] if m["text"] != "the end"}
        assert all(written[text] == channel for text, channel in got.items())
        if recipient.seat is None:
            assert got == written, recipient.label
        else:
            assert got == {t: c for t, c in written.items() if c == "players"}, recipient.label


def test_an_anonymous_watcher_of_a_bot_table_gets_no_seat(sqlite_url: str) -> None:
    """A bot's seat has no account: a watcher without one must not be matched to it."""
    with running(sqlite_url, bot_seconds=0.01) as client:
        ann = Player(client, "ann")
        made = ann.post(
            "/api/tables",
            {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]},
        )
        table_id = made.json()["id"]
        with client.websocket_connect(f"/api/tables/{table_id}/live") as anonymous:
            assert receive(anonymous)["seat"] is None
            assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
            started = receive(anonymous)
            assert started["type"] == "state"
            assert started["seat"] is None and started["legal"] is None
            assert "private" not in started["view"]


@pytest.mark.parametrize(("game", "options"), CASES, ids=["sm", "sm-hidden", "sp"])
def test_relayed_pushes_and_the_relays_reconnect_leak_nothing(
    sqlite_url: str, tmp_path: Path, game: str, options: dict[str, Any]
) -> None:
    """Moves made on one process reach the clients of another through Redis; when Redis
    comes back after a restart, every table with clients is pushed afresh."""
    with (
        PrivateRedis(tmp_path) as redis,
        running(sqlite_url, redis_url=redis.url, bot_seconds=0.01) as here,
        running(sqlite_url, redis_url=redis.url, bot_seconds=0.01) as there,
    ):
        table_id, (ann, ben, recipients) = _mixed_table(here, game, options)
        truth = Truth(sqlite_url, table_id).refresh()
        for recipient in recipients:
            check_message(recipient.connect(there, table_id), recipient.seat, truth)
        try:
            assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
            for recipient in recipients:
                recipient.drain_to(0, truth.refresh())
            _play(here, truth, {0: ann, 1: ben}, recipients, random.Random(11), human_moves=8)
            if truth.refresh().row.to_move == BOT_SEAT:
                _wait_for_version_past(truth, truth.version)
                for recipient in recipients:
                    recipient.drain_to(truth.refresh().version, truth)
            redis.restart()
            for recipient in recipients:  # pushed afresh once the relay is back
                message = receive(recipient.socket)
                check_message(message, recipient.seat, truth.refresh())
        finally:
            for recipient in recipients:
                recipient.disconnect()
