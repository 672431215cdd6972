"""Accounts and sessions over HTTP, on SQLite and PostgreSQL."""

from __future__ import annotations

from navcomp.service import accounts
from server_helpers import Player, running


def test_register_log_in_and_out(database_url: str) -> None:
    with running(database_url) as client:
        alice = Player(client, "alice")
        assert alice.get("/api/me").json()["name"] == "alice"
        again = client.post(
            "/api/accounts/login", json={"name": "alice", "password": "correct horse"}
        )
        assert again.status_code == 200
        token = again.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        assert client.post("/api/accounts/logout", headers=headers).status_code == 200
        refused = client.get("/api/me", headers=headers)
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "not_logged_in"
        assert alice.get("/api/me").status_code == 200  # other sessions live on


def test_bad_credentials_and_names(database_url: str) -> None:
    with running(database_url) as client:
        Player(client, "bob")
        wrong = client.post("/api/accounts/login", json={"name": "bob", "password": "nope-nope"})
        assert (wrong.status_code, wrong.json()["error"]["code"]) == (401, "bad_credentials")
        nobody = client.post("/api/accounts/login", json={"name": "zed", "password": "whatever1"})
        assert nobody.json()["error"]["code"] == "bad_credentials"
        taken = client.post("/api/accounts/register", json={"name": "bob", "password": "12345678"})
        assert (taken.status_code, taken.json()["error"]["code"]) == (409, "name_taken")
        for name, code in [
            ("x", "invalid_name"),
            ("guest-1", "invalid_name"),
            ("a b c", "invalid_name"),
        ]:
            answer = client.post(
                "/api/accounts/register", json={"name": name, "password": "12345678"}
            )
            assert (answer.status_code, answer.json()["error"]["code"]) == (422, code)
        short = client.post("/api/accounts/register", json={"name": "carol", "password": "short"})
        assert short.json()["error"]["code"] == "invalid_password"


def test_guests_get_an_account_without_a_password(database_url: str) -> None:
    with running(database_url) as client:
        guest = Player(client)
        me = guest.get("/api/me").json()
        assert me["guest"] is True and me["name"].startswith("guest-")
        # nobody can log in as a guest
        answer = client.post("/api/accounts/login", json={"name": me["name"], "password": ""})
        assert answer.status_code == 401


def test_cookie_sessions_need_the_csrf_header_for_changes(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        answer = client.post(
            "/api/accounts/register", json={"name": "dora", "password": "12345678"}
        )
        csrf = answer.json()["csrf"]
        assert client.cookies.get("navcomp_session")
        assert "httponly" in answer.headers["set-cookie"].lower()
        assert client.get("/api/me").json()["name"] == "dora"  # reads need no token
        body = {"game": "space-mission", "seats": 2}
        refused = client.post("/api/tables", json=body)
        assert (refused.status_code, refused.json()["error"]["code"]) == (403, "csrf_failed")
        wrong = client.post("/api/tables", json=body, headers={"X-CSRF-Token": "guess"})
        assert wrong.status_code == 403
        assert client.get("/api/tables").json() == []
        made = client.post("/api/tables", json=body, headers={"X-CSRF-Token": csrf})
        assert made.status_code == 201


def test_webhook_must_be_a_url(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        erin = Player(client, "erin")
        bad = erin.put("/api/me/webhook", {"url": "file:///etc/passwd"})
        assert (bad.status_code, bad.json()["error"]["code"]) == (422, "invalid_webhook")
        assert erin.put("/api/me/webhook", {"url": "http://93.184.215.14/hook"}).status_code == 200
        assert erin.put("/api/me/webhook", {"url": None}).status_code == 200


def test_passwords_are_hashed_at_full_cost_unless_the_test_suite_asks() -> None:
    assert accounts.make_hasher({}).hash("x").startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    cheap = accounts.make_hasher({accounts.FAST_HASHING: "1"})
    assert cheap.hash("x").startswith("$argon2id$v=19$m=8,t=1,p=1$")
