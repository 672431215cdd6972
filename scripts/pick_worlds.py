"""Worlds in which the rivals picked their hidden tiles well: calibration and play.

A determinizer deals a rival's hidden tiles uniformly from the tiles the seat cannot
place.  But each was picked from a pile the rival saw, and the rival took what it
liked.  ``PickWorlds`` re-deals those tiles (the ``loose`` ones of the seat's
knowledge: not pinned by a pile the seat remembers) in the order they were taken,
each by a ``Model`` of that pick: the pile then held ``size`` tiles (its face-down and
face-up tiles now, plus those taken from it since), drawn from the tiles still
undealt, and the rival took the kind it valued most given its tiles so far
(``valuation.tile_gains``, as the heuristic players value tiles).  ``size`` can be capped
(a weaker selection); where the seat looked at the pile after the pick, the pick can
be made to beat every kind the seat saw left there.  Everything it reads the seat
knows, so the worlds stay fair.

``calibrate`` plays medium against medium (2 players) and, every 10 actions after
the 20th where the rival holds a tile the seat cannot place, compares the rival's
true tiles with 20 worlds for the seat to move: the rival's score, the squared error
of its count of each kind (lower is better) and how often a world gives a hidden tile
its true kind:

    .venv/bin/python scripts/pick_worlds.py calibrate --games 60 --seed 5

``tournament`` runs ``navcomp tournament`` with the extra levels ``pick`` (hard
searching in worlds picked from the whole pile) and ``pick2`` (piles capped at 2
tiles, and beating what the seat saw left):

    .venv/bin/python scripts/pick_worlds.py tournament --players 2 --bots pick,cheat \\
        --games 200 --seconds-per-move 0.2 --jobs 2 --seed 13 --duplicate

docs/bots.md, "Inferring the kinds from the rivals' picks", has the figures.
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import Any, NamedTuple

import experiment_cli

from navcomp.bots import levels
from navcomp.bots.rollout import RolloutBot
from navcomp.core.protocol import GameState
from navcomp.games.space_mission import determinize
from navcomp.games.space_mission.components import NUM_KINDS, SPACE
from navcomp.games.space_mission.scoring import tile_total
from navcomp.games.space_mission.valuation import tile_gains

WORLDS = 20
TRIES = 20
"""Draws of a pile the seat saw later, until the rival's pick beats what it left."""


class Model(NamedTuple):
    """How a world re-deals a rival's pick.  ``cap``: at most so many tiles in the
    pile (None: all it held; 1: a uniform deal); ``seen``: the pick beat what the
    seat saw left in the pile later; ``potential``: the rival values tiles as
    ``valuation.tile_gains`` does with this share (None: by ``scoring.tile_total``)."""

    cap: int | None
    seen: bool
    potential: float | None


UNIFORM = Model(1, False, None)


def _draw(counts: list[int], total: int, rng: random.Random) -> int:
    r = rng.randrange(total)
    kind = 0
    while r >= counts[kind]:
        r -= counts[kind]
        kind += 1
    return kind


def _gain(mine: list[int], base: int, kind: int, potential: float | None) -> float:
    if potential is not None:
        return tile_gains(tuple(mine), potential)[kind]
    mine[kind] += 1
    gain = tile_total(mine) - base
    mine[kind] -= 1
    return gain


def _best_of(
    undealt: list[int],
    size: int,
    mine: list[int],
    base: int,
    potential: float | None,
    rng: random.Random,
) -> tuple[int, float]:
    """The kind the rival likes best of ``size`` tiles drawn from ``undealt``, and
    what it adds (-1 if all were spaces)."""
    pile = undealt[:]
    left = sum(pile)
    best, best_gain = -1, 0.0
    for _ in range(min(size, left)):
        kind = _draw(pile, left, rng)
        pile[kind] -= 1
        left -= 1
        if kind == SPACE:
            continue
        gain = _gain(mine, base, kind, potential)
        if best < 0 or gain > best_gain:
            best, best_gain = kind, gain
    return best, best_gain


def _seen_after(world: Any, player: int, pos: int, seq: int) -> tuple[int, ...] | None:
    """The pile at ``pos`` as ``player`` last saw it, if that was after take ``seq``."""
    memory = world.remembered(player, pos)
    if memory is None or memory[1] < seq:
        return None
    counts: tuple[int, ...] = memory[0]
    return counts


