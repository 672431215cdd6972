"""The medium Space Mission player: always legal, fair, and sensible in plain positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.space_mission.space_mission_helpers import (
    FULL_HAND,
    collect,
    develop_mark,
    do,
    legal_texts,
    new_state,
    pos,
    put,
    put_ship,
    scan_mark,
    set_cards,
    set_pile,
    set_probes,
    snapshot,
)
from navcomp.core import conformance
from navcomp.games.space_mission import GAME, SpaceMissionState
from navcomp.games.space_mission.components import RING_SIZE
from navcomp.games.space_mission.decisions import choose, ranked
from navcomp.games.space_mission.valuation import MEDIUM, TUNED, Weights

# ---------------------------------------------------------------- states to test on


def random_states(
    players: int, seed: int, every: int, hide_reserved: bool = False
) -> Iterator[SpaceMissionState]:
    """Copies of every ``every``-th state of a random game that someone is to move in."""
    options = {"hide_reserved": hide_reserved}
    walk = conformance.random_walk(GAME, players, seed, options=options)
    for i, (state, _) in enumerate(walk):
        assert isinstance(state, SpaceMissionState)
        if i % every == 0 and state.current_player is not None:
            yield state.clone()


def medium_states(players: int, seed: int, every: int) -> Iterator[SpaceMissionState]:
    """Copies of states of a game the medium player plays against itself."""
    state = GAME.new_initial_state(players, seed)
    rng = random.Random(seed)
    for i in range(5000):
        if state.is_terminal():
            return
        if i % every == 0:
            yield state.clone()
        state.apply_action(choose(state, rng))
    pytest.fail(f"a {players}-player medium game (seed {seed}) did not end")


def many_states() -> Iterator[SpaceMissionState]:
    for players in range(2, 6):
        for seed in range(3):
            yield from random_states(players, seed, every=3, hide_reserved=seed == 2)
            yield from medium_states(players, seed, every=2)


# ---------------------------------------------------------------- legal, fair, harmless


def test_always_legal_over_thousands_of_states() -> None:
    checked = 0
    for i, state in enumerate(many_states()):
        assert choose(state, random.Random(i)) in state.legal_actions()
        checked += 1
    assert checked > 3000


@pytest.mark.parametrize("weights", [MEDIUM, TUNED], ids=["medium", "tuned"])
def test_fair_uses_only_what_the_player_may_know(weights: Weights) -> None:
    """A world re-dealt for the player on turn gets the same answer, rng for rng."""
    checked = 0
    for i, state in enumerate(many_states()):
        if i % 2:
            continue
        p = state.cur
        for k in (i, i + 1):
            expected = choose(state.clone(), random.Random(k), weights)
            for j in range(2):
                world = state.determinize(p, random.Random(1000 * i + j))
                assert choose(world, random.Random(k), weights) == expected, (i, k, j)
        checked += 1
    assert checked > 1500


def test_choosing_changes_nothing() -> None:
    for i, state in enumerate(random_states(3, seed=5, every=7)):
        before = snapshot(state)
        choose(state, random.Random(i))
        assert snapshot(state) == before


@pytest.mark.parametrize("weights", [MEDIUM, TUNED], ids=["medium", "tuned"])
def test_ranked_starts_with_the_choice_lists_legal_actions_once_and_is_fair(
    weights: Weights,
) -> None:
    """The hard bot's candidates: the player's choice first, then more of its options."""
    longer = 0
    for i, state in enumerate(many_states()):
        if i % 3:
            continue
        order = ranked(state, random.Random(i), weights)
        assert order[0] == choose(state, random.Random(i), weights)
        assert len(set(order)) == len(order)
        assert set(order) <= set(state.legal_actions())
        longer += len(order) > 1
        world = state.determinize(state.cur, random.Random(i))
        assert ranked(world, random.Random(i), weights) == order, i
    assert longer > 500


def test_the_tuned_player_is_a_different_player() -> None:
    """Hard's playouts use the tuned weights; medium keeps its own."""
    assert TUNED != MEDIUM
    differs = sum(
        choose(state, random.Random(i)) != choose(state, random.Random(i), TUNED)
        for i, state in enumerate(medium_states(2, seed=1, every=1))
    )
    assert differs > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_medium_games_end(players: int) -> None:
    for seed in range(3):
        assert sum(1 for _ in medium_states(players, seed, every=1)) < 1500


# ---------------------------------------------------------------- plain positions


def action(s: SpaceMissionState, seed: int = 0) -> str:
    return GAME.action_to_text(choose(s, random.Random(seed)))


def remember(s: SpaceMissionState, p: int, slug: str) -> None:
    """``p`` has looked at the planet's pile as it is now."""
    at = pos(s, slug)
    put(s, "memory", p * RING_SIZE + at, (tuple(s.real[at] or ()), s.take_seq))


def test_develops_when_it_can() -> None:
    s = new_state()
    set_cards(s, {0: ["B2/O1", "B3/O3", "B4/O4", "G2/O2", "B3/G1"]})
    set_pile(s, "hazard", {"water": 2, "medal": 1, "space": 2})
    scan_mark(s, 0, "hazard")
    set_probes(s, [1, 1])
    put_ship(s, 0, "hazard")
    assert action(s) == "develop B2/O1 B3/O3"


