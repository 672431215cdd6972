"""Space Pioneers placement: the first card, alternation, one and two criteria, each side."""

from __future__ import annotations

import pytest

from games.space_pioneers.space_pioneers_helpers import (
    PLANETS,
    SHIPS,
    blank,
    find,
    give,
    meets,
    pair,
    place,
    put,
    two,
)
from navcomp.games.space_pioneers import SpacePioneersState
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import (
    ABOVE,
    BELOW,
    CARDS,
    LEFT,
    RIGHT,
    Criterion,
    match_rates,
)

SHIP = SHIPS[0]


def placements(s: SpacePioneersState, card: int) -> set[tuple[int, int, int]]:
    """(network, x, y) where ``card`` may go; empty if it may not be chosen."""
    if act.CHOOSE0 + card not in s.legal_actions():
        return set()
    s.apply_action(act.CHOOSE0 + card)
    out = set()
    for a in s.legal_actions():
        if a >= act.PLACE0:
            data = act.Action.from_id(a).to_json()
            out.add((data["network"], data["x"], data["y"]))
    s.apply_action(act.BACK)
    return out


def test_the_first_card_must_be_a_spaceship_in_the_middle() -> None:
    s = blank()
    give(s, 0, PLANETS[0], SHIP)
    assert act.CHOOSE0 + PLANETS[0] not in s.legal_actions()
    assert placements(s, SHIP) == {(0, 0, 0)}


def test_planets_and_ships_alternate() -> None:
    s = blank()
    put(s, 0, 0, 0, SHIP)
    other_ship = find(SHIPS, lambda c: meets(c, SHIP, LEFT) != 0, avoid=(SHIP,))
    give(s, 0, other_ship)
    assert act.CHOOSE0 + other_ship not in s.legal_actions()


@pytest.mark.parametrize(
    ("where", "dx", "dy", "met"),
    [
        (LEFT, 1, 0, Criterion.COLOUR),
        (LEFT, 1, 0, Criterion.OUTER),
        (RIGHT, -1, 0, Criterion.OUTER),
        (ABOVE, 0, 1, Criterion.MIDDLE),
        (BELOW, 0, -1, Criterion.MIDDLE),
        (BELOW, 0, -1, Criterion.COLOUR),
    ],
)
def test_own_network_one_criterion_on_each_side(where: int, dx: int, dy: int, met: int) -> None:
    """A planet whose only neighbour (on side ``where``) meets exactly ``met`` fits."""
    planet, ship = pair(where, met)
    s = blank()
    put(s, 0, 0, 0, ship)
    give(s, 0, planet)
    assert (0, dx, dy) in placements(s, planet)


def test_own_network_no_criterion_no_place() -> None:
    s = blank()
    put(s, 0, 0, 0, SHIP)
    planet = find(PLANETS, lambda c: all(meets(c, SHIP, w) == 0 for w in range(4)))
    give(s, 0, planet)
    assert act.CHOOSE0 + planet not in s.legal_actions()


def test_middle_symbols_only_count_above_and_below() -> None:
    planet = find(PLANETS, lambda c: CARDS[c].top[1] == CARDS[SHIP].bottom[1])
    assert meets(planet, SHIP, ABOVE) & Criterion.MIDDLE
    assert (
        not meets(planet, SHIP, LEFT) & Criterion.MIDDLE
        and not meets(planet, SHIP, RIGHT) & Criterion.MIDDLE
    )


def test_every_touching_side_must_meet_one_criterion() -> None:
    """Between two ships, a planet fitting one but not the other may not go."""
    right_ship = SHIPS[5]
    one_side = find(
        PLANETS, lambda c: meets(c, SHIP, LEFT) != 0 and meets(c, right_ship, RIGHT) == 0
    )
    both = find(PLANETS, lambda c: meets(c, SHIP, LEFT) != 0 and meets(c, right_ship, RIGHT) != 0)
    for planet, fits in ((one_side, False), (both, True)):
        s = blank()
        put(s, 0, 0, 0, SHIP)
        put(s, 0, 2, 0, right_ship)
        give(s, 0, planet)
        s.apply_action(act.CHOOSE0 + planet)  # it fits left of the first ship in any case
        assert (act.place_action(0, act.xy_cell(1, 0)) in s.legal_actions()) is fits


def test_only_planets_go_into_another_network() -> None:
    s = blank()
    put(s, 0, 0, 0, SHIP)
    put(s, 1, 0, 0, SHIPS[1])
    planet = find(PLANETS, lambda c: meets(c, SHIPS[1], LEFT) == Criterion.COLOUR | Criterion.OUTER)
    ship = find(SHIPS, lambda c: True, avoid=(SHIP, SHIPS[1]))
    give(s, 0, ship)
    assert all(net == 0 for net, _, _ in placements(s, ship))
    give(s, 0, planet)
    assert (1, 1, 0) in placements(s, planet)


@pytest.mark.parametrize(
    ("where", "dx", "dy", "met", "fits"),
    [
        (LEFT, 1, 0, Criterion.COLOUR | Criterion.OUTER, True),
        (LEFT, 1, 0, Criterion.COLOUR, False),
        (LEFT, 1, 0, Criterion.OUTER, False),
        (ABOVE, 0, 1, Criterion.OUTER | Criterion.MIDDLE, True),
        (ABOVE, 0, 1, Criterion.COLOUR | Criterion.MIDDLE, True),
        (BELOW, 0, -1, Criterion.COLOUR | Criterion.OUTER, True),
        (BELOW, 0, -1, Criterion.MIDDLE, False),
        (ABOVE, 0, 1, Criterion.COLOUR, False),
    ],
)
def test_another_network_needs_two_criteria(
    where: int, dx: int, dy: int, met: int, fits: bool
) -> None:
    planet, owner_ship = pair(where, met)
    s = blank()
    put(s, 1, 0, 0, owner_ship)
    give(s, 0, planet)
    if fits:
        assert (1, dx, dy) in placements(s, planet)
        assert two(planet, owner_ship, where)
    else:
        assert (1, dx, dy) not in placements(s, planet)


def test_choose_then_back_changes_nothing_but_the_step() -> None:
    s = blank()
    give(s, 0, SHIP)
    before = s.to_json()
    s.apply_action(act.CHOOSE0 + SHIP)
    assert s.legal_actions()[0] == act.BACK
    s.apply_action(act.BACK)
    assert s.to_json() == before


def test_placing_moves_the_card_from_hand_to_network() -> None:
    s = blank()
    place(s, 0, SHIP, 0, 0, 0)
    assert s.hands[0] == [] and s.networks[0] == {act.xy_cell(0, 0): SHIP}


def test_the_card_list_meets_the_documented_rates() -> None:
    assert len(CARDS) == 96
    planets = [c for c in CARDS if c.kind == "planet"]
    ships = [c for c in CARDS if c.kind == "ship"]
    assert len(planets) == 64 and len(ships) == 32
    for kind_cards, copies in ((planets, 8), (ships, 4)):
        for t in range(8):
            same = [c for c in kind_cards if c.type == t]
            assert len(same) == copies
            assert len({(c.top, c.bottom) for c in same}) == copies, "copies must differ"
            assert {c.colour for c in same} == {t // 2}
    one, two_rate = match_rates(list(CARDS))
    assert 0.45 <= one <= 0.55
    assert 0.13 <= two_rate <= 0.2
