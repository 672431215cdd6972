"""Space Mission: the 17 numbered decisions of the shared rules page, and the engine's own.

Each ``test_decision_NN_...`` checks decision NN of docs/space-mission-rules.md (shared);
``test_engine_...`` checks a decision the engine adds beyond it.
"""

from __future__ import annotations

import random

import pytest

from games.space_mission.space_mission_helpers import (
    FULL_HAND,
    RING,
    card,
    card_texts,
    cards,
    check_accounting,
    collect,
    develop_mark,
    do,
    legal_of_kind,
    legal_texts,
    match_from,
    new_state,
    pass_turn,
    pile_of,
    pos,
    put,
    put_ship,
    reserve,
    reserved_of,
    scan_mark,
    set_cards,
    set_pile,
    set_probes,
    snapshot,
    take_all_chips,
    tiles_of,
)
from navcomp.core import GameOverError, IllegalActionError, NotYourTurnError, play
from navcomp.games.space_mission import GAME
from navcomp.games.space_mission.board import GATE
from navcomp.games.space_mission.components import (
    CHIPS_PER_PLAYER,
    NUM_PLANETS,
    PILE_SIZE,
    RING_SIZE,
    TILE_COUNTS,
)
from navcomp.games.space_mission.scoring import gate_points, tile_breakdown, winners_and_ranks

# ====================================================================== decision 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_decision_01_two_to_five_players(n):
    s = GAME.new_initial_state(n, 1)
    assert s.num_players == n
    assert len(s.hands) == n and all(len(h) == 5 for h in s.hands)


@pytest.mark.parametrize("n", [0, 1, 6])
def test_decision_01_other_player_counts_are_refused(n):
    with pytest.raises(ValueError):
        GAME.new_initial_state(n, 1)


def test_decision_01_start_player_is_drawn_at_random():
    starts = {GAME.new_initial_state(4, seed).current_player for seed in range(60)}
    assert starts == {0, 1, 2, 3}


def test_decision_01_start_player_is_marked_and_moves_first():
    s = GAME.new_initial_state(5, 17)
    assert s.current_player == s.start
    assert s.view(None)["start_player"] == s.start


# ====================================================================== decision 2


def test_decision_02_eight_different_planets_of_twelve_form_the_ring():
    for seed in range(20):
        ring = GAME.new_initial_state(3, seed).board.ring
        assert len(ring) == RING_SIZE == 8
        assert len(set(ring)) == 8
        assert all(0 <= p < NUM_PLANETS for p in ring)


def test_decision_02_every_planet_has_exactly_its_two_ring_neighbours():
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    for at, slug in enumerate(RING):
        put_ship(s, 0, slug)
        expected = {f"fly {RING[(at - 1) % 8]}", f"fly {RING[(at + 1) % 8]}"}
        assert legal_of_kind(s, "fly") == expected


def test_decision_02_ships_start_on_the_gate_and_only_jump_leads_away():
    s = new_state(3)
    set_cards(s, {0: ["B1/O2", "B1/G?", "G1/O?", "B2/O1", "G4/O3"]})
    assert list(s.ship) == [GATE] * 3
    kinds = {t.split()[0] for t in legal_texts(s)}
    assert kinds == {"draw", "discard", "jump"}


# ====================================================================== decision 3


def test_decision_03_a_turn_is_two_actions_then_confirm():
    s = new_state()
    set_cards(s, {0: ["B1/O2", "B2/O2", *FULL_HAND[:3]]})
    do(s, "jump B1/O2 hazard")
    assert s.current_player == 0 and "confirm" not in legal_texts(s)
    do(s, "fly ruby-red")
    assert legal_texts(s) == {"confirm"}
    do(s, "confirm")
    assert s.current_player == 1


def test_decision_03_the_same_action_may_be_taken_twice():
    s = new_state()
    set_cards(s, {0: ["B1/O2", "B2/O2", *FULL_HAND[:3]]})
    do(s, "jump B1/O2 hazard", "jump B2/O2 oasis")
    assert s.ship[0] == pos(s, "oasis")
    assert s.probes[0] == 2
    assert legal_texts(s) == {"confirm"}


def test_decision_03_top_up_with_full_hand_and_no_discards_is_legal():
    s = new_state()
    before = sorted(s.hands[0])
    do(s, "draw", "draw")
    assert sorted(s.hands[0]) == before
    assert legal_texts(s) == {"confirm"}


def test_decision_03_a_player_always_has_a_legal_action():
    s = new_state()
    set_cards(s, {0: []}, draw=[], discard=[], leave_out_rest=True)
    take_all_chips(s, 0)
    assert legal_texts(s) == {"draw"}
    do(s, "draw", "draw", "confirm")
    assert s.current_player == 1


# ====================================================================== decision 4


def test_decision_04_jump_to_any_other_planet_with_the_blue_value():
    s = new_state()
    set_cards(s, {0: ["B2/O3"]})
    put_ship(s, 0, "oasis")
    assert legal_of_kind(s, "jump") == {"jump B2/O3 green-heggar", "jump B2/O3 aqua-vita"}


