"""CPU time of process trees from /proc (``scripts/topology_bench.py`` reads each part's)."""

from __future__ import annotations

import os
import subprocess
import sys

from navcomp.commands.cpu import children, cpu_per_move, tree_cpu
from server_helpers import wait_for

BURN = "import time\nstart = time.process_time()\nwhile time.process_time() - start < {}: pass\n"
TICKS = 0.05
"""/proc counts in clock ticks (1/100 s), truncated: 0.3 s burnt may read 0.29."""


def test_a_tree_counts_its_children_running_and_then_reaped() -> None:
    before = tree_cpu(os.getpid())
    burn = [sys.executable, "-c", BURN.format(0.3) + "input()"]
    child = subprocess.Popen(burn, stdin=subprocess.PIPE)
    try:
        assert child.pid in children(os.getpid())
        wait_for(lambda: tree_cpu(child.pid) >= 0.3 - TICKS, timeout=60)  # burns, then waits
        running = tree_cpu(os.getpid()) - before
        assert running >= 0.3 - TICKS
    finally:
        child.communicate(b"\n", timeout=30)  # it ends and is reaped: its time is ours
    assert child.pid not in children(os.getpid())
    assert tree_cpu(os.getpid()) - before >= running


def test_cpu_per_move_counts_what_each_part_spent_in_the_run() -> None:
    before = {"servers": {1: 2.0, 2: 1.0}, "postgres": {0: 5.0}}
    after = {"servers": {1: 3.0, 2: 1.5, 3: 0.25}, "postgres": {0: 5.5}}
    figures = cpu_per_move(before, after, 1000 / 250)  # 250 moves: ms a move
    assert figures == {"servers_cpu_ms_per_move": 7.0, "postgres_cpu_ms_per_move": 2.0}
