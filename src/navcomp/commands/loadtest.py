"""``navcomp bench server``: scripted players on many tables at once, over loopback.

Each table has two guest players, each with a WebSocket.  The player on turn
posts a random legal action (never a discard) with the version it saw, one move
every ``interval`` seconds per table (as soon as it can, with 0); the round
trip runs from sending the move until every seat of the table has its push of
the new version.  200 tables at 0.4 s offer 500 moves a second.  Unless
``--url`` names a running server, the bench starts ``navcomp serve`` (on SQLite in a
temporary folder, or the database given) and stops it after.
"""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import httpx2 as httpx
import orjson
import websockets

from navcomp.commands.cpu import CpuReader, cpu_per_move, process_cpu

T = TypeVar("T")


class KeptAlive:
    """A minimal HTTP/1.1 client on one kept-alive connection: the bench's own cost
    must stay small next to the server's, on a machine where both share the cores."""

    def __init__(self, host: str, port: int, headers: dict[str, str], tls: bool = False) -> None:
        self.host, self.port, self.tls = host, port, tls  # tls: trusts SSL_CERT_FILE too
        self.head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict[str, Any]) -> int:
        """POST ``body``; a connection the server closed meanwhile is opened again once
        (a move carries its expected version, so sending it twice cannot play it twice)."""
        return await self.request("POST", path, body)

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> int:
        """The answer's status, its body read and dropped; reconnects once, as ``post``."""
        try:
            return await self._request(method, path, body)
        except (ConnectionError, asyncio.IncompleteReadError, IndexError):
            await self.close()
            return await self._request(method, path, body)

    async def _request(self, method: str, path: str, body: dict[str, Any] | None) -> int:
        if self.writer is None:
            opened = asyncio.open_connection(self.host, self.port, ssl=self.tls or None)
            self.reader, self.writer = await opened
        assert self.reader is not None
        payload = b"" if body is None else orjson.dumps(body)
        kind = "" if body is None else "Content-Type: application/json\r\n"
        self.writer.write(
            (
                f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n{self.head}"
                f"{kind}Content-Length: {len(payload)}\r\n\r\n"
            ).encode()
            + payload
        )
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        await self.reader.readexactly(length)
        return status

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Figures:
    moves: int = 0
    round_trips_ms: list[float] = field(default_factory=list)
    errors: int = 0


class LoadRefusedError(Exception):
    """The server turned the load away (a limit per address): the figures would mean nothing."""


ONE_ADDRESS = ("--guests-per-address=0", "--sockets-per-address=0", "--socket-opens-per-address=0")
"""Every player of a load comes from one address: the per-address limits stay off."""
ONE_ADDRESS_HINT = f"a --url server must let one address in: navcomp serve {' '.join(ONE_ADDRESS)}"


async def _guest(client: httpx.AsyncClient) -> dict[str, str]:
    answer = await client.post("/api/accounts/guest", json={})
    if answer.status_code == 429:
        raise LoadRefusedError(f"the server refused a guest (429): {ONE_ADDRESS_HINT}")
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['token']}"}


async def _new_table(client: httpx.AsyncClient, players: list[dict[str, str]]) -> int:
    made = await client.post(
        "/api/tables", json={"game": "space-mission", "seats": 2}, headers=players[0]
    )
    made.raise_for_status()
    table_id: int = made.json()["id"]
    (await client.post(f"/api/tables/{table_id}/join", headers=players[1])).raise_for_status()
    (await client.post(f"/api/tables/{table_id}/start", headers=players[0])).raise_for_status()
    return table_id


async def _latest(queue: asyncio.Queue[dict[str, Any]], version: int) -> dict[str, Any]:
    """The first push of at least ``version``."""
    while True:
        message = await queue.get()
        if "closed" in message:
            said = f"code {message['closed']} {message['reason']}".strip()
            raise LoadRefusedError(f"the server closed a socket ({said}): {ONE_ADDRESS_HINT}")
        if message.get("version", -1) >= version:
            return message


