"""The Space Pioneers heuristic player's decisions (the medium level): a one-turn planner
that plays like a sensible human.

It values placements and hands by :class:`~navcomp.games.space_pioneers.valuation.Seat`.
Each decision it

* draws the face-up card that improves its best placement most, or a spaceship when its
  hand has none, and otherwise the deck's top card (seeks a spaceship when it has none
  and cannot place);
* places the card whose placement gains most: captures, missions, tasks, growth; into
  another network only planets that capture or meet a mission or task, less what the
  card gives that network's owner;
* removes a spaceship only for its "no spaceship in hand" task, or in solo for the
  side-B mission, or to start again: a network of one spaceship that no card in hand
  fits goes when a spaceship in hand would take some of the hand's planets;
* in solo, chases the solo card's current side.

It reads only what the player on turn may know: every network, its own hand, its own
top-secret card, the face-up cards, the missions and captures, and counts.  The deck and
others' hands are never looked at.
"""

from __future__ import annotations

import random

from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import CENTRE, SHIP
from navcomp.games.space_pioneers.features import Net
from navcomp.games.space_pioneers.missions import HAND, TOP_SECRET, SoloMission
from navcomp.games.space_pioneers.network import KIND, places, stays_connected
from navcomp.games.space_pioneers.rules import CAPTURE, CHOOSE, DRAW, PLACE, REMOVE
from navcomp.games.space_pioneers.state import SpacePioneersState
from navcomp.games.space_pioneers.valuation import DECK_GAIN, PASS_BELOW, Seat, public_worth


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
    if phase == REMOVE and (restart := blocked_lone_ship(s, p)) is not None:
        return [act.REMOVE0 + restart, act.DONE]
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


def blocked_lone_ship(s: SpacePioneersState, p: int) -> int | None:
    """The spaceship of a network of one card that no card in hand fits, if a spaceship
    in hand would take one of the hand's planets: removed, it makes room for that one."""
    network, hand = s.networks[p], s.hands[p]
    if len(network) != 1 or s.n == 1:
        return None
    (lone,) = network.values()
    if KIND[lone] != SHIP or any(places(card, network, True, CENTRE) for card in hand):
        return None
    for ship in (c for c in hand if KIND[c] == SHIP):
        start = {CENTRE: ship}
        if any(KIND[c] != SHIP and places(c, start, True, CENTRE) for c in hand):
            return lone
    return None


def _nothing_to_remove(s: SpacePioneersState, p: int) -> bool:
    if s.n == 1:
        return s.side == 0 or bool(s.side_done & SoloMission.SECOND)
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
        if s.side == 1 and not s.side_done & SoloMission.SECOND:
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
