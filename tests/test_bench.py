"""The benchmarks print figures (they assert no speed: that would flake)."""

from __future__ import annotations

import json

import pytest

from navcomp.cli import main


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
    args = ["bench", "bots", "--seconds", "0.05", "--positions", "2", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["iterations_per_s"] > 0


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


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "server", "--tables", "0"],
        ["bench", "server", "--move-every", "-1"],
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
