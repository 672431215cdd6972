"""Space Mission: every action, legal and illegal, on small built positions."""

from __future__ import annotations

import pytest

from games.space_mission.space_mission_helpers import (
    FULL_HAND,
    RING,
    card,
    cards,
    check_accounting,
    develop_mark,
    do,
    is_scanned_by,
    legal_of_kind,
    legal_texts,
    new_state,
    phase,
    pile_of,
    pos,
    put_ship,
    reserve,
    reserved_of,
    scan_mark,
    set_cards,
    set_pile,
    snapshot,
    take_all_chips,
    tiles_of,
)
from navcomp.core import (
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    play,
)
from navcomp.games.space_mission.board import GATE
from navcomp.games.space_mission.components import CHIPS_PER_PLAYER

FULL = tuple(FULL_HAND)
"""Five filler cards that neither scan Hazard nor land on it."""


def at_hazard(hand: tuple[str, ...] | list[str], pile: dict[str, int] | None = None):
    """Player 0 (to move) on Hazard with the given hand; Hazard's pile dealt if given."""
    s = new_state()
    set_cards(s, {0: list(hand)})
    put_ship(s, 0, "hazard")
    if pile is not None:
        set_pile(s, "hazard", pile)
    return s


# ------------------------------------------------------------------ jump


def test_jump_from_gate_moves_ship_plays_card_and_places_probe():
    s = new_state()
    set_cards(s, {0: ["B1/O2", *FULL[:4]]})
    do(s, "jump B1/O2 hazard")
    assert s.ship[0] == pos(s, "hazard")
    assert card("B1/O2") not in s.hands[0]
    assert s.discard[-1] == card("B1/O2")
    assert s.chips[0] == CHIPS_PER_PLAYER - 1
    assert s.probes[0] == 1
    assert s.done == 1 and phase(s) == "action"
    check_accounting(s)


def test_jump_reaches_every_planet_in_play_with_the_blue_value():
    s = new_state()
    set_cards(s, {0: ["B1/O2"]})
    assert legal_of_kind(s, "jump") == {
        "jump B1/O2 freezer",
        "jump B1/O2 hazard",
        "jump B1/O2 tempest",
    }


def test_jump_with_wrong_blue_value_is_illegal():
    s = new_state()
    set_cards(s, {0: ["B2/O1"]})
    with pytest.raises(IllegalActionError):
        play(s, 0, "jump B2/O1 hazard")


def test_jump_to_planet_not_in_play_is_illegal():
    s = new_state()
    set_cards(s, {0: ["B3/O1"]})
    assert legal_of_kind(s, "jump") == {"jump B3/O1 ruby-red"}
    with pytest.raises(IllegalActionError):
        play(s, 0, "jump B3/O1 dust-bowl")


def test_jump_blue_joker_reaches_every_planet():
    s = new_state()
    set_cards(s, {0: ["B?/O1"]})
    assert legal_of_kind(s, "jump") == {f"jump B?/O1 {slug}" for slug in RING}


def test_jump_not_to_the_current_planet():
    s = at_hazard(["B?/O1", "B1/O2"])
    jumps = legal_of_kind(s, "jump")
    assert "jump B1/O2 hazard" not in jumps
    assert "jump B?/O1 hazard" not in jumps
    assert "jump B1/O2 freezer" in jumps
    assert len([t for t in jumps if t.startswith("jump B?/O1")]) == 7
    with pytest.raises(IllegalActionError):
        play(s, 0, "jump B1/O2 hazard")


def test_jump_needs_a_chip():
    s = new_state()
    set_cards(s, {0: ["B1/O2"]})
    take_all_chips(s, 0)
    assert legal_of_kind(s, "jump") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "jump B1/O2 hazard")


def test_jump_with_a_card_not_in_hand_is_illegal():
    s = new_state()
    set_cards(s, {0: list(FULL)})
    with pytest.raises(IllegalActionError):
        play(s, 0, "jump B1/O2 hazard")


def test_jump_with_green_orange_card_is_malformed():
    s = new_state()
    with pytest.raises(MalformedActionError):
        play(s, 0, "jump G1/O2 hazard")


# ------------------------------------------------------------------ fly


def test_fly_goes_to_either_ring_neighbour():
    s = at_hazard(FULL)
    assert legal_of_kind(s, "fly") == {"fly green-heggar", "fly ruby-red"}
    do(s, "fly ruby-red")
    assert s.ship[0] == pos(s, "ruby-red")


