"""CPU time of processes, from /proc: what each part of a running system spent."""

from __future__ import annotations

import os
from collections.abc import Callable

CpuReader = Callable[[], dict[str, dict[int, float]]]
"""CPU seconds so far of each process of each named component (``process_cpu``)."""


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user and system) process ``pid`` has used so far, where /proc says."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds so far of process ``pid`` and all its descendants, those still running
    and those it has reaped (a database backend whose connection closed), 0 if it is
    gone: the part spent during a run is the difference."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    own = sum(int(field) for field in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return own + sum(tree_cpu(child) for child in children(pid))


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's bot workers, nginx's workers)."""
    found = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    for thread in threads:  # a child belongs to the thread that started it
        try:
            with open(f"/proc/{pid}/task/{thread}/children") as listed:
                found += [int(child) for child in listed.read().split()]
        except OSError:
            continue
    return found


def cpu_per_move(
    before: dict[str, dict[int, float]], after: dict[str, dict[int, float]], per_move: float
) -> dict[str, float]:
    """``<component>_cpu_ms_per_move`` for each component, from its processes' CPU before
    and after a run; a process new at the end counts whole (a database backend opened
    during the run), one gone by then not at all."""
    return {
        f"{name}_cpu_ms_per_move": per_move
        * sum(cpu - before.get(name, {}).get(pid, 0.0) for pid, cpu in pids.items())
        for name, pids in after.items()
    }
