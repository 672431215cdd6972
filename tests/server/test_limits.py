"""Availability inside one process: password hashing off the event loop, and throttled
logins, registrations and guests."""

from __future__ import annotations

import asyncio
import gc
import logging
import threading
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from navcomp.server.runtime.throttle import Limits, Throttle
from navcomp.service import accounts
from server_helpers import Player, running

WRONG = {"name": "ann", "password": "not the password"}
RIGHT = {"name": "ann", "password": "correct horse"}


class HeldHasher:
    """argon2, but each verify waits for ``release``, and counts where it ran."""

    def __init__(self, real: Any, hold: bool = True) -> None:
        self.real = real
        self.hold = hold
        self.entered = threading.Event()
        self.release = threading.Event()
        self.verified = 0

    def _held(self) -> None:
        self.entered.set()
        if self.hold:
            self.release.wait(10)

    def hash(self, password: str) -> str:
        self._held()
        hashed: str = self.real.hash(password)
        return hashed

    def verify(self, password_hash: str, password: str) -> bool:
        self.verified += 1
        self._held()
        verified: bool = self.real.verify(password_hash, password)
        return verified


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/accounts/login", WRONG),
        ("/api/accounts/register", {"name": "ben", "password": "correct horse"}),
    ],
)
def test_a_password_hash_holds_up_no_other_request(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, path: str, body: dict[str, str]
) -> None:
    with running(sqlite_url) as client:
        Player(client, "ann")
        held = HeldHasher(accounts._hasher)
        monkeypatch.setattr(accounts, "_hasher", held)
        answers: list[Any] = []
        login = threading.Thread(target=lambda: answers.append(client.post(path, json=body)))
        login.start()
        assert held.entered.wait(10)
        guests: list[Any] = []  # a write, while the password's hash is held
        other = threading.Thread(
            target=lambda: guests.append(client.post("/api/accounts/guest", json={}))
        )
        other.start()
        other.join(5)
        answered_meanwhile = not other.is_alive()
        held.release.set()
        login.join(10)
        other.join(10)
        assert answered_meanwhile, "a held password hash blocked another request"
        assert guests[0].status_code == 201
        assert answers[0].status_code == (401 if path.endswith("login") else 201)


