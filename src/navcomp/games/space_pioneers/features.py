"""What the Space Pioneers heuristic player reads off a network: its features (:class:`Feat`).

A :class:`Net` holds one network's features (size, longest line, colours and kinds,
width and height, how surrounded a planet is) and how *growable* it is: for every free
cell beside it, how likely a card of the cell's kind fits there, from the share of cards
that meet a criterion with each neighbour (:data:`FIT1`).  ``Net.with_card`` gives the
features after one more card without building the network again.  What they are worth is
:mod:`~navcomp.games.space_pioneers.valuation`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from navcomp.games.space_pioneers.components import CELLS, CENTRE, GRID, NUM_CARDS, PLANET, SHIP
from navcomp.games.space_pioneers.network import (
    COLOUR_OF,
    KIND,
    MATCH,
    NEIGHBOURS,
    TYPE,
    Network,
    longest_line,
)


def _ship_cell(cell: int) -> bool:
    return (cell % GRID + cell // GRID) % 2 == (CENTRE % GRID + CENTRE // GRID) % 2


SHIP_CELL: Final = tuple(_ship_cell(cell) for cell in range(CELLS))
"""Networks start with a ship in the centre and alternate: a cell's kind is its colour on
a chessboard."""


def _fit_one() -> tuple[float, ...]:
    """``FIT1[old * 4 + where]``: the share of cards of the other kind that meet at least
    one criterion with ``old`` lying on their ``where`` side."""
    out = []
    for old in range(NUM_CARDS):
        others = [new for new in range(NUM_CARDS) if KIND[new] != KIND[old]]
        for where in range(4):
            fit = sum(1 for new in others if MATCH[(new * NUM_CARDS + old) * 4 + where])
            out.append(fit / len(others))
    return tuple(out)


FIT1: Final = _fit_one()


class Feat(NamedTuple):
    size: int
    line: int
    planet_colours: int
    """Bit mask of the colours of the planets present."""
    width: int
    height: int
    ship_kinds: int
    """Bit mask of ship types present."""
    most_one_colour: int
    """Most planets of one colour."""
    surround: int
    """Most cards around one planet (4: surrounded)."""
    planet_open: float
    ship_open: float


_NETS: dict[frozenset[tuple[int, int]], Net] = {}
_NETS_MAX: Final = 1 << 13


def net_of(network: Network) -> Net:
    """The features of ``network``, remembered by its content: a network changes once a
    turn, while its owner and the others decide several times."""
    key = frozenset(network.items())
    found = _NETS.get(key)
    if found is None:
        if len(_NETS) >= _NETS_MAX:
            _NETS.clear()
        found = _NETS[key] = Net(dict(network))
    return found


class Net:
    """One network's features and frontier.  Holds its own copy of the cells."""

    __slots__ = ("bbox", "cells", "feat", "loose", "pcol", "prob", "types")

    def __init__(self, cells: Network) -> None:
        self.cells = cells
        self.loose: dict[int, dict[int, int]] = {}
        xs = [c % GRID for c in cells]
        ys = [c // GRID for c in cells]
        colours = ships = 0
        pcol = [0, 0, 0, 0]
        types: dict[int, list[int]] = {}
        surround = 0
        prob: dict[int, float] = {}
        for cell, card in cells.items():
            if KIND[card] == SHIP:
                ships |= 1 << TYPE[card]
            else:
                colours |= 1 << COLOUR_OF[card]
                pcol[COLOUR_OF[card]] += 1
                types.setdefault(TYPE[card], []).append(cell)
                around = sum(1 for _, n in NEIGHBOURS[cell] if n in cells)
                surround = max(surround, around)
            for _, n in NEIGHBOURS[cell]:
                if n not in cells and n not in prob:
                    prob[n] = open_prob(n, cells)
        self.prob = prob
        self.pcol = pcol
        self.types = types
        self.bbox = (min(xs), max(xs), min(ys), max(ys)) if cells else (0, -1, 0, -1)
        planet_open = sum(v for c, v in prob.items() if not SHIP_CELL[c])
        ship_open = sum(v for c, v in prob.items() if SHIP_CELL[c])
        x0, x1, y0, y1 = self.bbox
        self.feat = Feat(
            len(cells), longest_line(cells), colours, x1 - x0 + 1, y1 - y0 + 1, ships,
            max(pcol), surround, planet_open, ship_open,
        )  # fmt: skip

    def with_card(self, card: int, cell: int) -> Feat:
        """The features once ``card`` lies on the free ``cell`` (no capture)."""
        cells, f = self.cells, self.feat
        line = _longest_through(cells, cell, f.line)
        x, y = cell % GRID, cell // GRID
        x0, x1, y0, y1 = self.bbox
        x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
        prob = self.prob
        planet_open, ship_open = f.planet_open, f.ship_open
        mine = prob.get(cell, 0.0)
        if SHIP_CELL[cell]:
            ship_open -= mine
        else:
            planet_open -= mine
        surround = f.surround
        is_planet = KIND[card] == PLANET
        around = 0
        base = card * 4
        for where, n in NEIGHBOURS[cell]:
            if n in cells:
                around += 1
                if not is_planet and KIND[cells[n]] == PLANET:
                    # the planet beside gains a neighbour
                    count = 1 + sum(1 for _, m in NEIGHBOURS[n] if m in cells)
                    surround = max(surround, count)
                continue
            # the free cell n now has ``card`` on its side opposite ``where``
            old = prob.get(n)
            fit = FIT1[base + (where ^ 1)]
            new = fit if old is None else old * fit
            delta = new - (old or 0.0)
            if is_planet:
                ship_open += delta
            else:
                planet_open += delta
        most = f.most_one_colour
        ship_kinds = f.ship_kinds
        colours = f.planet_colours
        if is_planet:
            colours |= 1 << COLOUR_OF[card]
            surround = max(surround, around)
            most = max(most, self.pcol[COLOUR_OF[card]] + 1)
        else:
            ship_kinds |= 1 << TYPE[card]
        return Feat(
            f.size + 1, line, colours, x1 - x0 + 1, y1 - y0 + 1,
            ship_kinds, most, surround, planet_open, ship_open,
        )  # fmt: skip

    def parts(self, cell: int) -> dict[int, int]:
        """The pieces the network falls into without ``cell``: each other cell's piece,
        and under ``cell`` itself the number of pieces."""
        found = self.loose.get(cell)
        if found is not None:
            return found
        cells = self.cells
        found = {}
        pieces = 0
        for start in cells:
            if start == cell or start in found:
                continue
            found[start] = pieces
            todo = [start]
            while todo:
                at = todo.pop()
                for _, n in NEIGHBOURS[at]:
                    if n in cells and n != cell and n not in found:
                        found[n] = pieces
                        todo.append(n)
            pieces += 1
        found[cell] = pieces
        self.loose[cell] = found
        return found


def _longest_through(cells: Network, cell: int, line: int) -> int:
    """The longest line once the free ``cell`` is filled: ``line`` or the row or the
    column through ``cell``, whichever is longer."""
    x = cell % GRID
    run = 1
    k = 1
    while x - k >= 0 and cell - k in cells:
        k += 1
    run += k - 1
    k = 1
    while x + k < GRID and cell + k in cells:
        k += 1
    line = max(line, run + k - 1)
    run = 1
    k = 1
    while cell - k * GRID in cells:
        k += 1
    run += k - 1
    k = 1
    while cell + k * GRID in cells:
        k += 1
    return max(line, run + k - 1)


def placed(net: Net, card: int, cell: int, captured: tuple[int, ...]) -> Feat:
    """The features of ``net`` with ``card`` placed on ``cell`` and ``captured`` gone."""
    if not captured:
        return net.with_card(card, cell)
    cells = dict(net.cells)
    cells[cell] = card
    for c in captured:
        del cells[c]
    return Net(cells).feat


def open_prob(cell: int, cells: Network) -> float:
    """How likely a card of the cell's kind meets one criterion with every card beside."""
    p = 1.0
    for where, n in NEIGHBOURS[cell]:
        other = cells.get(n)
        if other is not None:
            p *= FIT1[other * 4 + where]
    return p
