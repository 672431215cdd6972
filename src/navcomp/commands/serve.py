"""``navcomp serve``: the online table on one machine."""

from __future__ import annotations

import argparse
import gc
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from navcomp.server.runtime.context import Settings


def add_parser(commands: Any) -> None:
    from navcomp.commands import option_types
    from navcomp.commands.option_types import count_from, seconds_above_zero

    parser = commands.add_parser(
        "serve",
        help="run the online table (API, WebSocket, browser app)",
        description="Serve the table. SQLite in ./data by default; "
        "set --database-url or NAVCOMP_DATABASE_URL for PostgreSQL.",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=count_from(0, 65535), default=8000)
    parser.add_argument("--database-url", help="e.g. postgresql://user@host:5432/db")
    parser.add_argument("--data-dir", type=Path, default=Path("data"), help="for SQLite")
    parser.add_argument(
        "--redis-url",
        help="e.g. redis://127.0.0.1:6379/0: pushes across several server processes",
    )
    parser.add_argument(
        "--jobs",
        choices=("in-process", "queue"),
        default="in-process",
        help="where bots think and mail and webhooks leave: in this process (default), or "
        "through the job queue in PostgreSQL to `navcomp worker` processes (docs/deploy.md)",
    )
    parser.add_argument("--bot-workers", type=count_from(1), default=1, help="processes for bots")
    parser.add_argument(
        "--bot-seconds",
        type=seconds_above_zero,
        help="time a searching bot takes per move (default: its level's)",
    )
    parser.add_argument(
        "--trusted-proxies",
        type=option_types.networks,
        default="",
        help="reverse proxies whose X-Forwarded-Proto and X-Forwarded-For count, as "
        "addresses and networks (e.g. 127.0.0.1,10.0.0.0/8); default none",
    )
    parser.add_argument(
        "--webhook-allow-internal",
        action="store_true",
        help="let webhooks point at loopback and private addresses (hooks on a private network)",
    )
    _add_upkeep_options(parser)
    _add_limit_options(parser)
    from navcomp.commands import environment, mail_options

    mail_options.add(parser)
    _add_operations_options(parser)
    environment.read_environment(parser)
    parser.set_defaults(run=run)


def trusted_proxies(text: str) -> tuple[str, ...]:
    """``--trusted-proxies`` as addresses and networks (ValueError for anything else)."""
    return networks(text, "--trusted-proxies")


def networks(text: str, option: str) -> tuple[str, ...]:
    """Comma-separated addresses and networks (ValueError naming ``option`` otherwise)."""
    import ipaddress

    entries = tuple(part.strip() for part in text.split(",") if part.strip())
    for entry in entries:
        try:
            ipaddress.ip_network(entry, strict=False)
        except ValueError as error:
            raise ValueError(f"{option}: {error}") from None
    return entries


def _add_operations_options(parser: Any) -> None:
    """Logs and metrics (docs/server.md, "Health, metrics and logs")."""
    from navcomp.commands.logs import FORMATS, LEVELS
    from navcomp.commands.option_types import networks as networks_option

    operations = parser.add_argument_group("logs and metrics")
    operations.add_argument(
        "--log-format",
        choices=FORMATS,
        default="text",
        help="text: readable lines (default); json: one JSON object a line",
    )
    operations.add_argument(
        "--log-level", choices=LEVELS, default="info", help="the least to log (default info)"
    )
    operations.add_argument(
        "--access-log",
        action="store_true",
        help="log a line for each HTTP request (its route, status and time)",
    )
    operations.add_argument(
        "--metrics-from",
        type=networks_option,
        default="127.0.0.1,::1",
        help="addresses and networks that may read /metrics (default 127.0.0.1,::1: loopback)",
    )


def _add_upkeep_options(parser: Any) -> None:
    """What the server does by itself over time: the sweeper, held names."""
    from navcomp.commands.option_types import count_from, hours_from_zero, seconds_from_zero

    parser.add_argument(
        "--sweep-seconds",
        type=seconds_from_zero,
        default=5.0,
        help="how often to look for games whose time ran out (docs/server.md, "
        '"Pace and clocks"); default 5',
    )
    parser.add_argument(
        "--bot-stall-seconds",
        type=seconds_from_zero,
        default=30.0,
        help="a bot on turn this long is set thinking again here, its own process having "
        "stopped or died under it (default 30; longer than any bot thinks; 0: never)",
    )
    parser.add_argument(
        "--name-hold-days",
        type=count_from(0),
        default=30,
        help="days a deleted account's name stays taken (default 30)",
    )
    parser.add_argument(
        "--open-table-hours",
        type=hours_from_zero,
        default=12.0,
        help="hours after which an open table nobody changed closes (default 12; 0: never)",
    )