def test_fly_wraps_around_the_ring():
    s = new_state()
    set_cards(s, {0: list(FULL)})
    put_ship(s, 0, "freezer")
    assert legal_of_kind(s, "fly") == {"fly green-heggar", "fly crystal-maze"}


def test_fly_costs_no_card_and_no_chip():
    s = at_hazard(FULL)
    hand, chips, probes = list(s.hands[0]), s.chips[0], s.probes[0]
    do(s, "fly green-heggar")
    assert list(s.hands[0]) == hand and s.chips[0] == chips and s.probes[0] == probes
    assert s.done == 1


def test_fly_to_a_planet_that_is_not_a_neighbour_is_illegal():
    s = at_hazard(FULL)
    with pytest.raises(IllegalActionError):
        play(s, 0, "fly tempest")


def test_fly_is_not_possible_from_the_gate():
    s = new_state()
    assert legal_of_kind(s, "fly") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "fly freezer")


def test_fly_without_chips_is_legal():
    s = at_hazard(FULL)
    take_all_chips(s, 0)
    do(s, "fly green-heggar")
    assert s.ship[0] == pos(s, "green-heggar")


# ------------------------------------------------------------------ scan


def test_scan_shows_the_pile_then_reserves_the_picked_tile_with_a_chip():
    s = at_hazard(["G4/O1", *FULL[:4]], {"water": 1, "medal": 1, "space": 6})
    do(s, "scan G4/O1")
    assert phase(s) == "pick"
    assert card("G4/O1") in s.discard
    assert s.chips[0] == CHIPS_PER_PLAYER  # the marker is placed with the pick
    assert legal_texts(s) == {"pick water", "pick medal"}
    do(s, "pick water")
    assert reserved_of(s, 0) == [("hazard", "water")]
    assert tiles_of(s, 0) == {}
    assert s.chips[0] == CHIPS_PER_PLAYER - 1
    assert pile_of(s, "hazard") == {"medal": 1, "space": 6}
    assert s.down[pos(s, "hazard")] == 7
    assert s.done == 1 and phase(s) == "action"
    check_accounting(s)


def test_scan_with_green_joker():
    s = at_hazard(["B1/G?"], {"water": 1, "space": 7})
    assert legal_of_kind(s, "scan") == {"scan B1/G?"}


def test_scan_with_wrong_green_value_is_illegal():
    s = at_hazard(["G3/O1", "G4/O2"], {"water": 1, "space": 7})
    assert legal_of_kind(s, "scan") == {"scan G4/O2"}
    with pytest.raises(IllegalActionError):
        play(s, 0, "scan G3/O1")


def test_scan_with_a_card_without_green_is_malformed():
    s = at_hazard(["B1/O2"])
    with pytest.raises(MalformedActionError):
        play(s, 0, "scan B1/O2")


def test_scan_of_developed_planet_is_refused():
    s = at_hazard(["G4/O1"], {"water": 1, "space": 7})
    develop_mark(s, 1, "hazard")
    assert legal_of_kind(s, "scan") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "scan G4/O1")


def test_scan_from_the_gate_is_refused():
    s = new_state()
    set_cards(s, {0: ["B1/G?"]})
    assert legal_of_kind(s, "scan") == set()


def test_scan_needs_a_chip_even_when_it_would_find_nothing():
    s = at_hazard(["G4/O1"], {"space": 3})
    take_all_chips(s, 0)
    assert legal_of_kind(s, "scan") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "scan G4/O1")


def test_rescan_reserves_another_tile():
    s = at_hazard(["G4/O1", "G4/O2"], {"water": 1, "medal": 1, "space": 6})
    do(s, "scan G4/O1", "pick water", "scan G4/O2")
    assert legal_texts(s) == {"pick medal"}
    do(s, "pick medal")
    assert reserved_of(s, 0) == [("hazard", "medal"), ("hazard", "water")]
    assert s.chips[0] == CHIPS_PER_PLAYER - 2


def test_scan_does_not_show_tiles_reserved_by_others():
    s = at_hazard(["G4/O1"], {"water": 1, "space": 6})
    reserve(s, 1, "hazard", "medal")
    do(s, "scan G4/O1")
    assert legal_texts(s) == {"pick water"}


def test_scan_finding_nothing_uses_no_chip_turns_space_up_and_counts_as_scanned():
    s = at_hazard(["G4/O1", *FULL[:4]], {"space": 3})
    do(s, "scan G4/O1")
    at = pos(s, "hazard")
    assert phase(s) == "action" and s.done == 1
    assert s.chips[0] == CHIPS_PER_PLAYER
    assert card("G4/O1") in s.discard
    assert s.up[at] == 3 and s.down[at] == 0 and s.faceup == 3
    assert is_scanned_by(s, 0, "hazard")
    assert reserved_of(s, 0) == []
    check_accounting(s)