def test_an_unknown_name_costs_a_password_check_too(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(sqlite_url) as client:
        counting = HeldHasher(accounts._hasher, hold=False)
        monkeypatch.setattr(accounts, "_hasher", counting)
        for name in ("nobody-here", "zed"):
            answer = client.post("/api/accounts/login", json={"name": name, "password": "x" * 9})
            assert answer.json()["error"]["code"] == "bad_credentials"
        guest = Player(client)
        answer = client.post("/api/accounts/login", json={"name": guest.name, "password": "x"})
        assert answer.status_code == 401
        assert counting.verified == 3


def _refused_for_too_many(answer: Any) -> None:
    assert answer.status_code == 429, answer.text
    assert answer.json()["error"]["code"] == "too_many_attempts"
    assert 1 <= int(answer.headers["retry-after"]) <= 60


def test_wrong_passwords_for_one_name_are_throttled(database_url: str) -> None:
    with running(database_url) as client:
        Player(client, "ann")
        for _ in range(10):
            assert client.post("/api/accounts/login", json=WRONG).status_code == 401
        _refused_for_too_many(client.post("/api/accounts/login", json=WRONG))
        _refused_for_too_many(client.post("/api/accounts/login", json=RIGHT))
        # another name from the same address still gets its answers
        Player(client, "ben")
        assert client.post("/api/accounts/login", json={**RIGHT, "name": "ben"}).status_code == 200


def test_the_right_password_forgives_a_names_failures(sqlite_url: str) -> None:
    with running(sqlite_url, logins_per_name=3) as client:
        Player(client, "ann")
        for _ in range(2):
            for _ in range(2):
                assert client.post("/api/accounts/login", json=WRONG).status_code == 401
            assert client.post("/api/accounts/login", json=RIGHT).status_code == 200


def test_logins_from_one_address_are_throttled_whatever_the_name(sqlite_url: str) -> None:
    with running(sqlite_url, logins_per_address=5) as client:
        for number in range(5):
            wrong = {"name": f"name-{number}", "password": "whatever1"}
            assert client.post("/api/accounts/login", json=wrong).status_code == 401
        _refused_for_too_many(client.post("/api/accounts/login", json=WRONG))


def test_guests_and_registrations_from_one_address_are_throttled(sqlite_url: str) -> None:
    with running(sqlite_url, guests_per_address=10) as client:
        for _ in range(10):
            assert client.post("/api/accounts/guest", json={}).status_code == 201
        _refused_for_too_many(client.post("/api/accounts/guest", json={}))
    with running(sqlite_url, registrations_per_address=2) as client:
        for name in ("cat", "dog"):
            answer = client.post("/api/accounts/register", json={**RIGHT, "name": name})
            assert answer.status_code == 201
        _refused_for_too_many(client.post("/api/accounts/register", json={**RIGHT, "name": "emu"}))


def test_no_limit_when_set_to_zero(sqlite_url: str) -> None:
    with running(sqlite_url, guests_per_address=0) as client:
        for _ in range(15):
            assert client.post("/api/accounts/guest", json={}).status_code == 201


def test_one_address_may_keep_only_so_many_live_sockets_open(sqlite_url: str) -> None:
    with running(sqlite_url, sockets_per_address=3) as client:
        ann = Player(client, "ann")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        path = f"/api/tables/{table_id}/live"
        opened = [client.websocket_connect(path) for _ in range(3)]
        sockets = [context.__enter__() for context in opened]
        try:
            for socket in sockets:
                assert socket.receive_json()["type"] == "table"
            with (
                client.websocket_connect(path) as fourth,
                pytest.raises(WebSocketDisconnect) as closed,
            ):
                fourth.receive_json()
            assert (closed.value.code, closed.value.reason) == (1008, "too_many_sockets")
            opened.pop().__exit__(None, None, None)  # one closes: another may open
            with client.websocket_connect(path) as again:
                assert again.receive_json()["type"] == "table"
        finally:
            for context in opened:
                context.__exit__(None, None, None)


def test_sockets_opened_again_and_again_are_held_off(sqlite_url: str) -> None:
    with running(sqlite_url, socket_opens_per_address=3) as client:
        ann = Player(client, "ann")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        path = f"/api/tables/{table_id}/live"
        for _ in range(3):
            with client.websocket_connect(path) as socket:
                assert socket.receive_json()["type"] == "table"
        with client.websocket_connect(path) as fourth, pytest.raises(WebSocketDisconnect) as closed:
            fourth.receive_json()
        assert (closed.value.code, closed.value.reason) == (1008, "too_many_attempts")


def test_the_memory_counts_log_no_error_and_no_name_when_a_login_is_forgiven(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """limits' in-memory expiry task lists the keys, then reads each after an await: a key
    removed meanwhile (a right password forgives its name's count) raised KeyError with
    the key, so the account's name, in "Task exception was never retrieved"."""
    name = "secret-ann"

    async def forgiven_while_the_counts_expire() -> None:
        throttle = Throttle(Limits(), None, "test")
        await throttle.login_attempt(name, "192.0.2.1")  # two keys; the expiry task is due
        await asyncio.sleep(0)  # it starts on the first key and waits for its thread
        await throttle.logged_in(name)  # the second key goes
        await asyncio.sleep(0.3)
        await throttle.login_attempt(name, "192.0.2.1")  # a new expiry task replaces the old
        await asyncio.sleep(0.3)
        del throttle
        gc.collect()

    with caplog.at_level(logging.DEBUG):
        asyncio.run(forgiven_while_the_counts_expire())
    logged = "\n".join(record.getMessage() + str(record.exc_info) for record in caplog.records)
    assert "never retrieved" not in logged
    assert name not in logged


def _device_of(answer: Any) -> str:
    assert answer.status_code in (200, 201), answer.text
    cookie: str = answer.cookies["navcomp_device"]
    return cookie


def test_a_browser_that_signed_in_before_gets_past_a_strangers_lockout(database_url: str) -> None:
    """OWASP's device cookie: a stranger's wrong passwords hold the name, not its owner."""
    with running(database_url, logins_per_name=5) as client:
        device = _device_of(client.post("/api/accounts/register", json=RIGHT))
        bob_device = _device_of(
            client.post("/api/accounts/register", json={**RIGHT, "name": "bob"})
        )
        client.cookies.clear()  # a stranger, with no cookie of ann's
        for _ in range(5):
            assert client.post("/api/accounts/login", json=WRONG).status_code == 401
        _refused_for_too_many(client.post("/api/accounts/login", json=RIGHT))
        for forged in (device[:-2] + "xx", bob_device, "", "x" * 5000):
            refused = client.post("/api/accounts/login", json=RIGHT, headers=_with(forged))
            _refused_for_too_many(refused)
        owner = client.post("/api/accounts/login", json=RIGHT, headers=_with(device))
        assert owner.status_code == 200, owner.text
        client.cookies.clear()
        # the owner's browser has a count of its own: it is throttled when it guesses
        for _ in range(5):
            guess = client.post("/api/accounts/login", json=WRONG, headers=_with(device))
            assert guess.status_code == 401
        _refused_for_too_many(client.post("/api/accounts/login", json=RIGHT, headers=_with(device)))


def _with(device: str) -> dict[str, str]:
    return {"Cookie": f"navcomp_device={device}"}


def test_password_change_and_deletion_share_the_logins_count_of_the_name(
    database_url: str,
) -> None:
    """Keyed by the name's fold key, as logins are: "Straße" folds to "strasse", which a
    lower-cased name ("straße") is not."""
    with running(database_url, logins_per_name=3) as client:
        street = Player(client, "Straße")
        wrong_change = {"current": "not the password", "new": "another horse"}
        for _ in range(2):
            assert street.post("/api/me/password", wrong_change).status_code == 403
        deleted = client.request(
            "DELETE",
            "/api/account",
            json={"password": "not the password"},
            headers=street.headers,
        )
        assert deleted.status_code == 403, deleted.text
        right = {"name": "STRASSE", "password": "correct horse"}
        _refused_for_too_many(client.post("/api/accounts/login", json=right))


def _lock_out_ann(client: Any) -> None:
    """A stranger's wrong passwords until the name is held (a password change or a
    deletion counted one already)."""
    client.cookies.clear()  # a stranger, with no cookie of ann's
    answers = [client.post("/api/accounts/login", json=WRONG).status_code for _ in range(5)]
    assert answers[0] == 401 and answers[-1] == 429, answers
    _refused_for_too_many(client.post("/api/accounts/login", json=RIGHT))


def test_a_password_change_revokes_every_device(database_url: str) -> None:
    with running(database_url, logins_per_name=5) as client:
        registered = client.post("/api/accounts/register", json=RIGHT)
        device = _device_of(registered)
        token = registered.json()["token"]
        client.cookies.clear()
        changed = client.post(
            "/api/me/password",
            json={"current": RIGHT["password"], "new": "a new horse"},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert changed.status_code == 200, changed.text
        _lock_out_ann(client)
        new = {**RIGHT, "password": "a new horse"}
        _refused_for_too_many(client.post("/api/accounts/login", json=new, headers=_with(device)))


def test_a_device_is_bound_to_the_account_not_to_its_name(database_url: str) -> None:
    with running(database_url, logins_per_name=5, name_hold_days=0) as client:
        first = client.post("/api/accounts/register", json=RIGHT)
        device = _device_of(first)
        client.cookies.clear()
        deleted = client.request(
            "DELETE",
            "/api/account",
            json={"password": RIGHT["password"]},
            headers={"Authorization": f"Bearer {first.json()['token']}"},
        )
        assert deleted.status_code == 200, deleted.text
        client.cookies.clear()
        again = client.post("/api/accounts/register", json=RIGHT)  # another ann, the same name
        assert again.status_code == 201, again.text
        _lock_out_ann(client)
        _refused_for_too_many(client.post("/api/accounts/login", json=RIGHT, headers=_with(device)))
        # her own browser's cookie still passes
        own = client.post("/api/accounts/login", json=RIGHT, headers=_with(_device_of(again)))
        assert own.status_code == 200, own.text
