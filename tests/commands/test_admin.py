"""``navcomp admin``: accounts found by name or address, disabled (a running server refuses
the account's cookie at once, through Redis) and enabled again, a password reset by link
or at random, a table ended for its players, and the counts.  On both databases."""

from __future__ import annotations

import json
import logging
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import update

from navcomp.commands.cli import main
from navcomp.domain.mail import MailKind
from navcomp.domain.model import Session, User
from navcomp.service import accounts
from navcomp.store import accounts as stored
from navcomp.store import admin as admin_store
from navcomp.store import mail_settings, outbox
from navcomp.store.db import open_engine
from navcomp.store.schema import game_tables, seats, users
from server_helpers import Player, new_game, running, wait_for

REDIS = "redis://127.0.0.1:6379/0"
PASSWORD = "correct horse"


def admin(
    capsys: pytest.CaptureFixture[str], url: str, *argv: str, code: int = 0
) -> tuple[str, str]:
    """``navcomp admin ARGV`` on ``url``: what it printed, and to stderr."""
    assert main(["admin", *argv, "--database-url", url]) == code
    said = capsys.readouterr()
    return said.out, said.err


def _write(url: str, work: Any) -> None:
    engine = open_engine(url)
    try:
        with engine.begin() as conn:
            work(conn)
    finally:
        engine.dispose()


def _log_in(client: Any, password: str = PASSWORD, name: str = "ann") -> Any:
    return client.post("/api/accounts/login", json={"name": name, "password": password})


def _signed_in(client: Any) -> str | None:
    """Who the client's cookie signs in, if anyone."""
    user = client.get("/api/session").json()["user"]
    return None if user is None else str(user["name"])