def test_scan_taking_last_point_tile_turns_space_tiles_up():
    s = at_hazard(["G4/O1"], {"water": 1, "space": 2})
    do(s, "scan G4/O1", "pick water")
    at = pos(s, "hazard")
    assert s.up[at] == 2 and s.down[at] == 0 and s.faceup == 2


def test_pick_offers_each_point_kind_once_and_never_space():
    pile = {"water": 3, "medal": 1, "mineral-red": 2, "space": 2}
    s = at_hazard(["G4/O1"], pile)
    do(s, "scan G4/O1")
    assert legal_texts(s) == {"pick water", "pick medal", "pick mineral-red"}
    with pytest.raises(MalformedActionError):
        play(s, 0, "pick space")
    with pytest.raises(IllegalActionError):
        play(s, 0, "pick alien-blue")


def test_pick_is_the_only_decision_while_looking():
    s = at_hazard(["G4/O1", "B1/O2"], {"water": 1, "space": 7})
    do(s, "scan G4/O1")
    for text in ("confirm", "draw", "fly ruby-red", "jump B1/O2 freezer", "discard B1/O2"):
        with pytest.raises(IllegalActionError):
            play(s, 0, text)


# ------------------------------------------------------------------ develop


def develop_position(hand, pile=None, slug="hazard", scanner=0):
    """Player 0 on ``slug`` with ``hand``; the planet's pile dealt and scanned by ``scanner``."""
    s = new_state()
    set_cards(s, {0: list(hand)})
    put_ship(s, 0, slug)
    set_pile(s, slug, pile or {"water": 1, "space": 2})
    scan_mark(s, scanner, slug)
    return s


def test_develop_places_station_plays_both_cards_and_spends_a_chip():
    s = develop_position(["B1/O1", "G2/O3", *FULL[:3]])
    do(s, "develop B1/O1 G2/O3")
    at = pos(s, "hazard")
    assert s.developer[at] == 0
    assert {card("B1/O1"), card("G2/O3")} <= set(s.discard)
    assert s.chips[0] == CHIPS_PER_PLAYER - 1
    assert phase(s) == "pick"
    do(s, "pick water")
    assert tiles_of(s, 0) == {"water": 1}
    assert s.up[at] == 2 and s.down[at] == 0
    check_accounting(s)


def test_develop_needs_own_scan():
    s = develop_position(["B1/O1", "G2/O3"], scanner=1)
    assert legal_of_kind(s, "develop") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "develop B1/O1 G2/O3")


def test_develop_after_a_scan_that_found_nothing():
    s = at_hazard(["G4/O2", "B1/O1", "G2/O3"], {"space": 2})
    do(s, "scan G4/O2")
    assert legal_of_kind(s, "develop") == {"develop B1/O1 G2/O3"}
    do(s, "develop B1/O1 G2/O3")
    assert s.developer[pos(s, "hazard")] == 0
    assert phase(s) == "confirm"  # nothing to pick


def test_same_planet_cannot_be_developed_twice():
    s = develop_position(["B1/O1", "G2/O3"])
    develop_mark(s, 1, "hazard")
    assert legal_of_kind(s, "develop") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "develop B1/O1 G2/O3")


def test_develop_needs_one_card_per_landing_coordinate():
    s = develop_position(["B1/O1", "B2/O1", "G3/O3", "G4/O3"])
    assert legal_of_kind(s, "develop") == {
        "develop B1/O1 G3/O3",
        "develop B1/O1 G4/O3",
        "develop B2/O1 G3/O3",
        "develop B2/O1 G4/O3",
    }
    with pytest.raises(IllegalActionError):
        play(s, 0, "develop B1/O1 B2/O1")
    with pytest.raises(IllegalActionError):
        play(s, 0, "develop G3/O3 G4/O3")


def test_develop_equal_landing_coordinates_needs_two_cards():
    s = develop_position(["B1/O3", "B1/O1", "G1/O2"], slug="tempest")
    assert legal_of_kind(s, "develop") == set()
    s = develop_position(["B1/O3", "G1/O3", "G1/O2"], slug="tempest")
    assert legal_of_kind(s, "develop") == {"develop B1/O3 G1/O3"}


