"""``navcomp bench flood``: how other requests fare while someone floods the server.

The bench starts ``navcomp serve`` on 127.0.0.1 (SQLite in a temporary folder, or
``database_url``), registers a bystander and a victim and opens three tables (one with
a game running).  The probe, the bystander asking for a table and for ``/api/me`` in
turn, sends ``PROBE_PER_S`` requests a second on a fixed schedule (a slow answer does
not delay the next request and so hide itself), ``seconds`` with no flood, then
``seconds`` while the flooders run:

- ``login``: each flooder sends wrong-password logins for the victim's name over one
  kept-alive connection, the next as soon as the last is answered;
- ``websocket``: each flooder opens an anonymous socket on the running table's live
  route and sends tiny text messages as fast as it can, and a new socket when the
  server closes one.

The flooders run in a process of their own (this module run as a script), so that
their work does not hold up the probe on the bench's event loop; all three processes
share the machine's cores.  The flood lasts until the probe's last request is answered
(as long again as the phase at most) or ``MAX_SENDS`` sends a flooder, and the server
is stopped at the end whatever happens.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import statistics
import sys
import time
from asyncio.subprocess import PIPE
from collections import Counter
from typing import Any

import httpx2 as httpx
import orjson
import websockets

from navcomp.commands.cpu import process_cpu
from navcomp.commands.loadtest import (
    KeptAlive,
    _new_table,
    loop_factory,
    on_own_loop,
    percentile,
    started_server,
)

KINDS = ("login", "websocket")
PROBE_PER_S = 20.0
MAX_SENDS = 1_000_000
"""Per flooder and flood: a ceiling on the traffic, whatever the flags."""
MAX_SECONDS = 300.0
MAX_FLOODERS = 32
PASSWORD = "the-right-password"
TRANSPORT_ERRORS = (OSError, asyncio.IncompleteReadError, IndexError, ValueError)


def flood_figures(
    kinds: tuple[str, ...],
    seconds: float,
    flooders: int,
    database_url: str | None = None,
    server_options: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The figures; ``server_options`` go to ``navcomp serve`` (say, throttles off)."""
    with started_server(database_url, server_options) as (base, process):
        floods = on_own_loop(lambda: _measure(base, kinds, seconds, flooders, process.pid))
    return {
        "seconds": seconds,
        "flooders": flooders,
        "probe_per_s": PROBE_PER_S,
        "database": "sqlite" if database_url is None else database_url.split(":", 1)[0],
        "server_options": list(server_options),
        "floods": floods,
    }


async def _measure(
    base: str, kinds: tuple[str, ...], seconds: float, flooders: int, server_pid: int
) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        bystander = await _register(client, f"bystander-{secrets.token_hex(4)}")
        victim_name = f"victim-{secrets.token_hex(4)}"
        victim = await _register(client, victim_name)
        tables = [await _new_table(client, [bystander, victim])]
        for _ in range(2):
            made = await client.post(
                "/api/tables", json={"game": "space-mission", "seats": 2}, headers=bystander
            )
            made.raise_for_status()
            tables.append(made.json()["id"])
    probe = Probe(base, bystander, tables, server_pid)
    await probe.run(0.5)  # warm-up, not counted
    floods: dict[str, Any] = {}
    for kind in kinds:
        quiet = await probe.phase(seconds)
        target = victim_name if kind == "login" else f"/api/tables/{tables[0]}/live"
        flood, flooded = await _flooded(probe, base, kind, target, seconds, flooders)
        floods[kind] = {"quiet": quiet, "flood": flood, "flooders": flooded}
        for key in ("p50", "p99"):
            floods[kind][f"{key}_ratio"] = flood[f"{key}_ms"] / max(quiet[f"{key}_ms"], 1e-9)
        await asyncio.sleep(1.0)  # what the flood left queued drains before the next phase
    await probe.close()
    return floods


async def _register(client: httpx.AsyncClient, name: str) -> dict[str, str]:
    answer = await client.post("/api/accounts/register", json={"name": name, "password": PASSWORD})
    answer.raise_for_status()
    return {"Authorization": f"Bearer {answer.json()['token']}"}


