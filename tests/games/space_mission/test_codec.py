"""Space Mission codecs: action ids, texts, JSON and ``Action``; saved states."""

from __future__ import annotations

import json
import random

import pytest

from games.space_mission.space_mission_helpers import (
    FULL_HAND,
    do,
    new_state,
    put_ship,
    set_cards,
    set_pile,
    snapshot,
)
from navcomp.core import IllegalActionError, MalformedActionError
from navcomp.games.space_mission import GAME, Action
from navcomp.games.space_mission.actions import NUM_ACTIONS

ALL_IDS = range(NUM_ACTIONS)


def test_num_actions_is_the_game_info_count():
    assert GAME.info.num_distinct_actions == NUM_ACTIONS
    # 60 discards, confirm, draw, discover, 10 picks, 12 flies, 40 scans,
    # 40 blue cards x 12 planets, C(40, 2) develop pairs
    assert NUM_ACTIONS == 60 + 3 + 10 + 12 + 40 + 40 * 12 + 40 * 39 // 2


def test_every_id_round_trips_through_text():
    texts = set()
    for a in ALL_IDS:
        text = GAME.action_to_text(a)
        assert GAME.action_from_text(text) == a
        assert GAME.parse_action(text) == a
        texts.add(text)
    assert len(texts) == NUM_ACTIONS


def test_every_id_round_trips_through_json():
    for a in ALL_IDS:
        data = GAME.action_to_json(a)
        wire = json.loads(json.dumps(data))
        assert wire == data
        assert GAME.action_from_json(wire) == a
        assert GAME.parse_action(wire) == a


def test_every_id_round_trips_through_action():
    for a in ALL_IDS:
        action = Action.from_id(a)
        assert action.id == a
        assert Action.from_text(str(action)) == action
        assert Action.from_json(action.to_json()) == action
        assert GAME.parse_action(a) == a
        assert str(action) == GAME.action_to_text(a)


def test_every_kind_is_present():
    kinds = {Action.from_id(a).kind for a in ALL_IDS}
    assert kinds == {
        "confirm",
        "draw",
        "discover",
        "pick",
        "fly",
        "discard",
        "scan",
        "jump",
        "develop",
    }


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("confirm", {"type": "confirm"}),
        ("draw", {"type": "draw"}),
        ("discover", {"type": "discover"}),
        ("pick water", {"type": "pick", "tile": "water"}),
        ("pick mineral-purple", {"type": "pick", "tile": "mineral-purple"}),
        ("fly green-heggar", {"type": "fly", "planet": "green-heggar"}),
        ("discard B?/O3", {"type": "discard", "card": "B?/O3"}),
        ("scan G3/O1", {"type": "scan", "card": "G3/O1"}),
        ("scan B2/G?", {"type": "scan", "card": "B2/G?"}),
        ("jump B1/O2 hazard", {"type": "jump", "card": "B1/O2", "planet": "hazard"}),
        ("develop B1/O2 G3/O4", {"type": "develop", "cards": ["B1/O2", "G3/O4"]}),
    ],
)
def test_text_and_json_forms_as_documented(text, data):
    a = GAME.action_from_text(text)
    assert GAME.action_to_text(a) == text
    assert GAME.action_to_json(a) == data
    assert GAME.action_from_json(data) == a


def test_text_is_case_and_space_tolerant_and_order_free():
    a = GAME.action_from_text("jump B1/O2 hazard")
    assert GAME.action_from_text("  JUMP   b1/o2   Hazard ") == a
    assert GAME.action_from_text("jump hazard B1/O2") == a


def test_develop_cards_in_either_order_are_one_action():
    a = GAME.action_from_text("develop B1/O2 G3/O4")
    assert GAME.action_from_text("develop G3/O4 B1/O2") == a
    assert GAME.action_from_json({"type": "develop", "cards": ["G3/O4", "B1/O2"]}) == a


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "hello",
        "jump",
        "jump B1/O2",
        "jump hazard",
        "jump G1/O2 hazard",
        "jump B1/O2 hazard freezer",
        "jump B1/O2 dust-bowl water",
        "fly",
        "fly B1/O2",
        "fly hazard freezer",
        "fly gate",
        "scan",
        "scan B1/O2",
        "scan G3/O1 G3/O2",
        "scan G3/O1 hazard",
        "discard",
        "discard B1/O2 B1/O3",
        "discard B5/O1",
        "develop",
        "develop B1/O2",
        "develop B1/O2 B1/O2",
        "develop B1/O2 B1/G2",
        "develop B1/O2 G3/O4 G3/O3",
        "pick",
        "pick space",
        "pick water medal",
        "pick hazard",
        "confirm hazard",
        "draw B1/O2",
        "discover water",
        "B1/O2",
    ],
)
def test_malformed_texts_raise(text):
    with pytest.raises(MalformedActionError):
        GAME.action_from_text(text)
    with pytest.raises(MalformedActionError):
        Action.from_text(text)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "teleport"},
        {"type": None},
        {"type": ["jump"]},
        {"type": "confirm", "extra": 1},
        {"type": "jump", "card": "B1/O2"},
        {"type": "jump", "planet": "hazard"},
        {"type": "jump", "card": "B1/O2", "planet": "pluto"},
        {"type": "jump", "card": "B1/O2", "planet": 3},
        {"type": "jump", "card": "G1/O2", "planet": "hazard"},
        {"type": "jump", "card": 5, "planet": "hazard"},
        {"type": "scan", "card": "B9/O9"},
        {"type": "discard"},
        {"type": "discard", "card": None},
        {"type": "develop", "cards": ["B1/O2"]},
        {"type": "develop", "cards": "B1/O2 G3/O4"},
        {"type": "develop", "cards": ["B1/O2", "B1/O2"]},
        {"type": "develop", "cards": ["B1/O2", 7]},
        {"type": "pick"},
        {"type": "pick", "tile": "space"},
        {"type": "pick", "tile": "gold"},
        {"type": "pick", "tile": 8},
        {"type": "fly"},
        {"type": "fly", "planet": "hazard", "tile": "water"},
        {"type": "draw", "card": "B1/O2"},
        {"type": "jump", "cards": ["B1/O2"], "planet": "hazard"},
        {"type": "develop", "card": "B1/O2", "cards": ["B1/O2", "G3/O4"]},
        {"type": "develop", "card": "B1/O2"},
    ],
)
def test_malformed_json_raises(data):
    with pytest.raises(MalformedActionError):
        GAME.action_from_json(data)
    with pytest.raises(MalformedActionError):
        GAME.parse_action(data)


