"""``navcomp worker``: runs the job queue's bots, mail and webhooks for servers started with
``--jobs queue``, on this machine or another."""

from __future__ import annotations

import argparse
import os
from typing import Any


def add_parser(commands: Any) -> None:
    from navcomp.commands.option_types import count_from, seconds_above_zero

    parser = commands.add_parser(
        "worker",
        help="run the job queue's bots, mail and webhooks (servers with --jobs queue)",
        description="Take jobs from the queue in the PostgreSQL database of servers started "
        "with --jobs queue: bots' turns, mail, webhooks. Run as many as you like, on any "
        "machine that reaches the database and Redis (docs/deploy.md).",
    )
    parser.add_argument("--database-url", help="postgresql://... (or NAVCOMP_DATABASE_URL)")
    parser.add_argument(
        "--redis-url", help="redis://host:6379/0, the servers' (or NAVCOMP_REDIS_URL)"
    )
    parser.add_argument(
        "--concurrency", type=count_from(1), default=4, help="jobs at once (default 4)"
    )
    parser.add_argument("--bot-workers", type=count_from(1), default=1, help="processes for bots")
    parser.add_argument(
        "--bot-seconds",
        type=seconds_above_zero,
        help="time a searching bot takes per move (default: its level's)",
    )
    parser.add_argument(
        "--webhook-allow-internal",
        action="store_true",
        help="let webhooks point at loopback and private addresses",
    )
    _add_queue_options(parser)
    from navcomp.commands import mail_options

    mail_options.add(parser)
    parser.set_defaults(run=run)


def _add_queue_options(parser: Any) -> None:
    from navcomp.commands.option_types import seconds_above_zero

    queue = parser.add_argument_group("queue")
    for option, default, what in (
        ("--heartbeat-seconds", 2.0, "how often the worker says it is alive"),
        ("--stalled-seconds", 10.0, "a worker silent this long has its jobs taken back"),
        ("--drain-seconds", 5.0, "on SIGTERM, running jobs get this long, then go back"),
        ("--bot-wait-seconds", 10.0, "a bot turn waiting this long with no job gets one"),
    ):
        queue.add_argument(
            option, type=seconds_above_zero, default=default, help=f"{what} (default {default})"
        )


def run(args: argparse.Namespace) -> int:
    import asyncio

    from navcomp.commands import mail_options
    from navcomp.server.runtime.context import Server, Settings
    from navcomp.server.runtime.worker import WorkerOptions, serve_jobs
    from navcomp.store.db import URL_VARIABLE, database_url

    url = args.database_url or os.environ.get(URL_VARIABLE)
    redis_url = args.redis_url or os.environ.get("NAVCOMP_REDIS_URL")
    if not url or not url.startswith("postgres"):
        print("navcomp worker: --database-url must name the servers' PostgreSQL database")
        return 2
    if not redis_url:
        print("navcomp worker: --redis-url is needed: bots' moves reach players through it")
        return 2
    import navcomp.games  # noqa: F401  (registers the games)

    settings = Settings(
        database_url(url),
        bot_workers=args.bot_workers,
        bot_seconds=args.bot_seconds,
        redis_url=redis_url,
        jobs="queue",
        webhook_allow_internal=args.webhook_allow_internal,
        sweep_seconds=0,
        **mail_options.settings(args, "http://127.0.0.1:8000"),
    )
    options = WorkerOptions(
        concurrency=args.concurrency,
        heartbeat_seconds=args.heartbeat_seconds,
        stalled_seconds=args.stalled_seconds,
        drain_seconds=args.drain_seconds,
        bot_wait_seconds=args.bot_wait_seconds,
    )
    asyncio.run(serve_jobs(Server(settings), options))
    return 0
