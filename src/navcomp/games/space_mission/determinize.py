"""Re-deal everything one player cannot know, consistently with what they know.

What player ``p`` knows, and so what stays fixed:

* everything public (board, ships, chips, developed planets, pile sizes, face-up
  space tiles, hand sizes, tile and reservation counts, the discard pile);
* p's hand, p's collected tiles, p's reserved tiles (unless the printed rule
  hides them from their owner);
* p's stack memory: the tiles of each pile at p's last look.  A pile nobody
  touched since stays exactly as remembered; if others took k tiles from it
  since, those k were point tiles of the remembered set and the pile keeps the
  rest.

What is re-dealt:

* Cards: the cards in other hands and the draw pile.  Each card carries the
  generation of the draw pile it came from (a reshuffle starts a new one, and
  which cards were reshuffled is public), so each hand keeps as many cards of
  each generation as it has; the draw pile only ever holds the newest.
* Tiles: others' reserved and collected tiles not pinned by p's memory are
  dealt from the free point tiles.  Piles someone looked at that p did not go
  back to the undealt tiles, with the piles nobody saw; the world deals each
  when somebody first looks at it, keeping it consistent (a face-down pile
  that was looked at holds a point tile, or it would have been turned up).
* Other players' stack memories become "derived": the pile as dealt now plus
  what others took since their look (see ``SpaceMissionState.remembered``).
* The state's random generator.

A :class:`Determinizer` does the bookkeeping once per (state, player); each
``sample`` then only shuffles and deals.  Search draws many worlds from one
root, so it keeps the determinizer.
"""

from __future__ import annotations

import random

from navcomp.games.space_mission.components import NUM_KINDS, RING_SIZE, SPACE, TILE_COUNTS
from navcomp.games.space_mission.state import PICK, Memory, SpaceMissionState, Taken

_POINT_KINDS = range(SPACE)


def _partial_shuffle(items: list[int], count: int, random_: random.Random) -> None:
    """Put a uniform random sample of ``count`` items, in random order, first."""
    rand = random_.random
    size = len(items)
    for i in range(count):
        j = i + int(rand() * (size - i))
        items[i], items[j] = items[j], items[i]


def _others_derived(memory: tuple[Memory | None, ...], player: int) -> tuple[Memory | None, ...]:
    """Every player's memories but ``player``'s, marked to be derived from the world."""
    derived = tuple(None if entry is None else (None, entry[1]) for entry in memory)
    own = slice(player * RING_SIZE, (player + 1) * RING_SIZE)
    return derived[: own.start] + memory[own] + derived[own.stop :]


