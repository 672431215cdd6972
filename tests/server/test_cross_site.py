"""The routes that open a session (guest, login, registration) take only a JSON request
from the table's own pages, on both databases: another site's form cannot swap a signed-in
browser onto a new account."""

from __future__ import annotations

from typing import Any

import pytest

from server_helpers import Player, running

CREDENTIALS = {"name": "ann", "password": "correct horse"}
ROUTES = ["/api/accounts/guest", "/api/accounts/login", "/api/accounts/register"]


def body_for(path: str) -> dict[str, str]:
    return {} if path.endswith("guest") else CREDENTIALS


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    assert "set-cookie" not in answer.headers


@pytest.mark.parametrize("path", ROUTES)
def test_a_cross_site_form_opens_no_session(database_url: str, path: str) -> None:
    with running(database_url) as client:
        Player(client, "bob")
        form = {"name": "ann", "password": "correct horse"}
        for content_type, content in (
            ("application/x-www-form-urlencoded", "name=ann&password=correct+horse"),
            ("text/plain", '{"name": "ann", "password": "correct horse"}'),
            ("multipart/form-data; boundary=x", "--x--"),
        ):
            answer = client.post(path, content=content, headers={"Content-Type": content_type})
            refused(answer, 415, "json_required")
        refused(client.post(path), 415, "json_required")  # no body, no type: a bare form
        for cross_site in (
            {"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
            {"Origin": "https://evil.example"},  # an older browser: no Sec-Fetch-*
            {"Origin": "null"},  # a sandboxed frame or a data: page
            {"Sec-Fetch-Site": "cross-site"},
            {"Sec-Fetch-Site": "same-site", "Origin": "https://other.testserver"},
        ):
            refused(client.post(path, json=form, headers=cross_site), 403, "cross_site")
        assert client.post("/api/accounts/login", json=CREDENTIALS).status_code == 401  # no ann


def test_the_table_s_own_pages_and_api_clients_still_get_their_session(
    database_url: str,
) -> None:
    with running(database_url) as client:
        same = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
        assert client.post("/api/accounts/guest", json={}, headers=same).status_code == 201
        registered = client.post("/api/accounts/register", json=CREDENTIALS, headers=same)
        assert registered.status_code == 201
        assert client.post("/api/accounts/login", json=CREDENTIALS).status_code == 200
        typed = {"Content-Type": "application/json; charset=utf-8", "Sec-Fetch-Site": "none"}
        assert client.post("/api/accounts/guest", content="{}", headers=typed).status_code == 201


def test_an_origin_is_this_host_whatever_port_the_proxy_left_out() -> None:
    from navcomp.server.api.http import same_host

    assert same_host("https://table.example.org:8443", "table.example.org")
    assert same_host("https://table.example.org", "table.example.org:443")
    assert same_host("http://[::1]:8000", "[::1]:8000")
    assert not same_host("https://table.example.org.evil.test", "table.example.org")
    assert not same_host("https://evil.test:8443", "table.example.org:8443")
    assert not same_host("null", "table.example.org")
    assert not same_host("https://table.example.org", None)
