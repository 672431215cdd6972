"""Space Mission: the Top up's discard preview (shared rules decision 9) and the owner's
texts under the printed rule that hides reserved tiles (decision 15).

Until the draw, only the player topping up knows which cards they chose; the others
and spectators see that a Top up is being chosen, nothing more, and the chosen cards
reach the discard pile together at the draw.
"""

from __future__ import annotations

import random

import pytest

from games.space_mission.space_mission_helpers import (
    FULL_HAND,
    card,
    cards,
    check_accounting,
    develop_mark,
    do,
    match_from,
    new_state,
    put_ship,
    set_cards,
    set_pile,
)
from navcomp.core import conformance
from navcomp.games.space_mission import GAME, SpaceMissionState
from navcomp.games.space_mission.actions import DRAW, action_text
from navcomp.games.space_mission.render import render_board, render_private
from navcomp.games.space_mission.storage import state_from_json, state_to_json
from navcomp.service.games import Entry
from navcomp.service.views import public_log

OTHERS = (1, None)  # in a two-player game on seat 0's turn: the other seat, a spectator
HIDDEN = "choose cards for a Top up"


def scan_position(pile: dict[str, int]) -> SpaceMissionState:
    s = new_state()
    set_cards(s, {0: ["G4/O1", *FULL_HAND[1:]]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", pile)
    return s


def discover_position(pile: dict[str, int]) -> SpaceMissionState:
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", pile)
    develop_mark(s, 1, "hazard")
    return s


def topping_up(*chosen: str) -> SpaceMissionState:
    s = new_state()
    set_cards(s, {0: FULL_HAND}, discard=["B1/O1"])
    do(s, *(f"discard {c}" for c in chosen))
    return s


def discard_id(text: str) -> int:
    return GAME.action_from_text(f"discard {text}")


def test_others_cannot_tell_which_cards_are_chosen():
    fresh = topping_up()
    one, other, two = topping_up("B3/O3"), topping_up("G2/O2"), topping_up("B3/O3", "B4/O4")
    for viewer in OTHERS:
        assert one.view(viewer) == other.view(viewer) == two.view(viewer)
        seen = one.view(viewer)
        assert seen["phase"] == "top-up"
        assert seen["discard_pile"] == fresh.view(viewer)["discard_pile"] == ["B1/O1"]
        assert seen["seats"][0]["hand_size"] == 5
    assert one.view(1)["private"]["chosen"] == []


def test_the_chooser_sees_the_chosen_cards_apart_from_the_hand():
    s = topping_up("B4/O4", "B3/O3")
    mine = s.view(0)["private"]
    assert mine["chosen"] == ["B4/O4", "B3/O3"]  # in the order chosen
    assert set(mine["hand"]) == set(FULL_HAND) - {"B4/O4", "B3/O3"}
    assert s.view(0)["discard_pile"] == ["B1/O1"]
    assert topping_up().view(0)["private"]["chosen"] == []
    check_accounting(s)


def test_a_discard_reads_to_the_chooser_only_with_its_card():
    s = topping_up()
    for state in (s, topping_up("G2/O2")):
        assert state.public_action_text(discard_id("B3/O3"), 0) == "discard B3/O3"
        for viewer in OTHERS:
            assert state.public_action_text(discard_id("B3/O3"), viewer) == HIDDEN
            assert state.public_action_text(discard_id("B4/O4"), viewer) == HIDDEN


def test_the_draw_reveals_the_chosen_cards_together():
    s = topping_up("B4/O4", "B3/O3")
    for viewer in (0, *OTHERS):
        assert s.public_action_text(DRAW, viewer) == "draw, discarding B4/O4 B3/O3"
    assert topping_up().public_action_text(DRAW, 1) == "draw"
    do(s, "draw")
    assert s.chosen == []
    for viewer in (0, *OTHERS):
        seen = s.view(viewer)
        assert seen["discard_pile"] == ["B1/O1", "B4/O4", "B3/O3"]
        assert seen["phase"] == "action" and seen["actions_taken"] == 1
    assert s.view(0)["private"]["chosen"] == []
    check_accounting(s)


def test_an_undone_discard_leaves_no_trace_to_the_others():
    start = topping_up()
    m = match_from(start)
    m.play(0, "discard B3/O3")
    m.undo(0)
    assert m.state.view(0)["private"]["chosen"] == []
    for viewer in (0, *OTHERS):
        assert m.state.view(viewer) == start.view(viewer)
    m.play(0, "discard G2/O2")
    m.play(0, "draw")
    log = [Entry(1, 0, discard_id("B3/O3")), Entry(2, 0, None)]
    log += [Entry(3, 0, discard_id("G2/O2")), Entry(4, 0, DRAW)]
    for viewer in OTHERS:  # a card put back reads as one more choice: nothing to count
        texts = [e["text"] for e in public_log(start, log, viewer)]
        assert texts == [HIDDEN, HIDDEN, HIDDEN, "draw, discarding G2/O2"]
    mine = [e["text"] for e in public_log(start, log, 0)]
    assert mine == ["discard B3/O3", "undo", "discard G2/O2", "draw, discarding G2/O2"]
    assert m.state.view(1)["discard_pile"] == ["B1/O1", "G2/O2"]


def test_a_take_back_outside_a_top_up_reads_as_an_undo_to_everyone():
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    for viewer in (0, *OTHERS):
        assert s.public_undo_text(viewer) == "undo"


def test_drawing_after_a_preview_is_drawing_with_the_cards_on_the_discard_pile():
    """The old rule put each discard on the pile at once: the draw (and a reshuffle in it)
    must come out the same, card for card, so every game's result stays as it was."""
    s = new_state()
    set_cards(s, {0: FULL_HAND}, draw=["B1/O2"])
    do(s, "discard B3/O3", "discard B4/O4", "discard G2/O2")
    old_rule = s.clone()
    old_rule.discard = old_rule.discard + old_rule.chosen
    old_rule.chosen = []
    do(s, "draw")
    old_rule.apply_action(DRAW)
    assert state_to_json(s) == state_to_json(old_rule)
    assert s.gen == 1  # the draw pile ran out: the discard pile, chosen cards too, came back
    check_accounting(s)


def test_chosen_cards_come_back_in_a_reshuffle_of_the_same_draw():
    s = new_state()
    set_cards(s, {0: FULL_HAND}, draw=[], discard=[], leave_out_rest=True)
    do(s, "discard B3/O3", "discard B4/O4", "draw")
    assert sorted(s.hands[0]) == cards(*FULL_HAND)
    assert not s.draw and not s.discard and not s.chosen


def test_a_world_for_another_seat_does_not_know_the_chosen_cards():
    s = topping_up("B3/O3", "B4/O4")
    rng = random.Random(5)
    chosen = set(cards("B3/O3", "B4/O4"))
    kept = 0
    for _ in range(40):
        world = s.determinize(1, rng)
        assert world.chosen == [] and len(world.hands[0]) == 5
        assert world.discard == s.discard
        assert world.view(1) == s.view(1) and world.view(None) == s.view(None)
        kept += chosen <= set(world.hands[0])
    assert kept < 40, "the world always deals the chosen cards back to the chooser"
    mine = s.determinize(0, rng)
    assert mine.chosen == s.chosen and mine.hands[0] == s.hands[0]
    conformance.check_no_leak(s, random.Random(1))


def test_a_world_for_another_seat_plays_on_to_the_end():
    s = topping_up("B3/O3")
    world = s.determinize(1, random.Random(2))
    for _ in conformance.walk_from(world, random.Random(3)):
        pass
    assert world.is_terminal()


def test_the_saved_form_keeps_the_chosen_cards_and_older_saves_load():
    s = topping_up("G2/O2", "B3/O3")
    saved = state_to_json(s)
    back = state_from_json(saved, SpaceMissionState)
    assert back.chosen == [card("G2/O2"), card("B3/O3")]
    assert state_to_json(back) == saved
    fresh = topping_up()
    older = state_to_json(fresh)
    del older["chosen"]
    assert state_from_json(older, SpaceMissionState).chosen == []
    assert state_to_json(state_from_json(older, SpaceMissionState)) == state_to_json(fresh)


def test_the_text_check_catches_a_discard_named_to_others(monkeypatch: pytest.MonkeyPatch):
    s = topping_up("B3/O3")
    conformance.check_texts_secret(s, random.Random(0))
    monkeypatch.setattr(SpaceMissionState, "public_action_text", lambda _, a, v: action_text(a))
    with pytest.raises(AssertionError, match="their view does not tell apart"):
        conformance.check_texts_secret(s, random.Random(0))


# --------------------------------------------------- the printed rule: reserved tiles hidden


def hidden_scan(pile: dict[str, int]) -> SpaceMissionState:
    s = scan_position(pile)
    s.hide_reserved = True
    do(s, "scan G4/O1")
    return s


def test_under_the_printed_rule_the_owner_reads_a_reservation_as_the_others_do():
    s = hidden_scan({"water": 1, "medal": 1, "space": 1})
    for tile in ("water", "medal"):
        pick = GAME.action_from_text(f"pick {tile}")
        for viewer in (0, 1, None):
            assert s.public_action_text(pick, viewer) == "reserve a tile on hazard"
    do(s, "pick water")
    assert s.view(0)["private"]["reserved"] == [{"planet": "hazard", "tile": None}]
    assert s.view(0)["private"]["pile"] is None


def test_under_the_printed_rule_a_tile_taken_still_reads_to_its_taker():
    d = discover_position({"medal": 1, "water": 1})
    d.hide_reserved = True
    do(d, "discover")
    pick = GAME.action_from_text("pick medal")
    assert d.public_action_text(pick, 0) == "pick medal"
    assert d.public_action_text(pick, 1) == "take a tile on hazard"


def test_without_the_printed_rule_the_owner_reads_the_tile_reserved():
    s = scan_position({"water": 1, "space": 1})
    do(s, "scan G4/O1")
    assert s.public_action_text(GAME.action_from_text("pick water"), 0) == "pick water"


def test_the_terminal_shows_the_chosen_cards_to_the_chooser_only():
    s = topping_up("B3/O3")
    mine = render_private(s.view(0))
    assert "Chosen for your Top up" in mine and "B3/O3" in mine.split("Chosen")[1]
    assert "B3/O3" not in mine.split("Chosen")[0]  # not in the hand line any more
    for viewer in OTHERS:
        seen = s.view(viewer)
        assert "B3/O3" not in render_board(seen) + render_private(seen)