class Probe:
    """The bystander's steady requests, each on a kept-alive connection that is free."""

    def __init__(self, base: str, headers: dict[str, str], tables: list[int], pid: int) -> None:
        self.server_pid = pid
        self.host, port = base.split("//", 1)[1].split(":")
        self.port = int(port)
        self.headers = headers
        self.paths = [p for t in tables for p in (f"/api/tables/{t}", "/api/me")]
        self.idle: list[KeptAlive] = []

    async def phase(self, seconds: float) -> dict[str, float]:
        cpu_before, start = process_cpu(self.server_pid), time.perf_counter()
        latencies, errors = await self.run(seconds)
        cpu_after, elapsed = process_cpu(self.server_pid), time.perf_counter() - start
        cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
        figures = {
            "requests": float(len(latencies) + errors),
            "errors": float(errors),
            "p50_ms": statistics.median(latencies or [0.0]),
            "p99_ms": percentile(latencies, 0.99),
        }
        if cpu is not None:
            figures["server_cores"] = cpu / elapsed
        return figures

    async def run(self, seconds: float) -> tuple[list[float], int]:
        """The latencies (ms) of the answered requests and the count of the others."""
        latencies: list[float] = []
        failed = [0]
        start = time.perf_counter()
        requests = []
        for number in range(max(1, round(seconds * PROBE_PER_S))):
            wait = start + number / PROBE_PER_S - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            path = self.paths[number % len(self.paths)]
            requests.append(asyncio.create_task(self._one(path, latencies, failed)))
        await asyncio.gather(*requests)
        return latencies, failed[0]

    async def _one(self, path: str, latencies: list[float], failed: list[int]) -> None:
        connection = self.idle.pop() if self.idle else KeptAlive(self.host, self.port, self.headers)
        sent = time.perf_counter()
        try:
            status = await connection.request("GET", path)
        except TRANSPORT_ERRORS:
            await connection.close()
            status = 0
        if status == 200:
            latencies.append((time.perf_counter() - sent) * 1000)
        else:
            failed[0] += 1
        self.idle.append(connection)

    async def close(self) -> None:
        for connection in self.idle:
            await connection.close()


async def _flooded(
    probe: Probe, base: str, kind: str, target: str, seconds: float, flooders: int
) -> tuple[dict[str, float], dict[str, Any]]:
    """The probe's figures while the flood runs, and the flooders' own."""
    command = [sys.executable, "-m", __name__, base, kind, target, str(seconds), str(flooders)]
    process = await asyncio.create_subprocess_exec(*command, stdin=PIPE, stdout=PIPE)
    assert process.stdin is not None and process.stdout is not None
    try:
        await asyncio.wait_for(process.stdout.readline(), 60)  # the flooders are starting
        figures = await probe.phase(seconds)
        with contextlib.suppress(RuntimeError, OSError):  # gone if it hit its own limit
            process.stdin.write(b"stop\n")  # only now: the flood outlasts the last probe
        return figures, orjson.loads(await asyncio.wait_for(process.stdout.readline(), 60))
    finally:
        if process.returncode is None:
            process.kill()
        await process.wait()


async def _flood(base: str, kind: str, target: str, seconds: float, flooders: int) -> None:
    """The flood process: ``ready``, the flood until the bench says stop (or twice the
    phase has passed), then the flooders' figures, on stdout."""
    answers: Counter[str] = Counter()
    stdin = asyncio.StreamReader()
    await asyncio.get_running_loop().connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(stdin), sys.stdin
    )
    print("ready", flush=True)
    start, cpu = time.perf_counter(), time.process_time()
    stop = asyncio.Event()
    stopper = asyncio.create_task(asyncio.wait_for(stdin.readline(), 2 * seconds))
    stopper.add_done_callback(lambda _: stop.set())
    if kind == "login":
        host, port = base.split("//", 1)[1].split(":")
        work = [_log_in_wrongly(host, int(port), target, stop, answers) for _ in range(flooders)]
    else:
        url = base.replace("http", "ws", 1) + target
        work = [_chatter(url, stop, answers) for _ in range(flooders)]
    sent = sum(await asyncio.gather(*work))
    elapsed = time.perf_counter() - start
    stopper.cancel()
    cores = (time.process_time() - cpu) / elapsed
    figures = {"seconds": elapsed, "sent": sent, "per_s": sent / elapsed, "cores": cores}
    print(orjson.dumps({**figures, "answers": dict(answers)}).decode(), flush=True)


