"""Space Mission's search hooks for the bots: position values and a playout policy.

``evaluate`` estimates each seat's final score from what is on the table and
turns the gaps into values in [0, 1].  ``rollout_action`` is a cheap greedy
policy for search playouts: build and take tiles when possible, otherwise move
or draw, never discard at random.  The heuristic player's choice is
:mod:`navcomp.games.space_mission.decisions`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import GameState
from navcomp.games.space_mission.actions import (
    CONFIRM,
    DISCOVER,
    DRAW,
    FLY0,
    PICK0,
)
from navcomp.games.space_mission.board import GATE
from navcomp.games.space_mission.components import (
    NUM_KINDS,
    SPACE,
)
from navcomp.games.space_mission.decisions import choose, ranked
from navcomp.games.space_mission.rules import CONFIRM_TURN, MAIN, OVER, PICK, TOPUP
from navcomp.games.space_mission.scoring import (
    STATION_POINTS,
    gate_points,
    marginal_points,
    tile_total,
)
from navcomp.games.space_mission.state import SpaceMissionState
from navcomp.games.space_mission.valuation import MEDIUM, TUNED, Weights

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
    gate = gate_points(s.probes)
    over = s.phase == OVER
    return [
        gate[p]
        + STATION_POINTS * stations[p]
        + tile_total(tiles[p])
        + (0.0 if over else RESERVED_WORTH * reserved[p] + CHIP_WORTH * s.chips[p])
        for p in range(n)
    ]


def values_from_scores(scores: Sequence[float]) -> list[float]:
    """Each seat's value: a logistic of its lead over the best other seat."""
    values = []
    for p, mine in enumerate(scores):
        best_other = max(score for q, score in enumerate(scores) if q != p)
        lead = (mine - best_other) / SCALE
        values.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead)))))
    return values


class SpaceMissionHeuristic(Heuristic):
    """The hooks, with the heuristic player's ``weights``: the medium level's by default.
    ``search_base`` is the same with the tuned weights, for the hard level's playouts."""

    rollout_margin = 0.06
    """Depart from the tuned player only for a large gain: playouts model every seat as
    the tuned player, so small gains are often the model's (docs/bots.md)."""

    def __init__(self, weights: Weights = MEDIUM) -> None:
        self.weights = weights
        self._tuned = self if weights == TUNED else SpaceMissionHeuristic(TUNED)

    @property
    def search_base(self) -> SpaceMissionHeuristic:
        return self._tuned

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
        if phase == PICK:
            return _best_pick(state)
        return _greedy_main_action(state, rng)

    def playout(self, state: GameState, steps: int, rng: random.Random) -> list[float]:
        """``rollout_action`` for up to ``steps`` actions, then ``evaluate``; one tight loop."""
        assert isinstance(state, SpaceMissionState)
        apply_action = state.apply_action
        for _ in range(steps):
            phase = state.phase
            if phase == MAIN:
                apply_action(_greedy_main_action(state, rng))
            elif phase == PICK:
                apply_action(_best_pick(state))
            elif phase == CONFIRM_TURN:
                apply_action(CONFIRM)
            elif phase == TOPUP:
                apply_action(DRAW)
            else:
                break
        return self.evaluate(state)

    def choose(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, SpaceMissionState)
        return choose(state, rng, self.weights)

    def ranked_actions(self, state: GameState, rng: random.Random) -> list[int]:
        """The heuristic player's choice, then the first steps of its other plans, best
        first: the candidates worth a closer look.  Not every legal action appears."""
        assert isinstance(state, SpaceMissionState)
        return ranked(state, rng, self.weights)

    def makes_progress(self, state: GameState, action: int) -> bool:
        """A jump, flight, scan, develop or discover."""
        return action == DISCOVER or action >= FLY0

    def progress_possible(self, state: GameState) -> bool:
        """Such an action is legal, or a Top up may bring the card for one (a ship on
        the gate needs a jump card and a chip)."""
        assert isinstance(state, SpaceMissionState)
        if state.phase not in (MAIN, TOPUP):
            return False
        p = state.cur
        if state.ship[p] != GATE or super().progress_possible(state):
            return True
        piles = state.draw or state.discard or state.chosen
        return bool(state.chips[p] and piles and not state.final_round)

    def starts_turn(self, state: GameState) -> bool:
        assert isinstance(state, SpaceMissionState)
        return state.phase == MAIN and state.done == 0

    def turn_share(self, state: GameState) -> float:
        """Most for the turn's two actions, a little for a pick or a Top up's next card."""
        assert isinstance(state, SpaceMissionState)
        return TURN_SHARES.get(state.phase, 0.0)


_POINT_KINDS: Final = tuple(range(SPACE))
TURN_SHARES: Final = {MAIN: 0.4, PICK: 0.15, TOPUP: 0.1}
"""Shares of a per-turn budget by phase.  Two actions and two picks ask a little more
than the whole: the decisions that stop early, or search nothing, leave time for it."""


def _best_pick(s: SpaceMissionState) -> int:
    """The tile of the pile being looked at that adds most to the picker's score."""
    pile = s.real[s.pick_pos]
    assert pile is not None
    held = s.collected(s.cur)
    best_kind, best_gain = -1, -1
    for kind in _POINT_KINDS:
        if pile[kind]:
            gain = marginal_points(held, kind)
            if gain > best_gain:
                best_kind, best_gain = kind, gain
    return PICK0 + best_kind


def _greedy_main_action(s: SpaceMissionState, rng: random.Random) -> int:
    """Develop, discover, mostly scan where possible; else move or draw; never discard.

    Builds only the candidates it needs (a playout step must be cheap), each of
    them legal by the same conditions as ``SpaceMissionState.legal_actions``.
    """
    p = s.cur
    hand = s.hands[p]
    board = s.board
    pos = s.ship[p]
    chips = s.chips[p]
    moves: list[int] = []
    if pos != GATE:
        if s.developer[pos] >= 0:
            if s.down[pos]:
                return DISCOVER
        elif chips:
            if s.scanned[pos] >> p & 1:
                develop = s.develop_actions(hand, board.landing[pos])
                if develop:
                    return develop[-1]
            scans = board.scans[pos]
            options = [scans[c] for c in hand if c in scans]
            if options and rng.random() < 0.7:
                return options[int(rng.random() * len(options))]
        moves += board.fly[pos]
    if chips:
        moves += s.jump_actions(hand, pos)
    if not moves or (len(hand) < 3 and rng.random() < 0.5):
        return DRAW
    return moves[int(rng.random() * len(moves))]
