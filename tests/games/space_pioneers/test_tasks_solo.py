"""Space Pioneers top-secret tasks, the solo card, views, determinizing and the action forms."""

from __future__ import annotations

import random

import pytest

from games.space_pioneers.space_pioneers_helpers import PLANETS, SHIPS, blank, give, put
from navcomp.core.errors import MalformedActionError
from navcomp.games.space_pioneers import GAME
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.actions import Action
from navcomp.games.space_pioneers.missions import Record, Turn, solo_met, task_met
from navcomp.games.space_pioneers.rules import CHOOSE, OVER, PLACE, REMOVE


def grid(*rows: str) -> dict[int, int]:
    """A network drawn as text: S a ship, P a planet (of types chosen to stay apart), . empty."""
    ships, planets = iter(SHIPS[::4] * 4), iter(PLANETS[::8] * 8)
    out = {}
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark != ".":
                out[act.xy_cell(x, y)] = next(ships) if mark == "S" else next(planets)
    return out


def record(network: dict[int, int] | None = None, **deeds: list[int]) -> Record:
    return Record(
        network=network or {},
        hand=deeds.get("hand", []),
        captured=deeds.get("captured", []),
        elsewhere=deeds.get("elsewhere", [0, 0, 0]),
    )


@pytest.mark.parametrize(
    ("key", "met", "unmet"),
    [
        ("four_ship_kinds", record(grid("SPSPSPS")), record(grid("SPSPS"))),
        ("light_hand", record(hand=PLANETS[:1]), record(hand=[SHIPS[0]])),
        ("light_hand", record(hand=[]), record(hand=PLANETS[:2])),
        ("surrounded_planet", record(grid(".S.", "SPS", ".S.")), record(grid(".S.", "SPS"))),
        ("three_planet_kinds", record(captured=[0, 8, 16]), record(captured=[0, 1, 8])),
        ("five_wide", record(grid("SPSPS")), record(grid("SPSP", "P...", "S..."))),
        ("three_of_a_planet", record(captured=[0, 1, 2]), record(captured=[0, 1, 8])),
        ("seven_tall", record(grid(*"SPSPSPS")), record(grid(*"SPSPSP"))),
        ("two_other_networks", record(elsewhere=[0, 1, 1]), record(elsewhere=[0, 0, 2])),
        ("twelve_cards", record(grid("SPSPSP", "PSPSPS")), record(grid("SPSPSP", "PSPSP."))),
        (
            "three_planets_one_colour",
            record(captured=[], network={1: 0, 2: 1, 3: 2}),
            record(network={1: 0, 2: 1, 3: 16}),
        ),
    ],
)
def test_each_task(key: str, met: Record, unmet: Record) -> None:
    assert task_met(key, met, 3)
    assert not task_met(key, unmet, 3)


def test_two_other_networks_with_two_players_asks_for_two_planets_in_the_other() -> None:
    assert task_met("two_other_networks", record(elsewhere=[0, 2]), 2)
    assert not task_met("two_other_networks", record(elsewhere=[0, 1]), 2)


def test_tasks_score_three_each_at_the_end() -> None:
    s = blank(players=2)
    s.secrets = [0, 4]
    s.hands = [[], []]
    cards = [SHIPS[0], PLANETS[0], SHIPS[4], PLANETS[1], SHIPS[8], PLANETS[2], SHIPS[12]]
    for x, card in enumerate(cards):
        put(s, 0, x, 0, card)
    s.phase = OVER
    result = s.result()
    assert result is not None
    assert result.breakdown[0]["tasks"] == 6, "four ship kinds and an empty hand"
    assert s.view(1)["seats"][0]["secret"] == {
        "card": 1,
        "tasks": ["four_ship_kinds", "light_hand"],
        "met": [True, True],
    }


