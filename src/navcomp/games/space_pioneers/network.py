"""A network: a player's cards on the grid, as ``{cell: card id}``.

Cells number the GRID x GRID board row by row.  ``NEIGHBOURS[cell]`` lists the
cells sharing a side with it, each with the side it lies on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from navcomp.games.space_pioneers.components import (
    ABOVE,
    BELOW,
    CARDS,
    CELLS,
    GRID,
    LEFT,
    NUM_CARDS,
    PLANET,
    RIGHT,
    criteria,
    two_or_more,
)

Network = dict[int, int]


def _neighbours(cell: int) -> tuple[tuple[int, int], ...]:
    x, y = cell % GRID, cell // GRID
    out = []
    if x > 0:
        out.append((LEFT, cell - 1))
    if x < GRID - 1:
        out.append((RIGHT, cell + 1))
    if y > 0:
        out.append((ABOVE, cell - GRID))
    if y < GRID - 1:
        out.append((BELOW, cell + GRID))
    return tuple(out)


NEIGHBOURS: Final = tuple(_neighbours(cell) for cell in range(CELLS))
KIND: Final = tuple(0 if card.kind == "planet" else 1 for card in CARDS)
TYPE: Final = tuple(card.type for card in CARDS)
COLOUR_OF: Final = tuple(card.colour for card in CARDS)
MATCH: Final = bytes(
    criteria(new, old, where) for new in CARDS for old in CARDS for where in range(4)
)
"""``MATCH[(new * NUM_CARDS + old) * 4 + where]``: the criteria met (a ``Criterion``)."""
TWO: Final = tuple(two_or_more(met) for met in range(8))
"""``TWO[met]``: ``met`` holds two criteria or more."""


def fits(card: int, cell: int, network: Network, own: bool) -> bool:
    """Whether ``card`` may go on the empty ``cell`` (beside a card) of ``network``."""
    touching = False
    kind = KIND[card]
    row = card * NUM_CARDS * 4
    for where, next_cell in NEIGHBOURS[cell]:
        other = network.get(next_cell)
        if other is None:
            continue
        if KIND[other] == kind:
            return False
        met = MATCH[row + other * 4 + where]
        if not met if own else not TWO[met]:
            return False
        touching = True
    return touching


def frontier(network: Network) -> list[int]:
    """The empty cells beside the network, ascending."""
    cells = {n for cell in network for _, n in NEIGHBOURS[cell] if n not in network}
    return sorted(cells)


def places(card: int, network: Network, own: bool, first: int) -> list[int]:
    """Cells where ``card`` may go in ``network`` (``first``: the cell of a first card)."""
    if not network:
        return [first] if own and KIND[card] != PLANET else []
    if not own and KIND[card] != PLANET:
        return []
    return [cell for cell in frontier(network) if fits(card, cell, network, own)]


def connected(cells: Iterable[int]) -> bool:
    """Whether the cells form one group through shared sides (no cells: yes)."""
    left = set(cells)
    if not left:
        return True
    todo = [left.pop()]
    while todo:
        cell = todo.pop()
        for _, n in NEIGHBOURS[cell]:
            if n in left:
                left.remove(n)
                todo.append(n)
    return not left


def stays_connected(network: Network, removed: Iterable[int]) -> bool:
    gone = set(removed)
    return connected(cell for cell in network if cell not in gone)


def longest_line(network: Network) -> int:
    """The most cards in one unbroken row or column."""
    best = 0
    for cell in network:
        for step, edge in ((1, cell % GRID), (GRID, cell // GRID)):
            if edge and cell - step in network:
                continue  # counted from the line's start
            run = 1
            while cell + run * step in network and (step == GRID or (cell + run) % GRID):
                run += 1
            best = max(best, run)
    return best


def width(network: Network) -> int:
    xs = [cell % GRID for cell in network]
    return max(xs) - min(xs) + 1 if xs else 0


def height(network: Network) -> int:
    ys = [cell // GRID for cell in network]
    return max(ys) - min(ys) + 1 if ys else 0


def surrounded_planet(network: Network) -> bool:
    """A planet with cards on all four sides."""
    return any(
        KIND[card] == PLANET
        and len(NEIGHBOURS[cell]) == 4
        and all(n in network for _, n in NEIGHBOURS[cell])
        for cell, card in network.items()
    )
