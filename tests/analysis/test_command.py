"""``navcomp analyse``: its JSON, its table, and its refusals of bad input."""

from __future__ import annotations

import json

import pytest

from navcomp.commands.cli import main

CHEAP = ["--games", "1", "--rounds", "2", "--candidates", "2", "--no-hindsight"]


def test_json_has_each_level_with_regret_interval_and_marks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", "--bots", "easy,medium", "--seed", "1", "--json", *CHEAP]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "space-mission" and report["lineup"] == ["easy", "medium"]
    assert report["thresholds"] == {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.15}
    assert report["analysis"]["rounds"] == 2 and report["analysis"]["hindsight"] is False
    assert set(report["levels"]) == {"easy", "medium"}
    for figures in report["levels"].values():
        low, high = figures["mean_regret_interval"]
        assert 0.0 <= low <= figures["mean_regret"] <= high
        assert 0.0 <= figures["accuracy"] <= 100.0
        assert set(figures["marks"]) == {"inaccuracy", "mistake", "blunder"}
        assert figures["decisions"] > 0
        assert figures["hindsight"] is None  # not asked for
    (record,) = report["records"]
    assert record["analysis_seconds"] >= 0 and record["actions"] > record["decisions"]
    assert record["seats"] == ["easy", "medium"] and record["decisions"] > 0


def test_the_table_names_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "--game", "space-pioneers", "--bots", "medium", *CHEAP]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["level", "decisions", "mean_regret"]
    assert lines[1].split()[0] == "medium"
    assert lines[-1].startswith("analysis: ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "easy,wizard"], "unknown bot 'wizard'"),
        (["--bots", "easy", "--game", "chess"], "unknown game 'chess'"),
        (["--bots", "easy", "--players", "9"], "--players"),
        (["--bots", "easy", "--games", "0"], "--games: 0 is not at least 1"),
        (["--bots", "easy", "--rounds", "1"], "--rounds must be at least 2"),
        (["--bots", "easy", "--seconds-per-decision", "-1"], "not a positive number"),
        (["--bots", "easy", "--rounds", "4", "--seconds-per-decision", "1"], "not allowed"),
        (["--bots", "easy", "--candidates", "1"], "--candidates must be at least 2"),
        ([], "--bots"),
    ],
)
def test_bad_input_is_refused_with_exit_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["analyse", *args])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_the_hindsight_view_is_reported_beside_the_main_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["analyse", "--bots", "medium", "--games", "1", "--rounds", "2", "--json"]
    assert main([*args, "--candidates", "2", "--lead-scale", "8"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["analysis"]["lead_scale"] == 8.0 and report["analysis"]["hindsight"] is True
    figures = report["levels"]["medium"]
    assert figures["hindsight"]["decisions"] == figures["decisions"] > 0
