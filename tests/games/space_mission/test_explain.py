"""Refused actions come with a reason in words, and the reason tells no secret."""

from __future__ import annotations

import random

import pytest

from navcomp.core import IllegalActionError, conformance, play
from navcomp.games.space_mission import GAME, SpaceMissionState


def test_every_refused_action_gets_a_reason_that_depends_only_on_what_the_player_knows() -> None:
    rnd = random.Random(2)
    checked = 0
    for i, (state, _) in enumerate(conformance.random_walk(GAME, 3, 8)):
        if i % 23:
            continue
        assert isinstance(state, SpaceMissionState)
        p = state.current_player
        assert p is not None
        twin = state.determinize(p, rnd)
        legal = set(state.legal_actions())
        for action in range(0, GAME.info.num_distinct_actions, 7):
            if action in legal:
                continue
            reason = state.explain_illegal(action)
            assert reason and reason == twin.explain_illegal(action)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("confirm", "a turn is two actions; you have taken 0"),
        ("pick water", "you are not looking at a pile"),
        ("fly hazard", "from the jump gate only a jump leads away"),
        ("discover", "your ship is on the jump gate"),
    ],
)
def test_reasons_in_words(action: str, reason: str) -> None:
    state = GAME.new_initial_state(2, seed=1)
    p = state.current_player
    assert p is not None
    with pytest.raises(IllegalActionError, match=reason):
        play(state, p, action)


def test_a_card_you_do_not_hold_is_named() -> None:
    state = GAME.new_initial_state(2, seed=1)
    p = state.current_player
    assert p is not None
    card = next(c for c in range(60) if c not in state.hands[p] and c < 16)
    text = GAME.action_to_text(card)  # the discard of that card
    with pytest.raises(IllegalActionError, match="you do not hold"):
        play(state, p, text)
