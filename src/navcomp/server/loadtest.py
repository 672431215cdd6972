"""``navcomp bench server``: scripted players on many tables at once, over loopback.

Each table has two guest players, each with a WebSocket.  The player on turn
posts a random legal action (never a discard) with the version it saw; the
round trip runs from sending the move until every seat of the table has its
push of the new version.  Unless ``--url`` names a running server, the bench
starts ``navcomp serve`` on SQLite in a temporary folder and stops it after.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
import websockets


@dataclass
class Figures:
    moves: int = 0
    round_trips_ms: list[float] = field(default_factory=list)
    errors: int = 0


async def _guest(client: httpx.AsyncClient) -> dict[str, str]:
    answer = await client.post("/api/accounts/guest")
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
        if message.get("version", -1) >= version:
            return message


async def _play_table(
    base: str, client: httpx.AsyncClient, deadline: float, figures: Figures, rnd: random.Random
) -> None:
    players = [await _guest(client), await _guest(client)]
    while time.perf_counter() < deadline:
        table_id = await _new_table(client, players)
        ws_base = base.replace("http", "ws", 1)
        sockets = [
            await websockets.connect(
                f"{ws_base}/api/tables/{table_id}/live", additional_headers=headers
            )
            for headers in players
        ]
        queues: list[asyncio.Queue[dict[str, Any]]] = [asyncio.Queue() for _ in sockets]
        readers = [
            asyncio.create_task(_read(ws, queue)) for ws, queue in zip(sockets, queues, strict=True)
        ]
        try:
            seen = [await _latest(queue, 0) for queue in queues]
            while time.perf_counter() < deadline and seen[0]["table"]["status"] == "playing":
                seat = next(s for s, message in enumerate(seen) if message["legal"])
                legal = [
                    a["id"] for a in seen[seat]["legal"] if not a["text"].startswith("discard")
                ]
                version = seen[seat]["version"]
                sent = time.perf_counter()
                answer = await client.post(
                    f"/api/tables/{table_id}/moves",
                    json={"action": rnd.choice(legal), "expected_version": version},
                    headers=players[seat],
                )
                if answer.status_code != 200:
                    figures.errors += 1
                    break
                seen = [await _latest(queue, version + 1) for queue in queues]
                figures.round_trips_ms.append((time.perf_counter() - sent) * 1000)
                figures.moves += 1
        finally:
            for reader in readers:
                reader.cancel()
            for ws in sockets:
                await ws.close()


async def _read(ws: Any, queue: asyncio.Queue[dict[str, Any]]) -> None:
    async for raw in ws:
        queue.put_nowait(json.loads(raw))


async def _run(base: str, tables: int, seconds: float, seed: int) -> dict[str, float]:
    limits = httpx.Limits(max_connections=tables + 10, max_keepalive_connections=tables + 10)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        figures = Figures()
        rnd = random.Random(seed)
        start = time.perf_counter()
        deadline = start + seconds
        await asyncio.gather(
            *(
                _play_table(base, client, deadline, figures, random.Random(rnd.random()))
                for _ in range(tables)
            )
        )
        elapsed = time.perf_counter() - start
    trips = sorted(figures.round_trips_ms) or [0.0]
    return {
        "moves_per_s": figures.moves / elapsed,
        "p50_ms": statistics.median(trips),
        "p99_ms": trips[min(len(trips) - 1, int(len(trips) * 0.99))],
        "moves": float(figures.moves),
        "errors": float(figures.errors),
    }


def server_figures(tables: int, seconds: float, seed: int, url: str | None) -> dict[str, float]:
    if url is not None:
        return asyncio.run(_run(url.rstrip("/"), tables, seconds, seed))
    from navcomp.server.serve import wait_until_up

    with tempfile.TemporaryDirectory() as folder:
        port = _free_port()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "navcomp.cli",
                "serve",
                "--port",
                str(port),
                "--data-dir",
                folder,
            ],
            stdout=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base, process)
            return asyncio.run(_run(base, tables, seconds, seed))
        finally:
            process.terminate()
            process.wait(30)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port