def test_solo_sides_a_then_b_then_a_again() -> None:
    assert solo_met(0, 0, {}, Turn(captured=1)) == 1
    assert solo_met(0, 1, grid("SPSPSP"), Turn()) == 2
    assert solo_met(1, 0, grid("SPSP"), Turn()) == 1
    assert solo_met(1, 1, {}, Turn(removed_from_network=True)) == 2
    # each completed card asks for two more cards and one more in line
    assert solo_met(0, 1, grid("SPSPSP"), Turn(), completed=1) == 0
    assert solo_met(0, 1, grid("SPSPSPSP"), Turn(), completed=1) == 2
    assert solo_met(1, 0, grid("SPSP"), Turn(), completed=1) == 0
    assert solo_met(1, 0, grid("SPSPS"), Turn(), completed=1) == 1
    s = blank(players=1)
    s.side, s.side_done = 1, 1
    put(s, 0, 0, 0, SHIPS[0])
    put(s, 0, 1, 0, PLANETS[0])
    put(s, 0, 2, 0, SHIPS[4])
    s.phase = REMOVE
    s.apply_action(act.REMOVE0 + SHIPS[0])
    assert (s.side, s.side_done, s.solo_cards, s.solo_done) == (0, 0, 1, 1)
    assert s.view(0)["solo_card"]["completed"] == 1


def test_solo_score_and_one_last_turn() -> None:
    s = blank(players=1)
    s.captured[0] = [PLANETS[0], PLANETS[1]]
    s.solo_done = 3
    s.deck = [PLANETS[5]]
    s.phase = 0
    s.apply_action(act.DRAW)
    assert s.ending
    s.apply_action(act.PASS)
    s.apply_action(act.DONE)
    assert s.phase == CHOOSE and s.view(0)["solo_card"]["last_turn"]
    s.apply_action(act.PASS)
    s.apply_action(act.DONE)
    assert s.phase == OVER
    result = s.result()
    assert result is not None and result.scores == (8,)
    assert result.breakdown == ({"planets": 2, "missions": 6},)


def test_views_keep_hands_secrets_and_the_chosen_card_private() -> None:
    s = GAME.new_initial_state(3, seed=4)
    me, other = s.current, (s.current + 1) % 3
    mine = s.view(me)
    assert sorted(c["id"] for c in mine["hand"]) == sorted(s.hands[me])
    assert mine["seats"][me]["secret"]["card"] == s.secrets[me] + 1
    theirs = s.view(other)
    assert theirs["seats"][me]["secret"] is None
    assert theirs["seats"][me]["hand_size"] == 3
    s.apply_action(act.DRAW)
    choose = next(a for a in s.legal_actions() if a >= act.CHOOSE0)
    s.apply_action(choose)
    assert s.phase == PLACE
    assert s.view(me)["selected"]["id"] == choose - act.CHOOSE0
    assert s.view(other)["selected"] is None
    assert s.public_action_text(choose, other) == "choose a card"
    assert s.public_action_text(choose, me) == GAME.action_to_text(choose)


def test_the_revealed_view_gives_a_seat_s_own_part_under_private_for_the_replay() -> None:
    s = GAME.new_initial_state(2, seed=5)
    me = s.current
    s.apply_action(act.DRAW)
    choose = next(a for a in s.legal_actions() if a >= act.CHOOSE0)
    s.apply_action(choose)
    revealed = s.revealed_view(me)
    private = revealed.pop("private")
    assert revealed == s.view(me)
    assert private["hand"] == revealed["hand"]
    assert private["selected"]["id"] == choose - act.CHOOSE0
    assert private["secret"]["card"] == s.secrets[me] + 1
    assert len(private["secret"]["met"]) == 2  # so far: the replay shows everything
    other = s.revealed_view(1 - me)["private"]
    assert other["selected"] is None
    assert sorted(c["id"] for c in other["hand"]) == sorted(s.hands[1 - me])
    solo = GAME.new_initial_state(1, seed=5).revealed_view(0)["private"]
    assert solo["secret"] is None and len(solo["hand"]) == 3
    # the same part is the seat's private view, revealed; unrevealed, the tasks wait
    assert s.private_view(me, revealed=True) == private
    own = s.private_view(me)
    assert own["secret"] == revealed["seats"][me]["secret"] and own["secret"]["met"] is None
    assert (own["hand"], own["selected"]) == (revealed["hand"], revealed["selected"])
    with pytest.raises(ValueError, match="no seat"):
        s.private_view(2)


