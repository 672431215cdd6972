"""Space Pioneers turns: drawing, seeking a ship, captures, removing ships, missions, the end."""

from __future__ import annotations

from games.space_pioneers.space_pioneers_helpers import (
    PLANETS,
    SHIPS,
    blank,
    give,
    meets,
    place,
    put,
    two,
)
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import ABOVE, CARDS, LEFT, RIGHT
from navcomp.games.space_pioneers.missions import ALL_MISSIONS, Turn, missions_met
from navcomp.games.space_pioneers.rules import CAPTURE, CHOOSE, DRAW, OVER, REMOVE

SAME = {t: [c for c in PLANETS if CARDS[c].type == t] for t in range(8)}


def capture_setup(two_needed: bool = False) -> tuple[int, int, int, list[int]]:
    """A planet N, ships A (above N) and C (right of N) it fits, and the others of N's planet."""

    def fit(n: int, ship: int, where: int) -> bool:
        return two(n, ship, where) if two_needed else meets(n, ship, where) != 0

    for planets in SAME.values():
        for n in planets:
            above = next((s for s in SHIPS if fit(n, s, ABOVE)), None)
            right = next((s for s in SHIPS if s != above and fit(n, s, RIGHT)), None)
            if above is not None and right is not None:
                return n, above, right, [c for c in planets if c != n]
    raise AssertionError("no such cards")


def test_a_planet_captures_the_same_planet_in_the_network() -> None:
    n, a, _, others = capture_setup()
    s = blank()
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    place(s, 0, n, 0, 0, 1)
    assert s.captured[0] == [others[0]]
    assert sorted(s.networks[0].values()) == sorted([a, n])
    assert s.phase == REMOVE


def test_a_planet_that_holds_the_network_together_stays() -> None:
    n, a, _, others = capture_setup()
    s = blank()
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    put(s, 0, 2, 0, SHIPS[-1])  # reached only through the planet at (1, 0)
    place(s, 0, n, 0, 0, 1)
    assert s.captured[0] == []
    assert len(s.networks[0]) == 4


def test_when_either_but_not_both_may_go_the_player_chooses() -> None:
    n, a, c, others = capture_setup()
    s = blank()
    spare_ships = [x for x in SHIPS if x not in (a, c)]
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    put(s, 0, 2, 0, spare_ships[0])
    put(s, 0, 2, 1, others[1])
    put(s, 0, 1, 1, c)  # a ring: either planet may go, not both (the ship at 2,0 would drift)
    place(s, 0, n, 0, 0, 1)
    assert s.phase == CAPTURE
    assert s.legal_actions() == sorted(act.CAPTURE0 + x for x in others[:2])
    s.apply_action(act.CAPTURE0 + others[1])
    assert s.captured[0] == [others[1]]
    assert others[0] in s.networks[0].values()
    assert s.phase == REMOVE


def test_two_captures_in_one_turn_meet_the_mission() -> None:
    n, a, _, others = capture_setup()
    s = blank()
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    put(s, 0, -1, 0, others[1])
    place(s, 0, n, 0, 0, 1)
    assert sorted(s.captured[0]) == sorted(others[:2])
    assert s.missions[0] & 2


def test_capturing_in_another_network_pays_the_active_player() -> None:
    n, a, _, others = capture_setup(two_needed=True)
    s = blank()
    put(s, 0, 0, 0, SHIPS[-1])
    put(s, 1, 0, 0, a)
    put(s, 1, 1, 0, others[0])
    place(s, 0, n, 1, 0, 1)
    assert s.captured[0] == [others[0]] and s.captured[1] == []
    assert s.missions[0] & 1, "a capture in another network meets mission 1"
    assert s.elsewhere[0][1] == 1


