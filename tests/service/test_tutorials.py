"""Tutorials without a browser: each script against the rules engine (as
``scripts/check_tutorial.py`` checks it), its texts in every language, and the tutorial
tables the server sets up from it: dealt from the script, the same bot moves at every
table, listed only in my games (never as my turn), no notices and no solo score;
restarting at a step; bad input refused.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.service.tutorial_scripts import Script, ScriptError, parse, read, scripts, walk
from server_helpers import Player, running, wait_for
from test_i18n import JS, LANGUAGES, strings_in

ROOT = Path(__file__).resolve().parents[2]


def test_both_games_bring_a_tutorial() -> None:
    assert {"space-mission", "space-pioneers"} <= set(scripts())
    assert read("space-mission").bots == {1: "easy"}  # a real finish against an easy bot
    assert read("space-pioneers").seats == 1  # a solo game: a score


@pytest.mark.parametrize("name", sorted(scripts()))
def test_every_expected_action_is_legal_at_its_step_in_order(name: str) -> None:
    script = read(name)
    state = walk(script)
    assert state.current_player == script.seat  # the script hands over on the person's turn
    assert sum(len(step.expect) for step in script.steps) >= 8


def test_an_action_the_engine_refuses_at_its_step_is_caught() -> None:
    script = read("space-mission")
    jump = next(i for i, step in enumerate(script.steps) if step.expect)
    moved = dataclasses.replace(script.steps[jump], expect=("jump B1/G1 hazard", "scan G3/O1"))
    broken = dataclasses.replace(
        script, steps=(*script.steps[:jump], moved, *script.steps[jump + 1 :])
    )
    with pytest.raises(ScriptError, match="'scan G3/O1': not legal here"):
        walk(broken)
    with pytest.raises(ScriptError, match="not legal here"):
        walk(dataclasses.replace(script, seed=script.seed + 1))


def test_a_script_of_a_wrong_shape_is_refused() -> None:
    good: dict[str, Any] = {
        "game": "space-mission", "seed": 1, "options": {}, "seats": 2, "seat": 0,
        "bots": {"1": "easy"}, "done": "x", "steps": [{"say": "a", "free": True}],
    }  # fmt: skip
    assert isinstance(parse("t", good), Script)
    for change in (
        {"seed": "1"},
        {"seed": True},
        {"steps": []},
        {"steps": [{"say": "a"}]},  # no hand-over to free play
        {"steps": [{"say": "a", "expect": ["confirm"]}, {"say": "b", "free": True}]},  # no why
        {"bots": {"one": "easy"}},
    ):
        with pytest.raises(ScriptError):
            parse("t", {**good, **change})
    for change in (
        {"bots": {"1": "hard"}},
        {"seat": 2},
        {"bots": {}},
        {"options": {"max_rounds": -1}},
    ):
        with pytest.raises(ScriptError):
            walk(parse("t", {**good, **change}))


def test_the_check_script_passes_and_fails_as_the_engine_says() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "check_tutorial.py")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "space-pioneers: 14 steps, every expected action legal in turn" in done.stdout
    other = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "check_tutorial.py"),
            "space-pioneers",
            "--seed",
            "2",
        ],
        capture_output=True,
        text=True,
    )
    assert other.returncode == 1 and "FAILS" in other.stdout


@pytest.mark.parametrize("name", sorted(scripts()))
def test_every_text_of_a_script_is_in_the_games_strings_in_every_language(name: str) -> None:
    script = read(name)
    strings = strings_in(JS / "games" / script.game)
    keys = {script.done} | {step.say for step in script.steps}
    keys |= {step.why for step in script.steps if step.why}
    for lang in LANGUAGES:
        assert sorted(keys - set(strings[lang])) == [], lang


# ---------------------------------------------------------------------------- tables


def _play_script(player: Player, table_id: int, script: Script) -> list[dict[str, Any]]:
    """Make the script's actions at the table, waiting for the bots between; the log."""
    for step in script.steps:
        for text in step.expect:
            seen = wait_for(lambda: _my_turn(player, table_id, script.seat), timeout=60)
            answer = player.move(table_id, text, seen["table"]["version"])
            assert answer.status_code == 200, answer.text
    wait_for(lambda: _my_turn(player, table_id, script.seat), timeout=60)
    log: list[dict[str, Any]] = player.get(f"/api/tables/{table_id}/log").json()["entries"]
    return log


def _my_turn(player: Player, table_id: int, seat: int) -> dict[str, Any] | None:
    seen = player.table(table_id)
    return seen if seen["table"]["to_move"] == seat and seen["legal"] else None


