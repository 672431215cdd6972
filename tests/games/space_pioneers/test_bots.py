"""Bots at Space Pioneers: legal, fair, sensible, and medium beats easy."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.space_pioneers.space_pioneers_helpers import (
    PLANETS,
    SHIPS,
    blank,
    give,
    meets,
    place,
    put,
)
from navcomp.bots.base import Bot, HeuristicBot, RandomBot
from navcomp.bots.rollout import RolloutBot
from navcomp.core import conformance, play
from navcomp.games.space_pioneers import GAME, SpacePioneersState
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import ABOVE, RIGHT
from navcomp.games.space_pioneers.decisions import choose, ranked
from navcomp.games.space_pioneers.heuristic import SpacePioneersHeuristic, values_from_points
from navcomp.games.space_pioneers.missions import TOP_SECRET
from navcomp.games.space_pioneers.network import TYPE
from navcomp.games.space_pioneers.rules import CAPTURE, CHOOSE, DRAW, PLACE, REMOVE

HEURISTIC = SpacePioneersHeuristic()


def medium_states(players: int, seed: int, every: int) -> Iterator[SpacePioneersState]:
    """Copies of positions along a game of medium players."""
    state = GAME.new_initial_state(players, seed)
    rnd = random.Random(seed)
    i = 0
    while state.current_player is not None:
        if i % every == 0:
            yield state.clone()
        state.apply_action(choose(state, rnd))
        i += 1


def random_states(players: int, seed: int, every: int) -> Iterator[SpacePioneersState]:
    for i, (state, _) in enumerate(conformance.random_walk(GAME, players, seed)):
        if i % every == 0:
            assert isinstance(state, SpacePioneersState)
            yield state.clone()


def many_states() -> Iterator[SpacePioneersState]:
    for players in range(1, 6):
        for seed in range(2):
            yield from random_states(players, seed, every=5)
            yield from medium_states(players, seed, every=3)


# ---------------------------------------------------------------- legal, whole games


def test_medium_is_legal_everywhere_and_changes_nothing() -> None:
    checked = 0
    seen = set()
    for i, state in enumerate(many_states()):
        before = state.to_json()
        action = choose(state, random.Random(i))
        assert action in state.legal_actions(), GAME.action_to_text(action)
        assert state.to_json() == before
        seen.add(state.phase)
        checked += 1
    assert checked > 1000
    assert seen == {DRAW, CHOOSE, PLACE, REMOVE}  # capture steps: see below


def test_hard_finishes_solo_playouts() -> None:
    """Solo games have no rival to lead: the game's evaluation scores finished playouts."""
    state = GAME.new_initial_state(1, seed=5)
    rnd = random.Random(5)
    while len(state.deck) > 6:
        state.apply_action(choose(state, rnd))
    bot = RolloutBot(seconds=None, iterations=9, horizon=10_000)  # to the end
    while (player := state.current_player) is not None:
        play(state, player, bot.choose(state, rnd))
    assert state.is_terminal()


# ---------------------------------------------------------------- fair


def _twins(every: int) -> Iterator[tuple[SpacePioneersState, SpacePioneersState, int]]:
    """Positions and a world re-dealt for the player on turn, who cannot tell them apart."""
    k = 0
    for players in (2, 3, 4):
        for seed in (0, 1):
            for source in (random_states, medium_states):
                for state in source(players, seed, every):
                    p = state.current_player
                    if p is None:
                        continue
                    twin = state.determinize(p, random.Random(k))
                    assert isinstance(twin, SpacePioneersState)
                    assert twin.view(p) == state.view(p)
                    k += 1
                    yield state, twin, k


def test_medium_cannot_tell_apart_what_its_player_cannot() -> None:
    """Same seed, two positions the player on turn cannot distinguish: the same choice."""
    compared = differ = 0
    for state, twin, k in _twins(every=3):
        assert choose(state, random.Random(k)) == choose(twin, random.Random(k))
        assert ranked(state, random.Random(k)) == ranked(twin, random.Random(k))
        compared += 1
        differ += twin.to_json() != state.to_json()
    assert compared > 500 and differ > compared // 2


def test_the_fairness_check_catches_a_medium_that_peeks() -> None:
    """A player that draws from the deck only when its top card is a ship reads what it
    may not: the same pairs of positions show it."""

    def peeking(s: SpacePioneersState) -> int:
        if s.phase == DRAW and s.deck and s.deck[-1] in SHIPS:
            return act.DRAW
        return choose(s, random.Random(0))

    differs = sum(peeking(state) != peeking(twin) for state, twin, _ in _twins(every=3))
    assert differs > 0


# ---------------------------------------------------------------- hooks


def test_ranked_starts_with_the_choice_and_lists_legal_actions_once() -> None:
    for i, state in enumerate(medium_states(3, seed=2, every=2)):
        if state.current_player is None:
            continue
        order = HEURISTIC.ranked_actions(state, random.Random(i))
        assert order[0] == HEURISTIC.choose(state, random.Random(i))
        assert len(set(order)) == len(order)
        assert set(order) <= set(state.legal_actions())


def test_rollout_actions_are_legal_and_playouts_give_values() -> None:
    rnd = random.Random(1)
    for players in (1, 2, 4):
        for state in random_states(players, seed=3, every=11):
            if state.current_player is None:
                continue
            assert HEURISTIC.rollout_action(state, rnd) in state.legal_actions()
            values = HEURISTIC.playout(state.clone(), 30, rnd)
            assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)


def test_evaluate_is_the_result_at_the_end_and_favours_the_leader() -> None:
    state = GAME.new_initial_state(3, seed=4)
    for _ in conformance.walk_from(state, random.Random(4)):
        pass
    result = state.result()
    assert result is not None
    assert HEURISTIC.evaluate(state) == list(result.rewards())
    values = values_from_points([30.0, 20.0, 20.0])
    assert values[0] > 0.5 > values[1] == values[2]


