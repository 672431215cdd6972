"""What Space Pioneers' log adds to an action, for everybody: the card taken face up or
found by seeking, the card placed and the network it went into, the captures, the
missions met and their points; nothing for a secret draw or choice."""

from __future__ import annotations

from games.space_pioneers.space_pioneers_helpers import PLANETS, SHIPS, blank, give, put
from games.space_pioneers.test_turns import capture_setup
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.actions import CARD_NAMES, xy_cell
from navcomp.games.space_pioneers.rules import DRAW


def names(*cards: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def test_a_face_up_take_names_its_card_and_a_draw_nothing() -> None:
    s = blank()
    s.phase = DRAW
    s.face_up = [PLANETS[3], SHIPS[3]]
    s.deck.remove(PLANETS[3])
    s.deck.remove(SHIPS[3])
    assert s.public_action_detail(act.TAKE0 + 1) == {"card": CARD_NAMES[SHIPS[3]]}
    assert s.public_action_detail(act.DRAW) is None


def test_a_seek_names_the_spaceship_found_and_the_cards_removed() -> None:
    s = blank()
    s.phase = DRAW
    give(s, 0, PLANETS[0])
    s.face_up = [PLANETS[1], PLANETS[2]]
    for c in (PLANETS[1], PLANETS[2], PLANETS[5], PLANETS[6], SHIPS[7]):
        s.deck.remove(c)
    s.deck += [SHIPS[7], PLANETS[5], PLANETS[6]]
    assert s.public_action_detail(act.SEEK) == {
        "card": CARD_NAMES[SHIPS[7]],
        "removed": names(PLANETS[6], PLANETS[5]),
    }


def test_a_placement_in_another_network_names_the_card_captures_missions_and_points() -> None:
    n, a, _, others = capture_setup(two_needed=True)
    s = blank()
    put(s, 0, 0, 0, SHIPS[-1])
    put(s, 1, 0, 0, a)
    put(s, 1, 1, 0, others[0])
    give(s, 0, n)
    s.apply_action(act.CHOOSE0 + n)
    assert s.public_action_detail(act.CHOOSE0) is None  # the choice stays the chooser's
    place = act.place_action(1, xy_cell(0, 1))
    assert s.public_action_detail(place) == {
        "card": CARD_NAMES[n],
        "network": 1,
        "captured": names(others[0]),
        "missions": [{"mission": "capture_elsewhere"}],
        "points": 3,
    }
    assert s.selected == n and not s.captured[0], "the detail changed the position"


def test_a_solo_mission_met_is_named_with_its_count() -> None:
    n, a, _, others = capture_setup()
    s = blank(players=1)
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    give(s, 0, n)
    s.apply_action(act.CHOOSE0 + n)
    detail = s.public_action_detail(act.place_action(0, xy_cell(0, 1)))
    assert detail == {
        "card": CARD_NAMES[n],
        "network": 0,
        "captured": names(others[0]),
        "missions": [{"mission": "capture"}],
        "points": 3,
    }
