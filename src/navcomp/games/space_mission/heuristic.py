"""Space Mission knowledge for the bots: position values and a playout policy.

``evaluate`` estimates each seat's final score from what is on the table and
turns the gaps into values in [0, 1].  ``rollout_action`` is a cheap greedy
policy for search playouts: build and take tiles when possible, otherwise move
or draw, never discard at random.  The full heuristic player is in
:mod:`navcomp.games.space_mission.policy`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from navcomp.core.protocol import GameState
from navcomp.games.space_mission.actions import (
    CONFIRM,
    DEVELOP0,
    DISCOVER,
    DRAW,
    FLY0,
    JUMP0,
    PICK0,
    SCAN0,
)
from navcomp.games.space_mission.components import (
    ALIENS,
    MATTER_BLUE,
    MATTER_GREEN,
    MEDAL,
    MINERALS,
    NUM_KINDS,
    WATER,
)
from navcomp.games.space_mission.scoring import breakdowns, water_points
from navcomp.games.space_mission.state import (
    CONFIRM_TURN,
    MAIN,
    OVER,
    PICK,
    TOPUP,
    SpaceMissionState,
)

RESERVED_WORTH: Final = 2.5
"""Expected points of a tile reserved on a planet not yet developed."""
CHIP_WORTH: Final = 0.3
SCALE: Final = 6.0
"""Points of lead that make a position clearly better (the logistic's scale)."""


def estimated_scores(s: SpaceMissionState) -> list[float]:
    """Score now, plus a little for reserved tiles that may still arrive and chips left."""
    n = s.n
    tiles = [[0] * NUM_KINDS for _ in range(n)]
    reserved = [0] * n
    for owner, kind, _, _, is_reserved in s.taken:
        if is_reserved:
            reserved[owner] += 1
        else:
            tiles[owner][kind] += 1
    stations = [0] * n
    for developer in s.developer:
        if developer >= 0:
            stations[developer] += 1
    parts = breakdowns(s.probes, stations, tiles)
    over = s.phase == OVER
    return [
        sum(parts[p].values())
        + (0.0 if over else RESERVED_WORTH * reserved[p] + CHIP_WORTH * s.chips[p])
        for p in range(n)
    ]


def marginal_points(held: Sequence[int], kind: int) -> int:
    """Points one more tile of ``kind`` adds to a player holding ``held`` (counts by kind)."""
    if kind in MINERALS or kind in ALIENS:
        group = MINERALS if kind in MINERALS else ALIENS
        total = sum(held[k] for k in group)
        most = max(held[k] for k in group)
        return (total + 1) * max(most, held[kind] + 1) - total * most
    if kind in (MATTER_GREEN, MATTER_BLUE):
        other = MATTER_BLUE if kind == MATTER_GREEN else MATTER_GREEN
        return 5 if held[kind] < held[other] else 2
    if kind == WATER:
        return water_points(held[WATER] + 1) - water_points(held[WATER])
    return 3 if kind == MEDAL else 0


def values_from_scores(scores: Sequence[float]) -> list[float]:
    """Each seat's value: a logistic of its lead over the best other seat."""
    values = []
    for p, mine in enumerate(scores):
        best_other = max(score for q, score in enumerate(scores) if q != p)
        lead = (mine - best_other) / SCALE
        values.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead)))))
    return values


class SpaceMissionHeuristic:
    def evaluate(self, state: GameState) -> list[float]:
        assert isinstance(state, SpaceMissionState)
        result = state.result()
        if result is not None:
            return list(result.rewards())
        return values_from_scores(estimated_scores(state))

    def rollout_action(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, SpaceMissionState)
        phase = state.phase
        if phase == CONFIRM_TURN:
            return CONFIRM
        if phase == TOPUP:
            return DRAW
        legal = state.legal_actions()
        if phase == PICK:
            held = state.collected(state.cur)
            return max(legal, key=lambda a: marginal_points(held, a - PICK0))
        assert phase == MAIN
        # Ids are sorted by kind: discards < confirm < draw < discover < pick < fly
        # < scan < jump < develop, so the best kinds are at the end of the list.
        last = legal[-1]
        if last >= DEVELOP0:
            return last
        if DISCOVER in legal:
            return DISCOVER
        moves = [a for a in legal if a >= FLY0]
        scans = [a for a in moves if SCAN0 <= a < JUMP0]
        if scans and rng.random() < 0.7:
            return scans[int(rng.random() * len(scans))]
        if not moves or (len(state.hands[state.cur]) < 3 and rng.random() < 0.5):
            return DRAW
        return moves[int(rng.random() * len(moves))]

    def choose(self, state: GameState, rng: random.Random) -> int:
        from navcomp.games.space_mission.policy import choose

        assert isinstance(state, SpaceMissionState)
        return choose(state, rng)