def test_develop_same_card_twice_is_malformed():
    s = develop_position(["B1/O3"], slug="tempest")
    with pytest.raises(MalformedActionError):
        play(s, 0, "develop B1/O3 B1/O3")


def test_develop_with_orange_jokers():
    s = develop_position(["G1/O?", "G2/O?"], slug="crystal-maze")
    assert legal_of_kind(s, "develop") == {"develop G1/O? G2/O?"}
    s = develop_position(["G1/O?", "B2/O1", "B2/O2"])
    assert legal_of_kind(s, "develop") == {"develop B2/O1 G1/O?"}


def test_develop_with_one_joker_still_needs_the_other_coordinate():
    s = develop_position(["G1/O?", "B2/O2", "B2/O4"])  # Hazard lands on 1 and 3
    assert legal_of_kind(s, "develop") == set()


def test_develop_hands_out_reserved_tiles_and_returns_marker_chips():
    s = develop_position(["B1/O1", "G2/O3"], {"water": 1, "medal": 1, "space": 2})
    reserve(s, 0, "hazard", "alien-blue")
    reserve(s, 1, "hazard", "matter-green")
    reserve(s, 1, "hazard", "mineral-red")
    assert list(s.chips) == [CHIPS_PER_PLAYER - 1, CHIPS_PER_PLAYER - 2]
    do(s, "develop B1/O1 G2/O3")
    # the station costs one chip; every marker came home
    assert list(s.chips) == [CHIPS_PER_PLAYER - 1, CHIPS_PER_PLAYER]
    assert reserved_of(s, 0) == [] and reserved_of(s, 1) == []
    assert tiles_of(s, 0) == {"alien-blue": 1}
    assert tiles_of(s, 1) == {"matter-green": 1, "mineral-red": 1}
    assert legal_texts(s) == {"pick water", "pick medal"}
    do(s, "pick medal")
    assert tiles_of(s, 0) == {"alien-blue": 1, "medal": 1}
    check_accounting(s)


def test_develop_leaves_reservations_elsewhere_alone():
    s = develop_position(["B1/O1", "G2/O3"])
    reserve(s, 1, "oasis", "water")
    do(s, "develop B1/O1 G2/O3")
    assert reserved_of(s, 1) == [("oasis", "water")]
    assert s.chips[1] == CHIPS_PER_PLAYER - 1


def test_develop_needs_a_chip():
    s = develop_position(["B1/O1", "G2/O3"])
    take_all_chips(s, 0)
    assert legal_of_kind(s, "develop") == set()
    with pytest.raises(IllegalActionError):
        play(s, 0, "develop B1/O1 G2/O3")


def test_develop_with_no_point_tile_left_gives_no_pick():
    s = develop_position(["B1/O1", "G2/O3"], {"space": 2})
    do(s, "develop B1/O1 G2/O3")
    at = pos(s, "hazard")
    assert phase(s) == "action" and s.done == 1  # the action is over: no pick
    assert s.up[at] == 2 and s.down[at] == 0


# ------------------------------------------------------------------ discover


def discover_position(pile, developer=1):
    s = new_state()
    set_cards(s, {0: list(FULL)})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", pile)
    develop_mark(s, developer, "hazard")
    return s


def test_discover_needs_a_developed_planet():
    s = at_hazard(FULL, {"water": 1, "space": 7})
    assert "discover" not in legal_texts(s)
    with pytest.raises(IllegalActionError):
        play(s, 0, "discover")


def test_discover_takes_a_tile_without_card_or_chip():
    s = discover_position({"water": 2, "alien-brown": 1, "space": 1})
    hand, chips = list(s.hands[0]), s.chips[0]
    do(s, "discover")
    assert phase(s) == "pick"
    assert legal_texts(s) == {"pick water", "pick alien-brown"}
    do(s, "pick water")
    assert tiles_of(s, 0) == {"water": 1}
    assert list(s.hands[0]) == hand and s.chips[0] == chips
    assert s.done == 1
    check_accounting(s)


def test_discover_pick_is_mandatory():
    s = discover_position({"water": 1, "space": 1})
    do(s, "discover")
    assert legal_texts(s) == {"pick water"}


def test_discover_on_own_station_and_without_chips():
    s = discover_position({"water": 1, "space": 1}, developer=0)
    take_all_chips(s, 0)
    assert "discover" in legal_texts(s)


def test_discover_refused_when_no_tile_is_face_down():
    s = discover_position({})
    assert "discover" not in legal_texts(s)


