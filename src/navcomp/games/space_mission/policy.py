"""The medium Space Mission opponent: a planner that plays like a sensible human.

It weighs *plans*: a route to a planet (stay, fly, jump, jump and fly on) and a deed
there (discover, develop, scan and develop, scan), worth the points they should bring
less the cards and chips they spend, per action (in the last turn: in total), and plays
the best plan's first step.  A Top up competes as a plan worth the useful cards it
brings in, and discards the cards that serve no plan.  Tiles are valued by what they
add to the player's own score.  Leading, it races for the end trigger; trailing, it
avoids emptying piles.

It reads only what the player on turn may know: the public table, its own hand, tiles,
reserved tiles (unless the printed rule hides them) and stack memory, and, while
picking, the pile it looks at.  Rivals' tiles are counted, never looked at.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Final, NamedTuple

from navcomp.games.space_mission.actions import (
    CONFIRM,
    DEVELOP_ID,
    DISCOVER,
    DRAW,
    FLY0,
    PICK0,
    SCAN0,
)
from navcomp.games.space_mission.board import GATE
from navcomp.games.space_mission.components import (
    CARDS,
    HAND_SIZE,
    JOKER,
    NUM_KINDS,
    PLANETS,
    POINT_KINDS,
    RING_SIZE,
    SPACE,
    TILE_COUNTS,
    card_matches,
)
from navcomp.games.space_mission.scoring import STATION_POINTS, gate_points, tile_breakdown
from navcomp.games.space_mission.state import CONFIRM_TURN, PICK, TOPUP, SpaceMissionState

CARD_COST: Final = 0.6  # points a card in hand is worth; a joker more
JOKER_COST: Final = 0.5
CHIP_COST: Final = 0.3  # three times that when fewer than four are left
GATE_WEIGHT: Final = 0.2  # share of a jump's gate points counted before the last turn
DRAW_VALUE: Final = 0.8  # points per useful card a Top up brings in
USELESS: Final = 0.35  # cards less useful than this are discarded when topping up
POTENTIAL: Final = 1.0  # share of a second same-kind tile's extra gain credited to one
RESERVED_WORTH: Final = 2.5  # a reserved tile whose kind is unknown
SCAN_OPTION: Final = 1.0  # a first scan opens the way to develop the planet
SPLIT_TURN: Final = 0.85  # a plan the turn end interrupts: a rival may get there first
RACE: Final = 1.0  # per space tile turned up: plus when leading, minus when trailing
END_BONUS: Final = 3.0  # for turning up the tiles that start the last round
STALL: Final = 0.8  # trailing, emptying a pile costs at most this share of its tile
LAST_TURN_COST: Final = 0.01  # cards and chips in the last turn: keep them if no matter
GUESS: Final = (2.0, 0.08)  # a rival's n unseen tiles score about 2 n + 0.08 n²


class Route(NamedTuple):
    steps: int
    action: int  # the first step (-1: already there)
    card: int  # the card a jump spends (-1: none)
    chips: int
    extra: float  # the jump's gate points less what it spends


class Deed(NamedTuple):
    steps: int
    action: int  # the first step, once there
    cards: tuple[int, ...]
    chips: int
    reward: float


def tile_points(tiles: Sequence[int]) -> int:
    return _tile_points(tuple(tiles))


@lru_cache(maxsize=1 << 14)
def _tile_points(tiles: tuple[int, ...]) -> int:
    """Cached: the hard bot's playouts call the medium player thousands of times a move."""
    return sum(tile_breakdown(tiles).values())


@lru_cache(maxsize=1 << 14)
def _pairs(hand: tuple[int, ...], a: int, b: int) -> list[tuple[int, int]]:
    return [
        (x, y)
        for x, y in combinations(hand, 2)  # a hand is sorted
        if any(card_matches(CARDS[x].orange, i) and card_matches(CARDS[y].orange, j)
               for i, j in ((a, b), (b, a)))
    ]  # fmt: skip


@lru_cache(maxsize=1 << 14)
def tile_gains(held: tuple[int, ...]) -> tuple[float, ...]:
    """For each point kind, what one more tile of it adds to ``held``, plus a share of
    what a second one adds beyond that (sets grow faster than one by one)."""
    base, gains = tile_points(held), []
    for kind in POINT_KINDS:
        more = list(held)
        more[kind] += 1
        one = tile_points(more)
        more[kind] += 1
        two = tile_points(more)
        growth = two - 2 * one + base if held[kind] + 2 <= TILE_COUNTS[kind] else 0
        gains.append(one - base + POTENTIAL * max(0, growth))
    return tuple(gains)


