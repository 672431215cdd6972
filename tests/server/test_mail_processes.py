"""Mail and real server processes: nothing in the outbox is lost to a SIGKILL, two
processes on one PostgreSQL database send each mail once, and a server without SMTP
says once that mail waits."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import httpx2 as httpx
from sqlalchemy import create_engine, insert, select

from mail_helpers import Inbox
from navcomp.store.schema import mail_outbox, mail_settings, users
from server_helpers import ServerProcess, wait_for

OPTIONS = (
    *("--bot-seconds", "0.05", "--mail-retry-max", "0.5", "--public-url", "http://t"),
    *("--turn-mail-grace", "0"),  # each turn's mail at once
)


def _engine_do(database_url: str, work: Any) -> Any:
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            return work(conn)
    finally:
        engine.dispose()


def outbox_size(database_url: str) -> int:
    return len(_engine_do(database_url, lambda c: c.execute(select(mail_outbox.c.id)).all()))


def verified(database_url: str, name: str, address: str) -> None:
    """``name``'s address, verified (the link itself is tested in test_mail.py)."""

    def work(conn: Any) -> None:
        user_id = conn.execute(select(users.c.id).where(users.c.name == name)).scalar_one()
        conn.execute(
            insert(mail_settings).values(
                user_id=user_id,
                address=address,
                verified=True,
                language="en",
                turn="every",
                digest_hours=24,
                invites=True,
                time_low=True,
                game_over=True,
            )
        )

    _engine_do(database_url, work)


def play_turns(base: str, headers: dict[str, str], table_id: int, turns: int) -> None:
    """``turns`` of mine against the bot, each answered by its move."""
    rnd = random.Random(11)
    done = 0
    while done < turns:
        table = wait_for(lambda: _mine(base, headers, table_id))
        legal = [a for a in table["legal"] if not a["text"].startswith("discard")]
        answer = httpx.post(
            f"{base}/api/tables/{table_id}/moves",
            json={"action": rnd.choice(legal)["id"], "expected_version": table["table"]["version"]},
            headers=headers,
        )
        assert answer.status_code == 200, answer.text
        done += answer.json()["table"]["to_move"] != 0
    wait_for(lambda: _mine(base, headers, table_id))


def _mine(base: str, headers: dict[str, str], table_id: int) -> dict[str, Any] | None:
    table = httpx.get(f"{base}/api/tables/{table_id}", headers=headers).json()
    return table if table["legal"] is not None else None


def test_a_sigkill_loses_no_mail_in_the_outbox(tmp_path: Any) -> None:
    database_url = f"sqlite:///{tmp_path}/navcomp.db"
    inbox = Inbox()  # not started: the SMTP server is down at first
    first = ServerProcess(database_url, "--smtp-url", inbox.url, *OPTIONS).start()
    try:
        base = first.base
        made = httpx.post(
            f"{base}/api/accounts/register", json={"name": "ann", "password": "correct horse"}
        )
        headers = {"Authorization": f"Bearer {made.json()['token']}"}
        verified(database_url, "ann", "ann@example.com")
        table = httpx.post(
            f"{base}/api/tables",
            json={"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]},
            headers=headers,
        ).json()["id"]
        assert httpx.post(f"{base}/api/tables/{table}/start", headers=headers).status_code == 200
        play_turns(base, headers, table, 3)
        waiting = outbox_size(database_url)
        assert waiting >= 1  # the turn mail of the table, brought up to the turn that waits
        first.kill()
    finally:
        first.stop()
    assert outbox_size(database_url) == waiting
    with inbox:
        again = ServerProcess(database_url, "--smtp-url", inbox.url, *OPTIONS).start()
        try:
            wait_for(lambda: outbox_size(database_url) == 0)
        finally:
            again.stop()
        assert len(inbox.to("ann@example.com")) == waiting


def test_two_processes_send_each_mail_once(postgres_database: str) -> None:
    from conftest import postgres_url

    database_url = postgres_url(postgres_database)
    with Inbox() as inbox:
        servers = [ServerProcess(database_url, "--smtp-url", inbox.url, *OPTIONS)]
        servers[0].start()  # the schema
        try:
            made = httpx.post(
                f"{servers[0].base}/api/accounts/register",
                json={"name": "ann", "password": "correct horse"},
            )
            assert made.status_code == 201
            servers[0].stop()
            user_id = made.json()["user"]["id"]
            now = datetime.now(UTC)
            rows = [
                {
                    "user_id": user_id,
                    "kind": "test",
                    "address": f"reader{n}@example.com",
                    "language": "en",
                    "about": {},
                    "created_at": now,
                    "due_at": now,
                    "attempts": 0,
                }
                for n in range(80)
            ]
            _engine_do(database_url, lambda c: c.execute(insert(mail_outbox), rows))
            servers = [ServerProcess(database_url, "--smtp-url", inbox.url, *OPTIONS) for _ in "ab"]
            for server in servers:
                server.start()
            wait_for(lambda: outbox_size(database_url) == 0, timeout=60)
        finally:
            for server in servers:
                server.stop()
        received = sorted(m["To"] for m in inbox.messages)
        assert received == sorted(row["address"] for row in rows)


def test_without_smtp_mail_waits_and_the_server_says_so_once(tmp_path: Any) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path}/navcomp.db").start()
    said = server.stop()
    assert said.count("no --smtp-url: mail is not sent, it waits in the outbox") == 1, said
