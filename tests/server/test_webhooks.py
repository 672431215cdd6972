"""Webhooks: only public addresses, checked when set and when sent; no redirects; each
hook its own short queue, so a slow hook never holds up another's notices."""

from __future__ import annotations

import asyncio
import logging
import ssl
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings
from navcomp.server.runtime.webhooks import Webhooks
from navcomp.service import webhook_address
from navcomp.store.schema import users
from server.test_notices import _pass_the_turn
from server.webhook_helpers import HookServer, certificate
from server_helpers import Player, new_game, running

INTERNAL = [
    "http://169.254.169.254/latest/meta-data/",  # cloud metadata (link-local)
    "http://[::1]:6379/",
    "http://localhost:5432/",
    "http://0.0.0.0/",
    "http://127.0.0.1:8000/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://192.168.1.1/",
    "http://100.64.0.1/",  # carrier-grade NAT
    "http://100.100.100.200/",  # Alibaba's metadata
    "http://168.63.129.16/",  # Azure's platform address
    "http://[fd00:ec2::254]/",  # AWS metadata over IPv6
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",  # IPv4-mapped
    "http://[::ffff:169.254.169.254]/",
    "http://[2002:7f00:1::]/",  # 6to4 around 127.0.0.1
    "http://[64:ff9b::a00:1]/",  # NAT64 around 10.0.0.1
    "http://224.0.0.1/",  # multicast
    "http://[ff02::1]/",
    "http://240.0.0.1/",  # reserved
    "http://255.255.255.255/",
]
ODD_SPELLINGS = [
    "http://2130706433/",  # 127.0.0.1 as one decimal number
    "http://0x7f000001/",
    "http://0177.0.0.1/",  # octal
    "http://0x7f.0.0.1/",
    "http://127.1/",
    "http://017700000001/",
]
MALFORMED = ["ftp://example.com/", "http://user:pw@example.com/", "http:///nohost", "hook"]


def _dns(monkeypatch: pytest.MonkeyPatch, names: dict[str, list[str]]) -> list[str]:
    """Resolve through ``names`` (changeable later); returns the names looked up."""
    asked: list[str] = []
    real = webhook_address.resolve

    async def resolve(host: str, port: int) -> list[str]:
        asked.append(host)
        if host in names:
            return names[host]
        return await real(host, port)

    monkeypatch.setattr(webhook_address, "resolve", resolve)
    return asked


def _stored_hook(database_url: str, name: str) -> str | None:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            url: str | None = conn.execute(
                select(users.c.webhook_url).where(users.c.name == name)
            ).scalar_one()
            return url
    finally:
        engine.dispose()


