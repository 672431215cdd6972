"""What the Space Mission heuristic player knows of the table at a decision (:class:`Features`).

Everything here reads only what the player on turn may know: the public table, its own
hand, tiles, reserved tiles (unless the printed rule hides them) and stack memory.
Rivals' tiles are counted, never looked at.  What it is all worth is
:mod:`~navcomp.games.space_mission.valuation`; the choice,
:mod:`~navcomp.games.space_mission.decisions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, overload

from navcomp.games.space_mission.board import GATE, Board
from navcomp.games.space_mission.components import (
    CARDS,
    JOKER,
    NUM_CARDS,
    NUM_KINDS,
    RING_SIZE,
    card_matches,
)

if TYPE_CHECKING:
    from navcomp.games.space_mission.state import SpaceMissionState

V = TypeVar("V")


class Lazy(Generic[V]):
    """A value worked out on first read and then kept on the instance: what
    ``functools.cached_property`` does, without the lock it takes on Python 3.11."""

    __slots__ = ("fn", "name")

    def __init__(self, fn: Callable[[Any], V]) -> None:
        self.fn = fn
        self.name = fn.__name__

    @overload
    def __get__(self, obj: None, owner: type) -> Lazy[V]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> V: ...
    def __get__(self, obj: object, owner: type) -> V | Lazy[V]:
        if obj is None:
            return self
        value = self.fn(obj)
        obj.__dict__[self.name] = value
        return value


_ORANGE: Final = tuple(card.orange for card in CARDS)


@lru_cache(maxsize=1 << 14)
def _pairs(hand: tuple[int, ...], a: int, b: int) -> tuple[tuple[int, int], ...]:
    fits = [(x, card_matches(_ORANGE[x], a), card_matches(_ORANGE[x], b)) for x in hand]
    return tuple(
        (x, y)
        for (x, xa, xb), (y, ya, yb) in combinations(fits, 2)  # a hand is sorted
        if (xa and yb) or (xb and ya)
    )


@lru_cache(maxsize=1 << 14)
def _card_uses(
    board: Board,
    far: frozenset[int],
    scannable: tuple[tuple[int, float], ...],
    landed: tuple[int, ...],
) -> tuple[float, ...]:
    """:attr:`Features.uses` from what it depends on, for every card of the game."""
    landings: set[int | None] = {JOKER} if landed else set()
    for pos in landed:
        landings.update(board.landing[pos])
    jumps, scans = _reach(board)
    values = dict(scannable)
    uses = []
    for card in range(NUM_CARDS):
        if not far.isdisjoint(jumps[card]) or _ORANGE[card] in landings:
            uses.append(1.0)
        else:
            uses.append(max((values[pos] for pos in scans[card] if pos in values), default=0.0))
    return tuple(uses)


@lru_cache(maxsize=1 << 12)
def _reach(board: Board) -> tuple[tuple[frozenset[int], ...], tuple[tuple[int, ...], ...]]:
    """For each card, the positions its jumps reach and those of the planets it scans."""
    cards = range(NUM_CARDS)
    jumps = tuple(frozenset(pos for pos, _ in board.jumps[card]) for card in cards)
    scans = tuple(tuple(p for p in range(RING_SIZE) if card in board.scans[p]) for card in cards)
    return jumps, scans


def ring_steps(a: int, b: int) -> int:
    """Flights between two ring positions, the short way round."""
    d = abs(a - b)
    return min(d, RING_SIZE - d)


class Features:
    """What the player on turn knows, gathered once per decision; each part when first
    asked for (a pick needs only the tiles held)."""

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
        self.collected = tuple(held)
        """Counts by kind of the tiles I hold."""
        self.tiles, self.reserved = tiles, reserved
        """Per seat, how many tiles it holds and how many it has reserved."""
        for kinds in self.mine:  # reserved tiles count as mine when valuing more
            for kind in kinds:
                held[kind] += kind >= 0
        self.held = held
        """Counts by kind of the tiles I hold and the reserved ones I know the kind of."""

    @Lazy
    def seen(self) -> list[tuple[tuple[int, ...], int] | None]:
        """For each pile, my memory of it and how many tiles rivals took since."""
        s, p = self.s, self.p
        looks: list[tuple[int, ...] | None] = [None] * RING_SIZE
        seqs = [-1] * RING_SIZE
        for pos in range(RING_SIZE):
            memory = s.remembered(p, pos)
            if memory is not None and memory[0] is not None:
                looks[pos], seqs[pos] = memory
        since = [0] * RING_SIZE
        for owner, _, pos, taken_at, _ in s.taken:
            if owner != p and looks[pos] is not None and taken_at > seqs[pos]:
                since[pos] += 1
        return [None if look is None else (look, n) for look, n in zip(looks, since, strict=True)]

    @Lazy
    def can_scan(self) -> list[bool]:
        scans, hand = self.s.board.scans, self.hand
        return [not scans[pos].keys().isdisjoint(hand) for pos in range(RING_SIZE)]

    @Lazy
    def targets(self) -> list[bool]:
        return [self._is_target(pos) for pos in range(RING_SIZE)]

    @Lazy
    def useful(self) -> dict[int, float]:
        return self._usefulness()

    @Lazy
    def stranded(self) -> bool:
        """On the jump gate with no card that jumps to a planet of this ring: every plan
        waits for a jump card, so the cards in hand serve none yet."""
        jumps = self.s.board.jumps
        return self.here == GATE and not any(jumps[card] for card in self.hand)

    @Lazy
    def jump_share(self) -> float:
        """The share of the cards I cannot see that jump to a planet of this ring."""
        jumps, hand = self.s.board.jumps, self.hand
        unseen = [card for card in range(NUM_CARDS) if card not in hand]
        return sum(1 for card in unseen if jumps[card]) / max(1, len(unseen))

    def _is_target(self, pos: int) -> bool:
        """A planet this hand can do something on."""
        s = self.s
        if s.developer[pos] >= 0:
            return s.down[pos] > 0
        return self.can_scan[pos] or (self.scanned(pos) and bool(self.pairs(pos)))

    @Lazy
    def uses(self) -> tuple[float, ...]:
        """For every card of the game, 0 to 1, how much it would serve a plan in my hand.
        Blue: a jump to a target out of flying range; green: a scan that reserves or opens
        a planet; orange: a landing coordinate of a planet scanned or scannable with this
        hand."""
        s = self.s
        targets, can_scan = self.targets, self.can_scan
        far = frozenset(p for p in range(RING_SIZE) if targets[p] and self.distance(p) >= 2)
        scannable = []  # (planet, value of a scan) for undeveloped planets
        landed = []  # undeveloped planets whose landing coordinates serve
        for pos in range(RING_SIZE):
            if s.developer[pos] >= 0:
                continue
            scanned = self.scanned(pos)
            if s.down[pos] or not scanned:
                scannable.append((pos, 0.7 if scanned else 1.0))
            if scanned or can_scan[pos]:
                landed.append(pos)
        return _card_uses(s.board, far, tuple(scannable), tuple(landed))

    def _usefulness(self) -> dict[int, float]:
        """For each card in hand, 0 to 1, how much it serves a plan (:attr:`uses`)."""
        uses = self.uses
        return {card: uses[card] for card in self.hand}

    @Lazy
    def deck_use(self) -> float:
        """How much a card I cannot see would serve, on average (a Top up's hope)."""
        uses, hand = self.uses, self.hand
        return (sum(uses) - sum(uses[card] for card in hand)) / max(1, NUM_CARDS - len(hand))

    def scanned(self, pos: int) -> bool:
        return bool(self.s.scanned[pos] >> self.p & 1)

    def distance(self, pos: int) -> int:
        return RING_SIZE if self.here == GATE else ring_steps(self.here, pos)

    def pairs(self, pos: int) -> Sequence[tuple[int, int]]:
        """Pairs of my cards (in id order) that cover the landing coordinates at ``pos``."""
        a, b = self.s.board.landing[pos]
        return _pairs(self.hand_key, a, b)

    @Lazy
    def hand_key(self) -> tuple[int, ...]:
        return tuple(self.hand)
