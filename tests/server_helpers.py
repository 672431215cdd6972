"""Driving the server in tests: players with their own tokens, and waiting for bots."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select

from navcomp.commands.serve import free_port, wait_until_up
from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings
from navcomp.store.schema import moves

PER_ADDRESS_OFF = {
    "logins_per_address": 0,
    "registrations_per_address": 0,
    "guests_per_address": 0,
    "socket_opens_per_address": 0,
}
"""Every player of a test comes from one address: a test of the per-address throttles
sets them itself."""


@contextmanager
def running(database_url: str, **settings: Any) -> Iterator[TestClient]:
    app = create_app(Settings(database_url, **{"webhooks": False, **PER_ADDRESS_OFF, **settings}))
    with TestClient(app, raise_server_exceptions=True) as client:
        yield client


class Player:
    """One account, speaking with its bearer token (the cookie jar is shared)."""

    def __init__(self, client: TestClient, name: str | None = None) -> None:
        self.client = client
        if name is None:
            answer = client.post("/api/accounts/guest", json={})
        else:
            answer = client.post(
                "/api/accounts/register", json={"name": name, "password": "correct horse"}
            )
        assert answer.status_code == 201, answer.text
        client.cookies.clear()  # each player speaks with its bearer token only
        body = answer.json()
        self.name = body["user"]["name"]
        self.token = body["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str, **kw: Any) -> Any:
        return self.client.get(path, headers=self.headers, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> Any:
        return self.client.post(path, json=body, headers=self.headers, **kw)

    def put(self, path: str, body: Any = None) -> Any:
        return self.client.put(path, json=body, headers=self.headers)

    def table(self, table_id: int) -> dict[str, Any]:
        answer = self.get(f"/api/tables/{table_id}")
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        return result

    def move(self, table_id: int, action: Any, version: int) -> Any:
        return self.post(
            f"/api/tables/{table_id}/moves", {"action": action, "expected_version": version}
        )


def new_game(
    owner: Player,
    others: list[Player],
    bots: dict[int, str] | None = None,
    game: str = "space-mission",
    options: dict[str, Any] | None = None,
) -> int:
    """A started table of ``game``: ``owner`` in seat 0, then ``others``, then ``bots`` by seat."""
    bots = bots or {}
    seats = 1 + len(others) + len(bots)
    answer = owner.post(
        "/api/tables",
        {
            "game": game,
            "seats": seats,
            "bots": [{"seat": s, "level": level} for s, level in bots.items()],
            "options": options or {},
        },
    )
    assert answer.status_code == 201, answer.text
    table_id: int = answer.json()["id"]
    for other in others:
        joined = other.post(f"/api/tables/{table_id}/join")
        assert joined.status_code == 200, joined.text
    started = owner.post(f"/api/tables/{table_id}/start")
    assert started.status_code == 200, started.text
    return table_id


def wait_for(check: Any, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.05)


def log_length(database_url: str, table_id: int) -> int:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            count: int = conn.execute(
                select(func.count()).select_from(moves).where(moves.c.table_id == table_id)
            ).scalar_one()
            return count
    finally:
        engine.dispose()


class ServerProcess:
    """``navcomp serve`` in a real process, for races, restarts and kills.

    ``program`` runs instead of ``-m navcomp`` (tests/count_game.py: the command
    with count to three registered)."""

    def __init__(
        self,
        database_url: str,
        *extra: str,
        program: str | None = None,
        log: Path | None = None,
    ) -> None:
        self.database_url = database_url
        self.log = log  # where its output goes (None: a temporary file)
        per_address_off = [f"--{name.replace('_', '-')}=0" for name in PER_ADDRESS_OFF]
        self.extra = (*per_address_off, *extra)  # a later option wins over these
        self.program = ["-m", "navcomp"] if program is None else [program]
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: Any = None

    def start(self) -> ServerProcess:
        import subprocess
        import sys
        import tempfile

        # open as long as the server runs
        self.output = tempfile.TemporaryFile() if self.log is None else self.log.open("w+b")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                *self.program,
                "serve",
                "--port",
                str(self.port),
                "--database-url",
                self.database_url,
                *self.extra,
            ],
            stdout=self.output,
            stderr=subprocess.STDOUT,
        )

        try:
            wait_until_up(self.base, self.process)
        except RuntimeError as error:
            if self.process.poll() is None:  # a server too slow to come up goes, not left behind
                self.process.kill()
                self.process.wait(10)
            self.output.seek(0)
            said = self.output.read().decode()
            self.output.close()
            raise AssertionError(f"{error}: {said}") from None
        return self

    def kill(self) -> None:
        import signal

        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self.output.close()

    def stop(self) -> str:
        """Stop the server (SIGTERM) and return what it printed."""
        said = ""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except Exception:
                self.process.kill()
                self.process.wait(10)
        if self.process is not None and not self.output.closed:  # also if it ended itself
            self.output.seek(0)
            said = self.output.read().decode(errors="replace")
            self.output.close()
        return said
