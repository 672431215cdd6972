"""Space Pioneers' search hooks for the bots: position values, a playout policy.

``evaluate`` estimates each seat's final points (points scored, plus what its network,
missions in reach and top-secret tasks should still bring) and turns the gaps into
values in [0, 1].  ``rollout_action`` is a cheap policy for search playouts: draw from
the deck, place a card that captures if one does, else a random card in a random place
of the own network, never remove a spaceship.  The heuristic player's choice (the
medium level) is :mod:`navcomp.games.space_pioneers.decisions`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import GameState
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import CELLS, CENTRE, PLANET, SHIP
from navcomp.games.space_pioneers.decisions import blocked_lone_ship, choose, ranked
from navcomp.games.space_pioneers.features import net_of
from navcomp.games.space_pioneers.network import KIND, TYPE, places
from navcomp.games.space_pioneers.rules import (
    CAPTURE,
    CHOOSE,
    DRAW,
    PLACE,
    REMOVE,
    capture_options,
)
from navcomp.games.space_pioneers.scoring import points
from navcomp.games.space_pioneers.state import SpacePioneersState
from navcomp.games.space_pioneers.valuation import Seat

SCALE: Final = 5.0
"""Points of lead that make a position clearly better (the logistic's scale)."""
ROLLOUT_TURNS: Final = 4
"""The hard bot's playouts: this many turns of medium play, then ``evaluate``.  A whole
game of medium players is too long to play out many times within a move's budget."""
SOLO_PAR: Final = 20.0
"""Solo: estimated points that count as an even position."""


def estimated_points(s: SpacePioneersState) -> list[float]:
    """Per seat: points scored (without tasks) plus what its network should still bring."""
    nets = [net_of(net) for net in s.networks]
    return [points(s, p) + Seat(s, p, nets).base for p in range(s.n)]


def values_from_points(points: Sequence[float]) -> list[float]:
    """Each seat's value: a logistic of its lead over the best other seat (solo: over par)."""
    if len(points) == 1:
        return [_logistic((points[0] - SOLO_PAR) / SCALE)]
    values = []
    for p, mine in enumerate(points):
        best_other = max(x for q, x in enumerate(points) if q != p)
        values.append(_logistic((mine - best_other) / SCALE))
    return values


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


class SpacePioneersHeuristic(Heuristic):
    rollout_turns = ROLLOUT_TURNS

    def evaluate(self, state: GameState) -> list[float]:
        assert isinstance(state, SpacePioneersState)
        result = state.result()
        if result is not None:
            if state.n == 1:
                return [_logistic((result.scores[0] - SOLO_PAR) / SCALE)]
            return list(result.rewards())
        return values_from_points(estimated_points(state))

    def rollout_action(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, SpacePioneersState)
        return rollout_action(state, rng)

    def playout(self, state: GameState, steps: int, rng: random.Random) -> list[float]:
        """``rollout_action`` for up to ``steps`` actions, then ``evaluate``."""
        assert isinstance(state, SpacePioneersState)
        apply_action = state.apply_action
        for _ in range(steps):
            if state.current_player is None:
                break
            apply_action(rollout_action(state, rng))
        return self.evaluate(state)

    def choose(self, state: GameState, rng: random.Random) -> int:
        assert isinstance(state, SpacePioneersState)
        return choose(state, rng)

    def ranked_actions(self, state: GameState, rng: random.Random) -> list[int]:
        """The medium player's choice, then the other actions it weighed, best first."""
        assert isinstance(state, SpacePioneersState)
        return ranked(state, rng)

    def makes_progress(self, state: GameState, action: int) -> bool:
        """A placement, in any network."""
        return action >= act.PLACE0

    def forgoes_progress(self, state: GameState, action: int) -> bool:
        """A pass, which ends the turn without a card placed; or, where a network of one
        blocked spaceship could start again, anything but removing that spaceship."""
        assert isinstance(state, SpacePioneersState)
        if action == act.PASS:
            return True
        if state.phase != REMOVE:
            return False
        restart = blocked_lone_ship(state, state.current)
        return restart is not None and action != act.REMOVE0 + restart

    def progress_possible(self, state: GameState) -> bool:
        """A placement would score: a card of the hand fits the own network, or a planet
        would capture in another."""
        assert isinstance(state, SpacePioneersState)
        if state.phase != CHOOSE:
            return False
        p = state.current
        for card in set(state.hands[p]):
            for owner, network in enumerate(state.networks):
                own = owner == p
                for cell in places(card, network, own, CENTRE):
                    if own or _captures_at(network, card, cell):
                        return True
        return False

    def starts_turn(self, state: GameState) -> bool:
        assert isinstance(state, SpacePioneersState)
        return state.phase == DRAW

    def turn_share(self, state: GameState) -> float:
        """A third each for the draw, the card and its place; a little for the rest."""
        assert isinstance(state, SpacePioneersState)
        return 0.3 if state.phase in (DRAW, CHOOSE, PLACE) else 0.1


def rollout_action(s: SpacePioneersState, rng: random.Random) -> int:
    """A cheap legal action: see the module docstring."""
    phase = s.phase
    p = s.current
    if phase == DRAW:
        if not s.networks[p] and not any(KIND[c] == SHIP for c in s.hands[p]):
            for slot, card in enumerate(s.face_up):
                if card >= 0 and KIND[card] == SHIP:
                    return act.TAKE0 + slot
            if s.deck:
                return act.SEEK
        if s.deck:
            return act.DRAW
        return act.TAKE0 if s.face_up[0] >= 0 else act.TAKE0 + 1
    if phase == CHOOSE:
        hand = s.hands[p]
        network = s.networks[p]
        start = int(rng.random() * len(hand)) if hand else 0
        fallback = -1
        for i in range(len(hand)):
            card = hand[(start + i) % len(hand)]
            cells = places(card, network, True, CENTRE)
            if not cells:
                continue
            if KIND[card] == PLANET and _captures(network, card):
                return act.CHOOSE0 + card
            if fallback < 0:
                fallback = card
        return act.PASS if fallback < 0 else act.CHOOSE0 + fallback
    if phase == PLACE:
        card = s.selected
        cells = places(card, s.networks[p], True, CENTRE)
        if cells:
            return act.PLACE0 + p * CELLS + cells[int(rng.random() * len(cells))]
        return act.BACK  # chosen for another network: the playout keeps it
    if phase == CAPTURE:
        return s.legal_actions()[0]
    if phase == REMOVE:
        return act.DONE
    raise ValueError("the game is over")


def _captures_at(network: dict[int, int], card: int, cell: int) -> bool:
    """Whether placing ``card`` on ``cell`` of ``network`` captures planet cards."""
    if not _captures(network, card):
        return False
    cells = dict(network)
    cells[cell] = card
    return bool(capture_options(cells, cell))


def _captures(network: dict[int, int], card: int) -> bool:
    kind = TYPE[card]
    return any(KIND[c] == PLANET and TYPE[c] == kind for c in network.values())
