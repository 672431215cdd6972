"""The least a Space Mission world from scratch can cost in this interpreter, on this machine.

A world must at the least copy the position and make one shuffle step for every card
and tile its player cannot see.  This times those two parts alone, on the positions
``navcomp bench engine`` determinizes (same seed, same sampling), next to the real
``state.determinize``:

* ``clone``: ``state.clone()``, the position copied with its hands;
* ``steps``: for each position, one partial Fisher-Yates step (``divmod`` on one wide
  random integer, a read and a write) for each card in other hands and each tile the
  player cannot place (loose and pinned), from a pool of the real size, and nothing
  else: no grouping, no sorting, no records;
* ``floor``: the two together, per position;
* ``flat floor``: the steps with the copy of a layout that holds the whole position in
  one list (every field, card, pile, record and memory flattened: some 360 entries), so
  that a copy is one slice in C.

    .venv/bin/python scripts/world_floor.py [--players 4] [--seconds 10] [--seed 0]

The bench's goal of 100,000 determinizations a second is 10 µs a world; a floor near it
leaves no room for the rest of a world's work (grouping the unknown cards by generation,
sorting the dealt hands, writing the tile records, the stack memories).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from navcomp.commands.bench import _seat, playouts
from navcomp.games import SPACE_MISSION
from navcomp.games.space_mission import determinize

FLAT_ENTRIES = 360
"""Entries of a 4-player position flattened into one list: each card's place and
generation (120), each tile taken as one packed number (up to 64), the 8 piles' counts by
kind (88), the undealt counts, the 32 stack memories (as references), chips, probes,
ships and the scalars."""


def _best_us(work: Any, items: list[Any], passes: int = 7) -> float:
    """The best over ``passes`` of the mean time of ``work`` over ``items``, in µs."""
    best = float("inf")
    for _ in range(passes):
        start = time.perf_counter()
        for item in items:
            work(item)
        best = min(best, (time.perf_counter() - start) / len(items))
    return best * 1e6


def _shuffle_steps(job: tuple[int, int, list[int]]) -> None:
    steps, size, pool = job
    out = [0] * steps
    r = random.getrandbits(6 * steps + 64)
    for i in range(steps):
        r, j = divmod(r, size)
        size -= 1
        out[i] = pool[j]
        pool[j] = pool[size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    _, _, _, sample = playouts(SPACE_MISSION, args.players, args.seconds, rnd)
    live = [s for s in sample if s.current_player is not None] or sample
    jobs = []
    for s in live:
        p = _seat(s)
        in_hands = determinize._plan_cards(s, p)[3]
        _, points, loose, pinned, _ = determinize._tiles(s, p)
        steps = in_hands + len(loose) + sum(len(entry[3]) for entry in pinned)
        size = max(steps, in_hands + len(s.draw), len(points))
        jobs.append((steps, size))
    det_rnd = random.Random(args.seed + 1)
    real = _best_us(lambda s: s.determinize(_seat(s), det_rnd), live)
    clone = _best_us(lambda s: s.clone(), live)
    steps = _best_us(_shuffle_steps, [(k, n, list(range(n))) for k, n in jobs])
    hidden = statistics.mean(k for k, _ in jobs)
    print(f"{len(live)} positions, {hidden:.1f} hidden cards and tiles on average")
    print(f"  state.determinize         {real:6.2f} µs  ({1e6 / real:,.0f}/s)")
    print(f"  clone                     {clone:6.2f} µs")
    print(f"  shuffle steps only        {steps:6.2f} µs")
    floor = clone + steps
    print(f"  floor (clone + steps)     {floor:6.2f} µs  ({1e6 / floor:,.0f}/s at most)")
    flat = [0] * FLAT_ENTRIES
    slice_copy = _best_us(lambda _: flat[:], live)
    flat_floor = slice_copy + steps
    print(f"  flat floor (slice + steps){flat_floor:6.2f} µs  ({1e6 / flat_floor:,.0f}/s at most)")


if __name__ == "__main__":
    main()