def _add_limit_options(parser: Any) -> None:
    """Slow clients, connections and throttling (docs/server.md, "Limits and throttling")."""
    from navcomp.commands.option_types import count_from, seconds_above_zero

    limits = parser.add_argument_group("limits")
    limits.add_argument(
        "--header-timeout",
        type=seconds_above_zero,
        default=10.0,
        help="seconds a client has to send a request's headers (default 10)",
    )
    limits.add_argument(
        "--body-timeout",
        type=seconds_above_zero,
        default=30.0,
        help="seconds a client has to send a request's body after its headers (default 30)",
    )
    limits.add_argument(
        "--keep-alive-timeout",
        type=count_from(0),
        default=30,
        help="seconds an idle keep-alive connection stays open (default 30)",
    )
    limits.add_argument(
        "--limit-concurrency",
        type=count_from(1),
        default=2000,
        help="connections and requests at once, WebSockets included; "
        "beyond it requests get 503 (default 2000)",
    )
    for option, default, what in (
        ("--logins-per-name", 10, "login attempts a minute for one account name"),
        ("--logins-per-address", 30, "login attempts a minute from one address"),
        ("--registrations-per-address", 10, "registrations a minute from one address"),
        ("--guests-per-address", 10, "guest accounts a minute from one address"),
        ("--sockets-per-address", 100, "live sockets open at once from one address"),
        ("--socket-opens-per-address", 120, "live sockets opened a minute from one address"),
        ("--chat-messages-per-person", 20, "chat messages a minute from one account"),
        ("--mails-per-account", 10, "mails an hour sent at one account's request"),
        ("--mails-per-address", 5, "mails an hour to one address, asked by accounts"),
        ("--resets-per-address", 5, "password reset mails an hour to one address"),
        ("--open-tables-per-account", 3, "tables one account created that wait to start"),
        ("--tables-per-account", 10, "tables created a minute by one account"),
        ("--invitations-per-account", 20, "invitations a minute sent by one account"),
        ("--invitations-per-pair", 3, "invitations an hour from one account to one person"),
        ("--invitations-per-invitee", 30, "invitations an hour to one person, from anyone"),
    ):
        limits.add_argument(
            option,
            type=count_from(0),
            default=default,
            help=f"{what} (default {default}; 0: no limit)",
        )