class Determinizer:
    """Samples worlds for ``player`` from a fixed state (which must not change)."""

    __slots__ = (
        "base",
        "card_groups",
        "draw_group",
        "free_points",
        "free_pool",
        "hand_slices",
        "loose",
        "memory",
        "pinned",
        "player",
        "unknown_piles",
    )  # fmt: skip

    def __init__(self, state: SpaceMissionState, player: int) -> None:
        self.base = state
        self.player = player
        self._plan_cards(state, player)
        self._plan_tiles(state, player)

    # ------------------------------------------------------------- planning

    def _plan_cards(self, s: SpaceMissionState, player: int) -> None:
        """Group the unknown cards by generation; note each hand's slice of each group."""
        gens = s.card_gen
        unknown = [c for q, hand in enumerate(s.hands) if q != player for c in hand]
        if min(map(gens.__getitem__, unknown), default=s.gen) == s.gen:
            self._plan_one_generation(s, player, unknown)
            return
        group_of: dict[int, int] = {s.gen: 0}  # generation -> group; the draw pile's first
        pools: list[list[int]] = [[]]
        slices: list[list[tuple[int, int, int]]] = []
        for q, hand in enumerate(s.hands):
            per_group: dict[int, int] = {}
            if q != player:
                for c in hand:
                    g = group_of.get(gens[c])
                    if g is None:
                        g = group_of[gens[c]] = len(pools)
                        pools.append([])
                    pools[g].append(c)
                    per_group[g] = per_group.get(g, 0) + 1
            slices.append([(g, len(pools[g]) - k, len(pools[g])) for g, k in per_group.items()])
        self.card_groups = [(pool, len(pool)) for pool in pools]
        pools[0].extend(s.draw)
        for pool in pools:  # worlds depend on what the player knows, not on the truth
            pool.sort()
        self.draw_group = 0
        self.hand_slices = slices

    def _plan_one_generation(self, s: SpaceMissionState, player: int, unknown: list[int]) -> None:
        """The common case: every unknown card is from the current draw pile's generation."""
        in_hands = len(unknown)
        pool = unknown + s.draw
        pool.sort()
        self.card_groups = [(pool, in_hands)]
        self.draw_group = 0
        slices: list[list[tuple[int, int, int]]] = []
        at = 0
        for q, hand in enumerate(s.hands):
            if q == player or not hand:
                slices.append([])
            else:
                slices.append([(0, at, at + len(hand))])
                at += len(hand)
        self.hand_slices = slices

    def _plan_tiles(self, s: SpaceMissionState, player: int) -> None:
        free = list(TILE_COUNTS)
        free[SPACE] -= s.faceup
        seen = [s.remembered(player, pos) for pos in range(RING_SIZE)]
        by_pile: list[list[int]] = [[] for _ in range(RING_SIZE)]
        loose: list[int] = []
        hidden_own = s.hide_reserved
        for i, (owner, kind, pos, seq, reserved) in enumerate(s.taken):
            if owner == player and not (reserved and hidden_own):
                free[kind] -= 1
                continue
            memory = seen[pos]
            if memory is not None and seq > memory[1]:
                by_pile[pos].append(i)
            else:
                loose.append(i)
        pinned = []
        unknown = []
        for pos in range(RING_SIZE):
            memory = seen[pos]
            if memory is not None:
                counts = memory[0]
                assert counts is not None
                for k in range(NUM_KINDS):
                    free[k] -= counts[k]
                if by_pile[pos]:
                    points = [k for k in _POINT_KINDS for _ in range(counts[k])]
                    pinned.append((pos, list(counts), points, by_pile[pos]))
            elif s.touched[pos]:
                unknown.append(pos)
        self.pinned = pinned
        self.loose = loose
        self.unknown_piles = unknown
        self.free_points = [k for k in _POINT_KINDS for _ in range(free[k])] if loose else []
        self.free_pool = tuple(free)
        self.memory = _others_derived(s.memory, player)

    # ------------------------------------------------------------- sampling

    def sample(self, rng: random.Random) -> SpaceMissionState:
        d = self.base.clone()
        self._deal_cards(d, rng)
        self._deal_tiles(d, rng)
        d.memory = self.memory
        d.rng = rng.getrandbits(64)
        if d.phase == PICK and d.real[d.pick_pos] is None:
            d.deal_pile(d.pick_pos)  # someone else is looking at it right now
        return d

    def _deal_cards(self, d: SpaceMissionState, rng: random.Random) -> None:
        rand = rng.random
        dealt = []
        for cards, in_hands in self.card_groups:
            pool = cards[:]
            size = len(pool)
            for i in range(in_hands):  # a partial Fisher-Yates shuffle
                j = i + int(rand() * (size - i))
                pool[i], pool[j] = pool[j], pool[i]
            dealt.append(pool)
        hands = d.hands
        player = self.player
        for q, slices in enumerate(self.hand_slices):
            if q == player:
                continue
            if len(slices) == 1:
                i, a, b = slices[0]
                hand = dealt[i][a:b]
            else:
                hand = [c for i, a, b in slices for c in dealt[i][a:b]]
            hand.sort()
            hands[q] = hand
        in_hands = self.card_groups[self.draw_group][1]
        d.draw = dealt[self.draw_group][in_hands:]

    def _deal_tiles(self, d: SpaceMissionState, rng: random.Random) -> None:
        loose = self.loose
        unknown = self.unknown_piles
        if not self.pinned and not loose and not unknown:
            d.pool = self.free_pool
            return
        taken = list(d.taken)
        real = list(d.real)
        for pos, seen, points, records in self.pinned:
            points = points[:]
            _partial_shuffle(points, len(records), rng)
            pile = seen[:]
            for i, kind in zip(records, points, strict=False):
                owner, _, where, seq, reserved = taken[i]
                taken[i] = (owner, kind, where, seq, reserved)
                pile[kind] -= 1
            real[pos] = tuple(pile)
        for pos in unknown:
            real[pos] = None
        d.pool = self._deal_free(taken, rng) if loose else self.free_pool
        d.taken = tuple(taken)
        d.real = tuple(real)

    def _deal_free(self, taken: list[Taken], rng: random.Random) -> tuple[int, ...]:
        """Others' unpinned tiles from the free point tiles; the rest stays undealt.

        Piles others looked at and the player did not stay undealt too: the
        world deals them when somebody looks (``SpaceMissionState._deal_pile``
        keeps their constraints).
        """
        loose = self.loose
        points = self.free_points[:]
        rand = rng.random
        size = len(points)
        pool = list(self.free_pool)
        for i, record in enumerate(loose):
            j = i + int(rand() * (size - i))
            kind = points[j]
            points[j] = points[i]
            owner, _, where, seq, reserved = taken[record]
            taken[record] = (owner, kind, where, seq, reserved)
            pool[kind] -= 1
        return tuple(pool)


def determinize(s: SpaceMissionState, player: int, rng: random.Random) -> SpaceMissionState:
    return Determinizer(s, player).sample(rng)
