"""Determinize a fixed set of Space Mission positions, for counting instructions.

Timings on the development machines move by half again between runs; instruction
counts under callgrind do not, so an A/B of a change to the determinizer is one
number each.  The positions: every 7th of 8 random 4-player games (seed 1), 1,263 of
them.  Run it with 0 and with 3 passes and take the difference per world:

    for n in 0 3; do valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python scripts/world_cost.py $n det 2>&1 | grep Collected; done

``det``: ``state.determinize`` from scratch; ``plan``: only the grouping of the
cards; ``deal``: only the deal, from plans made beforehand (outside the count).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from navcomp.games import SPACE_MISSION
from navcomp.games.space_mission import determinize

GAMES = 8
EVERY = 7


def positions() -> list[Any]:
    rnd = random.Random(1)
    found = []
    for _ in range(GAMES):
        state: Any = SPACE_MISSION.new_initial_state(4, rnd.getrandbits(32))
        steps = 0
        while legal := state.legal_actions():
            state.apply_action(legal[int(rnd.random() * len(legal))])
            steps += 1
            if steps % EVERY == 0 and state.current_player is not None:
                found.append(state.clone())
    return found


def main(passes: int, part: str) -> None:
    sample = positions()
    rng = random.Random(2)
    if part == "det":
        for _ in range(passes):
            for s in sample:
                s.determinize(s.current_player, rng)
    elif part == "plan":
        for _ in range(passes):
            for s in sample:
                determinize._plan_cards(s, s.current_player)
    elif part == "deal":
        plans = [
            (
                s,
                s.current_player,
                determinize._plan_cards(s, s.current_player),
                determinize._tiles(s, s.current_player),
            )
            for s in sample
        ]
        for _ in range(passes):
            for s, p, cards, known in plans:
                determinize._deal(s, p, cards, known, rng)
    else:
        raise SystemExit(f"unknown part {part!r}: det, plan or deal")
    print(f"{len(sample)} positions, {passes} passes")


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "det")
