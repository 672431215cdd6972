"""``navcomp bench reply``: the time from a person's move to the bot's reply, as the person's
WebSocket sees it, with the bots in the server's process and through the job queue."""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

JOBS = ("in-process", "queue")
WARM_UP = 3  # replies not counted: the bot processes start, the caches fill


def add_parser(targets: Any) -> None:
    from navcomp.commands.option_types import count_from

    reply = targets.add_parser(
        "reply",
        help="a person's move to the bot's reply: bots in-process and through the queue",
        description="Starts a server (and, for the queue, a worker) on --database-url, plays "
        "a person against an easy bot, and times each move's answer from the bot as "
        "the person's WebSocket receives it.",
    )
    reply.add_argument("--database-url", required=True, help="postgresql://... (the queue's)")
    reply.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    reply.add_argument("--replies", type=count_from(1), default=100, help="timed per mode")
    reply.add_argument("--level", default="easy", help="the bot's level (default easy)")
    reply.add_argument("--jobs", choices=(*JOBS, "both"), default="both")
    reply.add_argument("--seed", type=int, default=1)
    reply.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from navcomp.commands.loadtest import on_own_loop, percentile, started_server

    modes = JOBS if args.jobs == "both" else (args.jobs,)
    print(f"reply to a person's move ({args.level} bot), {args.replies} replies a mode")
    for mode in modes:
        options = ("--jobs", mode, "--redis-url", args.redis_url)
        with started_server(args.database_url, options) as (base, _), _workers(args, mode):
            times = on_own_loop(lambda: _replies(base, args))
        ms = [t * 1000 for t in times]
        print(
            f"  {mode:>10}: p50 {percentile(ms, 0.5):6.1f} ms   p95 {percentile(ms, 0.95):6.1f} ms"
            f"   ({len(ms)} replies)"
        )
    return 0


@contextmanager
def _workers(args: argparse.Namespace, mode: str) -> Iterator[None]:
    from navcomp.commands.loadtest import stop_process

    if mode != "queue":
        yield
        return
    command = [sys.executable, "-m", "navcomp", "worker", "--database-url", args.database_url]
    worker = subprocess.Popen([*command, "--redis-url", args.redis_url], stdout=subprocess.DEVNULL)
    try:
        yield
    finally:
        stop_process(worker)


async def _replies(base: str, args: argparse.Namespace) -> list[float]:
    import httpx2 as httpx

    rnd = random.Random(args.seed)
    times: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        answer = await client.post("/api/accounts/guest", json={})
        answer.raise_for_status()
        headers = {"Authorization": f"Bearer {answer.json()['token']}"}
        while len(times) < args.replies + WARM_UP:
            table_id = await _table_against_a_bot(client, headers, args.level)
            times += await _play(base, client, headers, table_id, rnd)
    return times[WARM_UP : WARM_UP + args.replies]


async def _table_against_a_bot(client: Any, headers: dict[str, str], level: str) -> int:
    body = {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": level}]}
    made = await client.post("/api/tables", json=body, headers=headers)
    made.raise_for_status()
    table_id: int = made.json()["id"]
    (await client.post(f"/api/tables/{table_id}/start", headers=headers)).raise_for_status()
    return table_id


async def _play(
    base: str, client: Any, headers: dict[str, str], table_id: int, rnd: random.Random
) -> list[float]:
    """Play the game out; the time of each of the bot's first answers to a move."""
    import websockets

    from navcomp.commands.loadtest import _latest, _read

    times: list[float] = []
    ws_url = base.replace("http", "ws", 1) + f"/api/tables/{table_id}/live"
    async with websockets.connect(ws_url, additional_headers=headers) as ws:
        pushes: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        reader = asyncio.create_task(_read(ws, pushes))
        seen = await _latest(pushes, 0)
        while seen["table"]["status"] == "playing":
            if not seen["legal"]:
                seen = await _latest(pushes, seen["version"] + 1)
                continue
            legal = [a["id"] for a in seen["legal"] if not a["text"].startswith("discard")]
            version = seen["version"]
            started = time.perf_counter()
            moved = await client.post(
                f"/api/tables/{table_id}/moves",
                json={"action": rnd.choice(legal), "expected_version": version},
                headers=headers,
            )
            moved.raise_for_status()
            if moved.json()["table"]["to_move"] != 1:  # the person again, or the game over
                seen = await _latest(pushes, version + 1)
                continue
            seen = await _latest(pushes, version + 2)  # the bot's first answer
            times.append(time.perf_counter() - started)
        reader.cancel()
    return times