def test_a_hook_at_an_internal_or_odd_address_is_refused_when_set(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        guest = Player(client)  # guests too
        for url in INTERNAL + ODD_SPELLINGS + MALFORMED:
            answer = guest.put("/api/me/webhook", {"url": url})
            assert answer.status_code == 422, (url, answer.text)
            error = answer.json()["error"]
            assert error["code"] == "invalid_webhook"
            assert "127.0.0.1" not in error["message"] and "::1" not in error["message"]
        assert _stored_hook(sqlite_url, guest.name) is None


def test_a_name_is_refused_if_any_of_its_addresses_is_internal(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dns(
        monkeypatch,
        {
            "hooks.example.com": ["93.184.215.14"],
            "rebind.example.com": ["93.184.215.14", "10.0.0.7"],
            "mapped.example.com": ["::ffff:127.0.0.1"],
        },
    )
    with running(sqlite_url) as client:
        ann = Player(client, "ann")
        good = "https://hooks.example.com/notify?token=s3cret"
        assert ann.put("/api/me/webhook", {"url": good}).status_code == 200
        for bad in ("http://rebind.example.com/", "http://mapped.example.com/"):
            answer = ann.put("/api/me/webhook", {"url": bad})
            assert answer.status_code == 422
            assert answer.json()["error"] == {
                "code": "invalid_webhook",
                "message": "the webhook's host is not a public address",
            }
        unknown = ann.put("/api/me/webhook", {"url": "http://no-such-host.invalid/"})
        assert unknown.status_code == 422
        assert _stored_hook(sqlite_url, "ann") == good  # the refusals changed nothing


def test_internal_hooks_only_by_the_server_option(sqlite_url: str) -> None:
    with running(sqlite_url, webhook_allow_internal=True) as client:
        ann = Player(client, "ann")
        assert ann.put("/api/me/webhook", {"url": "http://127.0.0.1:9/hook"}).status_code == 200
        odd = ann.put("/api/me/webhook", {"url": "http://2130706433/"})
        assert odd.status_code == 422  # odd spellings stay refused
        assert _stored_hook(sqlite_url, "ann") == "http://127.0.0.1:9/hook"


def _run(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(scenario())


def _wait(event: Any) -> Awaitable[bool]:
    return asyncio.to_thread(event.wait, 30)


@pytest.mark.parametrize("url", INTERNAL + ODD_SPELLINGS)
def test_a_hook_at_an_internal_address_is_refused_when_sent(
    url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")

    async def scenario() -> None:
        hooks = Webhooks()
        hooks.send(url, {"table": 1})
        await hooks.idle()

    _run(scenario)
    assert "refused" in caplog.text


def test_a_name_that_turns_internal_after_it_was_set_gets_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Set while the name resolved to a public address; at send time it resolves to
    127.0.0.1, where a live endpoint listens: nothing reaches it."""
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")
    names = {"hook.example.com": ["93.184.215.14"]}
    _dns(monkeypatch, names)
    with HookServer() as local:
        url = f"http://hook.example.com:{local.port}/hook/secret-token"

        async def scenario() -> None:
            await webhook_address.check(url, allow_internal=False)  # as PUT /api/me/webhook
            names["hook.example.com"] = ["127.0.0.1"]
            hooks = Webhooks()
            hooks.send(url, {"table": 1})
            await hooks.idle()
            allowed = Webhooks(allow_internal=True)  # the same hook where the option allows
            allowed.send(url, {"table": 2})
            await allowed.idle()

        _run(scenario)
        assert local.received == [{"table": 2}]
    assert "not a public address" in caplog.text and "secret-token" not in caplog.text


def test_a_delivery_connects_to_the_address_it_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """One lookup a delivery (no second one the connection could make on its own), and
    the Host header names the URL's host."""
    with HookServer() as local:
        asked = _dns(monkeypatch, {"hook.internal.test": ["127.0.0.1"]})
        url = f"http://hook.internal.test:{local.port}/hook"

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True)
            hooks.send(url, {"table": 3})
            await hooks.idle()

        _run(scenario)
        assert local.received == [{"table": 3}]
        assert local.hosts == [f"hook.internal.test:{local.port}"]
        assert asked == ["hook.internal.test"]


def test_a_redirect_is_not_followed(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")
    with HookServer() as elsewhere, HookServer(redirect_to=elsewhere.url) as hook:

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True)
            hooks.send(hook.url, {"table": 4})
            await hooks.idle()

        _run(scenario)
        assert hook.received == [{"table": 4}]
        assert elsewhere.methods == []
    assert "redirects are not followed" in caplog.text


def test_a_slow_hook_delays_only_its_own_notices() -> None:
    """Three notices to a hook that never answers, then one to a hook that answers at
    once: that one arrives while the slow hook still holds its first."""
    with HookServer(hold=True) as slow, HookServer() as fast:

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True, timeout=60)
            for n in range(3):
                hooks.send(slow.url, {"n": n})
            assert await _wait(slow.entered)
            hooks.send(fast.url, {"n": "fast"})
            assert await _wait(fast.entered)
            assert fast.received == [{"n": "fast"}]
            assert slow.received == [{"n": 0}]  # one at a time a hook; still held
            slow.release.set()
            await hooks.idle()
            assert [p["n"] for p in slow.received] == [0, 1, 2]

        _run(scenario)


def test_deliveries_under_way_at_once_are_bounded() -> None:
    """With two slots, a third hook's delivery starts only when one of the two ends."""
    journal: list[str] = []
    with (
        HookServer(hold=True, journal=journal, name="a") as a,
        HookServer(hold=True, journal=journal, name="b") as b,
        HookServer(journal=journal, name="c") as c,
    ):

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True, timeout=60, concurrency=2)
            for hook in (a, b, c):
                hooks.send(hook.url, {"n": 1})
            assert await _wait(a.entered) and await _wait(b.entered)
            a.release.set()
            assert await _wait(c.entered)
            b.release.set()
            await hooks.idle()

        _run(scenario)
    assert journal.index("enter c") > journal.index("leave a")
    assert journal.index("enter c") < journal.index("leave b")


def test_a_full_queue_drops_its_oldest_notices(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")
    with HookServer(hold=True) as slow:

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True, timeout=60, queue_size=5)
            hooks.send(slow.url, {"n": 0})
            assert await _wait(slow.entered)  # the first is under way
            for n in range(1, 12):
                hooks.send(slow.url, {"n": n})
            slow.release.set()
            await hooks.idle()

        _run(scenario)
        assert [p["n"] for p in slow.received] == [0, 7, 8, 9, 10, 11]
    assert caplog.text.count("dropped its oldest notice") == 6
    assert "secret-token" not in caplog.text


def test_a_hook_that_does_not_answer_is_given_up_after_the_timeout(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")
    with HookServer(hold=True) as slow:

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True, timeout=0.5)
            hooks.send(slow.url, {"n": 0})
            await hooks.idle()

        _run(scenario)
        assert slow.received == [{"n": 0}]
    assert "timed out" in caplog.text


def test_a_hook_set_at_a_public_address_that_turns_internal_gets_no_turn_notice(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Through the server: both players set a hook while its name is public; then the
    name resolves to 127.0.0.1 (a live endpoint listens there), and a turn passes."""
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")
    names = {"hook.example.com": ["93.184.215.14"]}
    _dns(monkeypatch, names)
    with HookServer() as local:
        url = f"http://hook.example.com:{local.port}/hook/secret-token"
        with TestClient(create_app(Settings(sqlite_url, webhooks=True))) as client:
            ann, ben = Player(client, "ann"), Player(client, "ben")
            assert ann.put("/api/me/webhook", {"url": url}).status_code == 200
            assert ben.put("/api/me/webhook", {"url": url}).status_code == 200
            names["hook.example.com"] = ["127.0.0.1"]
            table_id = new_game(ann, [ben])
            first = ann if ann.table(table_id)["legal"] is not None else ben
            _pass_the_turn(first, table_id)
            client.portal.call(client.app.state.server.webhooks.idle)
        assert local.received == []
    assert "refused: the webhook's host is not a public address" in caplog.text


def test_an_https_hook_checks_its_certificate_against_the_url_s_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Connected to the checked address (127.0.0.1), the TLS server name and the
    certificate check are the URL's name: right for one name, refused for another."""
    caplog.set_level(logging.WARNING, logger="navcomp.webhooks")
    cert, key = certificate(tmp_path, "hook.internal.test")
    served = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    served.load_cert_chain(cert, key)
    trusting = ssl.create_default_context(cafile=str(cert))
    _dns(monkeypatch, {"hook.internal.test": ["127.0.0.1"], "other.internal.test": ["127.0.0.1"]})
    with HookServer(tls=served) as hook:

        async def scenario() -> None:
            hooks = Webhooks(allow_internal=True, ssl_context=trusting)
            hooks.send(f"https://hook.internal.test:{hook.port}/h", {"n": 1})
            hooks.send(f"https://other.internal.test:{hook.port}/h", {"n": 2})
            await hooks.idle()

        _run(scenario)
        assert hook.received == [{"n": 1}]
        assert hook.hosts == [f"hook.internal.test:{hook.port}"]
    assert f"webhook to https://other.internal.test:{hook.port} failed" in caplog.text
