"""Space Pioneers worlds depend only on what the player knows."""

from __future__ import annotations

import random

from navcomp.core import conformance
from navcomp.games.space_pioneers import GAME


def test_the_same_generator_deals_the_same_world_from_positions_a_player_cannot_tell_apart() -> (
    None
):
    """Searchers pair worlds with seeds; a world must not depend on the true deck order."""
    compared = 0
    for players in (2, 3, 5):
        for i, (state, _) in enumerate(conformance.random_walk(GAME, players, seed=players)):
            if i % 17:
                continue
            p = state.current_player
            assert p is not None
            twin = state.determinize(p, random.Random(i))
            assert twin.view(p) == state.view(p)
            ours = state.determinize(p, random.Random(99)).to_json()
            theirs = twin.determinize(p, random.Random(99)).to_json()
            assert ours == theirs
            compared += 1
    assert compared > 30