# ---------------------------------------------------------------- sensible play


def planet_beside(ship: int, where: int, kinds: int = 1) -> int:
    """A planet that meets at least ``kinds`` criteria with ``ship`` on its ``where`` side."""
    return next(p for p in PLANETS if bin(meets(p, ship, where)).count("1") >= kinds)


def test_it_seeks_or_takes_a_ship_to_start_its_network() -> None:
    s = blank(2)
    s.phase = DRAW
    give(s, 0, *PLANETS[:3])
    assert choose(s, random.Random(0)) == act.SEEK
    s.face_up = [PLANETS[10], SHIPS[5]]
    s.deck.remove(PLANETS[10])
    s.deck.remove(SHIPS[5])
    assert choose(s, random.Random(0)) == act.TAKE0 + 1


def test_it_captures_in_its_own_network() -> None:
    s = blank(2)
    ship = SHIPS[0]
    put(s, 0, 0, 0, ship)
    # a planet on the left of the ship, and a copy of it that fits on the right
    left = next(p for p in PLANETS if meets(p, ship, 1))  # ship on the planet's right
    copy = next(
        p for p in PLANETS if p != left and TYPE[p] == TYPE[left] and meets(p, ship, 0)
    )  # ship on its left
    other = next(p for p in PLANETS if TYPE[p] != TYPE[left] and meets(p, ship, 0))
    put(s, 0, -1, 0, left)
    give(s, 0, other, copy)  # two planets that fit on the right: one captures
    assert choose(s, random.Random(0)) == act.CHOOSE0 + copy
    s.apply_action(act.CHOOSE0 + copy)
    assert s.phase == PLACE
    s.apply_action(choose(s, random.Random(0)))
    assert s.captured[0] == [left]


def test_it_removes_ships_only_for_its_task() -> None:
    s = blank(2)
    put(s, 0, 0, 0, SHIPS[0])
    give(s, 0, SHIPS[8], SHIPS[12], PLANETS[0])
    s.phase = REMOVE
    holder = next(i for i, tasks in enumerate(TOP_SECRET) if "light_hand" in tasks)
    others = [i for i in range(len(TOP_SECRET)) if i != holder]
    s.secrets = [others[0], holder]
    assert choose(s, random.Random(0)) == act.DONE
    s.secrets = [holder, others[0]]
    assert choose(s, random.Random(0)) in (act.REMOVE0 + SHIPS[8], act.REMOVE0 + SHIPS[12])


def test_solo_side_b_removes_a_ship_from_the_network() -> None:
    s = blank(1)
    ship = SHIPS[0]
    put(s, 0, 0, 0, ship)
    put(s, 0, 1, 0, planet_beside(ship, 0))
    put(s, 0, 2, 0, SHIPS[9])
    s.side, s.side_done, s.phase = 1, 1, REMOVE
    action = choose(s, random.Random(0))
    assert action in (act.REMOVE0 + ship, act.REMOVE0 + SHIPS[9])


def test_when_it_must_choose_a_capture_it_chooses_a_legal_one() -> None:
    """A ring of cards where either copy of the planet may go, not both."""
    same = next(
        [p for p in PLANETS if TYPE[p] == t]
        for t in range(8)
        if any(meets(p, a, ABOVE) and meets(p, c, RIGHT) for p in PLANETS if TYPE[p] == t
               for a in SHIPS for c in SHIPS if a != c)
    )  # fmt: skip
    n, a, c = next(
        (p, a, c)
        for p in same
        for a in SHIPS
        for c in SHIPS
        if a != c and meets(p, a, ABOVE) and meets(p, c, RIGHT)
    )
    others = [p for p in same if p != n]
    s = blank()
    spare = [x for x in SHIPS if x not in (a, c)]
    put(s, 0, 0, 0, a)
    put(s, 0, 1, 0, others[0])
    put(s, 0, 2, 0, spare[0])
    put(s, 0, 2, 1, others[1])
    put(s, 0, 1, 1, c)
    place(s, 0, n, 0, 0, 1)
    assert s.phase == CAPTURE
    action = choose(s, random.Random(0))
    assert action in s.legal_actions()
    s.apply_action(action)
    assert s.phase == REMOVE and len(s.captured[0]) == 1


# ---------------------------------------------------------------- strength


def test_medium_beats_easy() -> None:
    """20 two-player games, seats alternating: medium should win nearly all."""
    wins = 0.0
    for seed in range(20):
        seats: list[Bot] = [HeuristicBot(), RandomBot()]
        if seed % 2:
            seats.reverse()
        medium = seed % 2
        state = GAME.new_initial_state(2, seed=seed)
        rngs = [random.Random(seed * 2 + i) for i in range(2)]
        while (player := state.current_player) is not None:
            state.apply_action(seats[player].choose(state, rngs[player]))
        result = state.result()
        assert result is not None
        wins += result.rewards()[medium]
    assert wins >= 17


def test_hard_playouts_last_the_games_number_of_turns() -> None:
    """A turn ends when the player to move changes; putting a card back cannot shorten it."""
    bot = RolloutBot(seconds=None, iterations=1)
    turns = HEURISTIC.rollout_turns
    checked = 0
    for state in (s for seed in (8, 9) for s in medium_states(2, seed, every=5)):
        if state.phase != DRAW or len(state.deck) < 20:
            continue  # drawing never ends a turn
        world = state.clone()
        start = world.turn_number
        bot._playout(world, state.legal_actions()[0], state.current, HEURISTIC, random.Random(1))
        if world.is_terminal():
            continue  # the mission race ended the game first
        assert world.turn_number == start + turns
        checked += 1
    assert checked >= 5
