"""How strong each level is, as measured by tournaments: the strength results file.

``navcomp tournament ... --strength FILE`` adds a run's win rates to ``FILE``: for a
lineup of two levels, each level's wins and games against the other, pooled with the
earlier runs of the same match-up (game, players, budgets).  The package's own file,
:data:`STRENGTH_FILE`, is what the lobby and the bots page show players.
"""

from __future__ import annotations

import json
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from navcomp.bots.levels import HARD_SECONDS, HARD_TURN_SECONDS, SEARCHING, TURN_BUDGET
from navcomp.bots.stats import wilson_interval

STRENGTH_FILE = Path(__file__).with_name("strength.json")


def budget_text(budget: dict[str, Any], levels: list[str]) -> str:
    """The searching levels' budgets in a run, in words ("" when none searches)."""
    if budget["iterations_per_move"] is not None:
        per_move = f"{budget['iterations_per_move']} playouts a move"
    else:
        per_move = f"{budget['seconds_per_move']:g} s a move"
    parts = []
    for level in levels:
        if level in TURN_BUDGET and budget["iterations_per_move"] is None:
            turn = budget.get("seconds_per_turn") or HARD_TURN_SECONDS
            parts.append(f"{level} {turn:g} s a turn")
        elif level in SEARCHING:
            parts.append(f"{level} {per_move}")
    return ", ".join(parts)


def record(summary: dict[str, Any], path: str | Path) -> str:
    """Add the run ``summary`` (a tournament's JSON report) to the file at ``path``;
    returns what it did, in words.  Only a lineup of two levels is a match-up."""
    levels = list(summary["bots"])
    if len(levels) != 2:
        return f"strength not recorded: {len(levels)} levels in the lineup, not two"
    path = Path(path)
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    budget = budget_text(summary["budget"], levels)
    matchups = data.setdefault(summary["game"], [])
    for level, rival in (levels, levels[::-1]):
        figures = summary["bots"][level]
        key = {"level": level, "rival": rival, "players": summary["players"], "budget": budget}
        entry = next((m for m in matchups if {k: m[k] for k in key} == key), None)
        if entry is None:
            entry = {**key, "games": 0, "wins": 0.0, "runs": []}
            matchups.append(entry)
        entry["games"] += figures["games"]
        entry["wins"] += figures["wins"]
        entry["win_rate"] = entry["wins"] / entry["games"]
        entry["ci95"] = list(wilson_interval(min(entry["wins"], entry["games"]), entry["games"]))
        run = {"seed": summary["seed"], "games": summary["games"]}
        entry["runs"].append({**run, "duplicate": summary["duplicate"], "date": _today()})
    path.write_text(json.dumps(data, indent=1) + "\n")
    return f"strength of {levels[0]} and {levels[1]} added to {path}"


def _today() -> str:
    return time.strftime("%Y-%m-%d", time.gmtime())


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(STRENGTH_FILE.read_text())
    return data


DEFAULT_BUDGETS = {"iterations_per_move": None, "seconds_per_move": HARD_SECONDS}
"""The budgets the server's bots play with unless its host sets others."""


def strength_for(game: str, levels: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
    """For each of ``levels``, its measured match-ups in ``game`` against another of
    them (those at the default budgets first, then most games first): rival, players,
    games, win rate and its 95% interval, budget, and whether that budget is the
    default (``usual``)."""
    found: dict[str, list[dict[str, Any]]] = {level: [] for level in levels}
    for entry in _shipped().get(game, []):
        if entry["level"] in found and entry["rival"] in found:
            shown = ("rival", "players", "games", "win_rate", "ci95", "budget")
            matchup = {k: entry[k] for k in shown}
            default = budget_text(DEFAULT_BUDGETS, [entry["level"], entry["rival"]])
            matchup["usual"] = entry["budget"] == default
            found[entry["level"]].append(matchup)
    for matchups in found.values():
        matchups.sort(key=lambda m: (not m["usual"], -m["games"]))
    return found
