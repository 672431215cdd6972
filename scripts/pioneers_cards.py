"""Lay out Space Pioneers' 96 network cards once and write them as committed data.

The rules fix the kinds and colours but not the printed symbols; this script
chooses them from a fixed seed so that two random cards of the right kinds (a
planet beside a spaceship) meet the one-criterion rule on a side about half the
time and the two-criteria rule about one time in six.  It is run by hand, once;
the game reads ``src/navcomp/games/space_pioneers/cards.json`` and never rolls
cards per game.  ``python scripts/pioneers_cards.py`` rewrites the file and
prints the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from navcomp.games.space_pioneers.components import (
    COLOURS,
    PLANET_NAMES,
    SHIP_NAMES,
    Card,
    match_rates,
)

OUT = Path(__file__).resolve().parent.parent / "src/navcomp/games/space_pioneers/cards.json"
SEED = 2011
SYMBOL_COUNT = 4


def lay_out(rnd: random.Random, weights: list[float], same: float) -> list[Card]:
    """Each card leans on one symbol: each of its six symbols is that one with chance ``same``."""
    cards: list[Card] = []

    def symbols_for(kind_cards: set[tuple[int, ...]]) -> tuple[int, ...]:
        while True:
            base = rnd.choices(range(SYMBOL_COUNT), weights)[0]
            six = tuple(
                base if rnd.random() < same else rnd.randrange(SYMBOL_COUNT) for _ in range(6)
            )
            if six not in kind_cards:
                kind_cards.add(six)
                return six

    for kind, names, copies in (("planet", PLANET_NAMES, 8), ("ship", SHIP_NAMES, 4)):
        for type_index, _ in enumerate(names):
            seen: set[tuple[int, ...]] = set()
            for _ in range(copies):
                top_left, top, top_right, bottom_left, bottom, bottom_right = symbols_for(seen)
                cards.append(
                    Card(
                        id=len(cards),
                        kind=kind,
                        type=type_index,
                        colour=type_index // 2,
                        top=(top_left, top, top_right),
                        bottom=(bottom_left, bottom, bottom_right),
                    )
                )
    return cards


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    rnd = random.Random(SEED)
    best: tuple[float, list[Card], tuple[float, float]] | None = None
    for _ in range(3000):
        weights = [rnd.uniform(0.05, 3.0) for _ in range(SYMBOL_COUNT)]
        same = rnd.uniform(0.3, 1.0)
        cards = lay_out(rnd, weights, same)
        one, two = match_rates(cards)
        miss = abs(one - 0.5) + abs(two - 1 / 6)
        if best is None or miss < best[0]:
            best = (miss, cards, (one, two))
    assert best is not None
    _, cards, (one, two) = best
    lines = ",\n".join("  " + json.dumps(card.to_json()) for card in cards)
    OUT.write_text("[\n" + lines + "\n]\n")
    print(f"{len(cards)} cards; one criterion {one:.3f}, two criteria {two:.3f}; colours {COLOURS}")


if __name__ == "__main__":
    main()
