"""How often each Space Pioneers mission, top-secret task and solo mission is met in bot games.

    python scripts/pioneers_mission_stats.py --bots medium,medium --games 200
    python scripts/pioneers_mission_stats.py --bots hard,medium --games 60 --seconds-per-move 0.1
    python scripts/pioneers_mission_stats.py --bots medium --games 200      # solo

Bots are named by level as for ``navcomp tournament``; the list gives one bot per seat
and its length the player count.  Game i is set up from ``(--seed, i)`` as the tournament
does (seats rotate).  Printed, per mission: the share of player-games in which it was met
(and by which bot); per task: the share of the players holding that task who met it; per
solo mission: the share of games in which it was met at least once, and how often it was
met per game.  The rules page asks for a wording change where a mission is met in
(almost) no game or (almost) every game: those lines are flagged.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from collections import Counter
from typing import Any

from navcomp.bots import make_bot
from navcomp.bots.stats import wilson_interval
from navcomp.commands.tournament import game_setup, seating
from navcomp.core.protocol import play
from navcomp.games import SPACE_PIONEERS
from navcomp.games.space_pioneers.missions import (
    ALL_MISSIONS,
    MISSIONS,
    SIDE_NAMES,
    SOLO_SIDES,
    TOP_SECRET,
    Turn,
    solo_met,
)
from navcomp.games.space_pioneers.scoring import tasks_met
from navcomp.games.space_pioneers.state import SpacePioneersState

NEVER = 0.02
ALWAYS = 0.98


def play_one(job: tuple[tuple[str, ...], int, int, float | None]) -> dict[str, Any]:
    """One game: which missions, tasks and solo missions each seat met."""
    lineup, seed, index, seconds = job
    seats = seating(lineup, index)
    game_seed, rngs = game_setup(seed, index, len(seats))
    bots = [make_bot(level, seconds) for level in seats]
    state = SPACE_PIONEERS.new_initial_state(len(seats), game_seed)
    assert isinstance(state, SpacePioneersState)
    solo: Counter[str] = Counter()
    free: Counter[str] = Counter()  # met by the network as it was when the side turned up
    turned: Counter[int] = Counter()
    while (player := state.current_player) is not None:
        side, done = state.side, state.side_done
        play(state, player, bots[player].choose(state.clone(), rngs[player]))
        if state.n == 1:
            met = (3 & ~done) if state.side != side else state.side_done & ~done
            for bit, key in enumerate(SOLO_SIDES[side]):
                if met >> bit & 1:
                    solo[f"{SIDE_NAMES[side]}: {key}"] += 1
            if state.side != side:
                turned[state.side] += 1
                at_once = solo_met(state.side, 0, state.networks[0], Turn(), state.solo_cards)
                for bit, key in enumerate(SOLO_SIDES[state.side]):
                    if at_once >> bit & 1:
                        free[f"{SIDE_NAMES[state.side]}: {key}"] += 1
    players = []
    for p in range(state.n):
        entry: dict[str, Any] = {"bot": seats[p], "missions": [], "tasks": {}}
        if state.n > 1:
            entry["missions"] = [
                key for i, key in enumerate(MISSIONS) if state.missions[p] >> i & 1
            ]
            keys = TOP_SECRET[state.secrets[p]]
            entry["tasks"] = dict(zip(keys, tasks_met(state, p), strict=True))
        players.append(entry)
    result = state.result()
    assert result is not None
    return {
        "players": players,
        "solo": dict(solo),
        "free": dict(free),
        "turned": [turned[0], turned[1]],
        "turns": state.turn_number,
        "by_missions": any(m == ALL_MISSIONS for m in state.missions),
        "scores": list(result.scores),
        "cards": state.solo_cards,
    }


def _line(label: str, met: float, total: int, extra: str = "", never: bool = True) -> str:
    """One figure with its Wilson interval, flagged when (almost) always or never met."""
    if total == 0:
        return f"  {label:<28} {'-':>7}"
    share = met / total
    low, high = wilson_interval(met, total)
    mark = "  <- never?" if share < NEVER and never else "  <- always?" if share > ALWAYS else ""
    return (
        f"  {label:<28} {100 * share:6.1f}%  ({met:g} of {total}, 95% CI "
        f"{100 * low:.1f}-{100 * high:.1f}%){extra}{mark}"
    )


def report(records: list[dict[str, Any]]) -> str:
    lines = []
    games = len(records)
    turns = sum(r["turns"] for r in records) / games
    solo = records[0]["players"] and len(records[0]["players"]) == 1
    lines.append(f"{games} games, {turns:.1f} turns a game on average")
    if solo:
        points = sum(r["scores"][0] for r in records) / games
        cards = sum(r["cards"] for r in records) / games
        lines.append(f"solo: {points:.1f} points, {cards:.1f} cards completed a game")
        lines.append("solo missions: share of games met at least once (mean times met a game)")
        for side, keys in enumerate(SOLO_SIDES):
            for key in keys:
                name = f"{SIDE_NAMES[side]}: {key}"
                counts = [r["solo"].get(name, 0) for r in records]
                met = sum(1 for c in counts if c)
                lines.append(_line(name, met, games, f", {sum(counts) / games:.1f} a game"))
        lines.append("solo missions already met when their side turned up (no turn spent)")
        for side, keys in enumerate(SOLO_SIDES):
            turned = sum(r["turned"][side] for r in records)
            for key in keys:
                name = f"{SIDE_NAMES[side]}: {key}"
                free = sum(r["free"].get(name, 0) for r in records)
                lines.append(_line(name, free, turned, never=False))  # a deed is never free
        return "\n".join(lines)
    ended = sum(r["by_missions"] for r in records)
    lines.append(f"ended by a player's last mission: {100 * ended / games:.0f}% (else the deck)")
    bots = sorted({p["bot"] for r in records for p in r["players"]})
    lines.append("missions: share of player-games met")
    for key in MISSIONS:
        seats = [p for r in records for p in r["players"]]
        extra = ""
        if len(bots) > 1:
            parts = []
            for bot in bots:
                mine = [p for p in seats if p["bot"] == bot]
                parts.append(
                    f"{bot} {100 * sum(key in p['missions'] for p in mine) / len(mine):.0f}%"
                )
            extra = " [" + ", ".join(parts) + "]"
        lines.append(_line(key, sum(key in p["missions"] for p in seats), len(seats), extra))
    lines.append("top-secret tasks: share of the players holding the task who met it")
    for card, keys in enumerate(TOP_SECRET):
        for key in keys:
            holders = [p for r in records for p in r["players"] if key in p["tasks"]]
            met = sum(p["tasks"][key] for p in holders)
            lines.append(_line(f"{card + 1}: {key}", met, len(holders)))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=(__doc__ or "").split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--bots", required=True, help="levels per seat, e.g. medium,medium")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds-per-move", type=float, help="budget of hard and cheat")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    lineup = tuple(name.strip() for name in args.bots.split(","))
    jobs = [(lineup, args.seed, i, args.seconds_per_move) for i in range(args.games)]
    if args.jobs == 1:
        records = [play_one(job) for job in jobs]
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            records = pool.map(play_one, jobs)
    print(f"bots {','.join(lineup)}, seed {args.seed}")
    print(report(records))
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