def repick(world: Any, player: int, known: Any, rng: random.Random, model: Model) -> None:
    """Re-deal, in ``world``, the rivals' loose tiles by the pick model."""
    free, _, loose, _, _ = known
    if not loose:
        return
    loose_set = set(loose)
    taken = list(world.taken)
    undealt = list(free)
    held = [[0] * NUM_KINDS for _ in range(world.n)]
    for i, (owner, kind, pos, seq, reserved) in enumerate(taken):
        if i not in loose_set:
            held[owner][kind] += 1
            continue
        if owner == player:  # own tiles hidden by the printed rule: no choice to model
            size = 1
        else:
            later = sum(1 for t in taken if t[2] == pos and t[3] >= seq)
            size = world.down[pos] + world.up[pos] + later
            if model.cap is not None:
                size = min(size, model.cap)
        mine = held[owner]
        base = tile_total(mine)
        seen = _seen_after(world, player, pos, seq) if model.seen else None
        bar = None
        if seen is not None:  # the seat saw what the rival left in that pile
            size -= sum(seen)
            gains = [_gain(mine, base, k, model.potential) for k in range(SPACE) if seen[k]]
            bar = max(gains) if gains else None
        best = -1
        for _ in range(TRIES if bar is not None else 1):
            best, best_gain = _best_of(undealt, max(size, 1), mine, base, model.potential, rng)
            if bar is None or (best >= 0 and best_gain >= bar):
                break
        if best < 0:  # only spaces drawn: any point tile
            points = [*undealt[:SPACE], 0]
            best = _draw(points, sum(points), rng)
        undealt[best] -= 1
        mine[best] += 1
        taken[i] = (owner, best, pos, seq, reserved)
    world.taken = tuple(taken)
    world.pool = tuple(undealt)


class PickWorlds:
    """Worlds from ``state.determinizer(player)`` with the rivals' loose tiles re-picked."""

    def __init__(self, state: Any, player: int, model: Model) -> None:
        self.worlds = state.determinizer(player)
        self.known = self.worlds.tiles  # what the determinizer found the seat knows
        self.player = player
        self.model = model

    def sample(self, rng: random.Random) -> Any:
        world = self.worlds.sample(rng)
        repick(world, self.player, self.known, rng, self.model)
        return world


class PickRollout(RolloutBot):
    """Hard, playing each round of playouts in a re-picked world."""

    def __init__(self, seconds: float | None, model: Model) -> None:
        super().__init__(seconds=levels.HARD_SECONDS if seconds is None else seconds)
        self.model = model

    def _worlds(self, state: GameState, player: int) -> Any:
        return PickWorlds(state, player, self.model)


def _rival_counts(state: Any, rival: int) -> list[int]:
    counts = [0] * NUM_KINDS
    for owner, kind, _, _, _ in state.taken:
        if owner == rival:
            counts[kind] += 1
    return counts


def calibrate(games: int, seed: int) -> None:
    rnd = random.Random(seed)
    models = {  # the rival is medium: potential 1.0
        "uniform": UNIFORM,
        "pick": Model(None, False, 1.0),
        "pick2": Model(2, False, 1.0),
        "seen": Model(1, True, 1.0),
        "seen+pick": Model(None, True, 1.0),
        "seen+pick2": Model(2, True, 1.0),
        "pick, scores": Model(None, False, None),
    }
    score_gap: dict[str, list[float]] = {name: [] for name in models}
    kind_error: dict[str, list[float]] = {name: [] for name in models}
    kind_hits: dict[str, list[float]] = {name: [] for name in models}
    for state, seat, step in experiment_cli.medium_positions(games, rnd):
        rival = 1 - seat
        known = determinize._tiles(state, seat)
        rival_loose = [i for i in known[2] if state.taken[i][0] == rival]
        if step > 20 and step % 10 == 0 and rival_loose:
            true_score = state.score_now().scores[rival]
            true_counts = _rival_counts(state, rival)
            worlds = state.determinizer(seat)
            for name, model in models.items():
                scores: list[float] = []
                errors: list[float] = []
                hits: list[bool] = []
                for _ in range(WORLDS):
                    world: Any = worlds.sample(rnd)
                    if model != UNIFORM:
                        repick(world, seat, known, rnd, model)
                    scores.append(world.score_now().scores[rival])
                    counts = _rival_counts(world, rival)
                    errors.append(
                        sum((a - b) ** 2 for a, b in zip(counts, true_counts, strict=True))
                    )
                    hits += [world.taken[i][1] == state.taken[i][1] for i in rival_loose]
                score_gap[name].append(true_score - statistics.mean(scores))
                kind_error[name].append(statistics.mean(errors))
                kind_hits[name].append(statistics.mean(hits))
    for name in models:
        gaps, errors = score_gap[name], kind_error[name]
        print(
            f"{name:12s} rival's true score minus the worlds' {statistics.mean(gaps):+.2f}"
            f" (SE {statistics.stdev(gaps) / len(gaps) ** 0.5:.2f});"
            f" squared error of its kind counts {statistics.mean(errors):.3f}"
            f" (SE {statistics.stdev(errors) / len(errors) ** 0.5:.3f});"
            f" right kind {statistics.mean(kind_hits[name]):.3f}; {len(gaps)} positions"
        )


def main(argv: list[str]) -> int:
    tuned = 1.5  # the potential of the tuned player, the cheat's base
    extra = {
        "pick": lambda seconds: PickRollout(seconds, Model(None, False, tuned)),
        "pick2": lambda seconds: PickRollout(seconds, Model(2, True, tuned)),
    }
    return experiment_cli.run(argv, extra, __doc__.split("\n\n")[0], "calibrate", calibrate)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