def test_missions_judged_on_the_network() -> None:
    cards = [SHIPS[0], PLANETS[0], SHIPS[1], PLANETS[1], SHIPS[2], PLANETS[2]]
    line = {act.xy_cell(x, 0): c for x, c in enumerate(cards)}
    assert missions_met(0, line, Turn()) & 4, "six in one row"
    assert not missions_met(0, dict(list(line.items())[:5]), Turn()) & 4
    broken = {act.xy_cell(x, 0): c for x, c in zip((0, 1, 2, 4, 5, 6), cards, strict=True)}
    assert not missions_met(0, broken, Turn()) & 4
    planets = [0, 16, 32, 48]  # Pyros, Aquaris, Verdana, Solis: one planet of each colour
    assert {CARDS[c].colour for c in planets} == {0, 1, 2, 3}
    column = [planets[0], SHIPS[0], planets[1], SHIPS[1], planets[2], SHIPS[2], planets[3]]
    colours = {act.xy_cell(0, y): c for y, c in enumerate(column)}
    assert missions_met(0, colours, Turn()) & 8
    yellow_ship = next(c for c in SHIPS if CARDS[c].colour == 3)
    three = {**dict(list(colours.items())[:6]), act.xy_cell(0, 6): yellow_ship}
    assert not missions_met(0, three, Turn()) & 8, "spaceships' colours do not count"


def test_missions_judged_on_the_deeds() -> None:
    assert missions_met(0, {}, Turn(placed_elsewhere=True, captured=1)) == 1
    assert missions_met(0, {}, Turn(placed_elsewhere=True)) == 0, "mission 1 asks for a capture"
    assert missions_met(1, {}, Turn(placed_elsewhere=True, captured=2)) == 2
    assert missions_met(0, {}, Turn(captured=1), captured=4) == 2, "four captured in all"
    assert missions_met(0, {}, Turn(captured=1), captured=3) == 0


def test_missions_met_stay_met() -> None:
    s = blank()
    s.missions[0] = 8
    put(s, 0, 0, 0, SHIPS[0])
    s.phase = REMOVE
    s.apply_action(act.REMOVE0 + SHIPS[0])
    assert s.missions[0] == 8 and s.networks[0] == {}


def test_take_a_face_up_card_and_the_slot_is_refilled() -> None:
    s = blank()
    s.phase = DRAW
    s.face_up = [PLANETS[3], SHIPS[3]]
    s.deck.remove(PLANETS[3])
    s.deck.remove(SHIPS[3])
    top = s.deck[-1]
    s.apply_action(act.TAKE0 + 1)
    assert s.hands[0] == [SHIPS[3]] and SHIPS[3] in s.known[0]
    assert s.face_up == [PLANETS[3], top]
    assert s.phase == CHOOSE


def test_draw_from_the_deck_stays_secret() -> None:
    s = blank()
    s.phase = DRAW
    top = s.deck[-1]
    s.apply_action(act.DRAW)
    assert s.hands[0] == [top] and not s.known[0]
    assert s.view(1)["seats"][0]["hand_size"] == 1
    assert s.view(1)["seats"][0]["known_hand"] == []
    assert "hand" not in s.view(None)


def test_seeking_a_spaceship_shows_the_hand_and_removes_the_rest() -> None:
    s = blank()
    s.phase = DRAW
    give(s, 0, PLANETS[0])
    s.face_up = [PLANETS[1], PLANETS[2]]
    for c in (PLANETS[1], PLANETS[2], PLANETS[5], PLANETS[6], SHIPS[7]):
        s.deck.remove(c)
    s.deck += [SHIPS[7], PLANETS[5], PLANETS[6]]  # top is the end
    assert act.SEEK in s.legal_actions()
    s.apply_action(act.SEEK)
    assert s.hands[0] == [PLANETS[0], SHIPS[7]]
    assert s.known[0] == {PLANETS[0], SHIPS[7]}
    assert s.removed == [PLANETS[6], PLANETS[5]]


def test_no_seeking_with_a_spaceship_in_hand_or_face_up() -> None:
    s = blank()
    s.phase = DRAW
    give(s, 0, SHIPS[0])
    assert act.SEEK not in s.legal_actions()
    s.hands[0] = [PLANETS[0]]
    s.face_up = [SHIPS[1], -1]
    assert act.SEEK not in s.legal_actions()


