"""The Space Mission heuristic player's decisions: a planner that plays like a sensible human.

It weighs *plans*: a route to a planet (stay, fly, jump, jump and fly on) and a deed
there (discover, develop, scan and develop, scan), worth the points they should bring
less the cards and chips they spend, per action (in the last turn: in total), and plays
the best plan's first step.  A Top up competes as a plan worth the useful cards it
brings in, and discards the cards that serve no plan.  Tiles are valued by what they
add to the player's own score.  Leading, it races for the end trigger; trailing, it
avoids emptying piles.

It reads only what the player on turn may know: the public table, its own hand, tiles,
reserved tiles (unless the printed rule hides them) and stack memory, and, while
picking, the pile it looks at.  Rivals' tiles are counted, never looked at.  What it
knows (:mod:`~navcomp.games.space_mission.features`) and how it values tiles and cards
(:mod:`~navcomp.games.space_mission.valuation`), gathered per decision, is a
:class:`~navcomp.games.space_mission.valuation.Mind`.  With the :data:`MEDIUM` weights it
is the medium level.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from navcomp.games.space_mission.actions import (
    CONFIRM,
    DEVELOP_ID,
    DISCARD0,
    DISCOVER,
    DRAW,
    FLY0,
    PICK0,
    SCAN0,
)
from navcomp.games.space_mission.board import GATE, Board
from navcomp.games.space_mission.components import (
    CARDS,
    HAND_SIZE,
    JOKER,
    POINT_KINDS,
    RING_SIZE,
)
from navcomp.games.space_mission.features import ring_steps
from navcomp.games.space_mission.rules import CONFIRM_TURN, MAIN, PICK, TOPUP
from navcomp.games.space_mission.scoring import STATION_POINTS
from navcomp.games.space_mission.state import SpaceMissionState
from navcomp.games.space_mission.valuation import MEDIUM, Mind, Weights


class Route(NamedTuple):
    steps: int
    action: int  # the first step (-1: already there)
    card: int  # the card a jump spends (-1: none)
    chips: int
    extra: float  # the jump's gate points less what it spends


class Deed(NamedTuple):
    steps: int
    action: int  # the first step, once there
    cards: tuple[int, ...]
    chips: int
    reward: float


def routes(m: Mind) -> list[list[Route]]:
    """For each ring position, the ways to get there: stay, fly, jump, jump and fly."""
    s, here, board = m.s, m.here, m.s.board
    if here != GATE:
        found = [[way] for way in _stay_or_fly(board, here)]
    else:
        found = [[] for _ in range(RING_SIZE)]
    if s.chips[m.p]:
        gate = m.gate_gain()
        for card in m.hand:
            extra = gate - m.cost([card], chips=1)
            for pos, steps, action in _jump_legs(board, card, here):
                found[pos].append(Route(steps, action, card, 1, extra))
    return found


@lru_cache(maxsize=1 << 12)
def _stay_or_fly(board: Board, here: int) -> tuple[Route, ...]:
    """For each ring position, staying there or flying towards it from ``here``."""
    found = []
    for pos in range(RING_SIZE):
        side = 1 if (pos - here) % RING_SIZE <= RING_SIZE // 2 else -1
        step = FLY0 + board.ring[(here + side) % RING_SIZE] if pos != here else -1
        found.append(Route(ring_steps(here, pos), step, -1, 0, 0.0))
    return tuple(found)


@lru_cache(maxsize=1 << 14)
def _jump_legs(board: Board, card: int, here: int) -> tuple[tuple[int, int, int], ...]:
    """(position, steps, jump action) for each place a jump with ``card`` reaches, the
    planet itself or a fly on to either neighbour."""
    found = []
    for target, action in board.jumps[card]:
        for side in (0, -1, 1) if target != here else ():
            pos = (target + side) % RING_SIZE
            if pos != here:
                found.append((pos, 1 + abs(side), action))
    return tuple(found)


def deeds(m: Mind, pos: int) -> list[Deed]:
    """What the player could do on arriving at ``pos``, and what it would bring."""
    s = m.s
    take = m.take_value(pos) if s.down[pos] else 0.0
    race = m.race(pos, take) if s.down[pos] else 0.0
    look = take + race
    if s.developer[pos] >= 0:
        return [Deed(1, DISCOVER, (), 0, look)] if s.down[pos] else []
    found = []
    given = m.w.reserved_worth * m.theirs[pos] / (s.n - 1)  # a station hands rivals theirs
    built = STATION_POINTS + look + m.secured(pos) - given
    pairs = sorted(m.pairs(pos), key=lambda q: m.useful[q[0]] + m.useful[q[1]])
    if pairs and m.scanned(pos):
        found.append(Deed(1, DEVELOP_ID[pairs[0]], pairs[0], 1, built - m.cost(pairs[0], 1)))
    scanners = s.board.scans[pos]
    scans = sorted((u, c) for c, u in m.useful.items() if c in scanners)
    if not scans:
        return found
    card = scans[0][1]
    pair = next((q for q in pairs if card not in q), None)
    if pair is not None and s.chips[m.p] >= 2:
        reward = built + look - m.cost([card, *pair], chips=1)
        found.append(Deed(2, scanners[card], (card, *pair), 2, reward))
    if not m.last_turn:  # a reserved tile arrives only if somebody builds there
        landing = s.board.landing[pos]
        lands = any(
            (orange := CARDS[c].orange) is not None and (orange == JOKER or orange in landing)
            for c in m.hand
            if c != card
        )
        hope = (m.w.hope + m.w.hope_landing * lands) * max(0.2, 1.0 - s.faceup / s.threshold)
        option = 0.0 if m.scanned(pos) else m.w.scan_option
        cost = m.cost([card], chips=1 if s.down[pos] else 0)
        found.append(Deed(1, scanners[card], (card,), 1, hope * take + race + option - cost))
    return found


def plans(m: Mind) -> list[tuple[float, int]]:
    """(worth per action, first action) of every plan, a Top up included: it is worth
    the useful cards it brings in."""
    s, left, drop = m.s, 2 - m.s.done, discards(m)
    piles = len(s.draw) + len(s.discard) + len(s.chosen)
    refill = min(HAND_SIZE - len(m.hand) + len(drop), piles + len(drop))
    last, chips = m.last_turn, s.chips[m.p]
    top_up = 0.0 if last else m.w.draw_value * refill * m.draw_hope
    found = [(top_up, drop[0] if drop else DRAW)]
    for pos, ways in enumerate(routes(m)):
        for deed_steps, deed_action, cards, deed_chips, reward in deeds(m, pos):
            for route_steps, route_action, card, route_chips, extra in ways:
                steps = route_steps + deed_steps
                if card in cards or route_chips + deed_chips > chips:
                    continue
                if last and steps > left:  # the game ends first
                    continue
                rate = reward + extra
                if not last:  # in the last turn only the total counts
                    rate /= steps
                if steps > left and rate > 0:
                    rate *= m.w.split_turn
                found.append((rate, route_action if route_steps else deed_action))
        found += [(r.extra, r.action) for r in ways if r.steps == 1 and r.card >= 0]  # gate
    return found


# ---------------------------------------------------------------------- top up


def discards(m: Mind, below: float | None = None) -> list[int]:
    """Cards less useful than ``below`` (the weights' ``useless``), least useful first,
    as many as the draw pile can replace (a reshuffle of a small discard pile would hand
    them back)."""
    s = m.s
    if below is None:
        below = m.w.useless
    if m.last_turn:
        return []
    useless = [c for u, c in sorted((u, c) for c, u in m.useful.items()) if u < below]
    if len(s.discard) + len(s.chosen) < 2 * HAND_SIZE:  # chosen: discarded at the draw
        return useless[: max(0, len(s.draw) - (HAND_SIZE - len(m.hand)))]
    return useless


def idle(m: Mind, found: list[tuple[float, int]]) -> int:
    """No plan pays: refill a short hand, else dig for better cards, else make what
    progress there is (a game where nobody spends chips or takes tiles never ends), else
    cycle the least useful card: a Top up with a full hand and no discard changes nothing."""
    s = m.s
    piles = bool(s.draw or s.discard or s.chosen)
    if len(m.hand) < HAND_SIZE and piles:
        return DRAW
    if dig := discards(m, below=1.0):
        return dig[0]
    progress = [(rate, a) for rate, a in found if a == DISCOVER or a >= SCAN0]
    if progress and not m.last_turn:
        return max(progress)[1]
    if m.hand and piles and not m.last_turn:
        return DISCARD0 + min((use, card) for card, use in m.useful.items())[1]
    return DRAW


# ---------------------------------------------------------------------- choose


def choose(state: SpaceMissionState, rng: random.Random, weights: Weights = MEDIUM) -> int:
    """The heuristic player's action for ``state.cur`` (see the module docstring); with
    :data:`~navcomp.games.space_mission.valuation.MEDIUM` weights, the medium player's."""
    if state.phase == CONFIRM_TURN:
        return CONFIRM
    m = Mind(state, weights)
    if state.phase == PICK:
        pile = state.real[state.pick_pos]  # the pile the player is looking at
        assert pile is not None
        return PICK0 + max((k for k in POINT_KINDS if pile[k]), key=lambda k: m.gains[k])
    if state.phase == TOPUP:
        drop = discards(m)
        return drop[0] if drop else DRAW
    found = plans(m)
    best = max(rate for rate, _ in found)
    if best <= 0:
        return idle(m, found)
    ties = [action for rate, action in found if rate >= best - 1e-9]
    return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def ranked(state: SpaceMissionState, rng: random.Random, weights: Weights = MEDIUM) -> list[int]:
    """The medium player's choice first, then its other options, best first (each action
    once): the first steps of its other plans; the other tiles of the pile, by what they
    add; drawing or discarding the least useful cards.  Reads what :func:`choose` reads:
    fair to the seat."""
    first = choose(state, rng, weights)
    phase = state.phase
    order: list[int] = []
    if phase == MAIN:
        order = [a for _, a in sorted(plans(Mind(state, weights)), key=lambda plan: -plan[0])]
    elif phase == PICK:
        pile, gains = state.real[state.pick_pos], Mind(state, weights).gains
        assert pile is not None
        order = [PICK0 + k for k in sorted(POINT_KINDS, key=lambda k: -gains[k]) if pile[k]]
    elif phase == TOPUP:
        useful = Mind(state, weights).useful
        order = [DRAW, *(DISCARD0 + c for _, c in sorted((u, c) for c, u in useful.items()))]
    seen = {first}
    found = [first]
    for action in order:
        if action not in seen:
            seen.add(action)
            found.append(action)
    return found
