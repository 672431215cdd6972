"""The table behind a real nginx with TLS, configured as docs/server.md tells a host."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
import websockets

from nginx_helpers import Nginx
from server_helpers import ServerProcess, wait_for

GUESTS_PER_ADDRESS = 2


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[ServerProcess, Nginx]]:
    server = ServerProcess(
        f"sqlite:///{tmp_path}/navcomp.db",
        *("--trusted-proxies", "127.0.0.1"),
        *("--guests-per-address", str(GUESTS_PER_ADDRESS)),
    ).start()
    nginx = Nginx(tmp_path, server.port)
    try:
        nginx.start()
        yield server, nginx
    finally:
        nginx.stop()
        server.stop()


def test_over_https_the_session_cookies_are_secure(proxied: tuple[ServerProcess, Nginx]) -> None:
    server, nginx = proxied
    with httpx.Client(base_url=nginx.base, verify=nginx.ssl_context()) as browser:
        assert browser.get("/").status_code == 200
        answer = browser.post("/api/accounts/guest", json={})
        assert answer.status_code == 201
        cookies = answer.headers.get_list("set-cookie")
        assert len(cookies) == 2 and all("secure" in c.lower() for c in cookies), cookies
        assert browser.get("/api/me").json()["guest"] is True  # the cookie came back
    direct = httpx.post(f"{server.base}/api/accounts/guest", json={})  # plain http, no proxy
    assert all("secure" not in c.lower() for c in direct.headers.get_list("set-cookie"))


def test_a_forwarded_scheme_from_anyone_but_the_proxy_is_ignored(
    proxied: tuple[ServerProcess, Nginx],
) -> None:
    server, _ = proxied
    claimed = httpx.post(
        f"{server.base}/api/accounts/guest", json={}, headers={"X-Forwarded-Proto": "https"}
    )
    assert claimed.status_code == 201
    # The test's own client is on 127.0.0.1, the trusted address: bind elsewhere to be
    # an untrusted peer (the whole 127.0.0.0/8 range is this machine's loopback).
    transport = httpx.HTTPTransport(local_address="127.0.0.7")
    with httpx.Client(transport=transport) as stranger:
        answer = stranger.post(
            f"{server.base}/api/accounts/guest", json={}, headers={"X-Forwarded-Proto": "https"}
        )
    assert answer.status_code == 201
    assert all("secure" not in c.lower() for c in answer.headers.get_list("set-cookie"))


def test_the_access_log_keeps_no_mail_token(proxied: tuple[ServerProcess, Nginx]) -> None:
    _, nginx = proxied
    with httpx.Client(base_url=nginx.base, verify=nginx.ssl_context()) as client:
        assert client.post("/api/mail/unsubscribe/TOKEN-4711-SECRET", json={}).status_code == 400
        assert client.get("/api/games").status_code == 200
    # nginx logs a request once it has answered it, so its line may come after the answer;
    # the mail link's request, answered before, is logged before it if at all
    games = '"GET /api/games HTTP/1.1" 200'
    logged = wait_for(lambda: games in (text := nginx.access_log.read_text()) and text)
    assert "TOKEN-4711" not in logged


def test_the_live_socket_goes_through_the_proxy(proxied: tuple[ServerProcess, Nginx]) -> None:
    _, nginx = proxied
    with httpx.Client(base_url=nginx.base, verify=nginx.ssl_context()) as client:
        token = client.post("/api/accounts/guest", json={}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        body = {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}
        table_id = client.post("/api/tables", json=body, headers=headers).json()["id"]
        assert client.post(f"/api/tables/{table_id}/start", headers=headers).status_code == 200

    async def first_push() -> dict:
        url = nginx.base.replace("https", "wss") + f"/api/tables/{table_id}/live"
        async with websockets.connect(
            url, ssl=nginx.ssl_context(), additional_headers=headers
        ) as socket:
            return json.loads(await asyncio.wait_for(socket.recv(), 10))

    pushed = asyncio.run(first_push())
    assert pushed["type"] == "state" and pushed["seat"] == 0
    assert pushed["legal"] is not None or pushed["table"]["to_move"] == 1


def test_behind_the_proxy_each_client_is_throttled_by_its_own_address(
    proxied: tuple[ServerProcess, Nginx],
) -> None:
    """nginx passes on the address it saw; the server counts guests per client, not one
    count for everyone behind the proxy."""
    _, nginx = proxied

    def guests_from(address: str) -> list[int]:
        transport = httpx.HTTPTransport(local_address=address, verify=nginx.ssl_context())
        with httpx.Client(base_url=nginx.base, transport=transport) as client:
            return [client.post("/api/accounts/guest", json={}).status_code for _ in range(3)]

    assert guests_from("127.0.0.5") == [201] * GUESTS_PER_ADDRESS + [429]
    assert guests_from("127.0.0.6") == [201] * GUESTS_PER_ADDRESS + [429]


def test_a_page_behind_the_proxy_on_its_own_port_opens_a_session_and_a_cookie_socket(
    proxied: tuple[ServerProcess, Nginx],
) -> None:
    """The browser names the page's origin with its port (``https://host:8443``): the proxy
    must pass the Host as the browser sent it, port and all, or the server takes its own
    pages for another site's (a refused sign-in, a refused live socket)."""
    _, nginx = proxied
    page = {"Origin": nginx.base}
    with httpx.Client(base_url=nginx.base, verify=nginx.ssl_context()) as client:
        for fetch in ({"Sec-Fetch-Site": "same-origin"}, {}):  # today's browsers, and older
            answer = client.post("/api/accounts/guest", json={}, headers=page | fetch)
            assert answer.status_code == 201, answer.text
        cookies = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
        csrf = {"X-CSRF-Token": client.cookies["navcomp_csrf"]}
        body = {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}
        table_id = client.post("/api/tables", json=body, headers=page | csrf).json()["id"]
        started = client.post(f"/api/tables/{table_id}/start", headers=page | csrf)
        assert started.status_code == 200, started.text

    async def first_push() -> dict:
        url = nginx.base.replace("https", "wss") + f"/api/tables/{table_id}/live"
        headers = {"Cookie": cookies, "Origin": nginx.base}
        async with websockets.connect(
            url, ssl=nginx.ssl_context(), additional_headers=headers
        ) as socket:
            return json.loads(await asyncio.wait_for(socket.recv(), 10))

    pushed = asyncio.run(first_push())
    assert pushed["type"] == "state" and pushed["seat"] == 0
