"""``navcomp bench server`` against the real topology, with the CPU each part spends per
move: nginx (deploy/nginx/navcomp.conf, TLS) in front of two ``navcomp serve`` processes
on a PostgreSQL database of its own and a Redis of its own.

Each part is measured from /proc (user and system time, its processes' and the ones they
reaped) over the bench's clock: the server processes (with their bot workers), nginx
(master and worker), PostgreSQL (a cluster of its own, fsync on: the postmaster, its
backends, its WAL writer and checkpointer), the Redis server, and the bench's clients
(this process).  docs/deploy.md, "Capacity", reads the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests"))

from navcomp.commands.bench import SERVER_LINES  # noqa: E402
from navcomp.commands.cpu import tree_cpu  # noqa: E402
from navcomp.commands.loadtest import ONE_ADDRESS, server_figures  # noqa: E402
from navcomp.commands.serve import free_port, wait_until_up  # noqa: E402
from nginx_helpers import Nginx  # noqa: E402
from server.redis_helpers import PrivateRedis  # noqa: E402
from server.test_conflicts import PrivatePostgres  # noqa: E402

PARTS = ("servers", "nginx", "postgres", "redis", "client")


class BenchPostgres(PrivatePostgres):
    """The tests' private cluster, but with fsync on, as a host runs it."""

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        log = str(self.folder / "log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "start")

    def postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])


@contextmanager
def own_postgres() -> Iterator[BenchPostgres]:
    cluster = BenchPostgres()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


@contextmanager
def serving(url: str, redis_url: str, folder: str) -> Iterator[subprocess.Popen[bytes]]:
    """``navcomp serve`` on a free port, stopped (SIGTERM) at the end."""
    port = free_port()
    command = [sys.executable, "-m", "navcomp", "serve", "--port", str(port)]
    command += ["--database-url", url, "--redis-url", redis_url, "--data-dir", folder]
    command += ["--trusted-proxies", "127.0.0.1", *ONE_ADDRESS]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    process.port = port  # type: ignore[attr-defined]
    try:
        wait_until_up(f"http://127.0.0.1:{port}", process)
        yield process
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--move-every", type=float, default=0.4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--servers", type=int, default=2, help="server processes (default 2)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with ExitStack() as stack:
        folder = stack.enter_context(tempfile.TemporaryDirectory())
        postgres = stack.enter_context(own_postgres())
        url = postgres.url
        redis = stack.enter_context(PrivateRedis(Path(folder)))
        servers = [
            stack.enter_context(serving(url, redis.url, folder)) for _ in range(args.servers)
        ]
        ports = [server.port for server in servers]  # type: ignore[attr-defined]
        nginx = Nginx(Path(folder), upstream_ports=ports, connections=8 * args.tables + 200)
        stack.callback(nginx.stop)
        nginx.start()
        assert nginx.process is not None and redis.process is not None
        os.environ["SSL_CERT_FILE"] = str(nginx.cert)  # the bench's clients trust it
        roots = {
            "servers": [server.pid for server in servers],
            "nginx": [nginx.process.pid],
            "postgres": [postgres.postmaster()],
            "redis": [redis.process.pid],
        }

        def cpu() -> dict[str, dict[int, float]]:
            return {part: {0: sum(map(tree_cpu, pids))} for part, pids in roots.items()}

        figures = server_figures(
            args.tables, args.seconds, args.move_every, args.seed, nginx.base, cpu
        )
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"nginx (TLS) in front of {args.servers} servers on PostgreSQL and Redis: "
        f"{args.tables} tables, "
        f"a move every {args.move_every:g} s at each"
    )
    for label, key, spec in SERVER_LINES[:6]:
        print(f"  {label:<31}{figures[key]:>9{spec}}")
    for part in PARTS:
        print(f"  CPU per move, {part:<17}{figures[f'{part}_cpu_ms_per_move']:>9.2f} ms")
    total = sum(figures[f"{part}_cpu_ms_per_move"] for part in PARTS)
    print(f"  CPU per move, all but the bench {total - figures['client_cpu_ms_per_move']:>7.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
