"""``navcomp tournament``: statistics, reproducibility, seating, report files, bad input."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from navcomp.bots import LEVELS
from navcomp.bots.ismcts import ISMCTS, PerfectInfoMCTS
from navcomp.bots.rollout import CheatingRollout, RolloutBot
from navcomp.bots.stats import mean_interval, wilson_interval
from navcomp.commands.cli import main
from navcomp.commands.tournament import Settings, game_setup, seat_bot, seating
from navcomp.core import GameState

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run_json(tmp_path: Path, *args: str) -> dict[str, Any]:
    out = tmp_path / f"results-{len(list(tmp_path.iterdir()))}.json"
    assert main(["tournament", *args, "--out", str(out)]) == 0
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def without_jobs(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "jobs"}


# ---------------------------------------------------------------- statistics


@pytest.mark.parametrize(
    ("successes", "trials", "lo", "hi"),
    [  # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_known_values(successes: int, trials: int, lo: float, hi: float) -> None:
    low, high = wilson_interval(successes, trials)
    assert low == pytest.approx(lo, abs=5e-5)
    assert high == pytest.approx(hi, abs=5e-5)


def test_wilson_interval_symmetry_and_bounds() -> None:
    assert wilson_interval(20, 20) == pytest.approx((1 - 0.1611, 1.0), abs=5e-5)
    assert wilson_interval(0, 3)[0] == 0.0 and wilson_interval(3, 3)[1] == 1.0
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    lo, hi = wilson_interval(2.5, 7)  # fractional wins (shared) are allowed
    assert 0 < lo < 2.5 / 7 < hi < 1
    with pytest.raises(ValueError):
        wilson_interval(1, 0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_mean_interval_known_values() -> None:
    lo, hi = mean_interval([0.5, 0.5, 1.0, 0.0])  # mean 1/2, variance 1/6, n 4
    assert lo == pytest.approx(0.5 - 1.959964 * (1 / 24) ** 0.5)
    assert hi == pytest.approx(0.5 + 1.959964 * (1 / 24) ** 0.5)
    assert mean_interval([0.0, 1.0]) == (0.0, 1.0)  # kept inside [0, 1]
    assert mean_interval([0.75, 0.75, 0.75]) == (0.75, 0.75)
    with pytest.raises(ValueError):
        mean_interval([1.0])


# ------------------------------------------------------------ seating, bots


def test_seat_rotation_is_balanced() -> None:
    lineup = ("hard", "medium", "easy")
    seen = [Counter[str]() for _ in lineup]
    for index in range(9):
        for seat, name in enumerate(seating(lineup, index)):
            seen[seat][name] += 1
    assert all(counter == Counter({"hard": 3, "medium": 3, "easy": 3}) for counter in seen)


def test_cycled_lineup_and_balanced_seat_games(tmp_path: Path) -> None:
    data = run_json(
        tmp_path, "--players", "4", "--bots", "medium,easy", "--games", "4", "--jobs", "1"
    )
    assert data["lineup"] == ["medium", "easy", "medium", "easy"]
    assert data["bots"]["medium"]["seat_games"] == [2, 2, 2, 2]
    assert data["bots"]["easy"]["seat_games"] == [2, 2, 2, 2]
    assert [r["seats"] for r in data["records"][:2]] == [
        ["medium", "easy", "medium", "easy"],
        ["easy", "medium", "easy", "medium"],
    ]


def test_uneven_rotation_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "3", "--bots", "easy", "--games", "4", "--jobs", "1"]
    assert main(args) == 0
    assert "not a multiple of 3 players" in capsys.readouterr().out


def test_duplicate_plays_each_deal_in_every_rotation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--players", "2", "--bots", "medium,easy", "--games", "6", "--jobs", "1"]
    data = run_json(tmp_path, *args, "--duplicate", "--seed", "3")
    records = data["records"]
    assert data["duplicate"] is True
    assert [r["deal"] for r in records] == [0, 0, 1, 1, 2, 2]
    assert [r["seats"] for r in records[:2]] == [["medium", "easy"], ["easy", "medium"]]
    seeds = [r["seed"] for r in records]
    assert seeds[0] == seeds[1] and seeds[2] == seeds[3] and seeds[4] == seeds[5]
    assert len(set(seeds)) == 3
    for name in ("medium", "easy"):
        lo, hi = data["bots"][name]["deal_ci95"]
        assert 0.0 <= lo <= data["bots"][name]["win_rate"] <= hi <= 1.0
    assert "95% CI over the 3 deals" in capsys.readouterr().out
    plain = run_json(tmp_path, *args, "--seed", "3")
    assert plain["duplicate"] is False and "deal_ci95" not in plain["bots"]["medium"]
    assert [r["deal"] for r in plain["records"]] == list(range(6))
    assert len({r["seed"] for r in plain["records"]}) == 6


def test_games_of_one_deal_share_the_deal_not_the_bots_generators() -> None:
    first_seed, first_rngs = game_setup(4, 0, 2, deal=0)
    second_seed, second_rngs = game_setup(4, 1, 2, deal=0)
    assert first_seed == second_seed != game_setup(4, 2, 2, deal=1)[0]
    assert first_rngs[0].random() != second_rngs[0].random()
    assert game_setup(4, 0, 2)[0] != game_setup(4, 1, 2)[0]  # without deals, a seed a game


def test_iteration_budget_replaces_time() -> None:
    settings = Settings("space-mission", 2, ("hard", "cheat"), 2, 0, None, 7, 50, 1)
    hard, cheat = seat_bot("hard", settings), seat_bot("cheat", settings)
    assert type(hard) is RolloutBot and type(cheat) is CheatingRollout
    assert isinstance(cheat, RolloutBot)
    assert (hard.seconds, hard.iterations, cheat.seconds, cheat.iterations) == (None, 7, None, 7)
    tree, peek = seat_bot("ismcts", settings), seat_bot("ismcts-cheat", settings)
    assert type(tree) is ISMCTS and type(peek) is PerfectInfoMCTS
    assert isinstance(peek, ISMCTS)
    assert (tree.seconds, tree.iterations, peek.seconds, peek.iterations) == (None, 7, None, 7)


def test_iteration_budget_keeps_the_rest_of_a_levels_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A level that builds on medium rather than the tuned player stays so under an
    iteration budget (the level ``hard-on-medium`` of docs/bots.md)."""
    monkeypatch.setitem(
        LEVELS, "hard-on-medium", lambda s: RolloutBot(s or 1.0, search_base=False, z=2.0)
    )
    settings = Settings("space-mission", 2, ("hard-on-medium", "hard"), 2, 0, None, 9, 50, 1)
    on_medium, hard = seat_bot("hard-on-medium", settings), seat_bot("hard", settings)
    assert isinstance(on_medium, RolloutBot) and isinstance(hard, RolloutBot)
    assert (on_medium.iterations, on_medium.search_base, on_medium.z) == (9, False, 2.0)
    assert (hard.iterations, hard.search_base) == (9, True)