def test_pass_then_remove_a_ship_from_the_hand() -> None:
    s = blank()
    give(s, 0, SHIPS[0], PLANETS[0])
    s.apply_action(act.PASS)
    assert s.legal_actions() == [act.DONE, act.REMOVE0 + SHIPS[0]]
    s.apply_action(act.REMOVE0 + SHIPS[0])
    assert s.discard == [SHIPS[0]] and s.hands[0] == [PLANETS[0]]
    assert s.current == 1 and s.phase == DRAW


def test_a_ship_leaves_the_network_only_if_it_stays_whole() -> None:
    s = blank()
    put(s, 0, 0, 0, SHIPS[0])
    put(s, 0, 1, 0, PLANETS[0])
    put(s, 0, 2, 0, SHIPS[1])
    put(s, 0, 3, 0, PLANETS[1])
    s.phase = REMOVE
    assert s.legal_actions() == [act.DONE, act.REMOVE0 + SHIPS[0]]


def test_the_remove_step_comes_even_with_nothing_to_remove() -> None:
    s = blank()
    s.apply_action(act.PASS)
    assert s.phase == REMOVE and s.legal_actions() == [act.DONE]


def test_the_last_deck_card_ends_the_game_at_the_round_end() -> None:
    s = blank(players=3, current=1, start=0)
    s.deck = [PLANETS[0]]
    s.phase = DRAW
    s.apply_action(act.DRAW)
    assert s.ending
    s.apply_action(act.PASS)
    s.apply_action(act.DONE)
    assert s.current == 2 and s.phase == CHOOSE, "nothing left to draw"
    s.apply_action(act.PASS)
    s.apply_action(act.DONE)
    assert s.phase == OVER and s.current_player is None
    assert s.result() is not None


def test_refilling_the_last_card_face_up_also_ends() -> None:
    s = blank(players=2, current=1, start=0)
    s.deck = [PLANETS[0]]
    s.face_up = [SHIPS[0], -1]
    s.phase = DRAW
    s.apply_action(act.TAKE0)
    assert s.ending and s.face_up == [PLANETS[0], -1]
    s.apply_action(act.PASS)
    s.apply_action(act.DONE)
    assert s.phase == OVER


def test_the_last_open_mission_ends_the_game_at_the_round_end() -> None:
    n, a, _, others = capture_setup()
    s = blank(players=2, current=0, start=0)
    s.missions[0] = ALL_MISSIONS & ~2
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    put(s, 0, -1, 0, others[1])
    place(s, 0, n, 0, 0, 1)
    assert s.missions[0] == ALL_MISSIONS and s.ending
    s.apply_action(act.DONE)
    assert s.current == 1 and s.phase != OVER
    s.phase = CHOOSE
    s.apply_action(act.PASS)
    s.apply_action(act.DONE)
    assert s.phase == OVER


def test_scores_and_the_tie_break() -> None:
    s = blank(players=2)
    s.secrets = [0, 1]
    s.captured = [[PLANETS[0], PLANETS[1]], [PLANETS[2]]]
    s.missions = [0, 1]
    s.hands = [[SHIPS[0]], [SHIPS[1]]]  # task "no ship in hand" not met by player 0
    put(s, 1, 0, 0, SHIPS[2])
    s.phase = OVER
    result = s.result()
    assert result is not None
    assert result.breakdown == (
        {"planets": 2, "missions": 0, "tasks": 0},
        {"planets": 1, "missions": 2, "tasks": 0},
    )
    assert result.scores == (2, 3) and result.winners == (1,)
    s.captured[0].append(PLANETS[3])
    tied = s.result()
    assert tied is not None and tied.scores == (3, 3)
    assert tied.winners == (1,) and tied.ranks == (2, 1), "more cards in the network wins"
    s.networks[1] = {}
    shared = s.result()
    assert shared is not None and shared.winners == (0, 1) and shared.ranks == (1, 1)


def test_a_left_side_planet_fits_like_a_right_side_one_mirrored() -> None:
    for p in PLANETS[:8]:
        for sh in SHIPS[:8]:
            left = meets(p, sh, LEFT)
            assert bool(left & 2) == (
                (CARDS[p].top[0], CARDS[p].bottom[0]) == (CARDS[sh].top[2], CARDS[sh].bottom[2])
            )
