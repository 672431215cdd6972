"""What things are worth to the Space Mission heuristic player, in points (:class:`Mind`).

Tiles are valued by what they add to the player's own score; cards and chips by what
spending them costs; piles by the best tile the player may expect there; the race for
the end by the player's lead.  :class:`Weights` hold the judgement: :data:`MEDIUM`, the
medium level's, and :data:`TUNED`, what the hard level's playouts use.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final, NamedTuple

from navcomp.games.space_mission.components import CARDS, JOKER, POINT_KINDS, SPACE, TILE_COUNTS
from navcomp.games.space_mission.features import Features, Lazy
from navcomp.games.space_mission.scoring import (
    STATION_POINTS,
    gate_points,
    marginal_points,
    tile_total,
)
from navcomp.games.space_mission.state import SpaceMissionState


class Weights(NamedTuple):
    """The player's judgement, in points.  :data:`MEDIUM` is the medium level's;
    :data:`TUNED`, found by self-play against it, is what the hard level's playouts use."""

    card_cost: float = 0.6  # points a card in hand is worth; a joker more
    joker_cost: float = 0.5
    chip_cost: float = 0.3  # more when few are left (scarce_chips)
    gate_weight: float = 0.2  # share of a jump's gate points counted before the last turn
    potential: float = 1.0  # share of a second same-kind tile's extra gain credited to one
    reserved_worth: float = 2.5  # a reserved tile whose kind is unknown
    race: float = 1.0  # per space tile turned up: plus when leading, minus when trailing
    end_bonus: float = 3.0  # for turning up the tiles that start the last round
    stall: float = 0.8  # trailing, emptying a pile costs at most this share of its tile
    last_turn_cost: float = 0.01  # cards and chips in the last turn: keep them if no matter
    guess: tuple[float, float] = (2.0, 0.08)  # a rival's n unseen tiles score 2 n + 0.08 n²
    draw_value: float = 0.8  # points per useful card a Top up brings in
    useless: float = 0.35  # cards less useful than this are discarded when topping up
    scan_option: float = 1.0  # a first scan opens the way to develop the planet
    split_turn: float = 0.85  # a plan the turn end interrupts: a rival may get there first
    hope: float = 0.5  # chance a tile reserved by a scan arrives; more if I hold a landing
    hope_landing: float = 0.3
    race_lead: float = 1.5  # a lead or gap in points below which the race does not matter
    scarce_chips: float = 3.0  # chips cost this many times more when fewer than four are left
    stranded: float = 0.3  # share of a card's use kept while the ship cannot leave the gate
    draw_hope: float = 1.0  # share of a Top up's value that hangs on drawing useful cards


MEDIUM: Final = Weights()
TUNED: Final = Weights(
    card_cost=0.3,
    chip_cost=0.15,
    potential=1.5,
    stall=0.4,
    guess=(1.2, 0.048),
    scan_option=0.5,
)


def tile_gains(held: tuple[int, ...], potential: float) -> tuple[float, ...]:
    """For each point kind, what one more tile of it adds to ``held``, plus a share of
    what a second one adds beyond that (sets grow faster than one by one)."""
    gains = []
    more = list(held)
    for kind in POINT_KINDS:
        one = marginal_points(held, kind)
        more[kind] += 1
        growth = marginal_points(more, kind) - one if held[kind] + 2 <= TILE_COUNTS[kind] else 0
        more[kind] -= 1
        gains.append(one + potential * max(0, growth))
    return tuple(gains)


class TileValues(NamedTuple):
    gains: tuple[float, ...]  # tile_gains
    by_gain: tuple[tuple[float, int], ...]  # (gain, kind) of the point kinds, best first
    unseen_take: float  # Mind.take_value of a pile I know nothing of


@lru_cache(maxsize=1 << 14)
def tile_values(held: tuple[int, ...], potential: float) -> TileValues:
    """What tiles are worth to a player holding ``held`` (reserved ones included)."""
    gains = tile_gains(held, potential)
    weights = [TILE_COUNTS[k] - held[k] for k in POINT_KINDS]
    mean = sum(w * g for w, g in zip(weights, gains, strict=True)) / max(1, sum(weights))
    by_gain = tuple(sorted(zip(gains, POINT_KINDS, strict=True), reverse=True))
    return TileValues(gains, by_gain, (mean + max(gains)) / 2)


@lru_cache(maxsize=8)
def _prices(card_cost: float, joker_cost: float) -> tuple[float, ...]:
    """What spending each card costs in points, before the last turn."""
    return tuple(card_cost + joker_cost * (JOKER in card) for card in CARDS)