def test_determinize_keeps_what_everybody_saw_and_redeals_the_rest() -> None:
    s = blank(players=3)
    give(s, 1, PLANETS[0], PLANETS[1], SHIPS[2])
    s.known[1] = {PLANETS[0]}
    s.secrets = [0, 1, 2]
    rnd = random.Random(3)
    hands, secrets = set(), set()
    for _ in range(40):
        world = s.determinize(0, rnd)
        assert PLANETS[0] in world.hands[1] and len(world.hands[1]) == 3
        assert world.secrets[0] == 0 and world.secrets[1] != 0
        hands.add(tuple(sorted(world.hands[1])))
        secrets.add(world.secrets[1])
        assert sorted(world.deck + world.hands[1]) == sorted(s.deck + s.hands[1])
        assert world.view(0) == s.view(0)
    assert len(hands) > 30 and secrets == {1, 2, 3, 4}


def test_determinize_while_another_player_holds_a_chosen_card() -> None:
    s = blank(players=2, current=1)
    give(s, 1, SHIPS[0], SHIPS[1])
    s.apply_action(act.CHOOSE0 + SHIPS[1])
    rnd = random.Random(5)
    for _ in range(30):
        world = s.determinize(0, rnd)
        assert world.selected in world.hands[1]
        assert world.view(0) == s.view(0)
        world.apply_action(world.legal_actions()[-1])  # the place action of the re-picked card
        assert len(world.networks[1]) == 1


def test_action_forms() -> None:
    cases = {
        "take 2": {"type": "take", "slot": 1},
        "draw": {"type": "draw"},
        "seek": {"type": "seek"},
        "pass": {"type": "pass"},
        "done": {"type": "done"},
        "choose Pyros-3": {"type": "choose", "card": 2},
        "capture Cinder-1": {"type": "capture", "card": 8},
        "remove Blaze-2": {"type": "remove", "card": 65},
        "place 2 -1 0": {"type": "place", "network": 2, "x": -1, "y": 0},
    }
    for text, data in cases.items():
        action = GAME.action_from_text(text)
        assert GAME.action_to_json(action) == data
        assert GAME.action_from_json(data) == action
        assert GAME.action_to_text(action) == text
    for bad in ("place 9 0 0", "place 0 11 0", "choose Pluto-1", "take 3", "", "fly"):
        with pytest.raises(MalformedActionError):
            GAME.action_from_text(bad)
    with pytest.raises(MalformedActionError):
        GAME.action_from_json({"type": "place", "network": 0, "x": True, "y": 0})


def test_an_action_is_a_value_with_its_codecs() -> None:
    """``Action``, as Space Mission's: a hashable value per id, its text its ``str``."""
    place = Action.from_text("place 2 -1 0")
    assert place == Action("place", network=2, cell=act.xy_cell(-1, 0))
    assert place.id == act.place_action(2, act.xy_cell(-1, 0)) == GAME.action_from_text(str(place))
    assert Action.from_json(place.to_json()) == place == Action.from_id(place.id)
    assert Action.from_id(act.TAKE0 + 1) == Action("take", slot=1)
    assert str(Action.from_id(act.CAPTURE0 + 8)) == "capture Cinder-1"
    assert {Action.from_id(a).kind for a in range(act.NUM_ACTIONS)} == set(Action.KINDS)
    for bad in (-1, act.NUM_ACTIONS, True):
        with pytest.raises(MalformedActionError):
            Action.from_id(bad)