class ScriptedTable:
    """Two scripted players at one table, each with a kept-alive poster and a WebSocket."""

    def __init__(self, base: str, client: httpx.AsyncClient) -> None:
        self.base = base
        self.client = client
        self.players: list[dict[str, str]] = []
        self.posters: list[KeptAlive] = []
        self.sockets: list[Any] = []
        self.queues: list[asyncio.Queue[dict[str, Any]]] = []
        self.readers: list[asyncio.Task[None]] = []
        self.seen: list[dict[str, Any]] = []
        self.table_id = 0

    async def open(self) -> None:
        """A new game at a new table, both players watching it."""
        if not self.players:
            self.players = [await _guest(self.client), await _guest(self.client)]
            host, port = self.base.split("//", 1)[1].split(":")
            tls = self.base.startswith("https")
            self.posters = [KeptAlive(host, int(port), p, tls) for p in self.players]
        self.table_id = await _new_table(self.client, self.players)
        ws_base = self.base.replace("http", "ws", 1)
        self.sockets = [
            await websockets.connect(
                f"{ws_base}/api/tables/{self.table_id}/live", additional_headers=headers
            )
            for headers in self.players
        ]
        self.queues = [asyncio.Queue() for _ in self.sockets]
        self.readers = [
            asyncio.create_task(_read(ws, queue))
            for ws, queue in zip(self.sockets, self.queues, strict=True)
        ]
        self.seen = [await _latest(queue, 0) for queue in self.queues]

    async def move(self, rnd: random.Random) -> bool:
        """One random move by the player on turn, until both seats see it."""
        seat = next(s for s, message in enumerate(self.seen) if message["legal"])
        legal = [a["id"] for a in self.seen[seat]["legal"] if not a["text"].startswith("discard")]
        version = self.seen[seat]["version"]
        status = await self.posters[seat].post(
            f"/api/tables/{self.table_id}/moves",
            {"action": rnd.choice(legal), "expected_version": version},
        )
        if status != 200:
            return False
        self.seen = [await _latest(queue, version + 1) for queue in self.queues]
        return True

    @property
    def playing(self) -> bool:
        return bool(self.seen[0]["table"]["status"] == "playing")

    async def close(self, posters: bool = False) -> None:
        for reader in self.readers:
            reader.cancel()
        for ws in self.sockets:
            await ws.close()
        if posters:
            for poster in self.posters:
                await poster.close()


async def _play_table(
    table: ScriptedTable,
    go: asyncio.Event,
    clock: dict[str, float],
    interval: float,
    figures: Figures,
    rnd: random.Random,
) -> None:
    await go.wait()
    await asyncio.sleep(rnd.random() * interval)  # spread the tables' moves over time
    next_move = time.perf_counter()
    while time.perf_counter() < clock["deadline"]:
        if not table.playing:
            await table.close()
            await table.open()
        wait = next_move - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        sent = time.perf_counter()
        next_move = sent + interval
        if not await table.move(rnd):
            figures.errors += 1
            await table.close()
            await table.open()
            continue
        figures.round_trips_ms.append((time.perf_counter() - sent) * 1000)
        figures.moves += 1


async def _read(ws: Any, queue: asyncio.Queue[dict[str, Any]]) -> None:
    """The socket's pushes, then (closed by the server) a last message that says so."""
    try:
        async for raw in ws:
            queue.put_nowait(orjson.loads(raw))
    except websockets.ConnectionClosedError:
        pass
    queue.put_nowait({"closed": ws.close_code, "reason": ws.close_reason or ""})


@contextmanager
def _no_collections() -> Iterator[None]:
    """The clients' garbage collector off while the clock runs.

    Every client shares one process, so one collection pauses them all, and the
    pause would be counted in the server's round trips.  The clients free the views
    they parse by reference counting; what is left is collected after.
    """
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


async def _seat(seated: list[ScriptedTable]) -> None:
    """Everyone at their table before the clock starts, twenty tables at a time; refused,
    nothing is left open."""
    for start in range(0, len(seated), 20):
        opening = [asyncio.create_task(table.open()) for table in seated[start : start + 20]]
        try:
            await asyncio.gather(*opening)
        except BaseException:
            for task in opening:
                task.cancel()
            await asyncio.gather(*opening, return_exceptions=True)
            for table in seated:
                await table.close()
            raise


