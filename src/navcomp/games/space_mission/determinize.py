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
* Tiles: others' reserved and collected tiles not pinned by p's memory (always
  point tiles), piles someone looked at that p did not (each with a point tile
  if face down, or it would have been turned up), and the never-seen piles,
  which stay undealt.  The whole draw is rejected and repeated until every
  constraint holds, so the sample is uniform over consistent deals.
* Other players' stack memories, rebuilt to agree with the new deal, and the
  state's random generator.
"""

from __future__ import annotations

import random

from navcomp.games.space_mission.components import (
    NUM_KINDS,
    RING_SIZE,
    SPACE,
    TILE_COUNTS,
)
from navcomp.games.space_mission.state import Memory, SpaceMissionState, Taken


def determinize(s: SpaceMissionState, player: int, rng: random.Random) -> SpaceMissionState:
    d = s.clone()
    _redeal_cards(d, player, rng)
    _redeal_tiles(d, player, rng)
    d.rng = rng.getrandbits(64)
    return d


def _partial_shuffle(items: list[int], count: int, rnd: random.Random) -> None:
    """Put a uniform random sample of ``count`` items, in random order, first."""
    random_ = rnd.random
    size = len(items)
    for i in range(count):
        j = i + int(random_() * (size - i))
        items[i], items[j] = items[j], items[i]


def _redeal_cards(d: SpaceMissionState, player: int, rng: random.Random) -> None:
    hands = d.hands
    gens = d.card_gen
    newest = d.gen
    others = [q for q in range(d.n) if q != player]
    if all(gens[c] == newest for q in others for c in hands[q]):
        pool = [c for q in others for c in hands[q]]
        dealt = len(pool)
        pool += d.draw
        _partial_shuffle(pool, dealt, rng)
        at = 0
        for q in others:
            size = len(hands[q])
            hands[q] = sorted(pool[at : at + size])
            at += size
        d.draw = pool[dealt:]
        return
    # Several generations in other hands: deal each generation separately.
    by_gen: dict[int, list[int]] = {}
    slots: dict[int, list[int]] = {}
    for q in others:
        for c in hands[q]:
            by_gen.setdefault(gens[c], []).append(c)
            slots.setdefault(gens[c], []).append(q)
    new_hands: dict[int, list[int]] = {q: [] for q in others}
    for gen, cards in by_gen.items():
        owners = slots[gen]
        if gen == newest:
            cards += d.draw
        _partial_shuffle(cards, len(owners), rng)
        for q, c in zip(owners, cards, strict=False):
            new_hands[q].append(c)
        if gen == newest:
            d.draw = cards[len(owners) :]
    for q in others:
        hands[q] = sorted(new_hands[q])


def _redeal_tiles(d: SpaceMissionState, player: int, rng: random.Random) -> None:
    mem_base = player * RING_SIZE
    memory = d.memory[mem_base : mem_base + RING_SIZE]
    free = list(TILE_COUNTS)
    free[SPACE] -= d.faceup
    taken = d.taken
    pinned: list[list[int]] = [[] for _ in range(RING_SIZE)]  # record indices, by pile
    loose: list[int] = []  # record indices dealt from the free tiles
    for i, (owner, kind, pos, seq, reserved) in enumerate(taken):
        if owner == player and not (reserved and d.hide_reserved):
            free[kind] -= 1
            continue
        seen = memory[pos]
        if seen is not None and seq > seen[1]:
            pinned[pos].append(i)
        else:
            loose.append(i)
    unknown_piles: list[int] = []
    for pos in range(RING_SIZE):
        seen = memory[pos]
        if seen is not None:
            counts = list(seen[0])
            if d.up[pos]:
                counts[SPACE] = 0  # turned face up since: counted with the face-up tiles
            for k in range(NUM_KINDS):
                free[k] -= counts[k]
            if pinned[pos]:
                _redeal_remembered(d, pos, counts, pinned[pos], rng)
        elif d.touched[pos]:
            unknown_piles.append(pos)
    if loose or unknown_piles:
        _deal_free(d, free, loose, unknown_piles, rng)
    else:
        d.pool = free
    _rebuild_memories(d, player)


def _redeal_remembered(
    d: SpaceMissionState, pos: int, seen: list[int], pinned: list[int], rng: random.Random
) -> None:
    """Others took len(pinned) point tiles from a pile that held ``seen`` at the look."""
    points = [k for k in range(SPACE) for _ in range(seen[k])]
    _partial_shuffle(points, len(pinned), rng)
    pile = list(seen)
    taken = d.taken
    for i, kind in zip(pinned, points, strict=False):
        owner, _, where, seq, reserved = taken[i]
        taken[i] = (owner, kind, where, seq, reserved)
        pile[kind] -= 1
    d.real[pos] = pile


def _deal_free(
    d: SpaceMissionState,
    free: list[int],
    loose: list[int],
    unknown_piles: list[int],
    rng: random.Random,
) -> None:
    points = [k for k in range(SPACE) for _ in range(free[k])]
    need = sum(d.down[pos] for pos in unknown_piles)
    taken = d.taken
    while True:
        _partial_shuffle(points, len(loose), rng)
        rest = points[len(loose) :] + [SPACE] * free[SPACE]
        _partial_shuffle(rest, need, rng)
        piles: list[list[int]] = []
        at = 0
        ok = True
        for pos in unknown_piles:
            pile = [0] * NUM_KINDS
            size = d.down[pos]
            for kind in rest[at : at + size]:
                pile[kind] += 1
            at += size
            if size and pile[SPACE] == size:
                ok = False
                break
            piles.append(pile)
        if ok:
            break
    for i, kind in zip(loose, points, strict=False):
        owner, _, where, seq, reserved = taken[i]
        taken[i] = (owner, kind, where, seq, reserved)
    for pos, pile in zip(unknown_piles, piles, strict=True):
        d.real[pos] = pile
    pool = [0] * NUM_KINDS
    for kind in rest[need:]:
        pool[kind] += 1
    d.pool = pool


def _rebuild_memories(d: SpaceMissionState, player: int) -> None:
    """Other players' memories: the pile now plus what others took since their look."""
    after: list[list[Taken]] = [[] for _ in range(RING_SIZE)]
    for record in d.taken:
        after[record[2]].append(record)
    for q in range(d.n):
        if q == player:
            continue
        for pos in range(RING_SIZE):
            index = q * RING_SIZE + pos
            seen = d.memory[index]
            if seen is None:
                continue
            pile = d.real[pos]
            assert pile is not None
            counts = list(pile)
            if seen[0][SPACE]:  # looked before the space tiles were turned up
                counts[SPACE] += d.up[pos]
            for owner, kind, _, seq, _ in after[pos]:
                if seq > seen[1] and owner != q:
                    counts[kind] += 1
            rebuilt: Memory = (tuple(counts), seen[1])
            d.memory[index] = rebuilt