def test_discover_from_the_gate_is_refused():
    s = discover_position({"water": 1})
    put_ship(s, 0, None)
    assert "discover" not in legal_texts(s)


def test_discover_last_point_tile_turns_space_up():
    s = discover_position({"water": 1, "space": 3})
    do(s, "discover", "pick water")
    at = pos(s, "hazard")
    assert s.up[at] == 3 and s.faceup == 3
    assert "discover" not in legal_texts(s)


# ------------------------------------------------------------------ top up


def test_draw_fills_the_hand_to_five():
    s = new_state()
    set_cards(s, {0: ["B1/O2", "B1/O3"]})
    draw_before = len(s.draw)
    do(s, "draw")
    assert len(s.hands[0]) == 5
    assert len(s.draw) == draw_before - 3
    assert s.done == 1 and phase(s) == "action"
    check_accounting(s)


def test_discard_then_draw():
    s = new_state()
    set_cards(s, {0: list(FULL)})
    do(s, "discard B3/O3")
    assert phase(s) == "top-up" and s.done == 0
    assert s.chosen == [card("B3/O3")] and not s.discard  # a preview until the draw
    do(s, "discard G2/O2")
    assert len(s.hands[0]) == 3
    do(s, "draw")
    assert len(s.hands[0]) == 5 and s.done == 1 and phase(s) == "action"
    assert s.discard == cards("B3/O3", "G2/O2") and not s.chosen
    check_accounting(s)


def test_after_a_discard_only_discards_and_draw_are_legal():
    s = new_state()
    set_cards(s, {0: ["B1/O2", *FULL[1:]]})
    put_ship(s, 0, "freezer")
    do(s, "discard B3/G1")
    assert legal_texts(s) == {"draw"} | {f"discard {t}" for t in ["B1/O2", *FULL[1:4]]}
    with pytest.raises(IllegalActionError):
        play(s, 0, "jump B1/O2 hazard")


def test_draw_with_a_full_hand_and_no_discards_does_nothing_but_is_an_action():
    s = new_state()
    hand, draw = list(s.hands[0]), list(s.draw)
    do(s, "draw")
    assert list(s.hands[0]) == hand and list(s.draw) == draw
    assert s.done == 1


def test_draw_reshuffles_discard_pile_when_draw_pile_is_empty():
    s = new_state()
    set_cards(s, {0: ["B1/O2", "B1/O3"]}, draw=[])
    old_discard = set(s.discard)
    do(s, "draw")
    assert len(s.hands[0]) == 5
    assert not s.discard
    drawn = set(s.hands[0]) - set(cards("B1/O2", "B1/O3"))
    assert drawn <= old_discard
    assert set(s.draw) == old_discard - drawn
    check_accounting(s)


def test_draw_uses_up_the_draw_pile_before_reshuffling():
    s = new_state()
    set_cards(s, {0: ["B1/O2"]}, draw=["B4/O4"])
    do(s, "draw")
    assert card("B4/O4") in s.hands[0]
    assert len(s.hands[0]) == 5
    assert not s.discard
    check_accounting(s)


def test_discarded_cards_can_come_back_by_reshuffle():
    s = new_state()
    set_cards(s, {0: list(FULL)}, draw=[], discard=[], leave_out_rest=True)
    do(s, "discard B3/O3", "discard B4/O4", "draw")
    assert list(s.hands[0]) == cards(*FULL)
    assert not s.draw and not s.discard


def test_draw_stops_when_both_piles_are_empty():
    s = new_state()
    set_cards(s, {0: ["B1/O2", "B1/O3"]}, draw=[], discard=[], leave_out_rest=True)
    do(s, "draw")
    assert list(s.hands[0]) == cards("B1/O2", "B1/O3")
    assert s.done == 1 and phase(s) == "action"


def test_discard_of_a_card_not_in_hand_is_illegal():
    s = new_state()
    set_cards(s, {0: list(FULL)})
    with pytest.raises(IllegalActionError):
        play(s, 0, "discard B1/O2")


def test_top_up_is_legal_on_the_gate():
    s = new_state()
    set_cards(s, {0: list(FULL)})
    assert {"draw"} | {f"discard {t}" for t in FULL} <= legal_texts(s)


# ------------------------------------------------------------------ confirm


def test_confirm_is_illegal_before_two_actions():
    s = new_state()
    with pytest.raises(IllegalActionError):
        play(s, 0, "confirm")
    do(s, "draw")
    with pytest.raises(IllegalActionError):
        play(s, 0, "confirm")