async def _log_in_wrongly(
    host: str, port: int, name: str, stop: asyncio.Event, answers: Counter[str]
) -> int:
    """Wrong-password logins for ``name``, each as soon as the last is answered."""
    connection = KeptAlive(host, port, {})
    body = {"name": name, "password": "not-" + PASSWORD}
    sent = 0
    while sent < MAX_SENDS and not stop.is_set():
        sent += 1
        try:
            answers[str(await connection.post("/api/accounts/login", body))] += 1
        except TRANSPORT_ERRORS:
            answers["connection failed"] += 1
            await connection.close()
            await asyncio.sleep(0.01)
    await connection.close()
    return sent


async def _chatter(url: str, stop: asyncio.Event, answers: Counter[str]) -> int:
    """Tiny text messages on the live route as fast as they go; a new socket when the
    server closes one.  Counts how each socket ended."""
    sent = 0
    while sent < MAX_SENDS and not stop.is_set():
        try:
            async with websockets.connect(url, close_timeout=2) as socket:
                answers["opened"] += 1
                while sent < MAX_SENDS and not stop.is_set():
                    await socket.send("x")
                    sent += 1
                    if sent % 64 == 0:
                        await asyncio.sleep(0)  # the other sockets get their turn
                answers["kept open"] += 1
        except websockets.ConnectionClosed as closed:
            code = None if closed.rcvd is None else closed.rcvd.code
            answers["dropped, no close frame" if code is None else f"closed {code}"] += 1
        except (OSError, websockets.InvalidHandshake):
            answers["connection failed"] += 1
            await asyncio.sleep(0.01)
    return sent


def flood_lines(figures: dict[str, Any]) -> list[str]:
    """The figures as text, one block per kind of flood."""
    lines = []
    for kind, flood in figures["floods"].items():
        count = figures["flooders"]
        what = (
            f"client{'s' * (count != 1)} sending wrong-password logins for one name, each "
            "when the last is answered"
            if kind == "login"
            else f"socket{'s' * (count != 1)} on a table's live route sending tiny text "
            "messages flat out"
        )
        options = " ".join(figures["server_options"]) or "its defaults"
        lines += [
            f"{kind} flood: {count} {what}; probe {figures['probe_per_s']:g} "
            f"requests/s, {figures['seconds']:g} s a phase; server with {options}",
            f"  {'':<26}{'quiet':>10}{'flood':>10}",
        ]
        for label, key, spec, ratio in (
            ("probe p50 (ms)", "p50_ms", ",.1f", "p50_ratio"),
            ("probe p99 (ms)", "p99_ms", ",.1f", "p99_ratio"),
            ("probe requests", "requests", ",.0f", None),
            ("probe failures", "errors", ",.0f", None),
            ("server CPU (cores)", "server_cores", ",.2f", None),
        ):
            if key in flood["quiet"]:  # the server's CPU is known where /proc tells it
                row = f"  {label:<26}{flood['quiet'][key]:>10{spec}}{flood['flood'][key]:>10{spec}}"
                lines.append(row + (f"   x{flood[ratio]:,.1f}" if ratio else ""))
        flooded = flood["flooders"]
        answers = ", ".join(f"{k}: {v:,}" for k, v in sorted(flooded["answers"].items()))
        lines.append(
            f"  flood: {flooded['sent']:,} sent in {flooded['seconds']:,.1f} s, "
            f"{flooded['per_s']:,.1f}/s, "
            f"flooders' CPU {flooded['cores']:.2f} cores; {answers}"
        )
    return lines


if __name__ == "__main__":  # the flood process, started by ``_flooded``
    base, kind, target, seconds, flooders = sys.argv[1:]
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        runner.run(_flood(base, kind, target, float(seconds), int(flooders)))