def test_decision_04_blue_joker_matches_every_planet():
    s = new_state()
    set_cards(s, {0: ["B?/O3"]})
    put_ship(s, 0, "oasis")
    targets = {t.split()[2] for t in legal_of_kind(s, "jump")}
    assert targets == set(RING) - {"oasis"}


def test_decision_04_jump_places_a_chip_on_the_gate():
    s = new_state()
    set_cards(s, {0: ["B4/O3", *FULL_HAND[:4]]})
    do(s, "jump B4/O3 crystal-maze")
    assert s.chips[0] == CHIPS_PER_PLAYER - 1 and s.probes[0] == 1
    assert s.view(None)["seats"][0]["probes"] == 1
    check_accounting(s)


def test_decision_04_no_jump_without_a_chip():
    s = new_state()
    set_cards(s, {0: ["B?/O3"]})
    take_all_chips(s, 0)
    assert legal_of_kind(s, "jump") == set()


# ====================================================================== decision 5


def scan_position(pile, hand=("G4/O1", "G4/O2", "B3/O3", "B4/O4", "G2/O2")):
    s = new_state()
    set_cards(s, {0: list(hand)})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", pile)
    return s


def test_decision_05_scan_shows_every_unreserved_tile():
    s = scan_position({"water": 2, "medal": 1, "space": 3})
    reserve(s, 1, "hazard", "alien-blue")
    do(s, "scan G4/O1")
    view = s.view(0)
    assert view["phase"] == "pick"
    assert view["private"]["pile"] == {"water": 2, "medal": 1, "space": 3}


def test_decision_05_scan_reserves_a_point_tile_that_leaves_the_pile_marked_with_a_chip():
    s = scan_position({"water": 2, "medal": 1, "space": 3})
    do(s, "scan G4/O1", "pick medal")
    assert reserved_of(s, 0) == [("hazard", "medal")]
    assert pile_of(s, "hazard") == {"water": 2, "space": 3}
    planet = s.view(None)["planets"][pos(s, "hazard")]
    assert planet["reserved"] == [1, 0]
    assert planet["tiles_face_down"] == 5
    assert s.chips[0] == CHIPS_PER_PLAYER - 1
    check_accounting(s)


def test_decision_05_the_same_planet_may_be_scanned_again():
    s = scan_position({"water": 2, "medal": 1, "space": 3})
    do(s, "scan G4/O1", "pick medal", "scan G4/O2", "pick water")
    assert reserved_of(s, 0) == [("hazard", "medal"), ("hazard", "water")]
    assert s.chips[0] == CHIPS_PER_PLAYER - 2


def test_decision_05_only_undeveloped_planets_are_scanned():
    s = scan_position({"water": 1, "space": 1})
    develop_mark(s, 1, "hazard")
    assert legal_of_kind(s, "scan") == set()


def test_decision_05_a_scan_finding_nothing_uses_no_chip_turns_space_up_and_allows_develop():
    s = scan_position({"space": 4}, hand=("G4/O2", "B1/O1", "G3/O3"))
    do(s, "scan G4/O2")
    at = pos(s, "hazard")
    assert s.chips[0] == CHIPS_PER_PLAYER
    assert s.up[at] == 4 and s.faceup == 4 and s.down[at] == 0
    assert s.view(None)["planets"][at]["scanned_by"] == [0]
    assert legal_of_kind(s, "develop") == {"develop B1/O1 G3/O3"}


# ====================================================================== decision 6


def test_decision_06_develop_needs_own_scan_and_an_undeveloped_planet():
    s = scan_position({"water": 1, "space": 1}, hand=("B1/O1", "G3/O3"))
    assert legal_of_kind(s, "develop") == set()
    scan_mark(s, 1, "hazard")
    assert legal_of_kind(s, "develop") == set()
    scan_mark(s, 0, "hazard")
    assert legal_of_kind(s, "develop") == {"develop B1/O1 G3/O3"}
    develop_mark(s, 1, "hazard")
    assert legal_of_kind(s, "develop") == set()


def test_decision_06_two_cards_one_for_each_landing_coordinate():
    s = scan_position({"water": 1, "space": 1}, hand=("B1/O1", "B2/O1", "B3/O4"))
    scan_mark(s, 0, "hazard")
    assert legal_of_kind(s, "develop") == set()  # two 1s do not make a 1 and a 3


def test_decision_06_station_reserved_tiles_markers_then_a_pick():
    s = scan_position({"water": 1, "medal": 1, "space": 1}, hand=("B1/O1", "G3/O3"))
    reserve(s, 0, "hazard", "alien-brown")
    reserve(s, 1, "hazard", "matter-blue")
    do(s, "develop B1/O1 G3/O3")
    at = pos(s, "hazard")
    assert s.developer[at] == 0
    assert s.view(None)["seats"][0]["stations"] == 1
    assert tiles_of(s, 0) == {"alien-brown": 1}
    assert tiles_of(s, 1) == {"matter-blue": 1}
    assert list(s.chips) == [CHIPS_PER_PLAYER - 1, CHIPS_PER_PLAYER]
    assert legal_texts(s) == {"pick water", "pick medal"}
    do(s, "pick water")
    assert tiles_of(s, 0) == {"alien-brown": 1, "water": 1}
    check_accounting(s)


