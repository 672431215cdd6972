"""Security headers on every answer; Secure cookies over HTTPS, or behind a trusted proxy
that says so (and only then)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient

from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings

HTTPS = {"X-Forwarded-Proto": "https"}


@contextmanager
def _client(database_url: str, base: str = "http://testserver", **kw: Any) -> Iterator[TestClient]:
    client_address = kw.pop("client", ("testclient", 50000))
    app = create_app(Settings(database_url, webhooks=False, **kw))

    @app.get("/api/test-boom", include_in_schema=False)
    async def boom() -> None:
        raise RuntimeError("a bug")

    with TestClient(
        app, base_url=base, client=client_address, raise_server_exceptions=False
    ) as client:
        yield client


def _cookies(client: TestClient, headers: dict[str, str] | None = None) -> list[str]:
    answer = client.post("/api/accounts/guest", json={}, headers=headers or {})
    assert answer.status_code == 201
    cookies = answer.headers.get_list("set-cookie")
    assert {c.split("=", 1)[0] for c in cookies} == {"navcomp_session", "navcomp_csrf"}
    return cookies


def _secure(cookie: str) -> bool:
    return "secure" in {part.strip().lower() for part in cookie.split(";")[1:]}


def test_cookies_are_secure_over_https_only(sqlite_url: str) -> None:
    with _client(sqlite_url) as client:
        assert not any(_secure(c) for c in _cookies(client))
        assert not any(_secure(c) for c in _cookies(client, HTTPS))  # no proxy is trusted
    with _client(sqlite_url, base="https://testserver") as client:
        assert all(_secure(c) for c in _cookies(client))


def test_x_forwarded_proto_counts_from_a_trusted_proxy_only(sqlite_url: str) -> None:
    trusted = ("127.0.0.1", "10.0.0.0/8")
    with _client(sqlite_url, trusted_proxies=trusted) as client:  # the peer is "testclient"
        assert not any(_secure(c) for c in _cookies(client, HTTPS))
    with _client(sqlite_url, client=("192.0.2.7", 4000), trusted_proxies=trusted) as client:
        assert not any(_secure(c) for c in _cookies(client, HTTPS))
    for proxy in ("127.0.0.1", "10.20.30.40"):
        with _client(sqlite_url, client=(proxy, 4000), trusted_proxies=trusted) as client:
            assert all(_secure(c) for c in _cookies(client, HTTPS))
            assert not any(_secure(c) for c in _cookies(client))  # the proxy says http
    with _client(sqlite_url, client=("127.0.0.1", 4000)) as client:  # none trusted by default
        assert not any(_secure(c) for c in _cookies(client, HTTPS))


def _assert_secured(answer: Any) -> None:
    policy = answer.headers["content-security-policy"]
    directives = dict([*d.split(" ", 1), ""][:2] for d in (p.strip() for p in policy.split(";")))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["base-uri"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["referrer-policy"] == "same-origin"
    assert answer.headers["x-frame-options"] == "DENY"


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("HEAD", "/", 200),  # uptime checks and `curl -I` ask the home page with HEAD
        ("GET", "/static/app.css", 200),
        ("GET", "/static/js/main.js", 200),
        ("GET", "/api/games", 200),
        ("GET", "/api/tables/999", 404),
        ("GET", "/api/no-such-route", 404),
        ("GET", "/api/me", 401),
        ("POST", "/api/tables/1/moves", 401),  # the fast path's own answer
        ("POST", "/api/accounts/login", 422),
        ("GET", "/api/test-boom", 500),  # the framework's own 500 handler
    ],
)
def test_every_answer_carries_the_security_headers(
    sqlite_url: str, method: str, path: str, status: int
) -> None:
    with _client(sqlite_url) as client:
        body = {"action": 1, "expected_version": 0} if path.endswith("moves") else {}
        answer = client.request(method, path, json=body if method == "POST" else None)
        assert answer.status_code == status, answer.text
        _assert_secured(answer)


def test_the_api_pages_load_nothing_from_elsewhere_and_nothing_frames_them(
    sqlite_url: str,
) -> None:
    with _client(sqlite_url) as client:
        for page in ("/docs", "/redoc"):
            docs = client.get(page)
            assert docs.status_code == 200
            policy = docs.headers["content-security-policy"]
            assert "script-src 'self';" in policy and "frame-ancestors 'none'" in policy
            assert "http" not in policy and "http" not in docs.text
            assert docs.headers["x-frame-options"] == "DENY"
            for asset in re.findall(r'(?:src|href)="(/[^"]+)"', docs.text):
                assert client.get(asset).status_code == 200, asset


def test_navcomp_serve_trusts_forwarded_headers_only_from_its_trusted_proxies(
    sqlite_url: str,
) -> None:
    """uvicorn by itself trusts 127.0.0.1's X-Forwarded-*: the served table does not,
    unless --trusted-proxies says so."""
    import httpx2 as httpx

    from server_helpers import ServerProcess

    for extra, secure in (((), False), (("--trusted-proxies", "127.0.0.1"), True)):
        server = ServerProcess(sqlite_url, *extra).start()
        try:
            answer = httpx.post(server.base + "/api/accounts/guest", json={}, headers=HTTPS)
            assert answer.status_code == 201
            cookies = answer.headers.get_list("set-cookie")
            assert len(cookies) == 2 and all(_secure(c) is secure for c in cookies)
            assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        finally:
            server.stop()
