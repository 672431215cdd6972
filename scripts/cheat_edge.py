"""Where the cheating reference's edge over hard comes from: the cards or the tiles.

Adds two half-cheating versions of the hard level to ``navcomp tournament`` and runs it
with the arguments given.  Each searches, as hard does, in worlds drawn from what its
seat knows, but puts back one part of the truth in every world:

``knows-cards``
    every hand and the draw pile as they really are; the tiles re-dealt as for hard;
``knows-tiles``
    every pile and every tile taken as they really are; the cards re-dealt as for hard;
``knows-piles``
    as ``knows-tiles``, but the rivals' tiles the seat cannot place are re-dealt, with
    the tiles of the piles nobody has looked at yet: it sees the piles somebody looked
    at, not what the rivals hold.

Against ``cheat`` (which knows both), the one that closes the gap names the information
that matters (docs/bots.md, "Measured strength"):

    .venv/bin/python scripts/cheat_edge.py --players 2 --bots knows-tiles,cheat \\
        --games 200 --seconds-per-move 0.2 --jobs 2 --seed 13 --duplicate

Space Mission only; never offered to players.
"""

from __future__ import annotations

import random
import sys
from functools import partial

from navcomp.bots import levels
from navcomp.bots.rollout import RolloutBot
from navcomp.cli import main
from navcomp.games.space_mission import knowledge
from navcomp.games.space_mission.components import SPACE
from navcomp.games.space_mission.state import SpaceMissionState


class PartTruth:
    """Worlds from ``player``'s information set with the true cards or the true tiles."""

    def __init__(self, state: SpaceMissionState, player: int, true_cards: bool) -> None:
        self.state = state
        self.worlds = state.determinizer(player)
        self.true_cards = true_cards

    def sample(self, rng: random.Random) -> SpaceMissionState:
        world = self.worlds.sample(rng)
        if self.true_cards:
            world.hands = [hand[:] for hand in self.state.hands]
            world.draw = self.state.draw[:]
            return world
        truth = self.state.reseeded(rng)  # cards and tiles are independent of each other
        truth.hands = world.hands
        truth.draw = world.draw
        return truth


class PilesOnly(PartTruth):
    """The true piles; the rivals' unplaceable tiles shuffled with the undealt ones."""

    def __init__(self, state: SpaceMissionState, player: int) -> None:
        super().__init__(state, player, true_cards=False)
        self.loose = knowledge.of_player(state, player)[2]

    def sample(self, rng: random.Random) -> SpaceMissionState:
        world = super().sample(rng)
        if not self.loose:
            return world
        taken = list(world.taken)
        undealt = [kind for kind in range(SPACE) for _ in range(world.pool[kind])]
        tiles = [taken[t][1] for t in self.loose] + undealt
        rng.shuffle(tiles)
        for t, kind in zip(self.loose, tiles, strict=False):
            owner, _, where, seq, reserved = taken[t]
            taken[t] = (owner, kind, where, seq, reserved)
        pool = list(world.pool)
        pool[:SPACE] = [0] * SPACE
        for kind in tiles[len(self.loose) :]:
            pool[kind] += 1
        world.taken = tuple(taken)
        world.pool = tuple(pool)
        world.know = None  # the rivals' tiles changed under it
        return world


class PartlyCheating(RolloutBot):
    """Hard's search in worlds with one part of the truth put back (``PARTS``)."""

    cheats = True

    def __init__(self, part: str, seconds: float) -> None:
        super().__init__(seconds=seconds)
        self.name = part
        self.part = part

    @classmethod
    def of_level(cls, part: str, seconds: float | None) -> PartlyCheating:
        return cls(part, seconds or levels.HARD_SECONDS)

    def _worlds(self, state: SpaceMissionState, player: int) -> PartTruth:  # type: ignore[override]
        if self.part == "knows-piles":
            return PilesOnly(state, player)
        return PartTruth(state, player, true_cards=self.part == "knows-cards")


PARTS = ("knows-cards", "knows-tiles", "knows-piles")


if __name__ == "__main__":
    for part in PARTS:
        levels.LEVELS[part] = partial(PartlyCheating.of_level, part)
    sys.exit(main(["tournament", "--game", "space-mission", *sys.argv[1:]]))