def test_decision_06_no_pick_when_the_pile_holds_no_point_tile():
    s = scan_position({}, hand=("B1/O1", "G3/O3"))
    set_pile(s, "hazard", {}, up=2)
    scan_mark(s, 0, "hazard")
    do(s, "develop B1/O1 G3/O3")
    assert legal_of_kind(s, "pick") == set()
    assert s.done == 1


# ====================================================================== decision 7


def discover_position(pile, developer=1):
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", pile)
    develop_mark(s, developer, "hazard")
    return s


def test_decision_07_discover_needs_developed_planet_with_a_point_tile():
    s = discover_position({"water": 1, "space": 1})
    assert "discover" in legal_texts(s)
    s = discover_position({}, developer=1)
    assert "discover" not in legal_texts(s)
    s = scan_position({"water": 1})
    assert "discover" not in legal_texts(s)


def test_decision_07_discover_costs_no_card_and_no_chip_and_must_take_a_tile():
    s = discover_position({"water": 1, "medal": 2, "space": 1})
    hand, chips = list(s.hands[0]), list(s.chips)
    do(s, "discover")
    assert legal_texts(s) == {"pick water", "pick medal"}
    do(s, "pick medal")
    assert tiles_of(s, 0) == {"medal": 1}
    assert list(s.hands[0]) == hand and list(s.chips) == chips


# ====================================================================== decision 8


def test_decision_08_space_tiles_can_never_be_picked():
    s = discover_position({"water": 1, "space": 5})
    do(s, "discover")
    assert legal_texts(s) == {"pick water"}
    assert not any("space" in t for t in legal_texts(s))


def test_decision_08_reservation_leaving_only_space_turns_it_up():
    s = scan_position({"water": 1, "space": 3})
    do(s, "scan G4/O1", "pick water")
    at = pos(s, "hazard")
    assert s.up[at] == 3 and s.down[at] == 0
    assert s.view(None)["planets"][at]["space_face_up"] == 3


def test_decision_08_taking_leaving_only_space_turns_it_up():
    s = discover_position({"water": 1, "space": 2})
    do(s, "discover", "pick water")
    assert s.up[pos(s, "hazard")] == 2 and s.faceup == 2


def test_decision_08_pile_found_without_point_tile_is_turned_up():
    s = scan_position({"space": 2})
    do(s, "scan G4/O1")
    assert s.up[pos(s, "hazard")] == 2


def test_decision_08_taking_with_point_tiles_left_turns_nothing_up():
    s = discover_position({"water": 2, "space": 2})
    do(s, "discover", "pick water")
    assert s.up[pos(s, "hazard")] == 0 and s.faceup == 0


# ====================================================================== decision 9


def test_decision_09_discard_any_then_draw_to_five():
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    do(s, "discard B3/O3", "discard B4/O4", "discard G2/O2", "draw")
    assert len(s.hands[0]) == 5
    assert {card("B3/O3"), card("B4/O4"), card("G2/O2")} <= set(s.discard)


def test_decision_09_empty_draw_pile_is_replaced_by_discard_pile():
    s = new_state()
    discard = ["B3/O3", "B4/O4", "G2/O2", "G3/O3", "B3/G1"]
    set_cards(s, {0: ["B1/O2"]}, draw=[], discard=discard, leave_out_rest=True)
    do(s, "draw")
    assert len(s.hands[0]) == 5
    # four of the five came from the old discard pile; the fifth is the new draw pile
    assert sorted([*s.hands[0], *s.draw]) == cards("B1/O2", *discard)
    assert len(s.draw) == 1 and not s.discard


def test_decision_09_drawing_stops_when_both_piles_are_empty():
    s = new_state()
    set_cards(s, {0: ["B1/O2", "B2/O2"]}, draw=["B3/O3"], discard=[], leave_out_rest=True)
    do(s, "draw")
    assert list(s.hands[0]) == cards("B1/O2", "B2/O2", "B3/O3")
    assert s.done == 1


# ====================================================================== decision 10


@pytest.mark.parametrize(("n", "threshold"), [(2, 6), (3, 8), (4, 10), (5, 12)])
def test_decision_10_threshold_by_player_count(n, threshold):
    s = GAME.new_initial_state(n, 3)
    assert s.threshold == threshold
    assert s.view(None)["space_threshold"] == threshold


def near_threshold(n, start, mover, missing=2):
    """``mover`` on Hazard can reveal ``missing`` space tiles that reach the threshold."""
    s = new_state(n, start=start)
    s.cur = mover
    set_cards(s, {mover: ["G4/O1", *FULL_HAND[:4]]})
    put_ship(s, mover, "hazard")
    set_pile(s, "oasis", {}, up=s.threshold - missing)
    set_pile(s, "hazard", {"water": 1, "space": missing})
    return s


def test_decision_10_reaching_threshold_finishes_the_round():
    s = near_threshold(2, start=0, mover=0)
    do(s, "scan G4/O1", "pick water")
    assert s.faceup == s.threshold
    assert s.view(None)["last_round"] is True
    do(s, "draw", "confirm")
    assert s.current_player == 1 and s.result() is None
    pass_turn(s)
    assert s.is_terminal()
    assert s.result() is not None and not s.result().capped