def _settings(args: argparse.Namespace, url: str, proxies: Any, scrapers: Any) -> Settings:
    """The server's settings from its command line (and NAVCOMP_REDIS_URL)."""
    from navcomp.commands import mail_options
    from navcomp.server.runtime.context import Settings

    redis_url = args.redis_url or os.environ.get("NAVCOMP_REDIS_URL")
    return Settings(
        url,
        bot_workers=args.bot_workers,
        bot_seconds=args.bot_seconds,
        redis_url=redis_url,
        jobs=args.jobs,
        trusted_proxies=proxies,
        metrics_from=scrapers,
        webhook_allow_internal=args.webhook_allow_internal,
        sweep_seconds=args.sweep_seconds,
        bot_stall_seconds=args.bot_stall_seconds,
        name_hold_days=args.name_hold_days,
        open_table_hours=args.open_table_hours,
        logins_per_name=args.logins_per_name,
        logins_per_address=args.logins_per_address,
        registrations_per_address=args.registrations_per_address,
        guests_per_address=args.guests_per_address,
        sockets_per_address=args.sockets_per_address,
        socket_opens_per_address=args.socket_opens_per_address,
        chat_messages_per_person=args.chat_messages_per_person,
        mails_per_account=args.mails_per_account,
        mails_per_address=args.mails_per_address,
        resets_per_address=args.resets_per_address,
        open_tables_per_account=args.open_tables_per_account,
        tables_per_account=args.tables_per_account,
        invitations_per_account=args.invitations_per_account,
        invitations_per_pair=args.invitations_per_pair,
        invitations_per_invitee=args.invitations_per_invitee,
        **mail_options.settings(args, f"http://{args.host}:{args.port}"),
    )


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from navcomp.commands import logs
    from navcomp.server.api.guard import guarded_protocol
    from navcomp.server.app import create_app
    from navcomp.store.db import database_url

    logs.configure(args.log_format, args.log_level, args.access_log)
    url = database_url(args.database_url, args.data_dir)
    try:
        proxies = trusted_proxies(args.trusted_proxies)
        scrapers = networks(args.metrics_from, "--metrics-from")
    except ValueError as error:
        print(f"navcomp serve: {error}")
        return 2
    settings = _settings(args, url, proxies, scrapers)
    if settings.jobs == "queue" and not (url.startswith("postgres") and settings.redis_url):
        print("navcomp serve: --jobs queue needs a PostgreSQL --database-url and --redis-url")
        return 2
    app = create_app(settings)
    # The objects of the imported libraries and the app live as long as the process:
    # frozen out of the collector's sight, they stop making every full collection (which
    # stalls every move in flight) long (docs/server.md, "Speed").
    gc.collect()
    gc.freeze()
    # A young collection every 10,000 new objects instead of 700: each one moves the
    # objects of every move then in flight on to the older generations, and full
    # collections (some 100 ms of every move waiting, with 400 sockets open) come when
    # enough have moved.  On PostgreSQL, whose moves are longer in flight, that was one
    # every four seconds at 200 tables; with this, none in 20 s.
    gc.set_threshold(YOUNG_COLLECTION_EVERY, *gc.get_threshold()[1:])
    shown = url if url.startswith("sqlite") else url.split("@")[-1]
    logging.getLogger("navcomp").info(
        "NavComp on http://%s:%d  (database: %s)", args.host, args.port, shown
    )
    # Pushes are small JSON views on loopback or LAN: compressing them costs more
    # server time than it saves.
    with _profiled(os.environ.get(PROFILE_VARIABLE)):
        uvicorn.run(
            app,
            host=args.host,
            port=args.port,
            # uvicorn's lines go through our formatter, at the levels commands/logs.py sets
            log_config=None,
            log_level=None,
            access_log=False,  # its lines hold the query string: ours (--access-log) do not
            ws_per_message_deflate=False,
            proxy_headers=False,  # the app trusts only --trusted-proxies (security.py)
            ws_max_size=WS_MAX_SIZE,
            http=guarded_protocol(args.header_timeout, args.body_timeout),
            timeout_keep_alive=args.keep_alive_timeout,
            limit_concurrency=args.limit_concurrency,
            # SIGTERM: the listener closes, live sockets get 1012, requests under way
            # finish (for this long at most), then the lifespan's shutdown
            timeout_graceful_shutdown=DRAIN_SECONDS,
        )
    return 0


DRAIN_SECONDS = 5
"""On SIGTERM, how long the requests under way may take to finish before they are cut
(docs/deploy.md, "Stopping and upgrading")."""

WS_MAX_SIZE = 16 * 1024
"""Bytes in one WebSocket message, checked by the server before the app sees it (the app
closes longer texts than ``websocket.MAX_MESSAGE`` itself)."""

PROFILE_VARIABLE = "NAVCOMP_PROFILE"
YOUNG_COLLECTION_EVERY = 10_000
"""Names a file: the server runs under cProfile, counting CPU time, and writes it there."""


@contextmanager
def _profiled(path: str | None) -> Iterator[None]:
    """cProfile on the main thread's CPU clock (not wall time, which on a shared machine
    also counts the moments other processes had the core)."""
    if not path:
        yield
        return
    import cProfile
    import signal
    import sys
    import time

    # uvicorn stops on SIGTERM, then sends it again to the handler it found: ours ends
    # the process through the ``finally`` below instead of on the spot.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    try:
        yield
    finally:
        profiler.disable()
        profiler.dump_stats(path)


def wait_until_up(base: str, process: Any, timeout: float = 30.0) -> None:
    """Wait for a ``navcomp serve`` process to answer (or fail if it exits)."""
    import time

    import httpx2 as httpx

    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not come up")
        time.sleep(0.1)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port