@lru_cache(maxsize=1 << 12)
def _gate_points(probes: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(gate_points(probes))


@lru_cache(maxsize=1 << 12)
def _gate_gain(probes: tuple[int, ...], p: int, last_turn: bool, weight: float) -> float:
    after = gate_points([x + (q == p) for q, x in enumerate(probes)])
    diffs = [a - b for a, b in zip(after, gate_points(probes), strict=True)]
    rivals = (sum(diffs) - diffs[p]) / (len(diffs) - 1)
    return (diffs[p] - rivals) * (1.0 if last_turn else weight)


class Mind(Features):
    """What the player on turn knows (:class:`Features`) and what things are worth to
    them, by ``weights``; each value when first asked for."""

    def __init__(self, s: SpaceMissionState, weights: Weights = MEDIUM) -> None:
        super().__init__(s)
        self.w = weights

    @Lazy
    def useful(self) -> dict[int, float]:
        """How much each card in hand serves a plan (:class:`Features`), less while the
        ship is stranded on the gate: then digging for a jump card comes first."""
        useful = self._usefulness()
        if self.stranded:
            return {card: use * self.w.stranded for card, use in useful.items()}
        return useful

    @Lazy
    def draw_hope(self) -> float:
        """How likely a Top up's card serves: stranded, only a jump card does."""
        if self.stranded:
            return self.jump_share
        return 1.0 - self.w.draw_hope + self.w.draw_hope * self.deck_use

    @Lazy
    def worth(self) -> int:
        return tile_total(self.held)

    @Lazy
    def gains(self) -> tuple[float, ...]:
        return self.values[0]

    @Lazy
    def values(self) -> TileValues:
        return tile_values(tuple(self.held), self.w.potential)

    @Lazy
    def lead(self) -> float:
        """My estimated score less the best rival's, their tiles guessed from the count."""
        s, (linear, square), worth = self.s, self.w.guess, self.w.reserved_worth
        scores = [
            x + worth * r for x, r in zip(_gate_points(tuple(s.probes)), self.reserved, strict=True)
        ]
        for developer in s.developer:
            if developer >= 0:
                scores[developer] += STATION_POINTS
        own_points = tile_total(self.collected)
        for q, n in enumerate(self.tiles):
            scores[q] += own_points if q == self.p else linear * n + square * n * n
        return scores[self.p] - max(x for q, x in enumerate(scores) if q != self.p)

    def take_value(self, pos: int) -> float:
        """The expected gain of the best tile I could take from the pile at ``pos``."""
        if (seen := self.seen[pos]) is not None:
            counts, since = seen
            left = sum(counts[:SPACE])
            if left:  # rivals who took tiles since my look took some good ones
                skip = min(since // 2, left - 1)  # the best tiles they may have taken
                for gain, kind in self.by_gain:
                    skip -= counts[kind]
                    if skip < 0:
                        return gain
        return self.unseen_take

    @Lazy
    def by_gain(self) -> tuple[tuple[float, int], ...]:
        return self.values[1]

    @Lazy
    def unseen_take(self) -> float:
        return self.values[2]

    def race(self, pos: int, take: float) -> float:
        """Points for bringing the end nearer by taking a tile worth ``take`` from
        ``pos``: a share of its space tiles (all of them for its last point tile), plus
        when leading, minus when trailing, but never enough to refuse the last tiles."""
        s, seen = self.s, self.seen[pos]
        if seen is None or not seen[0][SPACE] or abs(self.lead) < self.w.race_lead:
            return 0.0
        spaces = seen[0][SPACE]
        ends = s.faceup < s.threshold <= s.faceup + spaces
        w = self.w
        share = (w.race * spaces + w.end_bonus * ends) / max(1, s.down[pos] - spaces)
        return share if self.lead > 0 else -min(share, w.stall * take)

    def secured(self, pos: int) -> float:
        """What my tiles reserved at ``pos`` are worth: a station there hands them over."""
        if not self.mine[pos]:
            return 0.0
        without = self.held[:]
        for kind in self.mine[pos]:
            without[kind] -= kind >= 0
        hidden = sum(1 for kind in self.mine[pos] if kind < 0)
        return self.worth - tile_total(without) + self.w.reserved_worth * hidden

    def cost(self, cards: Sequence[int], chips: int = 0) -> float:
        """What spending these cards and chips costs in points."""
        w = self.w
        if self.last_turn:
            return w.last_turn_cost * (len(cards) + chips)
        scarce = w.scarce_chips if self.s.chips[self.p] < 4 else 1.0
        price = _prices(w.card_cost, w.joker_cost)
        return sum(map(price.__getitem__, cards)) + w.chip_cost * chips * scarce

    def gate_gain(self) -> float:
        """What one more probe changes in gate points, mine against the rivals' mean."""
        return _gate_gain(tuple(self.s.probes), self.p, self.last_turn, self.w.gate_weight)