def test_decision_10_game_ends_after_the_seat_before_the_start_player():
    s = near_threshold(3, start=1, mover=1)
    do(s, "scan G4/O1", "pick water", "draw", "confirm")
    pass_turn(s)  # seat 2
    assert s.current_player == 0
    pass_turn(s)  # seat 0, before the start player
    assert s.is_terminal()


def test_decision_10_threshold_in_the_last_seat_ends_at_its_confirm():
    s = near_threshold(3, start=1, mover=0)
    do(s, "scan G4/O1", "pick water", "draw")
    assert not s.is_terminal()
    do(s, "confirm")
    assert s.is_terminal()


def test_decision_10_passing_the_threshold_also_counts():
    s = near_threshold(2, start=0, mover=1, missing=3)
    set_pile(s, "oasis", {}, up=s.threshold - 1)
    do(s, "scan G4/O1", "pick water")
    assert s.faceup == s.threshold + 2
    do(s, "draw", "confirm")
    assert s.is_terminal()


def test_decision_10_below_threshold_the_game_goes_on():
    s = near_threshold(2, start=0, mover=1, missing=1)
    set_pile(s, "oasis", {}, up=s.threshold - 2)
    do(s, "scan G4/O1", "pick water", "draw", "confirm")
    assert not s.is_terminal() and not s.final_round


def test_decision_10_reserved_tiles_on_undeveloped_planets_are_lost():
    s = new_state(options={"max_rounds": 1})
    reserve(s, 1, "oasis", "medal")
    collect(s, 1, "medal", slug="hazard")
    pass_turn(s)
    pass_turn(s)
    result = s.result()
    assert result is not None
    assert result.breakdown[1]["medals"] == 3


# ====================================================================== decision 11


def test_decision_11_gate_ranks_only_players_with_a_probe():
    assert gate_points([3, 0]) == [9, 0]
    assert gate_points([0, 0, 0]) == [0, 0, 0]
    assert gate_points([2, 2, 0]) == [9, 9, 0]


def test_decision_11_fifth_rank_scores_nothing():
    assert gate_points([5, 4, 3, 2, 1]) == [9, 6, 3, 1, 0]


def test_decision_11_ties_share_the_rank_and_skip_the_next():
    assert gate_points([4, 4, 3, 1]) == [9, 9, 3, 1]
    assert gate_points([4, 4, 4, 4, 1]) == [9, 9, 9, 9, 0]
    assert gate_points([5, 4, 4, 3, 3]) == [9, 6, 6, 1, 1]


# ====================================================================== decision 12


def test_decision_12_every_category_as_written():
    counts = [3, 2, 2, 0, 4, 2, 3, 1, 6, 2, 0]
    assert tile_breakdown(counts) == {
        "minerals": 21,
        "aliens": 24,
        "matter": 11,
        "water": 19,
        "medals": 6,
        "space": 0,
    }


# ====================================================================== decision 13


def test_decision_13_most_points_then_most_stations_then_shared():
    assert winners_and_ranks([30, 20], [0, 5]) == ([1, 2], (0,))
    assert winners_and_ranks([30, 30], [1, 2]) == ([2, 1], (1,))
    assert winners_and_ranks([30, 30, 10], [2, 2, 9]) == ([1, 1, 3], (0, 1))


# ====================================================================== decision 14


