"""Determinization re-deals what a player cannot know, and only that."""

from __future__ import annotations

import random
from collections import Counter

from navcomp.core import conformance
from navcomp.games.space_mission import GAME, SpaceMissionState, knowledge
from navcomp.games.space_mission.components import RING_SIZE, SPACE


def _states(players: int, seed: int, every: int = 13) -> list[SpaceMissionState]:
    found = []
    for i, (state, _) in enumerate(conformance.random_walk(GAME, players, seed)):
        if i % every == 0:
            assert isinstance(state, SpaceMissionState)
            found.append(state.clone())
    return found


def test_other_hands_and_draw_pile_are_redealt() -> None:
    state = GAME.new_initial_state(4, seed=5)
    rnd = random.Random(1)
    worlds = [state.determinize(0, rnd) for _ in range(20)]
    assert all(w.hands[0] == state.hands[0] for w in worlds)
    assert any(w.hands[1] != state.hands[1] for w in worlds)
    assert any(sorted(w.draw) != sorted(state.draw) for w in worlds)
    assert all(
        sorted(w.draw + w.hands[1] + w.hands[2] + w.hands[3])
        == sorted(state.draw + state.hands[1] + state.hands[2] + state.hands[3])
        for w in worlds
    )


def test_hands_keep_their_cards_per_draw_pile_generation() -> None:
    rnd = random.Random(3)
    checked = 0
    for state in _states(3, seed=11, every=5):
        if state.gen == 0 or state.current_player is None:
            continue
        p = state.current_player
        world = state.determinize(p, rnd)
        for q in range(state.n):
            before = Counter(state.card_gen[c] for c in state.hands[q])
            after = Counter(world.card_gen[c] for c in world.hands[q])
            assert before == after
        assert all(world.card_gen[c] == world.gen for c in world.draw)
        checked += 1
    assert checked > 10


def test_untouched_remembered_pile_is_unchanged_and_others_are_consistent() -> None:
    rnd = random.Random(4)
    exact = pinned = 0
    for state in _states(4, seed=21):
        p = state.current_player
        if p is None:
            continue
        world = state.determinize(p, rnd)
        for pos in range(RING_SIZE):
            seen = state.memory[p * RING_SIZE + pos]
            if seen is None:
                continue
            since = [t for t in state.taken if t[2] == pos and t[3] > seen[1]]
            if not since:
                assert world.real[pos] == state.real[pos]
                exact += 1
            else:
                # the pile now plus what others took since is what p saw
                now = list(world.real[pos] or [])
                for t in world.taken:
                    if t[2] == pos and t[3] > seen[1]:
                        now[t[1]] += 1
                remembered = list(seen[0])
                if state.up[pos]:
                    remembered[SPACE] = 0
                assert now == remembered
                pinned += 1
    assert exact > 20 and pinned > 5


def test_hidden_tiles_do_get_redealt() -> None:
    """Other players' reserved and collected tiles are not simply copied from the truth."""
    rnd = random.Random(8)
    changed = 0
    for seed in range(4):
        for state in _states(2, seed=seed, every=7):
            p = state.current_player
            if p is None:
                continue
            world = state.determinize(p, rnd)
            theirs = [t for t in state.taken if t[0] != p]
            if theirs != [t for t in world.taken if t[0] != p]:
                changed += 1
    assert changed > 5


def test_determinize_never_changes_the_original() -> None:
    rnd = random.Random(9)
    for state in _states(5, seed=6, every=40):
        saved = state.to_json()
        for p in range(state.n):
            state.determinize(p, rnd)
        assert state.to_json() == saved


def test_the_rules_keep_every_players_tile_knowledge_as_worked_out_from_scratch() -> None:
    """``know``, kept up to date by the rules, equals the bookkeeping done afresh."""
    checked = 0
    for players, seed, hide in ((2, 1, False), (3, 2, True), (4, 3, False), (5, 4, True)):
        options = {"hide_reserved": hide}
        for state, _ in conformance.random_walk(GAME, players, seed, options=options):
            assert isinstance(state, SpaceMissionState) and state.know is not None
            assert state.know == knowledge.of_everyone(state)
            checked += 1
    assert checked > 1000


def test_worlds_of_a_world_are_the_worlds_of_the_truth() -> None:
    """A world keeps no bookkeeping: worked out afresh there, it deals the same worlds."""
    for state in _states(4, seed=8, every=29):
        p = state.current_player
        if p is None:
            continue
        twin = state.determinize(p, random.Random(p))
        assert twin.know is None
        for seed in range(3):
            mine = state.determinize(p, random.Random(seed))
            theirs = twin.determinize(p, random.Random(seed))
            assert mine.to_json() == theirs.to_json()


def test_worlds_are_uniform_among_those_the_player_cannot_tell_apart() -> None:
    """Each unknown card lands in each other hand, and each loose tile is of each kind,
    as often as a uniform deal has it (generation by generation for the cards)."""
    state = _two_generations_and_loose_tiles()
    p = state.current_player
    assert p is not None
    _, points, loose, _, _ = knowledge.of_player(state, p)
    runs = 3000
    cards: Counter[tuple[int, int]] = Counter()
    tiles: Counter[tuple[int, int]] = Counter()
    rnd = random.Random(12)
    for _ in range(runs):
        world = state.determinize(p, rnd)
        cards.update((q, c) for q in range(state.n) if q != p for c in world.hands[q])
        tiles.update((i, world.taken[i][1]) for i in loose)
    gens = state.card_gen
    for q in range(state.n):
        if q == p:
            continue
        for g, k in Counter(gens[c] for c in state.hands[q]).items():
            pool = [c for o in range(state.n) if o != p for c in state.hands[o] if gens[c] == g]
            pool += [c for c in state.draw if gens[c] == g]
            for c in pool:
                expected = runs * k / len(pool)
                assert abs(cards[q, c] - expected) < 6 * (expected + 1) ** 0.5, (q, c)
    for i in loose:
        for kind in set(points):
            expected = runs * points.count(kind) / len(points)
            assert abs(tiles[i, kind] - expected) < 6 * (expected + 1) ** 0.5, (i, kind)


def _two_generations_and_loose_tiles() -> SpaceMissionState:
    for i, (state, _) in enumerate(conformance.random_walk(GAME, 4, 3)):
        assert isinstance(state, SpaceMissionState)
        p = state.current_player
        if i < 300 or p is None:
            continue
        gens = {state.card_gen[c] for q, hand in enumerate(state.hands) if q != p for c in hand}
        if len(gens) > 1 and knowledge.of_player(state, p)[2]:
            return state.clone()
    raise AssertionError("no such position")


def test_a_world_holds_no_memory_of_others_as_counts() -> None:
    """Others' memories show what they saw of piles: a world keeps them derived only."""
    rnd = random.Random(13)
    checked = 0
    for state in _states(4, seed=9, every=11):
        p = state.current_player
        if p is None:
            continue
        world = state.determinize(p, rnd)
        for i, entry in enumerate(world.memory):
            if entry is not None and i // RING_SIZE != p:
                assert entry[0] is None
                checked += 1
        assert all(entry is None or entry[0] is None for entry in world.derived_memory)
        assert (
            world.memory[p * RING_SIZE : (p + 1) * RING_SIZE]
            == state.memory[p * RING_SIZE : (p + 1) * RING_SIZE]
        )
    assert checked > 50
