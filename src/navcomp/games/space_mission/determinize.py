"""Re-deal everything one player cannot know, consistently with what they know.

What player ``p`` knows, and so what stays fixed:

* everything public (board, ships, chips, developed planets, pile sizes, face-up
  space tiles, hand sizes, tile and reservation counts, the discard pile);
* p's hand (and, while p chooses a Top up, p's chosen cards), p's collected tiles,
  p's reserved tiles (unless the printed rule hides them from their owner);
* p's stack memory: the tiles of each pile at p's last look.  A pile nobody
  touched since stays exactly as remembered; if others took k tiles from it
  since, those k were point tiles of the remembered set and the pile keeps the
  rest.

What is re-dealt:

* Cards: the cards in other hands and the draw pile.  While another player chooses a
  Top up, the cards they chose are hand cards to p (rules decision 9): the world deals
  them into that hand, which chooses afresh.  Each card carries the
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
  The rules keep every memory in that form too (``derived_memory``): a world
  splices p's own memories into it.
* The state's random generator.

Which tiles p cannot place the rules keep for every player as the game goes
(:mod:`navcomp.games.space_mission.knowledge`), so a determinization only
groups the unknown cards by generation, then shuffles and deals.  All of its
shuffles are partial Fisher-Yates shuffles driven by one random integer from
``rng`` with 64 bits more than the shuffles use, so each world is uniform among
those consistent with what p knows up to a total variation of 2**-64.  Pools are
sorted first: worlds depend on what p knows, not on the truth.

A :class:`Determinizer` does the grouping once per (state, player); each
``sample`` then only shuffles and deals.  Search draws many worlds from one
root, so it keeps the determinizer.
"""

from __future__ import annotations

import random
from itertools import compress
from operator import itemgetter
from typing import TYPE_CHECKING

from navcomp.games.space_mission import knowledge
from navcomp.games.space_mission.components import RING_SIZE
from navcomp.games.space_mission.knowledge import Knowledge
from navcomp.games.space_mission.piles import deal_pile
from navcomp.games.space_mission.rules import PICK, Taken

if TYPE_CHECKING:
    from navcomp.games.space_mission.state import SpaceMissionState

Group = tuple[list[int], list[int]]
"""The unknown cards of one generation (sorted) and the places in hands they fill."""
CardPlan = tuple[list[int] | None, tuple[Group, ...], list[tuple[int, int, int]], int]
"""How to deal the cards a player cannot see: either one pool (all of one generation)
or one group per generation, the draw pile's last; per other player the slice
``[a:b]`` of the cards dealt to hands that is their hand; how many go to hands."""

_OTHERS = tuple(tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(8))

_BITS = 6
"""Random bits per shuffle step: every pool holds fewer than 2**6 items."""


def _plan_cards(s: SpaceMissionState, player: int) -> CardPlan:
    """Group the unknown cards by generation; note where each hand's cards come from."""
    hands = s.hands
    others = _OTHERS[s.n][player]
    unknown: list[int] = []
    spans = []
    for q in others:
        at = len(unknown)
        unknown += hands[q]
        if q == s.cur:
            unknown += s.chosen
        spans.append((q, at, len(unknown)))
    if len(unknown) > 1:
        gens: tuple[int, ...] = itemgetter(*unknown)(s.card_gen)
    else:
        gens = tuple(s.card_gen[c] for c in unknown)
    newest = s.gen
    dealt = len(unknown)
    fresh = gens.count(newest)
    if fresh == dealt:  # all of the draw pile's generation
        pool = unknown + s.draw
        pool.sort()
        return pool, (), spans, dealt
    if fresh + gens.count(min(gens)) == dealt:  # the common case: and one older
        pool = s.draw[:]
        old = []
        new_places = []
        old_places = []
        for place, gen in enumerate(gens):
            if gen == newest:
                new_places.append(place)
                pool.append(unknown[place])
            else:
                old_places.append(place)
                old.append(unknown[place])
        pool.sort()
        old.sort()
        return None, ((old, old_places), (pool, new_places)), spans, dealt
    order = sorted(set(gens))
    if order[-1] != newest:
        order.append(newest)
    groups = []
    places = range(dealt)
    for g in order:
        mine = list(map(g.__eq__, gens))
        pool = list(compress(unknown, mine))
        if g == newest:
            pool += s.draw
        pool.sort()
        groups.append((pool, list(compress(places, mine))))
    return None, tuple(groups), spans, dealt


def _deal(
    s: SpaceMissionState,
    player: int,
    cards: CardPlan,
    tiles: Knowledge,
    rng: random.Random,
    fresh: bool = False,
) -> SpaceMissionState:
    """A world from the plans; ``fresh``: the card plan is not needed again."""
    steps = cards[3] + len(tiles[2])
    for entry in tiles[3]:
        steps += len(entry[3])
    grb = rng.getrandbits
    r = grb(_BITS * steps + 64)
    d = _known(s, player)
    r = _deal_cards(d, s, player, cards, r, fresh)
    _deal_tiles(d, s, tiles, r)
    d.rng = grb(64)
    if d.phase == PICK and d.real[d.pick_pos] is None:
        deal_pile(d, d.pick_pos)  # someone else is looking at it right now
    return d


