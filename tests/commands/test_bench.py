"""The benchmarks print figures (they assert no speed: that would flake)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from conftest import POSTGRES_ADMIN_URL
from navcomp.commands.cli import main
from server_helpers import ServerProcess


def test_bench_engine_prints_the_documented_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--players", "3", "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for key in ("actions_per_s", "games_per_s", "actions_per_game", "clones_per_s",
                "determinizations_per_s"):  # fmt: skip
        assert figures[key] > 0


def test_bench_engine_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "actions/s" in out and "determinizations/s" in out


def test_bench_bots_prints_iterations(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "bots", "--seconds", "0.05", "--positions", "2", "--turns", "0", "--json"]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["iterations_per_s"] > 0 and figures["times"] == {}


def test_bench_bots_times_each_level_per_turn_and_per_decision(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["bench", "bots", "--seconds", "0.05", "--positions", "1", "--levels", "medium,hard",
            "--turns", "2"]  # fmt: skip
    assert main([*args, "--json"]) == 0
    times = json.loads(capsys.readouterr().out)["times"]
    assert set(times) == {"medium", "hard"}
    for timed in times.values():
        assert timed["turns"] == 2 and timed["decisions_per_turn"] >= 1
        assert 0 <= timed["turn_p50_s"] <= timed["turn_p95_s"] <= timed["turn_max_s"]
        assert 0 <= timed["decision_p50_s"] <= timed["decision_p95_s"] <= timed["turn_max_s"]
    assert "rounds_mean" not in times["medium"]
    assert times["hard"]["rounds_mean"] >= 1 and 0 <= times["hard"]["rounds_carried"] < 1
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "hard in seat 0 against medium, 2 turns" in out and "per turn, p95" in out
    assert "rounds per searched decision" in out
    assert main(["bench", "bots", "--levels", "genius"]) == 2


def test_bench_server_plays_and_prints_the_documented_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = [
        "bench",
        "server",
        "--tables",
        "3",
        "--seconds",
        "1.5",
        "--move-every",
        "0.05",
        "--json",
    ]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["moves"] > 3 and figures["errors"] == 0
    assert figures["moves_per_s"] > 0 and 0 < figures["p50_ms"] <= figures["p99_ms"]
    assert figures["offered_moves_per_s"] == pytest.approx(60.0)


def _scratch_databases() -> list[str]:
    engine = create_engine(POSTGRES_ADMIN_URL)
    try:
        with engine.connect() as conn:
            names = conn.exec_driver_sql(
                "SELECT datname FROM pg_database WHERE datname LIKE %(like)s",
                {"like": f"navcomp_bench_{os.getpid()}_%"},
            )
            return [name for (name,) in names]
    finally:
        engine.dispose()


def test_bench_server_measures_each_database_given_on_a_new_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # two seconds: on a machine busy with the browser tests, a server's first moves once
    # took all of a one-second window (one run in three of this sitting, unexplained)
    args = ["bench", "server", "--tables", "2", "--seconds", "2", "--move-every", "0.05",
            "--database-url", "sqlite", "--database-url", POSTGRES_ADMIN_URL]  # fmt: skip
    assert main([*args, "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)
    assert list(runs) == ["sqlite", "postgresql@127.0.0.1:5432"]
    for database, figures in runs.items():
        assert figures["moves"] > 2 and figures["errors"] == 0, (database, figures)
        assert figures["server_cpu_ms_per_move"] > 0 and figures["p50_ms"] <= figures["p99_ms"]
    assert _scratch_databases() == []  # each run's database was dropped after it
    assert main(args[:-2]) == 0  # one database: the one-column table
    out = capsys.readouterr().out
    assert re.search(r"^  moves/s +[\d,.]+$", out, re.MULTILINE), out


def test_bench_flood_measures_both_floods_and_prints_the_documented_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["bench", "flood", "--seconds", "1", "--flooders", "1", "--json"]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["flooders"] == 1 and figures["database"] == "sqlite"
    assert set(figures["floods"]) == {"login", "websocket"}
    for flood in figures["floods"].values():
        for phase in (flood["quiet"], flood["flood"]):
            assert phase["requests"] == 20 and phase["errors"] == 0  # 20 a second, all answered
            assert 0 < phase["p50_ms"] <= phase["p99_ms"]
        assert flood["p50_ratio"] > 0 and flood["p99_ratio"] > 0
        assert flood["flooders"]["sent"] > 0 and flood["flooders"]["per_s"] > 0
    logins = figures["floods"]["login"]["flooders"]
    assert sum(logins["answers"].values()) == logins["sent"]  # every login got its answer
    sockets = dict(figures["floods"]["websocket"]["flooders"]["answers"])
    opened = sockets.pop("opened")
    sockets.pop("connection failed", None)
    assert opened >= 1 and sum(sockets.values()) == opened  # how each socket ended


def test_bench_flood_prints_both_phases(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "flood", "--kind", "login", "--seconds", "0.5", "--flooders", "1"]) == 0
    out = capsys.readouterr().out
    assert "login flood: 1 client sending" in out and "websocket" not in out
    assert "quiet" in out and "flood" in out
    for label in ("probe p50 (ms)", "probe p99 (ms)", "probe requests", "probe failures"):
        quiet_and_flood = rf"^  {re.escape(label)} +[\d,.]+ +[\d,.]+( |$)"
        assert re.search(quiet_and_flood, out, re.MULTILINE), out
    assert re.search(
        r"^  flood: [\d,]+ sent in [\d,.]+ s, [\d,.]+/s, flooders. CPU [\d.]+ cores; ",
        out,
        re.MULTILINE,
    ), out


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "flood", "--flooders", "0"],
        ["bench", "flood", "--seconds", "1000"],
        ["bench", "flood", "--kind", "smoke"],
        ["bench", "server", "--tables", "0"],
        ["bench", "server", "--move-every", "-1"],
        ["bench", "server", "--database-url", "mysql://localhost/navcomp"],
        ["bench", "server", "--database-url", "sqlite", "--url", "http://127.0.0.1:9"],
        ["bench", "engine", "--players", "7"],
        ["bench", "engine", "--seconds", "-1"],
        ["bench", "engine", "--seconds", "soon"],
        ["bench", "bots", "--positions", "0"],
        ["bench", "nothing"],
    ],
)
def test_bad_bench_arguments_get_a_message(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(args)
    except SystemExit as exit_:  # argparse reports usage errors by exiting with 2
        code = int(exit_.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err and "Traceback" not in err


def test_bench_server_says_so_when_a_running_server_turns_its_load_away(tmp_path: Path) -> None:
    """A server given with --url that keeps its limit of sockets per address: the bench
    stops with the reason instead of waiting for pushes that never come."""
    server = ServerProcess(f"sqlite:///{tmp_path}/navcomp.db", "--sockets-per-address=3").start()
    try:
        args = ["bench", "server", "--url", server.base, "--tables", "3", "--seconds", "1"]
        bench = [sys.executable, "-m", "navcomp", *args]
        done = subprocess.run(bench, capture_output=True, text=True, timeout=120, check=False)
    finally:
        server.stop()
    assert done.returncode == 1
    assert "closed a socket" in done.stderr and "--sockets-per-address=0" in done.stderr
    assert "Traceback" not in done.stderr
