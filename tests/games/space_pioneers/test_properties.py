"""Space Pioneers' own invariants over random games with 1 to 5 players: every card in
exactly one place, every network whole and alternating (the protocol's properties are in
test_conformance)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from navcomp.core import conformance
from navcomp.core.protocol import GameState
from navcomp.games.space_pioneers import GAME, SpacePioneersState
from navcomp.games.space_pioneers.components import NUM_CARDS
from navcomp.games.space_pioneers.network import KIND, connected

games = st.tuples(st.integers(1, 5), st.integers(0, 2**32 - 1))
slow = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_accounted(state: GameState) -> None:
    """Every card is in exactly one place, and every network is whole and alternates."""
    assert isinstance(state, SpacePioneersState)
    s = state
    places = [*s.deck, *(c for c in s.face_up if c >= 0), *s.discard, *s.removed]
    for p in range(s.n):
        places += [*s.hands[p], *s.networks[p].values(), *s.captured[p]]
        assert s.known[p] <= set(s.hands[p])
        assert connected(s.networks[p]), f"player {p}'s network fell apart"
        for cell, card in s.networks[p].items():
            for step in (1, 21):
                other = s.networks[p].get(cell + step)
                if other is not None and (step == 21 or (cell + 1) % 21):
                    assert KIND[other] != KIND[card], "two planets or two ships side by side"
    assert sorted(places) == list(range(NUM_CARDS))


@slow
@given(games)
def test_every_game_ends_with_every_card_accounted(game: tuple[int, int]) -> None:
    players, seed = game
    state = None
    for state, _ in conformance.random_walk(GAME, players, seed):
        assert_accounted(state)
    assert state is not None and state.is_terminal()
    assert_accounted(state)


@slow
@given(games, st.integers(0, 10_000))
def test_determinized_worlds_keep_every_card_accounted(game: tuple[int, int], pick: int) -> None:
    """A world keeps every card accounted for, and keeps them to its end."""
    players, seed = game
    reached = [s.clone() for s, _ in conformance.random_walk(GAME, players, seed)]
    state = reached[pick % len(reached)]
    for p in range(players):
        world = state.determinize(p, random.Random(pick))
        assert_accounted(world)
        for at, _ in conformance.walk_from(world, random.Random(pick)):
            assert_accounted(at)
        assert world.result() is not None