async def _run(
    base: str,
    tables: int,
    seconds: float,
    interval: float,
    seed: int,
    cpu: CpuReader | None = None,
) -> dict[str, float]:
    limits = httpx.Limits(max_connections=tables + 10, max_keepalive_connections=tables + 10)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        figures = Figures()
        rnd = random.Random(seed)
        seated = [ScriptedTable(base, client) for _ in range(tables)]
        await _seat(seated)
        go = asyncio.Event()
        clock: dict[str, float] = {}
        players = [
            asyncio.create_task(
                _play_table(table, go, clock, interval, figures, random.Random(rnd.random()))
            )
            for table in seated
        ]
        cpu_before = {} if cpu is None else cpu()
        client_cpu = time.process_time()
        start_time = time.perf_counter()
        clock["deadline"] = start_time + seconds
        with _no_collections():
            go.set()
            await asyncio.gather(*players)
        elapsed = time.perf_counter() - start_time
        client_cpu = time.process_time() - client_cpu
        cpu_after = {} if cpu is None else cpu()
        for table in seated:
            await table.close(posters=True)
    trips = figures.round_trips_ms
    per_move = 1000 / max(1, figures.moves)
    out = {
        "offered_moves_per_s": tables / interval if interval > 0 else 0.0,
        "moves_per_s": figures.moves / elapsed,
        "p50_ms": statistics.median(trips or [0.0]),
        "p99_ms": percentile(trips, 0.99),
        "moves": float(figures.moves),
        "errors": float(figures.errors),
        "client_cpu_ms_per_move": client_cpu * per_move,
    }
    return out | cpu_per_move(cpu_before, cpu_after, per_move)


def server_figures(
    tables: int,
    seconds: float,
    interval: float,
    seed: int,
    url: str | None,
    cpu: CpuReader | None = None,
    database: str | None = None,
) -> dict[str, float]:
    """The bench's figures: against the server at ``url`` (``https`` too: ``SSL_CERT_FILE``
    names a CA to trust), ``cpu`` reading the processes whose CPU per move is figured;
    else against one started on ``database`` (a URL; None: SQLite in a temporary folder)."""
    if url is not None:
        base = url.rstrip("/")
        return on_own_loop(lambda: _run(base, tables, seconds, interval, seed, cpu))
    with started_server(database) as (base, process):
        cpu = lambda: {"server": {process.pid: process_cpu(process.pid) or 0.0}}  # noqa: E731
        return on_own_loop(lambda: _run(base, tables, seconds, interval, seed, cpu))


@contextmanager
def started_server(
    database_url: str | None = None, options: tuple[str, ...] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``navcomp serve`` on a free port of 127.0.0.1 (SQLite in a temporary folder unless
    ``database_url`` names a database) with ``options``, up until the block ends; yields
    its base URL."""
    from navcomp.commands.serve import free_port, wait_until_up

    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        database = database_url or f"sqlite:///{folder}/navcomp.db"
        serve = [sys.executable, "-m", "navcomp", "serve", "--port", str(port)]
        serve += ["--data-dir", folder, "--database-url", database]
        serve += [*ONE_ADDRESS, "--log-level", "warning", *options]
        process = subprocess.Popen(serve, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base, process)
            yield base, process
        finally:
            stop_process(process)


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, and SIGKILL if it has not ended within 30 s."""
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def on_own_loop(work: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``work()`` on an event loop of its own thread: the caller may already run one
    (Playwright's sync API, say, leaves a loop running in the main thread)."""

    def run() -> T:
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            return runner.run(work())

    with ThreadPoolExecutor(1, thread_name_prefix="bench-clients") as pool:
        return pool.submit(run).result()


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` of the way up the sorted ``values`` (0 when there are none)."""
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop where there is one (as the server runs on): the clients then take less
    of the shared cores from the server they measure."""
    try:
        import uvloop
    except ImportError:  # Windows
        return None
    return uvloop.new_event_loop