class Mind:
    """What the player on turn knows and wants, gathered once per decision."""

    def __init__(self, s: SpaceMissionState) -> None:
        self.s, p = s, s.cur
        self.p, self.hand, self.here, self.last_turn = p, s.hands[p], s.ship[p], s.final_round
        held = [0] * NUM_KINDS
        self.mine: list[list[int]] = [[] for _ in range(RING_SIZE)]  # my reserved kinds
        self.theirs = [0] * RING_SIZE  # how many tiles rivals reserved at each planet
        tiles, reserved = [0] * s.n, [0] * s.n
        for owner, kind, pos, _, is_reserved in s.taken:
            if is_reserved:
                reserved[owner] += 1
                if owner == p:
                    self.mine[pos].append(-1 if s.hide_reserved else kind)
                else:
                    self.theirs[pos] += 1
            else:
                tiles[owner] += 1
                if owner == p:  # a rival's tile kinds are not mine to know
                    held[kind] += 1
        own_points = tile_points(held)
        for kinds in self.mine:  # reserved tiles count as mine when valuing more
            for kind in kinds:
                held[kind] += kind >= 0
        self.held = held
        self.worth = tile_points(held)
        self.gains = tile_gains(tuple(held))
        self.lead = self._lead(own_points, tiles, reserved)
        self.seen = [self._memory(pos) for pos in range(RING_SIZE)]
        scans = s.board.scans
        self.can_scan = [any(c in scans[pos] for c in self.hand) for pos in range(RING_SIZE)]
        self.targets = [self._is_target(pos) for pos in range(RING_SIZE)]
        self.useful = {c: self._usefulness(c) for c in self.hand}

    def _lead(self, own_points: int, tiles: list[int], reserved: list[int]) -> float:
        """My estimated score less the best rival's, their tiles guessed from the count."""
        s, (linear, square) = self.s, GUESS
        scores = [
            x + RESERVED_WORTH * r for x, r in zip(gate_points(s.probes), reserved, strict=True)
        ]
        for developer in s.developer:
            if developer >= 0:
                scores[developer] += STATION_POINTS
        for q, n in enumerate(tiles):
            scores[q] += own_points if q == self.p else linear * n + square * n * n
        return scores[self.p] - max(x for q, x in enumerate(scores) if q != self.p)

    def _memory(self, pos: int) -> tuple[tuple[int, ...], int] | None:
        """My memory of the pile at ``pos`` and how many tiles rivals took since."""
        memory = self.s.remembered(self.p, pos)
        if memory is None or memory[0] is None:
            return None
        seq = memory[1]
        since = sum(1 for o, _, w, t, _ in self.s.taken if w == pos and t > seq and o != self.p)
        return memory[0], since

    def _is_target(self, pos: int) -> bool:
        """A planet this hand can do something on."""
        s = self.s
        if s.developer[pos] >= 0:
            return s.down[pos] > 0
        return self.can_scan[pos] or (self.scanned(pos) and bool(self.pairs(pos)))

    def _usefulness(self, card: int) -> float:
        """0 to 1, how much a card serves a plan.  Blue: a jump to a target out of flying
        range; green: a scan that reserves or opens a planet; orange: a landing
        coordinate of a planet scanned or scannable with this hand."""
        s, (blue, green, orange), best = self.s, CARDS[card], 0.0
        for pos, planet in enumerate(PLANETS[i] for i in s.board.ring):
            if self.targets[pos] and self.distance(pos) >= 2 and card_matches(blue, planet.jump):
                best = 1.0
            if s.developer[pos] >= 0:
                continue
            scanned = self.scanned(pos)
            if card_matches(green, planet.scan) and (s.down[pos] or not scanned):
                best = max(best, 0.7 if scanned else 1.0)
            if (scanned or self.can_scan[pos]) and (orange == JOKER or orange in planet.landing):
                best = 1.0
        return best

    # ------------------------------------------------------------------ values

    def take_value(self, pos: int) -> float:
        """The expected gain of the best tile I could take from the pile at ``pos``."""
        if (seen := self.seen[pos]) is not None:
            counts, since = seen
            values = sorted(self.gains[k] for k in POINT_KINDS for _ in range(counts[k]))
            if values:  # rivals who took tiles since my look took some good ones
                return values[max(0, len(values) - 1 - since // 2)]
        weights = [TILE_COUNTS[k] - self.held[k] for k in POINT_KINDS]
        mean = sum(w * g for w, g in zip(weights, self.gains, strict=True)) / max(1, sum(weights))
        return (mean + max(self.gains)) / 2

    def race(self, pos: int, take: float) -> float:
        """Points for bringing the end nearer by taking a tile worth ``take`` from
        ``pos``: a share of its space tiles (all of them for its last point tile), plus
        when leading, minus when trailing, but never enough to refuse the last tiles."""
        s, seen = self.s, self.seen[pos]
        if seen is None or not seen[0][SPACE] or abs(self.lead) < 1.5:
            return 0.0
        spaces = seen[0][SPACE]
        ends = s.faceup < s.threshold <= s.faceup + spaces
        share = (RACE * spaces + END_BONUS * ends) / max(1, s.down[pos] - spaces)
        return share if self.lead > 0 else -min(share, STALL * take)

    def secured(self, pos: int) -> float:
        """What my tiles reserved at ``pos`` are worth: a station there hands them over."""
        if not self.mine[pos]:
            return 0.0
        without = self.held[:]
        for kind in self.mine[pos]:
            without[kind] -= kind >= 0
        hidden = sum(1 for kind in self.mine[pos] if kind < 0)
        return self.worth - tile_points(without) + RESERVED_WORTH * hidden

    def cost(self, cards: Sequence[int], chips: int = 0) -> float:
        """What spending these cards and chips costs in points."""
        if self.last_turn:
            return LAST_TURN_COST * (len(cards) + chips)
        scarce = 3.0 if self.s.chips[self.p] < 4 else 1.0
        return sum(CARD_COST + JOKER_COST * (JOKER in CARDS[c]) for c in cards) + (
            CHIP_COST * chips * scarce
        )

    def gate_gain(self) -> float:
        """What one more probe changes in gate points, mine against the rivals' mean."""
        probes = self.s.probes
        after = gate_points([x + (q == self.p) for q, x in enumerate(probes)])
        diffs = [a - b for a, b in zip(after, gate_points(probes), strict=True)]
        rivals = (sum(diffs) - diffs[self.p]) / (len(diffs) - 1)
        return (diffs[self.p] - rivals) * (1.0 if self.last_turn else GATE_WEIGHT)

    # ------------------------------------------------------------------ board and hand

    def scanned(self, pos: int) -> bool:
        return bool(self.s.scanned[pos] >> self.p & 1)

    def distance(self, pos: int) -> int:
        d = abs(pos - self.here)
        return RING_SIZE if self.here == GATE else min(d, RING_SIZE - d)

    def pairs(self, pos: int) -> list[tuple[int, int]]:
        """Pairs of my cards (in id order) that cover the landing coordinates at ``pos``."""
        a, b = self.s.board.landing[pos]
        return list(_pairs(tuple(self.hand), a, b))


# ---------------------------------------------------------------------- plans


def routes(m: Mind) -> list[list[Route]]:
    """For each ring position, the ways to get there: stay, fly, jump, jump and fly."""
    s, here = m.s, m.here
    found: list[list[Route]] = [[] for _ in range(RING_SIZE)]
    if here != GATE:
        for pos in range(RING_SIZE):
            side = 1 if (pos - here) % RING_SIZE <= RING_SIZE // 2 else -1
            step = FLY0 + s.board.ring[(here + side) % RING_SIZE] if pos != here else -1
            found[pos].append(Route(m.distance(pos), step, -1, 0, 0.0))
    if s.chips[m.p]:
        gate = m.gate_gain()
        for card in m.hand:
            extra = gate - m.cost([card], chips=1)
            for target, action in s.board.jumps[card]:
                for side in (0, -1, 1) if target != here else ():
                    pos = (target + side) % RING_SIZE
                    if pos != here:
                        found[pos].append(Route(1 + abs(side), action, card, 1, extra))
    return found


def deeds(m: Mind, pos: int) -> list[Deed]:
    """What the player could do on arriving at ``pos``, and what it would bring."""
    s = m.s
    take = m.take_value(pos) if s.down[pos] else 0.0
    race = m.race(pos, take) if s.down[pos] else 0.0
    look = take + race
    if s.developer[pos] >= 0:
        return [Deed(1, DISCOVER, (), 0, look)] if s.down[pos] else []
    found = []
    given = RESERVED_WORTH * m.theirs[pos] / (s.n - 1)  # a station hands rivals theirs
    built = STATION_POINTS + look + m.secured(pos) - given
    pairs = sorted(m.pairs(pos), key=lambda q: m.useful[q[0]] + m.useful[q[1]])
    if pairs and m.scanned(pos):
        found.append(Deed(1, DEVELOP_ID[pairs[0]], pairs[0], 1, built - m.cost(pairs[0], 1)))
    scanners = s.board.scans[pos]
    scans = sorted((u, c) for c, u in m.useful.items() if c in scanners)
    if not scans:
        return found
    card = scans[0][1]
    pair = next((q for q in pairs if card not in q), None)
    if pair is not None and s.chips[m.p] >= 2:
        reward = built + look - m.cost([card, *pair], chips=1)
        found.append(Deed(2, scanners[card], (card, *pair), 2, reward))
    if not m.last_turn:  # a reserved tile arrives only if somebody builds there
        landing = s.board.landing[pos]
        lands = any(card_matches(CARDS[c].orange, o) for c in m.hand if c != card for o in landing)
        hope = (0.5 + 0.3 * lands) * max(0.2, 1.0 - s.faceup / s.threshold)
        option = 0.0 if m.scanned(pos) else SCAN_OPTION
        cost = m.cost([card], chips=1 if s.down[pos] else 0)
        found.append(Deed(1, scanners[card], (card,), 1, hope * take + race + option - cost))
    return found


def plans(m: Mind) -> list[tuple[float, int]]:
    """(worth per action, first action) of every plan, a Top up included: it is worth
    the useful cards it brings in."""
    s, left, drop = m.s, 2 - m.s.done, discards(m)
    refill = min(HAND_SIZE - len(m.hand) + len(drop), len(s.draw) + len(s.discard) + len(drop))
    found = [(0.0 if m.last_turn else DRAW_VALUE * refill, drop[0] if drop else DRAW)]
    for pos, ways in enumerate(routes(m)):
        for deed in deeds(m, pos):
            for route in ways:
                steps = route.steps + deed.steps
                if route.card in deed.cards or route.chips + deed.chips > s.chips[m.p]:
                    continue
                if m.last_turn and steps > left:  # the game ends first
                    continue
                rate = deed.reward + route.extra
                if not m.last_turn:  # in the last turn only the total counts
                    rate /= steps
                if steps > left and rate > 0:
                    rate *= SPLIT_TURN
                found.append((rate, route.action if route.steps else deed.action))
        found += [(r.extra, r.action) for r in ways if r.steps == 1 and r.card >= 0]  # gate
    return found


# ---------------------------------------------------------------------- top up


def discards(m: Mind, below: float = USELESS) -> list[int]:
    """Cards less useful than ``below``, least useful first, as many as the draw pile
    can replace (a reshuffle of a small discard pile would hand them back)."""
    s = m.s
    if m.last_turn:
        return []
    useless = [c for u, c in sorted((u, c) for c, u in m.useful.items()) if u < below]
    if len(s.discard) < 2 * HAND_SIZE:
        return useless[: max(0, len(s.draw) - (HAND_SIZE - len(m.hand)))]
    return useless


def idle(m: Mind, found: list[tuple[float, int]]) -> int:
    """No plan pays: refill a short hand, else dig for better cards, else make what
    progress there is (a game where nobody spends chips or takes tiles never ends)."""
    if len(m.hand) < HAND_SIZE and (m.s.draw or m.s.discard):
        return DRAW
    if dig := discards(m, below=1.0):
        return dig[0]
    progress = [(rate, a) for rate, a in found if a == DISCOVER or a >= SCAN0]
    return max(progress)[1] if progress and not m.last_turn else DRAW


# ---------------------------------------------------------------------- choose


def choose(state: SpaceMissionState, rng: random.Random) -> int:
    """The medium player's action for ``state.cur`` (see the module docstring)."""
    if state.phase == CONFIRM_TURN:
        return CONFIRM
    m = Mind(state)
    if state.phase == PICK:
        pile = state.real[state.pick_pos]  # the pile the player is looking at
        assert pile is not None
        return PICK0 + max((k for k in POINT_KINDS if pile[k]), key=lambda k: m.gains[k])
    if state.phase == TOPUP:
        drop = discards(m)
        return drop[0] if drop else DRAW
    found = plans(m)
    best = max(rate for rate, _ in found)
    if best <= 0:
        return idle(m, found)
    ties = [action for rate, action in found if rate >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def ranked(state: SpaceMissionState, rng: random.Random) -> list[int]:
    """The medium player's choice first, then the other first steps of its plans, best
    plan first (each action once).  Reads what :func:`choose` reads: fair to the seat."""
    first = choose(state, rng)
    if state.phase != CONFIRM_TURN and state.phase != PICK and state.phase != TOPUP:
        order = [a for _, a in sorted(plans(Mind(state)), key=lambda plan: -plan[0])]
    else:
        order = []
    seen = {first}
    found = [first]
    for action in order:
        if action not in seen:
            seen.add(action)
            found.append(action)
    return found
