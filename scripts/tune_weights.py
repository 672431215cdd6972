"""Screen weights of the Space Mission heuristic player against the medium level's.

Each deal is played once with the candidate weights in each seat against medium (seats
rotated), so both sides meet the same deals; the figure is the candidate's share of wins.
How ``valuation.TUNED`` was found (docs/bots.md):

    .venv/bin/python scripts/tune_weights.py --games 4000 --weights '{"card_cost": 0.3}'
    .venv/bin/python scripts/tune_weights.py --games 2000 --sweep --weights '{...}'

``--sweep`` tries each weight in turn at half and one and a half times its value (the
guess pair scaled by 0.6 and 1.4), from ``--weights``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from multiprocessing import Pool
from typing import Any

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.core.registry import get_game
from navcomp.games.space_mission.decisions import choose
from navcomp.games.space_mission.valuation import MEDIUM, Weights

GAME = get_game("space-mission")


def play(job: tuple[int, int, int, Weights]) -> tuple[float, int]:
    """The candidate's reward and lead in one game."""
    seed, seat, players, weights = job
    state = GAME.new_initial_state(players, seed)
    rng = random.Random(seed)
    while (mover := state.current_player) is not None:
        state.apply_action(choose(state, rng, weights if mover == seat else MEDIUM))
    result = state.result()
    assert result is not None
    scores = result.scores
    lead = scores[seat] - max(x for q, x in enumerate(scores) if q != seat)
    return result.rewards()[seat], lead


def screen(pool: Any, weights: Weights, games: int, players: int) -> str:
    jobs = [(1000 + g // players, g % players, players, weights) for g in range(games)]
    results = pool.map(play, jobs, chunksize=20)
    rate = sum(r for r, _ in results) / games
    lead = sum(x for _, x in results) / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    return f"wins {rate:.3f} ±{half:.3f}, mean lead {lead:+.2f}"


def variants(start: Weights) -> list[tuple[str, Weights]]:
    found = []
    for name, value in start._asdict().items():
        if isinstance(value, tuple):
            tries: list[Any] = [tuple(round(x * f, 6) for x in value) for f in (0.6, 1.4)]
        else:
            tries = [round(value * 0.5, 6), round(value * 1.5, 6)]
        found += [(f"{name}={v!r}", start._replace(**{name: v})) for v in tries]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--weights", default="{}", help="JSON: weights that differ from medium's")
    parser.add_argument("--sweep", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    given = {k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(args.weights).items()}
    start = MEDIUM._replace(**given)
    tries = variants(start) if args.sweep else [(json.dumps(given), start)]
    with Pool(args.jobs) as pool:
        for label, weights in tries:
            print(f"{label:40} {screen(pool, weights, args.games, args.players)}", flush=True)


if __name__ == "__main__":
    main()
