"""The medium Space Pioneers player: a one-turn planner that plays like a sensible human.

It values a network by the points it should bring: missions met and within reach (the
longest line, the colours), the player's own top-secret tasks met or within reach, its
size, and how *growable* it is (how likely a card of the right kind fits beside it, summed
over the free cells).  Each decision it

* draws the face-up card that improves its best placement most, or a spaceship when its
  hand has none, and otherwise the deck's top card (seeks a spaceship when it has none
  and cannot place);
* places the card whose placement gains most: captures, missions, tasks, growth; into
  another network only planets that capture or meet a mission or task, less what the
  card gives that network's owner;
* removes a spaceship only for its "no spaceship in hand" task, or in solo for the
  side-B mission; never otherwise;
* in solo, chases the solo card's current side.

It reads only what the player on turn may know: every network, its own hand, its own
top-secret card, the face-up cards, the missions and captures, and counts.  The deck and
others' hands are never looked at.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import CELLS, CENTRE, GRID, NUM_CARDS, PLANET, SHIP
from navcomp.games.space_pioneers.missions import (
    ALL_MISSIONS,
    CAPTURES,
    HAND,
    LINE,
    MISSION_POINTS,
    MISSIONS,
    SHIP_KINDS,
    TALL,
    TASK_POINTS,
    TOP_SECRET,
    solo_targets,
)
from navcomp.games.space_pioneers.network import (
    COLOUR_OF,
    KIND,
    MATCH,
    NEIGHBOURS,
    TWO,
    TYPE,
    Network,
    longest_line,
    stays_connected,
)
from navcomp.games.space_pioneers.rules import (
    CAPTURE,
    CHOOSE,
    DRAW,
    PLACE,
    REMOVE,
    _capture_options,
)
from navcomp.games.space_pioneers.state import SpacePioneersState

# ---------------------------------------------------------------------- tables


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

# ---------------------------------------------------------------------- weights

SIZE_W: Final = 0.3
"""Points a card in the network is worth: ties, and room for lines, width and tasks."""
GROWTH_W: Final = 1.2
"""Points for a network that can take more cards of a kind (saturating)."""
GROWTH_SCALE: Final = 1.5
RACE_TURNS: Final = 3.0
"""Own turns a player is expected to need per mission still open (the end's timing)."""
RIVAL_TASKS: Final = 3.0
"""Points a rival's hidden tasks are expected to bring."""
OPPONENT_W: Final = 0.8
"""Share of what a card gives another network's owner counted against placing it there."""
DECK_GAIN: Final = 0.6
"""Points a deck draw is expected to add to the best placement."""
SHIP_NEED: Final = 0.6
"""Points for holding a spaceship (with a network that has room for one)."""
SECOND: Final = 0.3
"""Share of the second-best card's placement counted in a hand's value."""
PASS_BELOW: Final = -0.05
HORIZON_TURNS: Final = 10.0
"""Partial progress counts in full with this many own turns left, less with fewer."""


# ---------------------------------------------------------------------- network features


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
        x, y = cell % GRID, cell // GRID
        run = 1
        k = 1
        while x - k >= 0 and cell - k in cells:
            k += 1
        run += k - 1
        k = 1
        while x + k < GRID and cell + k in cells:
            k += 1
        line = max(f.line, run + k - 1)
        run = 1
        k = 1
        while cell - k * GRID in cells:
            k += 1
        run += k - 1
        k = 1
        while cell + k * GRID in cells:
            k += 1
        line = max(line, run + k - 1)
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


def _placed(net: Net, card: int, cell: int, captured: tuple[int, ...]) -> Feat:
    """The features of ``net`` with ``card`` placed on ``cell`` and ``captured`` gone."""
    if not captured:
        return net.with_card(card, cell)
    cells = dict(net.cells)
    cells[cell] = card
    for c in captured:
        del cells[c]
    return Net(cells).feat


def _room(open_cells: float) -> float:
    return 1.0 - math.exp(-open_cells / GROWTH_SCALE)


def open_prob(cell: int, cells: Network) -> float:
    """How likely a card of the cell's kind meets one criterion with every card beside."""
    p = 1.0
    for where, n in NEIGHBOURS[cell]:
        other = cells.get(n)
        if other is not None:
            p *= FIT1[other * 4 + where]
    return p


# ---------------------------------------------------------------------- worth


def partial(k: int, target: int, full: float, time: float) -> float:
    """Points for progress ``k`` towards ``target``: ``full`` once there, else a share
    that grows with the square of the progress and shrinks as time runs out."""
    if k >= target:
        return full
    return full * time * (k / target) ** 2


_SURROUND: Final = (0.0, 0.0, 0.2, 0.9)
"""The fourth side of a planet is often blocked: a slower curve than ``partial``."""
BEHIND_END: Final = 3.0
"""Points it costs to meet one's last mission (which ends the game) while behind."""


class Seat:
    """What the player on turn knows and wants, gathered once per decision."""

    def __init__(self, s: SpacePioneersState, p: int, nets: list[Net] | None = None) -> None:
        self.s, self.p, self.n = s, p, s.n
        self.hand = s.hands[p]
        self.solo = s.n == 1
        self.tasks: tuple[str, ...] = () if self.solo else TOP_SECRET[s.secrets[p]]
        self.done = s.missions[p]
        turns_left = len(s.deck) / max(1, s.n) + 0.5
        if not self.solo:  # the mission race: a player with one mission left ends it soon
            fewest = min(len(MISSIONS) - bin(m).count("1") for m in s.missions)
            turns_left = min(turns_left, RACE_TURNS * fewest + 0.5)
        if s.ending:
            turns_left = 1.0 if self.solo or s.current != p else 0.5
        self.turns_left = turns_left
        self.time = min(1.0, turns_left / HORIZON_TURNS)
        self.nets = [net_of(net) for net in s.networks] if nets is None else nets
        self.mine = self.nets[p]
        captured = s.captured[p]
        counts = [0] * 8
        for c in captured:
            counts[TYPE[c]] += 1
        self.cap_counts = counts
        self.hand_ships = sum(1 for c in self.hand if KIND[c] == SHIP)
        self.held = (self.hand_ships, len(self.hand))
        self.base = self.worth(self.mine.feat, counts, self.held, s.elsewhere[p], self.done)
        self._best: dict[int, tuple[float, int]] = {}
        self._lead: float | None = None

    # -------------------------------------------------------------- values

    def worth(
        self,
        f: Feat,
        counts: Sequence[int],
        held: tuple[int, int],
        elsewhere: Sequence[int],
        done: int,
    ) -> float:
        """Points expected from a network with features ``f`` beyond the points scored,
        for the seat on turn with the missions ``done`` met: progress towards the other
        missions, tasks, size, growth."""
        t = self.time
        value = SIZE_W * f.size
        value += GROWTH_W * t * (_room(f.planet_open) + _room(f.ship_open))
        if self.solo:
            return value + self._solo_worth(f)
        if not done & 2:
            value += partial(sum(counts), CAPTURES, MISSION_POINTS, t)
        if not done & 4:
            value += partial(f.line, LINE, MISSION_POINTS, t)
        if not done & 8:
            value += partial(bin(f.planet_colours).count("1"), 4, MISSION_POINTS, t)
        for key in self.tasks:
            value += self._task(key, f, counts, held, elsewhere)
        return value

    def _task(
        self,
        key: str,
        f: Feat,
        counts: Sequence[int],
        held: tuple[int, int],
        elsewhere: Sequence[int],
    ) -> float:
        """Points the task ``key`` should bring; ``held``: spaceships and cards in hand."""
        t = self.time
        full = TASK_POINTS
        if key == "four_ship_kinds":
            return partial(bin(f.ship_kinds).count("1"), SHIP_KINDS, full, t)
        if key == "light_hand":
            # each card too many and each ship goes only by removing a ship from the hand
            steps = max(held[0], held[1] - HAND)
            return full if steps == 0 else full * t * 0.5**steps
        if key == "surrounded_planet":
            return full if f.surround >= 4 else t * _SURROUND[f.surround]
        if key == "three_planet_kinds":
            return partial(sum(1 for c in counts if c), 3, full, t)
        if key == "five_wide":
            return partial(f.width, 5, full, t)
        if key == "seven_tall":
            return partial(f.height, TALL, full, t)
        if key == "three_of_a_planet":
            return partial(max(counts), 3, full, t)
        if key == "two_other_networks":
            k = sum(elsewhere) if self.n == 2 else sum(1 for c in elsewhere if c)
            return partial(k, 2, full, t)
        if key == "twelve_cards":
            return partial(f.size, 12, full, t)
        if key == "three_planets_one_colour":
            return partial(f.most_one_colour, 3, full, t)
        return 0.0

    def _solo_worth(self, f: Feat) -> float:
        s, t = self.s, self.time
        done = s.side_done
        cards, line = solo_targets(s.solo_cards)
        if s.side == 0:
            value = 0.0 if done & 1 else t * 0.4 * self._capturable_types()
            if not done & 2:
                value += partial(f.size, cards, MISSION_POINTS, t)
            return value
        value = 0.0
        if not done & 1:
            value += partial(f.line, line, MISSION_POINTS, t)
        if not done & 2:
            value += 1.0 * t
        return value

    def _capturable_types(self) -> float:
        """In solo, hand planets of a kind already in the network: a capture to come."""
        types = self.mine.types
        return min(1.0, sum(1 for c in self.hand if KIND[c] == PLANET and TYPE[c] in types))

    def lead(self) -> float:
        """My points less the best rival's, as far as I can tell: scores so far, my tasks
        as they stand, and for each rival the tasks an average player meets."""
        if self._lead is None:
            s = self.s
            mine = s.score(self.p) + sum(
                self._task(key, self.mine.feat, self.cap_counts, self.held, s.elsewhere[self.p])
                for key in self.tasks
            )
            rivals = [s.score(q) + RIVAL_TASKS for q in range(self.n) if q != self.p]
            self._lead = mine - max(rivals)
        return self._lead

    def _missions_gain(self, before: int, met: int, points: float) -> float:
        """Points for the missions ``met`` now; meeting the last one ends the game, which
        is good only for a player ahead (``points``: what this placement brings)."""
        gain: float = MISSION_POINTS * bin(met & ~before).count("1")
        if met and (before | met) == ALL_MISSIONS and self.lead() + points + gain < 0:
            gain -= BEHIND_END
        return gain

    # -------------------------------------------------------------- placements

    def gain(self, card: int, owner: int, cell: int) -> float:
        """What placing ``card`` on ``cell`` of ``owner``'s network brings, in points."""
        if owner == self.p:
            return self._own_gain(card, cell)
        return self._other_gain(card, owner, cell)

    def _own_gain(self, card: int, cell: int) -> float:
        net = self.mine
        held = (self.hand_ships - (KIND[card] == SHIP), len(self.hand) - 1)
        elsewhere = self.s.elsewhere[self.p]
        counts = self.cap_counts
        option: tuple[int, ...] = ()
        if KIND[card] == PLANET and TYPE[card] in net.types:
            option = self._capture(net, card, cell, own=True)
        captured = len(option)
        if captured:
            counts = counts[:]
            counts[TYPE[card]] += captured
        feat = _placed(net, card, cell, option)
        done = self.done
        if self.solo:
            value = captured + self.worth(feat, counts, held, elsewhere, done) - self.base
            if captured and self.s.side == 0 and not self.s.side_done & 1:
                value += MISSION_POINTS
            return value
        met = 0
        if captured >= 2 or sum(counts) >= CAPTURES:
            met |= 2
        if feat.line >= LINE:
            met |= 4
        if bin(feat.planet_colours).count("1") == 4:
            met |= 8
        met &= ~done
        value = captured + self.worth(feat, counts, held, elsewhere, done | met) - self.base
        return value + self._missions_gain(done, met, captured) if met else value

    def _other_gain(self, card: int, owner: int, cell: int) -> float:
        net = self.nets[owner]
        done = self.done
        captured = 0
        option: tuple[int, ...] = ()
        if TYPE[card] in net.types:
            option = self._capture(net, card, cell, own=False)
            captured = len(option)
        counts = self.cap_counts
        if captured:
            counts = counts[:]
            counts[TYPE[card]] += captured
        elsewhere = self.s.elsewhere[self.p][:]
        elsewhere[owner] += 1
        met = 1 if captured else 0
        if captured >= 2 or sum(counts) >= CAPTURES:
            met |= 2
        met &= ~done
        held = (self.hand_ships, len(self.hand) - 1)
        mine = self.worth(self.mine.feat, counts, held, elsewhere, done | met)
        value = captured + mine - self.base
        if met:
            value += self._missions_gain(done, met, captured)
        # what the card gives the owner, as far as anybody can see
        before = net.feat
        after = _placed(net, card, cell, option)
        theirs = self.s.missions[owner]
        given = public_worth(after, theirs) - public_worth(before, theirs)
        share = OPPONENT_W if self.n == 2 else OPPONENT_W / (self.n - 1)
        return value - share * given

    def _capture(self, net: Net, card: int, cell: int, own: bool) -> tuple[int, ...]:
        """The capture the seat would choose after placing ``card`` (a planet) on ``cell``."""
        cells = net.cells
        same = net.types[TYPE[card]]
        if len(same) == 1:  # the common case, without a search
            other = same[0]
            parts = net.parts(other)
            # capturable if the new card's other neighbours reach every part left
            reached = {parts[n] for _, n in NEIGHBOURS[cell] if n in parts}
            return (other,) if len(reached) == parts[other] else ()
        cells[cell] = card  # looked at and put back at once
        try:
            options = _capture_options(cells, cell)
        finally:
            del cells[cell]
        if len(options) <= 1:
            return options[0] if options else ()
        return options[0]

    def best(self, card: int) -> tuple[float, int]:
        """The best placement of ``card``: (gain, place action); (-inf, -1) if none."""
        cached = self._best.get(card)
        if cached is not None:
            return cached
        found = (-math.inf, -1)
        for owner, gain, action in self.placements(card):
            del owner
            if gain > found[0]:
                found = (gain, action)
        self._best[card] = found
        return found

    def placements(self, card: int) -> list[tuple[int, float, int]]:
        """(owner, gain, place action) for every place ``card`` may go."""
        out: list[tuple[int, float, int]] = []
        ship = KIND[card] == SHIP
        p = self.p
        for owner, net in enumerate(self.nets):
            own = owner == p
            cells = net.cells
            if not cells:
                if own and ship:
                    out.append((owner, self._own_gain(card, CENTRE), _place(owner, CENTRE)))
                continue
            if not own and ship:
                continue
            row = card * NUM_CARDS * 4
            for cell in net.prob:
                if SHIP_CELL[cell] != ship:
                    continue
                ok = True
                for where, n in NEIGHBOURS[cell]:
                    other = cells.get(n)
                    if other is None:
                        continue
                    met = MATCH[row + other * 4 + where]
                    if not met if own else not TWO[met]:
                        ok = False
                        break
                if ok:
                    out.append((owner, self.gain(card, owner, cell), _place(owner, cell)))
        return out

    def hand_value(self, cards: Sequence[int]) -> float:
        """The best placement this turn, a share of the next best card's, and a ship."""
        gains = sorted((self.best(c)[0] for c in cards), reverse=True)
        value = max(0.0, gains[0]) if gains else 0.0
        if len(gains) > 1:
            value += SECOND * max(0.0, gains[1])
        if any(KIND[c] == SHIP for c in cards):
            value += SHIP_NEED
        return value


def public_worth(f: Feat, missions: int) -> float:
    """What anybody can see a network is worth to its owner: size and open missions."""
    value = SIZE_W * f.size
    if not missions & 4:
        value += partial(f.line, LINE, MISSION_POINTS, 1.0)
    if not missions & 8:
        value += partial(bin(f.planet_colours).count("1"), 4, MISSION_POINTS, 1.0)
    return value


def _place(owner: int, cell: int) -> int:
    return act.PLACE0 + owner * CELLS + cell


# ---------------------------------------------------------------------- decisions


def choose(s: SpacePioneersState, rng: random.Random) -> int:
    """The medium player's action for ``s.current`` (see the module docstring)."""
    return ranked(s, rng, only_first=True)[0]


def ranked(s: SpacePioneersState, rng: random.Random, only_first: bool = False) -> list[int]:
    """The medium player's choice first, then the other actions it considered, best
    first.  Reads only what the player on turn may know."""
    del rng  # the player is deterministic
    phase = s.phase
    p = s.current
    if phase == CAPTURE:
        return _capture_choice(s, p)
    if phase == REMOVE and _nothing_to_remove(s, p):
        return [act.DONE]
    seat = Seat(s, p)
    if phase == DRAW:
        return _draw(seat, only_first)
    if phase == CHOOSE:
        return _choose(seat)
    if phase == PLACE:
        scored = sorted(((g, a) for _, g, a in seat.placements(s.selected)), key=_by_gain)
        return [a for _, a in scored] + [act.BACK]
    if phase == REMOVE:
        return _remove(seat)
    return []


def _nothing_to_remove(s: SpacePioneersState, p: int) -> bool:
    if s.n == 1:
        return s.side == 0 or bool(s.side_done & 2)
    return "light_hand" not in TOP_SECRET[s.secrets[p]] or not any(
        KIND[c] == SHIP for c in s.hands[p]
    )


def _by_gain(item: tuple[float, int]) -> tuple[float, int]:
    return (-item[0], item[1])


def _draw(seat: Seat, only_first: bool) -> list[int]:
    s, hand = seat.s, seat.hand
    has_ship = seat.hand_ships > 0
    options: list[tuple[float, int]] = []
    if s.deck:
        options.append((DECK_GAIN, act.DRAW))
        if not has_ship and not any(c >= 0 and KIND[c] == SHIP for c in s.face_up):
            need = not seat.mine.cells or seat.hand_value(hand) < DECK_GAIN
            options.append((DECK_GAIN + (1.0 if need else -0.5), act.SEEK))
    base = seat.hand_value(hand)
    for slot, card in enumerate(s.face_up):
        if card < 0:
            continue
        if not seat.mine.cells:
            value = 2.0 if KIND[card] == SHIP and not has_ship else 0.0
        else:
            value = seat.hand_value([*hand, card]) - base
        options.append((value, act.TAKE0 + slot))
    options.sort(key=_by_gain)
    return [a for _, a in options]


def _choose(seat: Seat) -> list[int]:
    scored = []
    for card in sorted(set(seat.hand)):
        gain, action = seat.best(card)
        if action >= 0:
            scored.append((gain, act.CHOOSE0 + card))
    scored.sort(key=_by_gain)
    if not scored or scored[0][0] < PASS_BELOW:
        return [act.PASS] + [a for _, a in scored]
    return [a for _, a in scored] + [act.PASS]


def _remove(seat: Seat) -> list[int]:
    s = seat.s
    if seat.solo:
        if s.side == 1 and not s.side_done & 2:
            network = s.networks[0]
            loose = [
                (cell, c)
                for cell, c in sorted(network.items())
                if KIND[c] == SHIP and stays_connected(network, (cell,))
            ]
            if loose:
                best = max(loose, key=lambda item: _without(seat, item[0]))
                return [act.REMOVE0 + best[1], act.DONE]
        return [act.DONE]
    if "light_hand" in seat.tasks and seat.hand_ships and seat.mine.cells:
        ships = sorted((c for c in seat.hand if KIND[c] == SHIP), key=lambda c: seat.best(c)[0])
        near_end = seat.turns_left <= 2.5
        heavy = len(seat.hand) > HAND
        if seat.hand_ships >= 2 or heavy or near_end or seat.best(ships[0])[1] < 0:
            return [act.REMOVE0 + ships[0], act.DONE]
    return [act.DONE]


def _without(seat: Seat, cell: int) -> float:
    cells = dict(seat.mine.cells)
    del cells[cell]
    return seat.worth(Net(cells).feat, seat.cap_counts, seat.held, [], 0)


def _capture_choice(s: SpacePioneersState, p: int) -> list[int]:
    """Which planet cards to capture: for the own network the set that leaves it worth
    most; in another network the one that leaves it worth least."""
    network = s.networks[s.placed_in]
    picked = set(s.picked)
    options = [o for o in s.pending if picked <= set(o)]
    own = s.placed_in == p
    missions = s.missions[s.placed_in]

    def left(option: tuple[int, ...]) -> float:
        cells = {cell: c for cell, c in network.items() if cell not in option}
        value = public_worth(Net(cells).feat, missions)
        return -value if own else value

    options.sort(key=lambda o: (left(o), o))
    order: list[int] = []
    for option in options:
        for cell in option:
            action = act.CAPTURE0 + network[cell]
            if cell not in picked and action not in order:
                order.append(action)
    return order