def undo_position():
    """Player 0 on Hazard with jump, scan, develop cards; Hazard and Oasis dealt."""
    s = new_state()
    set_cards(s, {0: ["B1/O2", "G4/O1", "B1/O1", "G3/O3"]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {"water": 2, "space": 2})
    return s


def test_decision_14_jump_can_be_undone():
    m = match_from(undo_position())
    before = snapshot(m.state)
    m.play(0, "jump B1/O2 freezer")
    assert m.state.can_undo()
    m.undo(0)
    assert snapshot(m.state) == before


def test_decision_14_fly_can_be_undone_and_so_can_two_actions_in_a_row():
    m = match_from(undo_position())
    before = snapshot(m.state)
    m.play(0, "fly ruby-red")
    after_fly = snapshot(m.state)
    m.play(0, "jump B1/O2 freezer")
    assert legal_texts(m.state) == {"confirm"}
    m.undo(0)
    assert snapshot(m.state) == after_fly
    m.undo(0)
    assert snapshot(m.state) == before


def test_decision_14_scan_cannot_be_undone_nor_anything_before_it():
    m = match_from(undo_position())
    m.play(0, "fly ruby-red")
    m.play(0, "fly hazard")
    m.undo(0)
    assert m.state.done == 1
    m.play(0, "fly hazard")
    m.play(0, "confirm")
    m.play(1, "draw")
    m.play(1, "draw")
    m.play(1, "confirm")
    # player 0 again, on Hazard
    m.play(0, "scan G4/O1")
    assert not m.state.can_undo()
    with pytest.raises(IllegalActionError):
        m.undo(0)
    m.play(0, "pick water")
    assert not m.state.can_undo()
    m.play(0, "fly ruby-red")
    assert m.state.can_undo()
    m.undo(0)
    assert not m.state.can_undo()
    with pytest.raises(IllegalActionError):
        m.undo(0)


def test_decision_14_a_jump_before_a_look_cannot_be_undone():
    s = undo_position()
    set_cards(s, {0: ["B1/O2", "G3/O1"]})
    set_pile(s, "freezer", {"medal": 1, "space": 1})
    m = match_from(s)
    m.play(0, "jump B1/O2 freezer")
    m.play(0, "scan G3/O1")
    assert not m.state.can_undo()
    m.play(0, "pick medal")
    with pytest.raises(IllegalActionError):
        m.undo(0)
    assert m.state.ship[0] == pos(m.state, "freezer")


def test_decision_14_develop_cannot_be_undone():
    s = undo_position()
    scan_mark(s, 0, "hazard")
    m = match_from(s)
    m.play(0, "develop B1/O1 G3/O3")
    assert not m.state.can_undo()
    m.play(0, "pick water")
    assert not m.state.can_undo()


def test_decision_14_develop_without_a_pick_cannot_be_undone():
    s = undo_position()
    set_pile(s, "hazard", {"space": 1})
    scan_mark(s, 0, "hazard")
    m = match_from(s)
    m.play(0, "develop B1/O1 G3/O3")
    assert m.state.done == 1
    assert not m.state.can_undo()


def test_decision_14_discover_cannot_be_undone():
    s = undo_position()
    develop_mark(s, 1, "hazard")
    m = match_from(s)
    m.play(0, "discover")
    assert not m.state.can_undo()
    m.play(0, "pick water")
    assert not m.state.can_undo()


def test_decision_14_a_draw_that_drew_cards_cannot_be_undone():
    m = match_from(undo_position())
    m.play(0, "fly ruby-red")
    m.play(0, "draw")
    assert len(m.state.hands[0]) == 5
    assert not m.state.can_undo()
    before = snapshot(m.state)
    with pytest.raises(IllegalActionError):
        m.undo(0)
    assert snapshot(m.state) == before


def test_decision_14_nothing_can_be_undone_after_confirm():
    m = match_from(undo_position())
    m.play(0, "fly ruby-red")
    m.play(0, "fly hazard")
    m.play(0, "confirm")
    assert not m.state.can_undo()
    with pytest.raises(IllegalActionError):
        m.undo(1)
    with pytest.raises(NotYourTurnError):
        m.undo(0)


# ====================================================================== decision 15


def test_decision_15_spectators_see_only_the_public_view():
    s = GAME.new_initial_state(3, 4)
    spectator = s.view(None)
    assert "private" not in spectator
    seat = s.view(1)
    assert seat["private"]["hand"] == card_texts(s.hands[1])
    public = {k: v for k, v in seat.items() if k not in ("private", "you")}
    assert public == {k: v for k, v in spectator.items() if k != "you"}


def test_decision_15_public_facts_are_in_the_spectator_view():
    s = new_state()
    set_cards(s, {0: ["B1/O2"]}, discard=["B3/O3"])
    set_pile(s, "hazard", {"water": 1, "space": 1})
    set_pile(s, "oasis", {}, up=2)
    reserve(s, 1, "hazard", "medal")
    develop_mark(s, 0, "tempest")
    collect(s, 0, "water", 2)
    set_probes(s, [3, 1])
    v = s.view(None)
    hazard = v["planets"][pos(s, "hazard")]
    assert hazard["reserved"] == [0, 1]
    assert hazard["tiles_face_down"] == 2
    assert v["planets"][pos(s, "oasis")]["space_face_up"] == 2
    assert v["planets"][pos(s, "tempest")]["developed_by"] == 0
    assert v["seats"][0]["probes"] == 3 and v["seats"][1]["probes"] == 1
    assert v["seats"][0]["hand_size"] == 1
    assert v["seats"][0]["tiles"] == 2
    assert v["seats"][1]["reserved"] == 1
    assert v["discard_pile"] == ["B3/O3"]
    assert v["draw_pile"] == len(s.draw)


def views(s):
    return [s.view(p) for p in range(s.n)] + [s.view(None)]


def test_decision_15_a_hand_is_private_to_its_owner():
    s = new_state()
    other = s.clone()
    swap_in, swap_out = other.draw[0], other.hands[0][0]
    other.hands = [sorted([*other.hands[0][1:], swap_in]), list(other.hands[1])]
    other.draw = [swap_out, *other.draw[1:]]
    assert s.view(1) == other.view(1)
    assert s.view(None) == other.view(None)
    assert s.view(0) != other.view(0)


def test_decision_15_draw_pile_order_is_hidden_from_all():
    s = new_state()
    other = s.clone()
    other.draw = list(reversed(other.draw))
    assert views(s) == views(other)


def test_decision_15_reserved_tiles_visible_to_owner_only():
    a, b = new_state(), new_state()
    reserve(a, 0, "hazard", "water")
    reserve(b, 0, "hazard", "medal")
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert a.view(0)["private"]["reserved"] == [{"planet": "hazard", "tile": "water"}]
    assert b.view(0)["private"]["reserved"] == [{"planet": "hazard", "tile": "medal"}]


def test_decision_15_collected_tiles_visible_to_owner_only():
    a, b = new_state(), new_state()
    collect(a, 0, "water")
    collect(b, 0, "medal")
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert a.view(0)["private"]["tiles"] == {"water": 1}


def test_decision_15_a_pile_being_looked_at_is_seen_by_the_looker_only():
    a = scan_position({"water": 1, "medal": 1, "space": 2})
    b = scan_position({"water": 1, "alien-blue": 1, "space": 2})
    do(a, "scan G4/O1")
    do(b, "scan G4/O1")
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert a.view(0)["private"]["pile"] == {"water": 1, "medal": 1, "space": 2}


def test_decision_15_unseen_piles_are_hidden_from_all():
    a, b = new_state(), new_state()
    set_pile(b, "hazard", {"water": 4, "medal": 4})
    put(b, "touched", pos(b, "hazard"), False)
    assert views(a) == views(b)


def test_decision_15_others_read_a_pick_without_its_tile():
    s = scan_position({"water": 1, "space": 1})
    do(s, "scan G4/O1")
    pick = GAME.action_from_text("pick water")
    assert s.public_action_text(pick, 1) == "reserve a tile on hazard"
    assert s.public_action_text(pick, None) == "reserve a tile on hazard"
    assert s.public_action_text(pick, 0) == "pick water"
    d = discover_position({"medal": 1})
    do(d, "discover")
    assert d.public_action_text(GAME.action_from_text("pick medal"), 1) == "take a tile on hazard"


# ====================================================================== decision 16


def memory_of(s, p, slug):
    for entry in s.view(p)["private"]["memory"]:
        if entry["planet"] == slug:
            return entry
    return None


def test_decision_16_stack_memory_keeps_the_last_look_and_counts_later_takings():
    s = new_state()
    set_cards(s, {0: ["G4/O1", "G4/O2", *FULL_HAND[:3]], 1: ["G4/O3", *FULL_HAND[3:]]})
    put_ship(s, 0, "hazard")
    put_ship(s, 1, "hazard")
    set_pile(s, "hazard", {"water": 2, "medal": 1, "alien-brown": 1, "space": 2})
    assert memory_of(s, 0, "hazard") is None
    do(s, "scan G4/O1", "pick water", "draw", "confirm")
    seen = {"water": 1, "medal": 1, "alien-brown": 1, "space": 2}
    assert memory_of(s, 0, "hazard") == {"planet": "hazard", "tiles": seen, "taken_since": 0}
    do(s, "scan G4/O3", "pick medal", "draw", "confirm")
    # player 0 still remembers the medal, and is told one tile was taken since
    assert memory_of(s, 0, "hazard") == {"planet": "hazard", "tiles": seen, "taken_since": 1}
    assert memory_of(s, 1, "hazard") == {
        "planet": "hazard",
        "tiles": {"water": 1, "alien-brown": 1, "space": 2},
        "taken_since": 0,
    }
    do(s, "scan G4/O2")
    assert memory_of(s, 0, "hazard")["taken_since"] == 0
    assert memory_of(s, 0, "hazard")["tiles"] == {"water": 1, "alien-brown": 1, "space": 2}


def test_decision_16_memory_leaves_out_space_tiles_once_turned_up():
    s = new_state()
    set_cards(s, {0: ["G4/O1", *FULL_HAND[:4]], 1: ["G4/O3", *FULL_HAND[4:]]})
    put_ship(s, 0, "hazard")
    put_ship(s, 1, "hazard")
    set_pile(s, "hazard", {"water": 2, "space": 2})
    do(s, "scan G4/O1", "pick water", "draw", "confirm")
    assert memory_of(s, 0, "hazard")["tiles"] == {"water": 1, "space": 2}
    do(s, "scan G4/O3", "pick water")
    assert s.up[pos(s, "hazard")] == 2
    assert memory_of(s, 0, "hazard") == {
        "planet": "hazard",
        "tiles": {"water": 1},
        "taken_since": 1,
    }


def test_decision_16_memory_is_private():
    s = scan_position({"water": 1, "space": 1})
    do(s, "scan G4/O1", "pick water")
    assert memory_of(s, 0, "hazard") is not None
    assert memory_of(s, 1, "hazard") is None
    assert "memory" not in str(s.view(None))


# ====================================================================== decision 17


def no_chips(n=2, start=0):
    s = new_state(n, start=start)
    for p in range(n):
        take_all_chips(s, p)
    return s


def test_decision_17_stalled_when_nobody_holds_a_chip_and_no_station_pile_has_tiles():
    assert not new_state().is_stalled()
    s = no_chips()
    assert s.is_stalled()


def test_decision_17_not_stalled_while_someone_holds_a_chip():
    s = no_chips()
    put(s, "chips", 1, 1)
    put(s, "probes", 1, s.probes[1] - 1)
    assert not s.is_stalled()


def test_decision_17_not_stalled_while_a_developed_pile_holds_a_point_tile():
    s = new_state()
    set_pile(s, "hazard", {"water": 1, "space": 1})
    develop_mark(s, 1, "hazard")
    take_all_chips(s, 0)
    take_all_chips(s, 1)
    assert not s.is_stalled()
    set_pile(s, "hazard", {}, up=1)
    assert s.is_stalled()


def test_decision_17_stall_finishes_the_round_at_confirm():
    s = no_chips(2, start=0)
    assert not s.final_round
    pass_turn(s)
    assert s.final_round and not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    assert not s.result().capped


def test_decision_17_stall_in_the_last_seat_ends_the_game_at_its_confirm():
    s = no_chips(3, start=1)
    s.cur = 0
    pass_turn(s)
    assert s.is_terminal()


def test_decision_17_unseen_pile_of_only_space_does_not_keep_the_game_alive():
    # Engine reading: with no chip anywhere such a pile can never be scanned (and its
    # content is hidden), so it does not prevent the stall.  See the report.
    s = no_chips()
    set_pile(s, "hazard", {"space": 8})
    put(s, "touched", pos(s, "hazard"), False)
    assert s.is_stalled()


def test_decision_17_round_cap_ends_and_marks_the_game_capped():
    s = new_state(3, start=2, options={"max_rounds": 2})
    for _ in range(5):
        pass_turn(s)
        assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    result = s.result()
    assert result.capped
    assert s.view(None)["result"]["capped"] is True


def test_decision_17_capped_game_is_scored_as_it_stands():
    s = new_state(options={"max_rounds": 1})
    collect(s, 0, "water", 3)
    set_probes(s, [2, 1])
    pass_turn(s)
    pass_turn(s)
    result = s.result()
    assert result.scores == (9 + 9, 6)
    assert result.winners == (0,)


def test_decision_17_random_games_end():
    for seed in range(6):
        s = GAME.new_initial_state(2 + seed % 4, seed)
        rnd = random.Random(seed)
        for _ in range(20_000):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            s.apply_action(legal[rnd.randrange(len(legal))])
        assert s.is_terminal() and s.result() is not None


# ====================================================================== engine decisions


def test_engine_top_up_phase_after_a_discard():
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    do(s, "discard B3/O3")
    assert s.view(0)["phase"] == "top-up"
    assert legal_texts(s) == {"draw"} | {f"discard {t}" for t in FULL_HAND[1:]}


def test_engine_a_discard_can_be_undone():
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    m = match_from(s)
    before = snapshot(m.state)
    m.play(0, "discard B3/O3")
    m.play(0, "discard B4/O4")
    assert m.state.can_undo()
    m.undo(0)
    assert list(m.state.hands[0]) == cards(*FULL_HAND[1:])
    m.undo(0)
    assert snapshot(m.state) == before
    assert m.state.view(0)["phase"] == "action"


def test_engine_a_draw_that_drew_nothing_can_be_undone():
    s = new_state()
    m = match_from(s)
    before = snapshot(m.state)
    m.play(0, "draw")
    assert m.state.can_undo()
    m.undo(0)
    assert snapshot(m.state) == before


def test_engine_a_draw_from_empty_piles_can_be_undone():
    s = new_state()
    set_cards(s, {0: ["B1/O2"]}, draw=[], discard=[], leave_out_rest=True)
    m = match_from(s)
    m.play(0, "draw")
    assert m.state.can_undo()


def test_engine_discards_before_a_draw_that_drew_cannot_be_undone():
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    m = match_from(s)
    m.play(0, "discard B3/O3")
    m.play(0, "draw")
    assert not m.state.can_undo()
    with pytest.raises(IllegalActionError):
        m.undo(0)


def test_engine_undo_with_an_empty_log_is_refused():
    m = match_from(new_state())
    with pytest.raises(IllegalActionError):
        m.undo(0)
    with pytest.raises(NotYourTurnError):
        m.undo(1)


def test_engine_undo_from_the_confirm_step_reopens_the_turn():
    m = match_from(undo_position())
    m.play(0, "fly ruby-red")
    m.play(0, "fly hazard")
    m.undo(0)
    assert m.state.done == 1
    assert "confirm" not in legal_texts(m.state)


def test_engine_look_phase_is_named_pick_with_what_is_looked_at():
    s = scan_position({"water": 1, "space": 1})
    do(s, "scan G4/O1")
    view = s.view(0)
    assert view["phase"] == "pick"
    assert view["looking_at"] == {"planet": "hazard", "for": "scan"}
    assert s.view(1)["private"]["pile"] is None


def test_engine_scan_legality_does_not_depend_on_the_hidden_pile():
    rich = scan_position({"water": 3, "medal": 2})
    poor = scan_position({"space": 5})
    assert rich.legal_actions() == poor.legal_actions()
    take_all_chips(rich, 0)
    take_all_chips(poor, 0)
    assert rich.legal_actions() == poor.legal_actions()
    assert legal_of_kind(rich, "scan") == set()


def test_engine_piles_are_dealt_at_first_look():
    s = new_state()
    assert all(pile is None for pile in s.real)
    assert list(s.pool) == list(TILE_COUNTS)
    assert list(s.down) == [PILE_SIZE] * RING_SIZE
    set_cards(s, {0: ["G4/O1", *FULL_HAND[:4]]})
    put_ship(s, 0, "hazard")
    do(s, "scan G4/O1")
    at = pos(s, "hazard")
    assert s.real[at] is not None and sum(s.real[at]) == s.down[at]
    assert sum(s.pool) == (RING_SIZE - 1) * PILE_SIZE
    assert all(s.real[i] is None for i in range(RING_SIZE) if i != at)
    check_accounting(s)


def test_engine_draw_pile_has_no_order_each_draw_is_uniform():
    drawn = {c: 0 for c in cards("B1/O2", "B2/O2", "B3/O3")}
    rnd = random.Random(5)
    for _ in range(300):
        s = new_state()
        set_cards(
            s,
            {0: ["G1/O1", "G1/O2", "G1/O3", "G1/O4"]},
            draw=["B1/O2", "B2/O2", "B3/O3"],
        )
        s.rng = rnd.getrandbits(64)
        do(s, "draw")
        (new,) = set(s.hands[0]) - set(cards("G1/O1", "G1/O2", "G1/O3", "G1/O4"))
        drawn[new] += 1
    assert all(60 <= count <= 140 for count in drawn.values()), drawn


def test_engine_hide_reserved_owner_sees_no_tile():
    s = new_state(options={"hide_reserved": True})
    reserve(s, 0, "hazard", "water")
    assert s.view(0)["private"]["reserved"] == [{"planet": "hazard", "tile": None}]
    other = new_state(options={"hide_reserved": True})
    reserve(other, 0, "hazard", "medal")
    assert s.view(0) == other.view(0)


def test_engine_hide_reserved_replays_reveal_the_reserved_tile():
    s = new_state(options={"hide_reserved": True})
    reserve(s, 0, "hazard", "water")
    revealed = s.revealed_view(0)
    assert revealed["private"]["reserved"] == [{"planet": "hazard", "tile": "water"}]
    assert s.view(0)["private"]["reserved"] == [{"planet": "hazard", "tile": None}]
    assert s.hide_reserved, "revealing works on a copy"
    # the seat's private view is that part of the view, and revealed, the replay's
    assert s.private_view(0) == s.view(0)["private"]
    assert s.private_view(0, revealed=True) == revealed["private"]
    with pytest.raises(ValueError, match="no seat"):
        s.private_view(5)


def test_engine_hide_reserved_owner_reads_a_reservation_as_the_others_do():
    # views.public_action_text: under the printed rule the owner may not look at a reserved
    # tile, so the log and the last move do not name it to them either.
    s = new_state(options={"hide_reserved": True})
    set_cards(s, {0: ["G4/O1"]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {"water": 1, "space": 1})
    do(s, "scan G4/O1")
    pick = GAME.action_from_text("pick water")
    assert s.public_action_text(pick, 0) == "reserve a tile on hazard"
    assert s.public_action_text(pick, 1) == "reserve a tile on hazard"
    do(s, "pick water")
    assert s.view(0)["private"]["reserved"] == [{"planet": "hazard", "tile": None}]


def test_engine_scan_of_an_empty_pile_is_legal_and_counts_as_scanned():
    s = new_state()
    set_cards(s, {0: ["G4/O1", "B1/O1", "G3/O3"]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {})
    reserve(s, 1, "hazard", "water")
    do(s, "scan G4/O1")
    assert s.done == 1 and s.chips[0] == CHIPS_PER_PLAYER
    assert legal_of_kind(s, "develop") == {"develop B1/O1 G3/O3"}


def test_engine_station_chip_is_needed_even_if_markers_would_come_back():
    s = new_state()
    set_cards(s, {0: ["B1/O1", "G3/O3"]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {"water": 1})
    reserve(s, 0, "hazard", "medal")
    take_all_chips(s, 0)
    assert legal_of_kind(s, "develop") == set()


def test_engine_who_scanned_is_public():
    s = scan_position({"water": 1, "space": 1})
    do(s, "scan G4/O1", "pick water")
    for viewer in (None, 0, 1):
        assert s.view(viewer)["planets"][pos(s, "hazard")]["scanned_by"] == [0]


def test_engine_the_shown_view_can_undo_flag_follows_the_rule():
    s = undo_position()
    do(s, "fly ruby-red")
    assert s.view(0)["can_undo"] is True
    do(s, "draw")
    assert s.view(0)["can_undo"] is False


def test_engine_player_may_not_play_for_another_seat_during_a_pick():
    s = scan_position({"water": 1, "space": 1})
    do(s, "scan G4/O1")
    with pytest.raises(NotYourTurnError):
        play(s, 1, "pick water")


@pytest.mark.parametrize(
    "options",
    [{"max_rounds": -1}, {"max_rounds": True}, {"max_rounds": "2"}, {"hide_reserved": 1}, {"x": 0}],
)
def test_engine_bad_options_are_refused(options):
    with pytest.raises(ValueError):
        GAME.new_initial_state(2, 0, options)


def test_engine_nothing_can_be_undone_once_the_game_is_over():
    m = match_from(new_state(options={"max_rounds": 1}))
    for p in (0, 1):
        m.play(p, "draw")
        m.play(p, "draw")
        m.play(p, "confirm")
    assert m.state.is_terminal()
    assert not m.state.can_undo()
    with pytest.raises(GameOverError):
        m.undo(1)
