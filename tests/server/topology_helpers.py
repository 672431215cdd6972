"""The real topology in a test: nginx (deploy/nginx/navcomp.conf) in front of two
``navcomp serve`` processes on one PostgreSQL database of the test's own and a Redis;
players over HTTPS through nginx, live sockets that reconnect, and moves recorded
with their answers so that the log can be checked against them."""

from __future__ import annotations

import os
import random
import ssl
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2 as httpx
import orjson
from sqlalchemy import create_engine, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from conftest import own_postgres_database
from navcomp.store.schema import moves
from nginx_helpers import Nginx
from server.queue_helpers import WorkerProcess
from server.redis_helpers import PrivateRedis
from server_helpers import ServerProcess, wait_for

SLOW_BOT_SECONDS = "600"  # the first process's bots think for minutes: they are under way
BOT_STALL_SECONDS = "2"  # when a process is stopped or killed


@dataclass
class Topology:
    nginx: Nginx
    first: ServerProcess  # its bots think slowly: a bot job is under way when it goes
    second: ServerProcess
    database_url: str

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.nginx.base, verify=self.nginx.ssl_context(), timeout=20)

    def log(self, table_id: int) -> dict[int, tuple[int, int | None]]:
        """The table's log as the database holds it: seq to (seat, action)."""
        engine = create_engine(self.database_url)
        try:
            with engine.connect() as conn:
                rows = conn.execute(
                    select(moves.c.seq, moves.c.seat, moves.c.action).where(
                        moves.c.table_id == table_id
                    )
                ).all()
        finally:
            engine.dispose()
        return {seq: (seat, action) for seq, seat, action in rows}


@contextmanager
def topology(folder: Path, workers: int = 0) -> Iterator[Topology]:
    """Everything up, and everything stopped at the end (nginx too), whatever happened;
    with ``workers``, the servers hand bots to that many ``navcomp worker`` processes
    (``--jobs queue``)."""
    with ExitStack() as stack:
        url = stack.enter_context(own_postgres_database(f"navcomp_topology_{os.getpid()}"))
        redis = stack.enter_context(PrivateRedis(folder))
        common = ("--redis-url", redis.url, "--trusted-proxies", "127.0.0.1")
        common += ("--sweep-seconds", "0.3", "--bot-stall-seconds", BOT_STALL_SECONDS)
        if workers:
            common += ("--jobs", "queue")
        servers = []
        for bot_seconds in (SLOW_BOT_SECONDS, "0.1"):
            server = ServerProcess(url, *common, "--bot-seconds", bot_seconds)
            stack.callback(server.stop)
            servers.append(server.start())
        for _ in range(workers):
            worker = WorkerProcess(url, redis.url, "--bot-seconds", "0.1")
            stack.callback(worker.stop)
            worker.start()
        nginx = Nginx(folder, upstream_ports=[server.port for server in servers])
        stack.callback(nginx.stop)
        nginx.start()
        yield Topology(nginx, servers[0], servers[1], url)


def guest(client: httpx.Client) -> dict[str, str]:
    answer = client.post("/api/accounts/guest", json={})
    assert answer.status_code == 201, answer.text
    client.cookies.clear()  # each player speaks with its bearer token only
    return {"Authorization": f"Bearer {answer.json()['token']}"}


def two_player_game(client: httpx.Client) -> tuple[int, dict[int, dict[str, str]]]:
    """A started game of two guests: its id and each seat's headers."""
    players = [guest(client), guest(client)]
    body = {"game": "space-mission", "seats": 2}
    made = client.post("/api/tables", json=body, headers=players[0])
    table_id: int = made.json()["id"]
    assert client.post(f"/api/tables/{table_id}/join", headers=players[1]).status_code == 200
    assert client.post(f"/api/tables/{table_id}/start", headers=players[0]).status_code == 200
    seats = {client.get(f"/api/tables/{table_id}", headers=p).json()["seat"]: p for p in players}
    return table_id, seats