def test_confirm_is_the_only_action_after_two():
    s = at_hazard(["B1/O2", *FULL[:4]])
    do(s, "fly ruby-red", "fly hazard")
    assert phase(s) == "confirm"
    assert legal_texts(s) == {"confirm"}
    with pytest.raises(IllegalActionError):
        play(s, 0, "draw")


def test_confirm_passes_the_turn_to_the_next_seat_and_wraps():
    s = new_state(3)
    do(s, "draw", "draw", "confirm")
    assert s.current_player == 1 and s.done == 0 and phase(s) == "action"
    do(s, "draw", "draw", "confirm", "draw", "draw", "confirm")
    assert s.current_player == 0


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "teleport hazard",
        "jump B1/O2",
        "jump B1/O2 hazard hazard",
        "jump B1/O2 pluto",
        "jump B9/O2 hazard",
        "fly",
        "confirm now",
        "draw B1/O2",
        "pick",
        "pick space",
        "pick gold",
        "scan",
        "discard",
        "develop B1/O1",
        "develop B1/O1 G2/O3 G3/O3",
        "develop B1/G1 B1/O1",
    ],
)
def test_malformed_text_raises_malformed_and_changes_nothing(text):
    s = at_hazard(["B1/O1", "G2/O3", "B1/O2"])
    before = snapshot(s)
    with pytest.raises(MalformedActionError) as err:
        play(s, 0, text)
    assert err.value.code == "malformed_action"
    assert snapshot(s) == before


@pytest.mark.parametrize("action", [None, 3.5, True, -1, 10**6, ["jump"], {"type": "nope"}])
def test_malformed_other_forms_raise_malformed(action):
    s = new_state()
    before = snapshot(s)
    with pytest.raises(MalformedActionError):
        play(s, 0, action)
    assert snapshot(s) == before


@pytest.mark.parametrize(
    "text",
    [
        "confirm",
        "discover",
        "pick water",
        "fly tempest",
        "jump B1/O2 hazard",
        "jump B2/O1 oasis",
        "scan G1/O1",
        "develop B1/O1 G2/O3",
        "discard B4/O4",
    ],
)
def test_illegal_action_raises_illegal_and_changes_nothing(text):
    s = at_hazard(["B1/O1", "G2/O3", "B1/O2"], {"water": 1, "space": 7})
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as err:
        play(s, 0, text)
    assert type(err.value) is IllegalActionError
    assert err.value.code == "illegal_action"
    assert snapshot(s) == before


def test_out_of_turn_raises_not_your_turn_and_changes_nothing():
    s = new_state()
    before = snapshot(s)
    with pytest.raises(NotYourTurnError) as err:
        play(s, 1, "draw")
    assert err.value.code == "not_your_turn"
    assert snapshot(s) == before


def test_out_of_turn_even_for_an_action_that_would_be_legal_for_the_mover():
    s = at_hazard(["B1/O2"])
    before = snapshot(s)
    with pytest.raises(NotYourTurnError):
        play(s, 1, "jump B1/O2 freezer")
    assert snapshot(s) == before


def test_after_the_end_actions_raise_game_over():
    s = new_state(options={"max_rounds": 1})
    do(s, "draw", "draw", "confirm", "draw", "draw", "confirm")
    assert s.current_player is None
    before = snapshot(s)
    with pytest.raises(GameOverError) as err:
        play(s, 0, "draw")
    assert err.value.code == "game_over"
    assert snapshot(s) == before


def test_the_error_kinds_are_distinct():
    classes = [MalformedActionError, IllegalActionError, NotYourTurnError, GameOverError]
    codes = {c.code for c in classes}
    assert len(codes) == 4
    assert not issubclass(MalformedActionError, IllegalActionError)
    assert not issubclass(NotYourTurnError, IllegalActionError)
    assert not issubclass(NotYourTurnError, MalformedActionError)


# ------------------------------------------------------------------ small invariants


def test_legal_actions_are_sorted_and_unique_on_a_busy_position():
    s = new_state()
    set_cards(s, {0: ["B?/O1", "B1/G?", "G1/O?", "B1/O3", "G4/O1"]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {"water": 1, "space": 1})
    scan_mark(s, 0, "hazard")
    legal = s.legal_actions()
    assert legal == sorted(set(legal))
    kinds = {text.split()[0] for text in legal_texts(s)}
    assert kinds == {"draw", "fly", "discard", "scan", "jump", "develop"}


def test_ships_start_on_the_gate():
    s = new_state(4)
    assert list(s.ship) == [GATE] * 4