def test_accounts_are_found_by_name_fragment_and_address(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(database_url) as client:
        ann, _ben, _guest = Player(client, "Annika"), Player(client, "ben"), Player(client)
        ann_id = ann.get("/api/session").json()["user"]["id"]
    _write(database_url, lambda c: mail_settings.change(c, ann_id, address="ann@example.org"))
    found = json.loads(admin(capsys, database_url, "accounts", "NNI", "--json")[0])
    assert [(a["id"], a["name"], a["guest"], a["disabled"]) for a in found] == [
        (ann_id, "Annika", False, False)
    ]
    assert found[0]["last_seen"] is not None and found[0]["mail"] == "ann@example.org"
    by_address = json.loads(admin(capsys, database_url, "accounts", "Ann@Example.org", "--json")[0])
    assert [a["name"] for a in by_address] == ["Annika"]
    everyone = json.loads(admin(capsys, database_url, "accounts", "--json")[0])
    assert [a["guest"] for a in everyone] == [False, False, True]
    assert json.loads(admin(capsys, database_url, "accounts", "%", "--json")[0]) == []
    printed = admin(capsys, database_url, "accounts", "ben")[0].splitlines()
    assert printed[0].split() == [
        "id",
        "name",
        "created",
        "last",
        "seen",
        "disabled",
        "guest",
        "mail",
    ]
    assert printed[1].split()[1] == "ben" and len(printed) == 2


def test_a_disabled_account_is_refused_by_the_running_server_at_once(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(database_url, redis_url=REDIS) as client:
        Player(client, "ann")
        assert _log_in(client).status_code == 200
        assert _signed_in(client) == "ann"  # the session is in the server's cache now
        said = admin(capsys, database_url, "disable", "ann", "--redis-url", REDIS)[0]
        assert "ann: disabled, 2 session(s) ended" in said
        # well within the cache's 30 seconds: only the announcement can end it this soon
        wait_for(lambda: _signed_in(client) is None, timeout=10)
        refused = _log_in(client)
        assert refused.status_code == 403, refused.text
        assert refused.json()["error"]["code"] == "account_disabled"
        assert _log_in(client, "wrong horse").json()["error"]["code"] == "bad_credentials"
        listed = json.loads(admin(capsys, database_url, "accounts", "ann", "--json")[0])
        assert listed[0]["disabled"] is True
        assert "ann: enabled" in admin(capsys, database_url, "enable", "ann")[0]
        assert _log_in(client).status_code == 200 and _signed_in(client) == "ann"
    err = admin(capsys, database_url, "disable", "nobody", code=1)[1]
    assert "no account is called 'nobody'" in err


def test_with_redis_away_a_server_refuses_it_once_its_cache_lets_the_session_go(
    sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(sqlite_url) as client:
        client.app.state.server.sessions.ttl = 1.0  # type: ignore[attr-defined]
        Player(client, "ann")
        assert _log_in(client).status_code == 200 and _signed_in(client) == "ann"
        away = "redis://127.0.0.1:1/0"  # nothing listens there: the change is made all the same
        said, err = admin(capsys, sqlite_url, "disable", "ann", "--redis-url", away)
        assert "ann: disabled, 2 session(s) ended (running servers forget them within 30 s)" in said
        assert "could not tell the servers over Redis" in err
        wait_for(lambda: _signed_in(client) is None, timeout=10)


def test_a_session_opened_as_the_account_is_disabled_is_none(sqlite_url: str) -> None:
    """A login that checked the account just before it was disabled opens its session
    after: the session's lookup refuses it all the same."""
    with running(sqlite_url) as client:
        ann = Player(client, "ann")
        ann_id = ann.get("/api/session").json()["user"]["id"]
    at = datetime.now(UTC)
    _write(sqlite_url, lambda c: admin_store.set_disabled(c, ann_id, at))
    late = Session(User(ann_id, "ann", False), "late-token", "csrf")

    def open_late(conn: Any) -> None:
        stored.add_session(conn, late, accounts.token_digest(late.token), at, at + timedelta(1))
        assert accounts.session_for(conn, late.token, at) is None

    _write(sqlite_url, open_late)


def test_a_reset_link_works_once_and_a_random_password_is_printed_only(
    database_url: str, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with running(database_url) as client:
        Player(client, "ann")
        guest = Player(client)
        said = admin(
            capsys, database_url, "reset-password", "ann", "--public-url", "https://t.example/"
        )
        link = said[0].splitlines()[-1]
        assert link.startswith("https://t.example/#/reset/")
        token = link.split("#/reset/")[1]
        confirm = "/api/accounts/password-reset/confirm"
        chosen = {"token": token, "password": "a new horse"}
        assert client.post(confirm, json=chosen).status_code == 200
        assert client.post(confirm, json=chosen).json()["error"]["code"] == "link_used"
        assert _log_in(client, "a new horse").status_code == 200
        printed = admin(capsys, database_url, "reset-password", "ann", "--random")[0]
        password = printed.splitlines()[-1]
        assert "shown this once" in printed and len(password) >= 16
        assert _log_in(client, "a new horse").status_code == 401
        assert _log_in(client, password).status_code == 200
        assert password not in caplog.text
        err = admin(capsys, database_url, "reset-password", guest.name, code=1)[1]
        assert "is a guest" in err


def _receive_until_over(socket: Any, seen: list[dict[str, Any]]) -> None:
    while True:
        message = socket.receive_json()
        seen.append(message)
        if message.get("table", {}).get("status") == "over":
            return


def test_an_ended_table_is_pushed_to_its_players_and_an_open_one_closes(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(database_url, redis_url=REDIS) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        open_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        seen: list[dict[str, Any]] = []
        with client.websocket_connect(f"/api/tables/{table_id}/live", headers=ben.headers) as ws:
            seen.append(ws.receive_json())  # the table as it is
            listening = threading.Thread(target=_receive_until_over, args=(ws, seen))
            listening.start()
            said = admin(capsys, database_url, "end-table", str(table_id), "--redis-url", REDIS)
            assert said[0].strip() == f"table {table_id}: ended (aborted)"
            listening.join(20)
            assert not listening.is_alive(), seen
        assert seen[-1]["table"]["end_reason"] == "aborted"
        table = ben.table(table_id)["table"]
        assert (table["status"], table["end_reason"]) == ("over", "aborted")
        notices = ben.get("/api/notifications").json()
        assert any(n["table"] == table_id and "over" in n["text"] for n in notices), notices
        closed = admin(capsys, database_url, "end-table", str(open_id))[0]
        assert closed.strip() == f"table {open_id}: closed"
        assert ann.get(f"/api/tables/{open_id}").status_code == 404
    err = admin(capsys, database_url, "end-table", str(table_id), code=1)[1]
    assert "is over already" in err
    assert "no table 999" in admin(capsys, database_url, "end-table", "999", code=1)[1]


def test_without_redis_a_move_at_an_ended_table_is_refused(
    sqlite_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server keeps the game in memory: a move after the host ended it is refused
    all the same, from the table's row."""
    with running(sqlite_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        seated = {p.table(table_id)["seat"]: p for p in (ann, ben)}
        mover = seated[ann.table(table_id)["table"]["to_move"]]
        action = mover.table(table_id)["legal"][0]["id"]
        admin(capsys, sqlite_url, "end-table", str(table_id))
        refused = mover.move(table_id, action, 0)
        assert refused.status_code == 409, refused.text
        assert refused.json()["error"]["code"] == "game_over"


def test_the_counts(
    database_url: str, capsys: pytest.CaptureFixture[str], count_game: object
) -> None:
    with running(database_url) as client:
        ann, ben, guest = Player(client, "ann"), Player(client, "ben"), Player(client)
        ann.post("/api/tables", {"game": "space-mission", "seats": 2})
        solo = new_game(ann, [], game="count-to-three")
        for version in range(3):
            assert ann.move(solo, "count", version).status_code == 200
        waiting_for_bot = new_game(ben, [guest])
        ben_id = ben.get("/api/session").json()["user"]["id"]
        assert ann.table(solo)["table"]["status"] == "over"

    def make_ready(conn: Any) -> None:  # the guest's seat to a bot, on its turn
        conn.execute(
            update(game_tables).where(game_tables.c.id == waiting_for_bot).values(to_move=1)
        )
        conn.execute(
            update(seats)
            .where(seats.c.table_id == waiting_for_bot, seats.c.seat == 1)
            .values(user_id=None, bot_level="easy")
        )
        conn.execute(
            update(users).where(users.c.id == ben_id).values(disabled_at=datetime.now(UTC))
        )
        at = datetime.now(UTC)
        outbox.add(conn, ben_id, MailKind.TEST, "ben@example.org", "en", {}, at)

    _write(database_url, make_ready)
    counted = json.loads(admin(capsys, database_url, "counts", "--json")[0])
    assert counted == {
        "tables": {"open": 1, "playing": 1, "over": 1},
        "players": {"accounts": 2, "guests": 1, "disabled": 1},
        "finished_today": 1,
        "mail_waiting": 1,
        "bot_turns": 1,
        "queued_jobs": {},
    }
    printed = admin(capsys, database_url, "counts")[0]
    assert "tables:          1 open, 1 playing, 1 over" in printed
    assert "bot turns:       1" in printed