def test_discovers_on_a_developed_planet_with_tiles() -> None:
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    develop_mark(s, 1, "ruby-red")
    set_pile(s, "ruby-red", {"water": 2, "space": 1})
    set_probes(s, [1, 1])
    put_ship(s, 0, "ruby-red")
    assert action(s) == "discover"


def test_picks_the_tile_that_adds_most() -> None:
    s = new_state()
    set_cards(s, {0: FULL_HAND})
    collect(s, 0, "matter-green")
    develop_mark(s, 1, "ruby-red")
    set_pile(s, "ruby-red", {"mineral-red": 1, "water": 1, "alien-brown": 1, "matter-blue": 1})
    set_probes(s, [1, 1])
    put_ship(s, 0, "ruby-red")
    do(s, "discover")
    assert action(s) == "pick matter-blue"  # completes a pair: 7 points, not 2
    others = [GAME.action_to_text(a) for a in ranked(s, random.Random(0))]
    assert others[0] == "pick matter-blue"  # the hard bot weighs the other tiles too
    assert sorted(others) == sorted(legal_texts(s))


def test_flies_to_a_neighbour_it_can_develop_rather_than_jumping() -> None:
    s = new_state()
    # B1/O2 could jump to Hazard; B2/O1 with G2/O3 lands there; nothing scans Green Heggar
    set_cards(s, {0: ["B1/O2", "B2/O1", "G2/O3", "B3/O3", "B4/O4"]})
    set_pile(s, "hazard", {"water": 2, "medal": 1, "space": 2})
    scan_mark(s, 0, "hazard")
    set_probes(s, [2, 2])
    put_ship(s, 0, "green-heggar")
    assert "jump B1/O2 hazard" in legal_texts(s)
    assert action(s) == "fly hazard"
    do(s, "fly hazard")
    assert action(s).startswith("develop")


def test_confirms_when_only_confirm_is_legal() -> None:
    s = new_state()
    do(s, "draw", "draw")
    assert action(s) == "confirm"


def test_tops_up_a_hand_that_serves_no_plan() -> None:
    s = new_state()
    # no green card, nothing scanned or developed: no card serves any plan
    set_cards(s, {0: ["B1/O1", "B2/O2", "B3/O3", "B4/O4", "B1/O3"]})
    set_probes(s, [1, 1])
    put_ship(s, 0, "freezer")
    hand = set(s.hands[0])
    assert action(s).startswith("discard")
    while s.done == 0:  # the Top up: discards, then the draw
        text = action(s)
        assert text.split()[0] in ("discard", "draw")
        do(s, text)
    assert len(s.hands[0]) == 5 and not hand <= set(s.hands[0])


def test_does_not_discard_what_it_would_draw_again() -> None:
    s = new_state()
    set_cards(
        s,
        {0: ["B1/O1", "B2/O2", "B3/O3", "B4/O4", "B1/O3"]},
        draw=[],
        discard=["G1/O1"],
        leave_out_rest=True,
    )
    set_probes(s, [1, 1])
    put_ship(s, 0, "freezer")
    assert not action(s).startswith("discard")


def test_in_its_last_turn_it_takes_tiles_rather_than_reserving() -> None:
    s = new_state()
    set_cards(s, {0: ["G4/O2", "B3/O3", "B4/O4", "G2/O2", "B3/G1"]})  # G4 scans Hazard
    set_pile(s, "hazard", {"water": 2, "medal": 1, "space": 2})
    develop_mark(s, 1, "ruby-red")
    set_pile(s, "ruby-red", {"mineral-red": 1, "space": 1})
    set_probes(s, [2, 1])  # a jump would not change the gate points
    put_ship(s, 0, "hazard")
    assert action(s) == "scan G4/O2"
    s.final_round = True
    assert action(s) == "fly ruby-red"


@pytest.mark.parametrize("leading", [True, False])
def test_races_for_the_end_when_leading_and_stalls_when_behind(leading: bool) -> None:
    s = new_state()
    # the cards can scan Ruby Red or Crystal Maze, two planets away, and nothing more
    set_cards(s, {0: ["B3/O3", "B4/O4", "G2/O2", "B4/O3", "B1/O2"]})
    set_pile(s, "freezer", {"water": 1}, up=3)  # 3 of the 6 space tiles are up
    for slug in ("tempest", "oasis"):
        develop_mark(s, 1, slug)
    set_pile(s, "tempest", {"medal": 1, "space": 3})  # its last point tile ends the game
    set_pile(s, "oasis", {"medal": 2})
    remember(s, 0, "tempest")
    remember(s, 0, "oasis")
    collect(s, 0 if leading else 1, "alien-brown", 5)
    set_probes(s, [1, 1])
    put_ship(s, 0, "aqua-vita")  # between Tempest and Oasis, nothing to do there
    assert action(s) == ("fly tempest" if leading else "fly oasis")
