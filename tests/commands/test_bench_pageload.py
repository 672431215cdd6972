"""``navcomp bench pageload`` prints its figures (a benchmark: it asserts no speed).

It runs as the command does, in a process of its own: Playwright's sync API refuses to
start in a process where another one (the browser tests' Chromium) already runs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from navcomp.commands.cli import main


def _bench(*args: str) -> str:
    command = [sys.executable, "-m", "navcomp", "bench", "pageload", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_pageload_prints_the_documented_json() -> None:
    figures = json.loads(_bench("--visits", "1", "--json"))
    assert figures["network"] == {"rtt_ms": 150.0, "down_kbps": 1638.4, "up_kbps": 750.0}
    assert set(figures["pages"]) == {"front", "table"}
    for page in figures["pages"].values():
        for kind in ("first", "repeat"):
            visit = page[kind]
            assert visit["ms"] > 150 and visit["each_ms"] == [visit["ms"]]
            assert visit["requests"] >= visit["from_network"] >= 1
            assert visit["bytes"] > 0


def test_bench_pageload_prints_a_table() -> None:
    out = _bench("--page", "front", "--visits", "1")
    assert "slow 4G (150 ms round trip, 1638.4 kbit/s down, 750 kbit/s up)" in out
    assert "front door" in out and "table page" not in out
    assert "first visit" in out and "repeat visit" in out and "requests" in out and "KiB" in out


def test_bench_pageload_refuses_a_bad_visit_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "pageload", "--visits", "0"])
    assert "visits are 1 to 50" in capsys.readouterr().err