# ------------------------------------------------------------ reproducibility


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "2", "--bots", "easy,easy", "--games", "6"],
        ["--players", "2", "--bots", "medium,easy", "--games", "6"],
        ["--players", "3", "--bots", "medium,easy", "--games", "6"],
        ["--players", "2", "--bots", "hard,medium", "--games", "4", "--iterations-per-move", "8"],
    ],
)
def test_same_seed_same_results_for_any_jobs(tmp_path: Path, args: list[str]) -> None:
    one = run_json(tmp_path, *args, "--seed", "5", "--jobs", "1")
    two = run_json(tmp_path, *args, "--seed", "5", "--jobs", "2")
    other = run_json(tmp_path, *args, "--seed", "6", "--jobs", "2")
    assert (one["jobs"], two["jobs"]) == (1, 2)
    assert without_jobs(one) == without_jobs(two)
    assert one["records"] != other["records"]


# ------------------------------------------------------------ report files


def test_json_keys_and_totals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = 6
    data = run_json(
        tmp_path, "--players", "3", "--bots", "medium,easy", "--games", str(games), "--jobs", "2"
    )
    for key in ("game", "players", "games", "seed", "budget", "jobs", "max_rounds", "lineup"):
        assert key in data
    assert data["budget"] == {
        "seconds_per_move": 1.0,
        "iterations_per_move": None,
        "seconds_per_turn": None,
    }
    assert set(data["bots"]) == {"medium", "easy"}
    for figures in data["bots"].values():
        assert set(figures) >= {"wins", "games", "win_rate", "ci95", "mean_score"}
        assert "mean_breakdown" in figures
        lo, hi = figures["ci95"]
        assert 0 <= lo <= figures["win_rate"] <= hi <= 1
        assert sum(figures["mean_breakdown"].values()) == pytest.approx(figures["mean_score"])
    assert sum(b["wins"] for b in data["bots"].values()) == pytest.approx(games)
    assert sum(b["games"] for b in data["bots"].values()) == games * 3
    assert data["capped"] == sum(r["capped"] for r in data["records"])
    assert isinstance(data["mean_actions"], float) and isinstance(data["mean_rounds"], float)
    assert len(data["records"]) == games
    for record in data["records"]:
        assert set(record) >= {"seed", "seats", "scores", "winners", "actions"}
        assert len(record["seats"]) == len(record["scores"]) == 3
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "medium" in captured.out
    assert f"{games}/{games} games" in captured.err  # the progress line


