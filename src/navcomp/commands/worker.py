"""``navcomp worker``: runs the job queue's bots, mail and webhooks for servers started with
``--jobs queue``, on this machine or another."""

from __future__ import annotations

import argparse
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
    parser.add_argument("--database-url", help="postgresql://..., the servers' database")
    parser.add_argument("--redis-url", help="redis://host:6379/0, the servers' Redis")
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
    from navcomp.commands import environment, mail_options

    mail_options.add(parser)
    _add_operations_options(parser)
    environment.read_environment(parser)
    parser.set_defaults(run=run)


def _add_operations_options(parser: Any) -> None:
    from navcomp.commands.logs import FORMATS, LEVELS
    from navcomp.commands.option_types import count_from

    operations = parser.add_argument_group("logs and metrics")
    operations.add_argument("--log-format", choices=FORMATS, default="text", help="text or json")
    operations.add_argument("--log-level", choices=LEVELS, default="info", help="default info")
    operations.add_argument(
        "--metrics-port",
        type=count_from(0, 65535),
        default=0,
        help="serve Prometheus metrics on this port (default 0: none; on a server's host "
        "PROMETHEUS_MULTIPROC_DIR shares them with its /metrics instead)",
    )
    operations.add_argument(
        "--metrics-host", default="127.0.0.1", help="where --metrics-port listens"
    )


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

    from navcomp.commands import logs, mail_options
    from navcomp.server.runtime import metrics
    from navcomp.server.runtime.context import Server, Settings
    from navcomp.server.runtime.worker import WorkerOptions, serve_jobs
    from navcomp.store.db import database_url

    url, redis_url = args.database_url, args.redis_url
    if not url or not url.startswith("postgres"):
        print("navcomp worker: --database-url must name the servers' PostgreSQL database")
        return 2
    if not redis_url:
        print("navcomp worker: --redis-url is needed: bots' moves reach players through it")
        return 2
    import navcomp.games  # noqa: F401  (registers the games)

    logs.configure(args.log_format, args.log_level)
    if args.metrics_port:
        metrics.serve_on(args.metrics_host, args.metrics_port)

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