def test_a_tutorial_table_is_dealt_from_its_script_and_plays_the_same_everywhere(
    database_url: str,
) -> None:
    script = read("space-mission")
    with running(database_url, bot_seconds=0.05) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        listed = client.get("/api/tutorials").json()
        assert {(t["name"], t["game"], t["steps"]) for t in listed} >= {
            ("space-mission", "space-mission", len(script.steps))
        }
        made = ann.post("/api/tutorials/space-mission/tables")
        assert made.status_code == 201, made.text
        table = made.json()
        assert table["tutorial"] == "space-mission" and table["status"] == "playing"
        assert table["options"] == {"hide_reserved": False, "max_rounds": 6}
        assert [s["bot"] for s in table["seats"]] == [None, "easy"]
        assert "seed" not in str(table)
        other = ben.post("/api/tutorials/space-mission/tables").json()
        assert other["id"] != table["id"]
        # a tutorial table is not among the open tables; it is in my games, never as my turn
        assert client.get("/api/tables").json() == []
        mine_listed = ann.get("/api/my/games").json()
        assert [(g["id"], g["tutorial"], g["my_turn"]) for g in mine_listed] == [
            (table["id"], "space-mission", False)
        ]
        assert table["to_move"] == 0  # it is my turn there all the same
        mine = ann.get("/api/tutorials/space-mission").json()
        assert mine["table"]["id"] == table["id"]
        assert client.get("/api/tutorials/space-mission").json()["table"] is None  # nobody
        # the bot decides the same at both tables, as in the script's check
        logs = [_play_script(p, t["id"], script) for p, t in ((ann, table), (ben, other))]
        assert logs[0] == logs[1]
        assert len(logs[0]) > sum(len(step.expect) for step in script.steps)
        assert ann.get("/api/notifications").json() == []  # no "your turn" at a tutorial


def test_a_solo_tutorial_to_its_end_counts_for_no_high_score(database_url: str) -> None:
    script = read("space-pioneers")
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = ann.post("/api/tutorials/space-pioneers/tables").json()["id"]
        _play_script(ann, table_id, script)
        while (seen := ann.table(table_id))["legal"]:
            moves = seen["legal"]
            pick = next((m for m in moves if m["text"] in ("draw", "done", "pass")), moves[0])
            answer = ann.move(table_id, pick["json"], seen["table"]["version"])
            assert answer.status_code == 200, answer.text
        assert seen["table"]["status"] == "over" and seen["table"]["result"]["scores"][0] > 0
        scores = client.get("/api/solo-scores?game=space-pioneers").json()
        assert scores["best"] == []
        assert ann.get("/api/notifications").json() == []


def test_a_tutorial_restarts_from_a_step_of_my_own_table_only(database_url: str) -> None:
    script = read("space-pioneers")
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        first = ann.post("/api/tutorials/space-pioneers/tables").json()["id"]
        log = _play_script(ann, first, script)
        bens = ben.post("/api/tutorials/space-pioneers/tables").json()["id"]
        path = "/api/tutorials/space-pioneers/tables"

        def refused(player: Player, body: Any, status: int, code: str) -> None:
            answer = player.post(path, body)
            assert answer.status_code == status, answer.text
            assert answer.json()["error"]["code"] == code

        refused(ben, {"restart": {"table": first, "version": 3}}, 403, "not_your_tutorial")
        made = ann.post("/api/tables", {"game": "space-pioneers", "seats": 1}).json()["id"]
        refused(ann, {"restart": {"table": made, "version": 0}}, 403, "not_your_tutorial")
        refused(
            ann, {"restart": {"table": first, "version": len(log) + 1}}, 422, "version_not_reached"
        )
        refused(ann, {"restart": {"table": 99999, "version": 0}}, 404, "table_not_found")
        refused(ann, {"restart": {"table": first, "version": -1}}, 422, "invalid_request")
        refused(ann, {"restart": {"table": first}}, 422, "invalid_request")
        assert client.post("/api/tutorials/space-mission/tables").status_code == 401
        for answer in (ann.post("/api/tutorials/chess/tables"), client.get("/api/tutorials/chess")):
            assert answer.status_code == 404
            assert answer.json()["error"]["code"] == "unknown_tutorial"
        assert ann.table(first)["table"]["version"] == len(log)  # the refusals changed nothing
        # restarted at version 5: the first five entries, the rest to come
        again = ann.post(path, {"restart": {"table": first, "version": 5}})
        assert again.status_code == 201, again.text
        restarted = again.json()
        assert restarted["version"] == 5 and restarted["to_move"] == 0
        entries = ann.get(f"/api/tables/{restarted['id']}/log").json()["entries"]
        assert entries == log[:5]
        assert ann.get(f"/api/tables/{first}").status_code == 404  # replaced
        assert ann.get("/api/tutorials/space-pioneers").json()["table"]["id"] == restarted["id"]
        assert ben.table(bens)["table"]["tutorial"] == "space-pioneers"  # ben's is his own
        # from the start: a fresh table at version 0
        fresh = ann.post(path).json()
        assert fresh["version"] == 0 and fresh["id"] != restarted["id"]
