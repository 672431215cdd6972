"""A real ``navcomp serve`` against slow and greedy clients: half-sent requests, a body
that never comes, WebSocket messages over the server's size limit."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server_helpers import ServerProcess


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ServerProcess]:
    process = ServerProcess(sqlite_url, "--header-timeout", "2", "--body-timeout", "2").start()
    try:
        yield process
    finally:
        process.stop()


def _closed_by_server(conn: socket.socket, within: float) -> bool:
    """Whether the server closes ``conn`` (reading end of file) within ``within`` seconds."""
    conn.settimeout(within)
    try:
        return conn.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _opened(server: ServerProcess, count: int, sent: bytes) -> list[socket.socket]:
    conns = []
    for _ in range(count):
        conn = socket.create_connection(("127.0.0.1", server.port))
        conn.sendall(sent)
        conns.append(conn)
    return conns


def test_half_sent_requests_are_closed_and_others_answered(server: ServerProcess) -> None:
    slow = _opened(server, 50, b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
    silent = _opened(server, 5, b"")
    try:
        assert httpx.get(server.base + "/api/games", timeout=5).status_code == 200
        started = time.monotonic()
        assert all(_closed_by_server(conn, 15) for conn in slow + silent)
        assert time.monotonic() - started < 15
        assert httpx.get(server.base + "/api/games", timeout=5).status_code == 200
    finally:
        for conn in slow + silent:
            conn.close()


def test_a_body_that_never_comes_is_closed(server: ServerProcess) -> None:
    head = (
        b"POST /api/accounts/login HTTP/1.1\r\nHost: x\r\n"
        b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name"'
    )
    (waiting,) = _opened(server, 1, head)
    try:
        assert _closed_by_server(waiting, 15)
    finally:
        waiting.close()


def test_a_keep_alive_connection_still_serves_its_next_request(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base, timeout=5) as client:
        for _ in range(2):
            assert client.get("/api/games").status_code == 200
            time.sleep(2.5)  # longer than the header timeout, idle between requests
        assert client.get("/api/games").status_code == 200


def _live(server: ServerProcess) -> str:
    owner = httpx.post(server.base + "/api/accounts/guest", json={}).json()
    headers = {"Authorization": f"Bearer {owner['token']}"}
    made = httpx.post(
        server.base + "/api/tables", json={"game": "space-mission", "seats": 2}, headers=headers
    )
    return f"ws://127.0.0.1:{server.port}/api/tables/{made.json()['id']}/live"


def _close_code(ws: Any) -> tuple[int, str]:
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None, "the server sent no close frame"
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_a_websocket_message_over_the_servers_limit_is_refused(server: ServerProcess) -> None:
    live = _live(server)
    with connect(live, max_size=None) as ws:
        ws.recv(timeout=10)
        ws.send("x" * 100_000)
        assert _close_code(ws)[0] == 1009
    with connect(live) as ws:  # over the app's limit, under the server's
        ws.recv(timeout=10)
        ws.send("ping")
        ws.send("x" * 5000)
        assert _close_code(ws) == (1009, "message_too_big")


def test_a_binary_frame_closes_the_socket_as_unsupported(server: ServerProcess) -> None:
    with connect(_live(server)) as ws:
        ws.recv(timeout=10)
        ws.send(b"ping")
        assert _close_code(ws) == (1003, "text_only")


def test_a_flood_of_messages_closes_the_socket(server: ServerProcess) -> None:
    live = _live(server)
    with connect(live) as ws:
        ws.recv(timeout=10)
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(30):  # the close may come back while the flood is still going out
                ws.send("ping")
            while True:
                ws.recv(timeout=10)
        assert closed.value.rcvd is not None, "the server sent no close frame"
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1008, "rate_limited")
    with connect(live) as ws:  # pings as the page sends them are no flood
        ws.recv(timeout=10)
        for _ in range(5):
            ws.send("ping")
        with pytest.raises(TimeoutError):
            ws.recv(timeout=1)


def test_over_the_connection_limit_the_answer_is_our_json_error(sqlite_url: str) -> None:
    busy = ServerProcess(sqlite_url, "--limit-concurrency", "3").start()
    try:
        held = _opened(busy, 2, b"")  # two idle connections, then a request: three at once
        try:
            answer = httpx.get(busy.base + "/api/games", timeout=10)
        finally:
            for conn in held:
                conn.close()
        assert answer.status_code == 503
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["error"]["code"] == "server_busy"
        assert int(answer.headers["Retry-After"]) >= 1
        assert answer.headers["x-content-type-options"] == "nosniff"
        wait_until = time.monotonic() + 10
        while httpx.get(busy.base + "/api/games", timeout=10).status_code != 200:
            assert time.monotonic() < wait_until, "the server stayed busy"
            time.sleep(0.1)
    finally:
        busy.stop()
