"""``navcomp bench reply`` starts its server and worker and prints both modes' figures."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import own_postgres_database


def test_bench_reply_times_the_bot_in_process_and_through_the_queue() -> None:
    with own_postgres_database("navcomp_bench_reply") as url:
        bench = [sys.executable, "-m", "navcomp", "bench", "reply", "--database-url", url]
        done = subprocess.run(
            [*bench, "--replies", "3"],
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert done.returncode == 0, done.stderr
    for mode in ("in-process", "queue"):
        line = re.search(rf"{mode}: p50 +([\d.]+) ms +p95 +([\d.]+) ms +\(3 replies\)", done.stdout)
        assert line is not None, done.stdout
        assert 0 < float(line[1]) <= float(line[2])
