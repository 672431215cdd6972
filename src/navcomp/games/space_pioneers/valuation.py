"""What things are worth to the Space Pioneers heuristic player, in points (:class:`Seat`).

A network is worth the points it should bring: missions met and within reach (the
longest line, the colours), the seat's own top-secret tasks met or within reach, its
size, and how growable it is (:mod:`~navcomp.games.space_pioneers.features`).  A
placement is worth what it changes of that, captures included; in another network, less
what it gives that network's owner.  The weights below are the judgement.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from navcomp.games.space_pioneers.actions import place_action
from navcomp.games.space_pioneers.components import CENTRE, NUM_CARDS, PLANET, SHIP
from navcomp.games.space_pioneers.features import SHIP_CELL, Feat, Net, net_of, placed
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
    Mission,
    SoloMission,
    solo_targets,
)
from navcomp.games.space_pioneers.network import KIND, MATCH, NEIGHBOURS, TWO, TYPE
from navcomp.games.space_pioneers.rules import capture_options
from navcomp.games.space_pioneers.scoring import points
from navcomp.games.space_pioneers.state import SpacePioneersState

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

_CAPTURE_ELSEWHERE, _FOUR_CAPTURES, _SIX_IN_LINE, _FOUR_COLOURS = (
    int(Mission.CAPTURE_ELSEWHERE),
    int(Mission.FOUR_CAPTURES),
    int(Mission.SIX_IN_LINE),
    int(Mission.FOUR_PLANET_COLOURS),
)
_SOLO_FIRST, _SOLO_SECOND = int(SoloMission.FIRST), int(SoloMission.SECOND)
"""The missions' flags as plain ints: every placement weighed tests them, and an
operation on a flag is a call of Python code."""


def _room(open_cells: float) -> float:
    return 1.0 - math.exp(-open_cells / GROWTH_SCALE)


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
        if not done & _FOUR_CAPTURES:
            value += partial(sum(counts), CAPTURES, MISSION_POINTS, t)
        if not done & _SIX_IN_LINE:
            value += partial(f.line, LINE, MISSION_POINTS, t)
        if not done & _FOUR_COLOURS:
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
            value = 0.0 if done & _SOLO_FIRST else t * 0.4 * self._capturable_types()
            if not done & _SOLO_SECOND:
                value += partial(f.size, cards, MISSION_POINTS, t)
            return value
        value = 0.0
        if not done & _SOLO_FIRST:
            value += partial(f.line, line, MISSION_POINTS, t)
        if not done & _SOLO_SECOND:
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
            mine = points(s, self.p) + sum(
                self._task(key, self.mine.feat, self.cap_counts, self.held, s.elsewhere[self.p])
                for key in self.tasks
            )
            rivals = [points(s, q) + RIVAL_TASKS for q in range(self.n) if q != self.p]
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
        feat = placed(net, card, cell, option)
        done = self.done
        if self.solo:
            value = captured + self.worth(feat, counts, held, elsewhere, done) - self.base
            if captured and self.s.side == 0 and not self.s.side_done & _SOLO_FIRST:
                value += MISSION_POINTS
            return value
        met = 0
        if captured >= 2 or sum(counts) >= CAPTURES:
            met |= _FOUR_CAPTURES
        if feat.line >= LINE:
            met |= _SIX_IN_LINE
        if bin(feat.planet_colours).count("1") == 4:
            met |= _FOUR_COLOURS
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
        met = _CAPTURE_ELSEWHERE if captured else 0
        if captured >= 2 or sum(counts) >= CAPTURES:
            met |= _FOUR_CAPTURES
        met &= ~done
        held = (self.hand_ships, len(self.hand) - 1)
        mine = self.worth(self.mine.feat, counts, held, elsewhere, done | met)
        value = captured + mine - self.base
        if met:
            value += self._missions_gain(done, met, captured)
        # what the card gives the owner, as far as anybody can see
        before = net.feat
        after = placed(net, card, cell, option)
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
            options = capture_options(cells, cell)
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
                    out.append((owner, self._own_gain(card, CENTRE), place_action(owner, CENTRE)))
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
                    out.append((owner, self.gain(card, owner, cell), place_action(owner, cell)))
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
    if not missions & _SIX_IN_LINE:
        value += partial(f.line, LINE, MISSION_POINTS, 1.0)
    if not missions & _FOUR_COLOURS:
        value += partial(bin(f.planet_colours).count("1"), 4, MISSION_POINTS, 1.0)
    return value