def test_json_names_are_case_tolerant_like_text():
    data = {"type": "jump", "card": "b1/o2", "planet": "Hazard"}
    assert GAME.action_from_json(data) == GAME.action_from_text("jump B1/O2 hazard")
    assert GAME.action_from_json({"type": "pick", "tile": "WATER"}) == GAME.action_from_text(
        "pick water"
    )


@pytest.mark.parametrize("data", [None, "confirm", 3, ["confirm"], [{"type": "confirm"}]])
def test_json_that_is_not_an_object_raises(data):
    with pytest.raises(MalformedActionError):
        GAME.action_from_json(data)


@pytest.mark.parametrize("value", [-1, NUM_ACTIONS, NUM_ACTIONS + 7, True, False, 2.0, None])
def test_bad_ids_raise(value):
    with pytest.raises(MalformedActionError):
        GAME.parse_action(value)


@pytest.mark.parametrize("value", [-1, NUM_ACTIONS])
def test_ids_out_of_range_raise_everywhere(value):
    with pytest.raises(MalformedActionError):
        Action.from_id(value)
    with pytest.raises(MalformedActionError):
        GAME.action_to_text(value)
    with pytest.raises(MalformedActionError):
        GAME.action_to_json(value)


def test_malformed_error_is_not_an_illegal_action_error():
    with pytest.raises(MalformedActionError) as err:
        GAME.action_from_text("teleport")
    assert not isinstance(err.value, IllegalActionError)
    assert err.value.code == "malformed_action"


# ------------------------------------------------------------------ saved states


def restored(s):
    return GAME.state_from_json(json.loads(json.dumps(s.to_json())))


def assert_same(a, b):
    assert a.to_json() == b.to_json()
    assert a.legal_actions() == b.legal_actions()
    assert a.current_player == b.current_player
    for p in [*range(a.n), None]:
        assert a.view(p) == b.view(p)


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_state_json_round_trip_mid_game_and_play_on(n, seed):
    s = GAME.new_initial_state(n, seed)
    rnd = random.Random(seed)
    for _ in range(150):
        legal = s.legal_actions()
        s.apply_action(legal[rnd.randrange(len(legal))])
        if s.is_terminal():
            break
    r = restored(s)
    assert_same(s, r)
    # both play on identically, randomness included, to the end
    while not s.is_terminal():
        legal = s.legal_actions()
        action = legal[rnd.randrange(len(legal))]
        s.apply_action(action)
        r.apply_action(action)
        assert s.to_json() == r.to_json()
    assert r.is_terminal()
    assert s.result() == r.result()


def test_state_json_round_trip_while_looking_at_a_pile():
    s = new_state(options={"hide_reserved": True, "max_rounds": 9})
    set_cards(s, {0: ["G4/O1", *FULL_HAND[:4]]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {"water": 1, "medal": 2, "space": 1})
    do(s, "scan G4/O1")
    r = restored(s)
    assert_same(s, r)
    do(r, "pick medal")
    do(s, "pick medal")
    assert_same(s, r)


def test_state_json_round_trip_during_top_up_and_after_a_reshuffle():
    s = new_state()
    set_cards(s, {0: FULL_HAND}, draw=["B1/O2"])
    do(s, "discard B3/O3", "discard B4/O4")
    assert_same(s, restored(s))
    do(s, "draw")
    r = restored(s)
    assert_same(s, r)
    do(s, "draw")
    do(r, "draw")
    assert_same(s, r)


def test_state_json_of_a_finished_game():
    s = new_state(options={"max_rounds": 1})
    do(s, "draw", "draw", "confirm", "draw", "draw", "confirm")
    r = restored(s)
    assert_same(s, r)
    assert r.result() == s.result()


def test_state_json_is_plain_json():
    s = GAME.new_initial_state(3, 9)
    assert json.loads(json.dumps(s.to_json())) == s.to_json()


@pytest.mark.parametrize("data", [None, [], {}, {"format": 999}])
def test_state_from_bad_json_raises(data):
    with pytest.raises(ValueError):
        GAME.state_from_json(data)


def test_clone_is_independent_of_the_original():
    s = new_state()
    set_cards(s, {0: ["G4/O1", *FULL_HAND[:4]]})
    put_ship(s, 0, "hazard")
    set_pile(s, "hazard", {"water": 1, "medal": 2, "space": 1})
    before = snapshot(s)
    c = s.clone()
    do(c, "scan G4/O1", "pick water", "draw", "confirm")
    assert snapshot(s) == before
    do(s, "scan G4/O1", "pick water", "draw", "confirm")
    assert snapshot(s) == snapshot(c)
