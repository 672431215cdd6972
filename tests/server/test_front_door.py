"""The way in over HTTP: who is signed in, names, a guest turned into an account."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import select, text

from navcomp.service.accounts import hash_password
from navcomp.store import db
from navcomp.store.db import migrate, open_engine
from navcomp.store.schema import users
from server_helpers import Player, running


def test_the_session_tells_nobody_without_an_error(database_url: str) -> None:
    with running(database_url) as client:
        assert (client.get("/api/session").status_code, client.get("/api/session").json()) == (
            200,
            {"user": None},
        )
        for headers in (
            {"Authorization": "Bearer not-a-token"},
            {"Authorization": "Basic x"},
            {"Cookie": "navcomp_session=forged"},
        ):
            answer = client.get("/api/session", headers=headers)
            assert (answer.status_code, answer.json()) == (200, {"user": None})
        ann = Player(client, "ann")
        user = ann.get("/api/session").json()["user"]
        assert (user["name"], user["guest"]) == ("ann", False)
        assert set(user) == {"id", "name", "guest"}  # nothing of the session itself
        ann.post("/api/accounts/logout")
        assert ann.get("/api/session").json() == {"user": None}
        refused = client.get("/api/me")  # the other routes still refuse nobody
        assert (refused.status_code, refused.json()["error"]["code"]) == (401, "not_logged_in")


def register(client: TestClient, name: str, password: str = "correct horse") -> Any:
    answer = client.post("/api/accounts/register", json={"name": name, "password": password})
    client.cookies.clear()
    return answer


def test_names_of_any_script_each_one_account(database_url: str) -> None:
    with running(database_url) as client:
        for name, shown in [
            ("Zoë", "Zoë"),
            ("Jürgen", "Jürgen"),
            ("たろう", "たろう"),
            ("ｔａｒｏ", "taro"),  # full-width letters are the letters (NFKC)
            ("Ann-Marie_2", "Ann-Marie_2"),
            ("Bob", "Bob"),
            ("Bill", "Bill"),
            ("Ελένη", "Ελένη"),
        ]:
            answer = register(client, name)
            assert (answer.status_code, answer.json()["user"]["name"]) == (201, shown)
        for taken in ["ZOË", "Zoe\u0308", "TARO", "B\u043eb", "B0b", "BiII", "bill", "ΕΛΈΝΗ"]:
            answer = register(client, taken)  # another case, a decomposed ë, look-alikes
            assert (answer.status_code, answer.json()["error"]["code"]) == (409, "name_taken")
        for bad in [
            "ab\U0001f600",
            "a b",
            "a\u200db",
            "Bob\u202e",
            "\u0301ab",
            "ab",
            "x" * 25,
            "a<b>",
            "guest-zz",
            "GUEST-zz",
            "gu\u0435st-1",
        ]:
            answer = register(client, bad)
            assert (answer.status_code, answer.json()["error"]["code"]) == (422, "invalid_name")
        answer = register(client, "a\x00b")
        assert (answer.status_code, answer.json()["error"]["code"]) == (422, "invalid_request")
        for spelled in ["zoë", "ZOË", "Zoe\u0308"]:  # a name logs in in any case and form
            answer = client.post(
                "/api/accounts/login", json={"name": spelled, "password": "correct horse"}
            )
            assert (answer.status_code, answer.json()["user"]["name"]) == (200, "Zoë")
        client.cookies.clear()
        look_alike = client.post(
            "/api/accounts/login", json={"name": "B0b", "password": "correct horse"}
        )
        assert look_alike.status_code == 401  # a look-alike is no spelling of the name


def test_a_guest_becomes_a_full_account_keeping_its_games(database_url: str) -> None:
    with running(database_url) as client:
        guest = Player(client)
        table = guest.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        answer = guest.post("/api/accounts/upgrade", {"name": "Mira", "password": "12345678"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["user"] == {**answer.json()["user"], "name": "Mira", "guest": False}
        assert guest.get("/api/session").json()["user"]["name"] == "Mira"  # same session
        assert [t["id"] for t in guest.get("/api/my/games").json()] == [table]
        again = guest.post("/api/accounts/upgrade", {"name": "Mira2", "password": "12345678"})
        assert (again.status_code, again.json()["error"]["code"]) == (409, "not_a_guest")
        client.cookies.clear()
        login = client.post("/api/accounts/login", json={"name": "mira", "password": "12345678"})
        assert login.status_code == 200
        headers = {"Authorization": f"Bearer {login.json()['token']}"}
        assert [t["id"] for t in client.get("/api/my/games", headers=headers).json()] == [table]


def test_upgrade_refuses_bad_input_and_anyone_but_a_guest(database_url: str) -> None:
    with running(database_url) as client:
        body = {"name": "Nova", "password": "12345678"}
        nobody = client.post("/api/accounts/upgrade", json=body)
        assert (nobody.status_code, nobody.json()["error"]["code"]) == (401, "not_logged_in")
        full = Player(client, "Vega")
        answer = full.post("/api/accounts/upgrade", body)
        assert (answer.status_code, answer.json()["error"]["code"]) == (409, "not_a_guest")
        guest = Player(client)
        for sent, status, code in [
            ({"name": "vega", "password": "12345678"}, 409, "name_taken"),
            ({"name": "V\u0435ga", "password": "12345678"}, 409, "name_taken"),
            ({"name": "a b", "password": "12345678"}, 422, "invalid_name"),
            ({"name": "guest-me", "password": "12345678"}, 422, "invalid_name"),
            ({"name": "Nova", "password": "short"}, 422, "invalid_password"),
            ({"name": "No\nva", "password": "12345678"}, 422, "invalid_request"),
            ({"name": ["Nova"], "password": "12345678"}, 422, "invalid_request"),
            ({"name": "Nova"}, 422, "invalid_request"),
        ]:
            answer = guest.post("/api/accounts/upgrade", sent)
            assert (answer.status_code, answer.json()["error"]["code"]) == (status, code), sent
        assert guest.get("/api/session").json()["user"]["guest"] is True  # nothing changed
        cookie = client.post("/api/accounts/guest", json={})
        assert cookie.status_code == 201
        forged = client.post("/api/accounts/upgrade", json=body)  # a cookie, no CSRF header
        assert (forged.status_code, forged.json()["error"]["code"]) == (403, "csrf_failed")


def test_names_from_before_get_their_keys(database_url: str) -> None:
    """Names of two accounts that fold alike keep working: the later one's keys are its own."""
    engine = open_engine(database_url)
    try:
        config = Config()
        config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0004")
            for name in ("Bob", "bob", "ann"):
                conn.execute(
                    text(
                        "INSERT INTO users (name, password_hash, is_guest, created_at)"
                        " VALUES (:n, :h, :g, :at)"
                    ),
                    {
                        "n": name,
                        "h": hash_password(f"secret of {name}"),
                        "g": False,
                        "at": "2026-01-01 00:00:00+00:00",
                    },
                )
        migrate(engine)
        with engine.connect() as conn:
            rows = conn.execute(
                select(users.c.id, users.c.name_key, users.c.name_skeleton).order_by(users.c.id)
            ).all()
        second = rows[1][0]
        assert [tuple(r)[1:] for r in rows] == [
            ("bob", "bob"),
            (f"bob#{second}", f"bob#{second}"),
            ("ann", "ann"),
        ]
        with running(database_url) as client:
            for spelled, owner in (("Bob", "Bob"), ("bob", "bob"), ("BOB", "Bob")):
                login = client.post(
                    "/api/accounts/login", json={"name": spelled, "password": f"secret of {owner}"}
                )
                assert login.json()["user"]["name"] == owner
    finally:
        engine.dispose()