def _known(s: SpaceMissionState, player: int) -> SpaceMissionState:
    """A new world with what ``player`` knows copied from ``s``: the public table, and of
    their own their chosen cards and memories; cards and tiles still to be dealt."""
    d = object.__new__(type(s))
    d.board = s.board
    d.n = s.n
    d.hide_reserved = s.hide_reserved
    d.max_rounds = s.max_rounds
    d.threshold = s.threshold
    d.cur = s.cur
    d.phase = s.phase
    d.done = s.done
    d.undo_depth = s.undo_depth
    d.pick_pos = s.pick_pos
    d.pick_mode = s.pick_mode
    d.start = s.start
    d.rounds = s.rounds
    d.final_round = s.final_round
    d.capped = s.capped
    d.discard = s.discard[:]
    d.chosen = s.chosen[:] if player == s.cur else []
    d.card_gen = s.card_gen
    d.gen = s.gen
    d.chips = s.chips[:]
    d.probes = s.probes[:]
    d.ship = s.ship[:]
    d.developer = s.developer
    d.scanned = s.scanned
    d.down = s.down
    d.up = s.up
    d.touched = s.touched
    d.take_seq = s.take_seq
    d.faceup = s.faceup
    at = player * RING_SIZE
    derived = s.derived_memory
    d.memory = derived[:at] + s.memory[at : at + RING_SIZE] + derived[at + RING_SIZE :]
    d.derived_memory = derived
    d.know = None
    return d


def _deal_cards(
    d: SpaceMissionState, s: SpaceMissionState, player: int, cards: CardPlan, r: int, fresh: bool
) -> int:
    """Deal the world's hands and draw pile from the random integer ``r``; returns what is
    left of ``r``.  Partial shuffles put a uniform sample of each pool into the hands'
    places."""
    one_pool, groups, spans, in_hands = cards
    if one_pool is not None:
        pool = one_pool if fresh else one_pool[:]
        size = len(pool)
        for m in range(size, size - in_hands, -1):
            r, j = divmod(r, m)
            m -= 1
            pool[m], pool[j] = pool[j], pool[m]
        dealt = pool[size - in_hands :]
        del pool[size - in_hands :]
    else:
        dealt = [0] * in_hands
        for cards_left, places in groups:
            pool = cards_left if fresh else cards_left[:]
            size = len(pool)
            for place in places:
                r, j = divmod(r, size)
                size -= 1
                dealt[place] = pool[j]
                pool[j] = pool[size]
            del pool[size:]
    d.draw = pool  # what is left of the (last) pool, the draw pile's generation
    hands = s.hands[:]
    hands[player] = hands[player][:]
    for q, a, b in spans:
        hand = dealt[a:b]
        hand.sort()
        hands[q] = hand
    d.hands = hands
    return r


def _deal_tiles(d: SpaceMissionState, s: SpaceMissionState, tiles: Knowledge, r: int) -> None:
    """Deal the tiles the player cannot place from the random integer ``r``: pinned ones
    from their remembered piles, loose ones from the free point tiles."""
    free, points, loose, pinned, unknown = tiles
    if not loose and not pinned and not unknown:
        d.taken = s.taken
        d.real = s.real
        d.pool = free
        return
    taken = list(s.taken)
    real = list(s.real)
    for pos, seen, seen_points, records in pinned:
        pile = list(seen)
        r = _deal_records(records, seen_points, taken, pile, r)
        real[pos] = tuple(pile)
    for pos in unknown:
        real[pos] = None
    d.pool = free
    if loose:
        undealt = list(free)
        r = _deal_records(loose, points, taken, undealt, r)
        d.pool = tuple(undealt)
    d.taken = tuple(taken)
    d.real = tuple(real)


def _deal_records(
    records: tuple[int, ...], points: bytes, taken: list[Taken], counts: list[int], r: int
) -> int:
    """Give each taken tile of ``records`` a kind drawn (by ``r``) from the point tiles
    ``points``, one kind per point, and take it from ``counts``: what is left of ``r``."""
    tiles_left = list(points)
    size = len(tiles_left)
    for t in records:
        r, j = divmod(r, size)
        size -= 1
        kind = tiles_left[j]
        tiles_left[j] = tiles_left[size]
        owner, _, where, seq, reserved = taken[t]
        taken[t] = (owner, kind, where, seq, reserved)
        counts[kind] -= 1
    return r


def _tiles(s: SpaceMissionState, player: int) -> Knowledge:
    know = s.know
    return know[player] if know is not None else knowledge.of_player(s, player)


class Determinizer:
    """Samples worlds for ``player`` from a fixed state (which must not change)."""

    __slots__ = ("base", "cards", "player", "tiles")

    def __init__(self, state: SpaceMissionState, player: int) -> None:
        self.base = state
        self.player = player
        self.tiles = _tiles(state, player)
        self.cards = _plan_cards(state, player)

    def sample(self, rng: random.Random) -> SpaceMissionState:
        return _deal(self.base, self.player, self.cards, self.tiles, rng)


def determinize(s: SpaceMissionState, player: int, rng: random.Random) -> SpaceMissionState:
    """``s.determinize(player, rng)`` (it is that method)."""
    know = s.know
    tiles = know[player] if know is not None else knowledge.of_player(s, player)
    return _deal(s, player, _plan_cards(s, player), tiles, rng, True)