def bot_game(client: httpx.Client, level: str = "hard") -> tuple[int, dict[str, str]]:
    """A started game of one guest (seat 0) against a bot (seat 1)."""
    person = guest(client)
    body = {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": level}]}
    table_id: int = client.post("/api/tables", json=body, headers=person).json()["id"]
    assert client.post(f"/api/tables/{table_id}/start", headers=person).status_code == 200
    return table_id, person


def play_once(
    client: httpx.Client, table_id: int, headers: dict[str, str], rnd: random.Random
) -> tuple[int, int, httpx.Response]:
    """The seat of ``headers`` plays a random move (not a discard) as it sees the table:
    the version it was made at, the action and the answer."""
    seen = client.get(f"/api/tables/{table_id}", headers=headers).json()
    legal = [a["id"] for a in seen["legal"] if not a["text"].startswith("discard")]
    action = rnd.choice(legal)
    version = seen["table"]["version"]
    body = {"action": action, "expected_version": version}
    return version, action, client.post(f"/api/tables/{table_id}/moves", json=body, headers=headers)


class Mover(threading.Thread):
    """Plays one two-player table through nginx (or straight to ``server``), move after
    move, until stopped: every answer is kept (its version, action and status)."""

    def __init__(
        self,
        topology: Topology,
        table_id: int,
        seats: dict[int, dict[str, str]],
        server: ServerProcess | None = None,
    ):
        super().__init__(daemon=True)
        self.topology, self.table_id, self.seats = topology, table_id, seats
        self.server = server
        self.answers: list[tuple[int, int, int]] = []
        self.stopping = threading.Event()

    def acknowledged(self) -> int:
        return sum(1 for *_, status in self.answers if status == 200)

    def run(self) -> None:
        rnd = random.Random(self.table_id)
        direct = None if self.server is None else httpx.Client(base_url=self.server.base)
        with direct or self.topology.client() as client:
            while not self.stopping.is_set():
                try:
                    table = client.get(f"/api/tables/{self.table_id}", headers=self.seats[0])
                    if table.status_code != 200:  # the process went away under it: 502
                        self.stopping.wait(0.05)
                        continue
                    headers = self.seats[table.json()["table"]["to_move"]]
                    version, action, answer = play_once(client, self.table_id, headers, rnd)
                    self.answers.append((version, action, answer.status_code))
                except (httpx.TransportError, LookupError, TypeError, ValueError):
                    self.stopping.wait(0.05)  # cut off while asking: asked again

    def stop(self) -> None:
        self.stopping.set()
        self.join(30)
        assert not self.is_alive()

    def check_log(self, acknowledged_only: bool) -> None:
        """Every move answered 200 is in the log as played; ``acknowledged_only``: and no
        other move of the table is (each one there was answered 200)."""
        log = self.topology.log(self.table_id)
        played = {version + 1: action for version, action, status in self.answers if status == 200}
        for seq, action in played.items():
            assert seq in log and log[seq][1] == action, (seq, action, log.get(seq))
        if acknowledged_only:
            assert set(log) == set(played), sorted(set(log) ^ set(played))


class LiveClient(threading.Thread):
    """A live socket through nginx that, like the browser's, opens again whenever it
    closes, and takes the table as the server then sends it (the first push)."""

    def __init__(self, nginx: Nginx, table_id: int, headers: dict[str, str]) -> None:
        super().__init__(daemon=True)
        self.url = nginx.base.replace("https", "wss") + f"/api/tables/{table_id}/live"
        self.context: ssl.SSLContext = nginx.ssl_context()
        self.headers = headers
        self.version = -1
        self.opened = 0
        self.close_codes: list[int | None] = []
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            try:
                with connect(self.url, ssl=self.context, additional_headers=self.headers) as ws:
                    self.opened += 1
                    self._read(ws)
            except (ConnectionClosed, OSError, TimeoutError) as closed:
                said = closed.rcvd if isinstance(closed, ConnectionClosed) else None
                self.close_codes.append(None if said is None else said.code)  # None: cut
                self.stopping.wait(0.1)

    def _read(self, ws: Any) -> None:
        while not self.stopping.is_set():
            try:
                message = orjson.loads(ws.recv(timeout=0.2))
            except TimeoutError:
                continue
            if message.get("type") == "state":
                self.version = message["version"]

    def sees(self, version: int) -> bool:
        return self.version >= version

    def stop(self) -> None:
        self.stopping.set()
        self.join(10)
        assert not self.is_alive()


def wait_for_version(clients: list[LiveClient], version: int) -> None:
    wait_for(lambda: all(client.sees(version) for client in clients))