def test_report_columns_line_up_for_long_bot_names(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--bots", "ismcts-cheat,random", "--games", "2", "--iterations-per-move", "2"]
    assert main(["tournament", *args, "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = next(line for line in lines if line.startswith("bot") and "win rate" in line)
    games_end = table.index("games") + len("games")
    breakdown = next(line for line in lines if line.startswith("bot") and "minerals" in line)
    minerals_end = breakdown.index("minerals") + len("minerals")
    for name in ("ismcts-cheat", "random"):
        row, parts = [line for line in lines if line.split(" ")[0] == name]
        assert row[: table.index("games")].rstrip() == name
        assert row[:games_end].split()[-1] == "2"  # each bot sat in both games
        assert parts[: breakdown.index("gate")].rstrip() == name
        float(parts[:minerals_end].split()[-1])  # a figure ends under its heading


def test_capped_games_are_counted(tmp_path: Path) -> None:
    data = run_json(tmp_path, "--bots", "easy", "--games", "2", "--jobs", "1", "--max-rounds", "2")
    assert data["capped"] == 2
    assert all(r["rounds"] == 2 for r in data["records"])


def test_plot_is_a_png(tmp_path: Path) -> None:
    path = tmp_path / "chart.png"
    args = ["tournament", "--bots", "medium,easy", "--games", "4", "--jobs", "1"]
    assert main([*args, "--plot", str(path)]) == 0
    assert path.read_bytes().startswith(PNG_SIGNATURE)


# ------------------------------------------------------------ bad input


def expect_usage_error(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    capsys.readouterr()
    assert main(["tournament", *args]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--bots", "easy,genius"], "choose from easy, medium, hard, cheat"),
        (["--games", "0"], "--games"),
        (["--players", "1"], "2 to 5 players"),
        (["--players", "6"], "2 to 5 players"),
        (["--players", "2", "--bots", "easy,easy,easy"], "3 bots for 2 players"),
        (["--jobs", "0"], "--jobs"),
        (["--seconds-per-move", "-1"], "--seconds-per-move must be positive"),
        (["--seconds-per-move", "0"], "--seconds-per-move must be positive"),
        (["--iterations-per-move", "-5"], "--iterations-per-move"),
        (["--seconds-per-move", "1", "--iterations-per-move", "5"], "not both"),
        (["--max-rounds", "-1"], "--max-rounds"),
        (["--players", "2", "--games", "3", "--duplicate"], "multiple of 2 players"),
        (["--out", "/nonexistent-dir/results.json"], "does not exist"),
        (["--plot", "/nonexistent-dir/chart.png"], "does not exist"),
        (["--plot", "chart.jpg"], "must end in .png"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], expected: str) -> None:
    assert expected in expect_usage_error(capsys, ["--bots", "easy", *args])


def test_unwritable_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    if os.access(locked, os.W_OK):  # root may write anyway: pretend it may not
        real_access = os.access
        monkeypatch.setattr(
            os, "access", lambda p, mode: False if Path(p) == locked else real_access(p, mode)
        )
    try:
        for flag, name in (("--out", "r.json"), ("--plot", "r.png")):
            line = expect_usage_error(capsys, ["--bots", "easy", flag, str(locked / name)])
            assert "cannot write" in line
    finally:
        locked.chmod(0o700)


BROKEN_BOT = """
import multiprocessing, sys
from navcomp.bots import LEVELS
from navcomp.commands import tournament
from navcomp.commands.cli import main

class Cheater:
    name = "broken"

    def choose(self, state, rng):
        legal = set(state.legal_actions())
        return next(a for a in range(state.game.info.num_distinct_actions) if a not in legal)

LEVELS["broken"] = lambda seconds: Cheater()
# workers see the patched bot table only when forked, whatever the default start method
if sys.argv[1] != "1":
    tournament.multiprocessing.Pool = multiprocessing.get_context("fork").Pool
sys.exit(main(["tournament", "--bots", "broken,easy", "--games", "2", "--jobs", sys.argv[1]]))
"""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_illegal_bot_move_is_an_error(jobs: str) -> None:
    """In a process of its own: forking workers from the test process, whose earlier
    tests left threads running, could copy a lock held by one of them into a worker."""
    if jobs != "1" and "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork on this platform (Windows)")
    ran = subprocess.run(
        [sys.executable, "-c", BROKEN_BOT, jobs], capture_output=True, text=True, timeout=300
    )
    assert ran.returncode == 1
    assert "bot 'broken' in seat" in ran.stderr and "not legal" in ran.stderr
    assert "Traceback" not in ran.stderr


def test_any_game_even_a_solitaire(
    count_game: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Count to three (tests/count_game.py): bots of any game, one player or two; a bot
    that needs the game's heuristic player is refused for a game without one."""
    solo = run_json(tmp_path, "--game", "count-to-three", "--players", "1", "--bots", "easy",
                    "--games", "6", "--jobs", "1")  # fmt: skip
    assert solo["games"] == 6 and solo["bots"]["easy"]["win_rate"] == 1.0
    assert all(0 <= r["scores"][0] <= 3 and r["actions"] >= 1 for r in solo["records"])
    pair = run_json(tmp_path, "--game", "count-to-three", "--players", "2", "--bots", "easy",
                    "--games", "4", "--jobs", "1")  # fmt: skip
    assert pair["players"] == 2 and set(pair["records"][0]["breakdown"][0]) == {"counted"}
    assert "no heuristic player for the medium bot" in expect_usage_error(
        capsys, ["--game", "count-to-three", "--players", "2", "--bots", "medium,easy"]
    )


class Idler:
    """Takes an empty Top up every turn: the medium player's old stall, on purpose."""

    name = "idler"

    def choose(self, state: GameState, rng: random.Random) -> int:
        legal = state.legal_actions()
        draw = state.game.action_from_text("draw")
        return draw if draw in legal else legal[0]


def test_idle_seats_are_counted_and_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(LEVELS, "idler", lambda seconds: Idler())
    data = run_json(tmp_path, "--bots", "idler,medium", "--games", "2", "--jobs", "1",
                    "--max-rounds", "8")  # fmt: skip
    assert data["bots"]["idler"]["idle_seats"] == 2
    assert data["bots"]["medium"]["idle_seats"] == 0
    for record in data["records"]:
        assert record["idle_seats"] == [record["seats"].index("idler")]
    out = capsys.readouterr().out
    assert "idle seats (no progress for 3 turns in a row" in out
    assert "idler 2 of 2, medium 0 of 2" in out
    assert f"capped games (stopped at 8 rounds): {data['capped']} of 2" in out


def test_a_game_without_rounds_reports_no_round_cap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = run_json(tmp_path, "--game", "space-pioneers", "--bots", "easy", "--games", "2",
                    "--jobs", "1")  # fmt: skip
    assert data["max_rounds"] is None and data["capped"] == 0
    out = capsys.readouterr().out
    assert "idle seats" in out and "capped games" not in out


def _passing_turns(turns: int) -> list[int]:
    """The idle seats of a Space Pioneers solo game whose seat passes ``turns`` turns."""
    from navcomp.bots.idle import IdleWatch
    from navcomp.games import get_game

    game = get_game("space-pioneers")
    state = game.new_initial_state(1, 5, {})
    watch = IdleWatch(1)
    done = game.action_from_text("done")
    for _ in range(turns):
        while True:
            legal = state.legal_actions()
            words = [a for a in legal if game.action_to_text(a) in ("draw", "pass", "done")]
            action = words[0] if words else legal[0]
            watch.see(state, action)
            state.apply_action(action)
            if action == done:
                break
    return watch.finish()


def test_idle_watch_tells_turns_apart_solo() -> None:
    """One seat passing with a placement at hand: its turns are told apart by the game
    (each starts at the draw), so it is idle after three of them, not two."""
    assert _passing_turns(2) == []
    assert _passing_turns(3) == [0]


def test_strength_file_pools_the_runs_of_a_matchup(tmp_path: Path) -> None:
    strength = tmp_path / "strength.json"
    for seed in ("1", "2"):
        args = ["tournament", "--bots", "medium,easy", "--games", "4", "--jobs", "1",
                "--seed", seed, "--strength", str(strength)]  # fmt: skip
        assert main(args) == 0
    data = json.loads(strength.read_text())
    medium, easy = data["space-mission"]
    assert (medium["level"], medium["rival"], easy["level"], easy["rival"]) == (
        "medium",
        "easy",
        "easy",
        "medium",
    )
    assert medium["games"] == easy["games"] == 8 and medium["budget"] == ""
    assert medium["wins"] + easy["wins"] == pytest.approx(8)
    assert medium["win_rate"] == pytest.approx(medium["wins"] / 8)
    assert [run["seed"] for run in medium["runs"]] == [1, 2]
    lo, hi = medium["ci95"]
    assert lo <= medium["win_rate"] <= hi
    args = ["tournament", "--bots", "hard,hard-1s", "--games", "2", "--jobs", "1",
            "--iterations-per-move", "2", "--strength", str(strength)]  # fmt: skip
    assert main(args) == 0
    hard = next(
        m for m in json.loads(strength.read_text())["space-mission"] if m["level"] == "hard"
    )
    assert hard["budget"] == "hard 2 playouts a move, hard-1s 2 playouts a move"
    assert main([args[0], "--bots", "medium", *args[3:]]) == 0  # one level: no match-up
    assert len(json.loads(strength.read_text())["space-mission"]) == 4
