"""Do the worlds a seat imagines short-change its rivals, and does correcting it help?

A determinizer deals a rival's hidden tiles at random from those the seat cannot
place, but the rival chose them, knowing what they took.  ``WaryWorlds`` corrects for
that: of ``count`` worlds drawn from the seat's determinizer, it keeps the one the
game's evaluation likes least for the seat (it reads nothing the seat cannot know).

``bias`` plays medium against medium (2 players) and, every 10 actions after the
20th where the rival holds a tile, compares the rival's true score with its mean over
20 worlds drawn for the seat to move, for each count (1 is the plain determinizer):

    .venv/bin/python scripts/world_bias.py bias --games 60 --seed 5

``tournament`` runs ``navcomp tournament`` with the extra levels ``wary2`` and
``wary3``, hard searching in such worlds, and ``bold2``, hard searching in the better
for its seat of two worlds (the opposite belief):

    .venv/bin/python scripts/world_bias.py tournament --players 2 --bots wary2,cheat \\
        --games 200 --seconds-per-move 0.2 --jobs 2 --seed 13 --duplicate

Space Mission only; docs/bots.md, "Where the cheat's edge comes from", has the figures.
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import Any

import experiment_cli

from navcomp.bots import levels
from navcomp.bots.rollout import RolloutBot
from navcomp.core.protocol import Determinizer, GameState
from navcomp.games import SPACE_MISSION

COUNTS = (1, 2, 3, 4)
WORLDS = 20


class WaryWorlds:
    """The worst (``bold``: the best) for ``player``, by ``evaluate``, of ``count``
    worlds from ``worlds``."""

    def __init__(
        self, worlds: Determinizer, player: int, evaluate: Any, count: int, bold: bool = False
    ) -> None:
        self.worlds = worlds
        self.player = player
        self.evaluate = evaluate
        self.count = count
        self.pick = max if bold else min

    def sample(self, rng: random.Random) -> GameState:
        drawn = [self.worlds.sample(rng) for _ in range(self.count)]
        return self.pick(drawn, key=lambda world: self.evaluate(world)[self.player])


class WaryRollout(RolloutBot):
    """Hard, playing each round of playouts in a wary (or bold) world."""

    def __init__(self, seconds: float | None, count: int, bold: bool = False) -> None:
        super().__init__(seconds=levels.HARD_SECONDS if seconds is None else seconds)
        self.count = count
        self.bold = bold

    def _worlds(self, state: GameState, player: int) -> Any:
        heuristic: Any = state.game.heuristic
        worlds = state.determinizer(player)
        return WaryWorlds(worlds, player, heuristic.evaluate, self.count, self.bold)


def bias(games: int, seed: int) -> None:
    heuristic: Any = SPACE_MISSION.heuristic
    rnd = random.Random(seed)
    shortfall: dict[int, list[float]] = {count: [] for count in COUNTS}
    for state, seat, step in experiment_cli.medium_positions(games, rnd):
        rival = 1 - seat
        if step > 20 and step % 10 == 0 and any(t[0] == rival for t in state.taken):
            true = state.score_now().scores[rival]
            worlds = state.determinizer(seat)
            for count in COUNTS:
                wary = WaryWorlds(worlds, seat, heuristic.evaluate, count)
                drawn = [wary.sample(rnd).score_now().scores[rival] for _ in range(WORLDS)]
                shortfall[count].append(true - statistics.mean(drawn))
    for count, values in shortfall.items():
        error = statistics.stdev(values) / len(values) ** 0.5
        print(
            f"worst of {count}: the rival's true score minus the worlds'"
            f" {statistics.mean(values):+.2f} (standard error {error:.2f}, {len(values)} positions)"
        )


def main(argv: list[str]) -> int:
    extra: dict[str, Any] = {
        f"wary{count}": lambda seconds, c=count: WaryRollout(seconds, c) for count in (2, 3)
    }
    extra["bold2"] = lambda seconds: WaryRollout(seconds, 2, bold=True)
    return experiment_cli.run(argv, extra, __doc__.split("\n\n")[0], "bias", bias)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
