"""Bots never idle: deals where the medium player once took empty Top ups for a whole
game (Space Mission: a ship stranded on the jump gate) or passed turn after turn (Space
Pioneers: a network of one spaceship that no card in hand fits), and the same deals
under the hard level."""

from __future__ import annotations

import random
from typing import Any

import pytest

from navcomp.bots import make_bot
from navcomp.bots.base import Bot
from navcomp.bots.idle import IdleWatch
from navcomp.bots.rollout import RolloutBot
from navcomp.commands.tournament import game_setup
from navcomp.core import play
from navcomp.core.protocol import Game
from navcomp.games import SPACE_MISSION, get_game
from navcomp.games.space_mission.actions import CONFIRM
from navcomp.games.space_mission.decisions import choose
from navcomp.games.space_mission.valuation import MEDIUM, Mind
from navcomp.games.space_pioneers.actions import PASS
from navcomp.games.space_pioneers.heuristic import SpacePioneersHeuristic
from navcomp.games.space_pioneers.rules import CHOOSE

STALLED_DEALS = [3665621898, 998099525]
"""Engine setup seeds, two players, default options: with medium in both seats one seat
once did nothing all game (no jump card for this ring in the first, every jump card
discarded at the first Top up in the second)."""


def _bot(level: str) -> Bot:
    if level == "hard":  # a playout budget: the same choices on every machine
        return RolloutBot(seconds=None, iterations=24)
    return make_bot(level)


LONE_SHIP_DEALS = [3140941645, 740159753, 1220265240]
"""Space Pioneers deals where a medium seat's first spaceship fitted no card it held, and
it passed for six turns or more instead of starting its network again."""
BLOCKED_DEALS = [*LONE_SHIP_DEALS, 4205545251]


def _idle_seats(game: Game[Any], seed: int, level: str, turns: int) -> list[int]:
    """Seats that went two turns in a row without progress while progress was possible,
    over the first ``turns`` turns of the deal with ``level`` in both seats."""
    state = game.new_initial_state(2, seed, {})
    bots = [_bot(level), _bot(level)]
    rngs = [random.Random(seat) for seat in range(2)]
    watch = IdleWatch(2, turns=2)
    played = 0
    while (player := state.current_player) is not None and played < turns:
        action = bots[player].choose(state.clone(), rngs[player])
        watch.see(state, action)
        play(state, player, action)
        played += state.current_player != player
    return watch.finish()


@pytest.mark.parametrize("seed", STALLED_DEALS)
@pytest.mark.parametrize(("level", "turns"), [("medium", 200), ("hard", 12)])
def test_every_seat_makes_progress_within_two_turns(seed: int, level: str, turns: int) -> None:
    assert _idle_seats(SPACE_MISSION, seed, level, turns) == []


@pytest.mark.parametrize("seed", BLOCKED_DEALS)
@pytest.mark.parametrize(("level", "turns"), [("medium", 500), ("hard", 16)])
def test_space_pioneers_seats_progress_within_two_turns(seed: int, level: str, turns: int) -> None:
    assert _idle_seats(get_game("space-pioneers"), seed, level, turns) == []


@pytest.mark.parametrize("seed", LONE_SHIP_DEALS)
@pytest.mark.parametrize(("level", "turns"), [("medium", 500), ("hard", 16)])
def test_a_lone_blocked_spaceship_makes_way(
    seed: int, level: str, turns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every seat places a card within two turns of its last, wherever it may: the seat
    whose spaceship fits nothing it holds removes it and starts again."""
    monkeypatch.setattr(SpacePioneersHeuristic, "progress_possible", lambda self, state: True)
    assert _idle_seats(get_game("space-pioneers"), seed, level, turns) == []


PASSING_GAMES = [183, 339, 835, 1955]
"""Games of ``navcomp tournament --game space-pioneers --bots hard,hard --seed 0
--iterations-per-move 8`` where a hard seat once passed its opening turns, holding the
spaceship that medium would have placed at once."""


@pytest.mark.parametrize("index", PASSING_GAMES)
def test_hard_places_where_medium_would_rather_than_pass(index: int) -> None:
    """The tournament's own deals and generators: no hard seat lets two turns go by
    without a placement while it could place."""
    game = get_game("space-pioneers")
    seed, rngs = game_setup(0, index, 2)
    state = game.new_initial_state(2, seed, {})
    bots = [RolloutBot(seconds=None, iterations=8) for _ in range(2)]
    watch = IdleWatch(2, turns=2)
    turns = 0
    while (player := state.current_player) is not None and turns < 16:
        action = bots[player].choose(state.clone(), rngs[player])
        watch.see(state, action)
        play(state, player, action)
        turns += state.current_player != player
    assert watch.finish() == []


def test_hard_never_offers_a_pass_in_place_of_a_placement() -> None:
    """Pass is no candidate of the rollout while medium places; it stays one where
    medium passes."""
    game = get_game("space-pioneers")
    seed, rngs = game_setup(0, 183, 2)
    state = game.new_initial_state(2, seed, {})
    bot = RolloutBot(seconds=None, iterations=8)
    heuristic = state.game.heuristic
    assert heuristic is not None
    while state.phase != CHOOSE:
        state.apply_action(bot.choose(state.clone(), rngs[0]))
    legal = state.legal_actions()
    assert PASS in legal
    found = bot._candidates(state, legal, heuristic, random.Random(0))
    assert found[0] != PASS and PASS not in found
    only_pass = bot._candidates(state, [PASS], heuristic, random.Random(0))
    assert only_pass == [PASS]


@pytest.mark.parametrize("seed", STALLED_DEALS)
def test_medium_scores_in_both_seats_of_the_stalled_deals(seed: int) -> None:
    state = SPACE_MISSION.new_initial_state(2, seed, {})
    rngs = [random.Random(seat) for seat in range(2)]
    while (player := state.current_player) is not None:
        play(state, player, choose(state, rngs[player]))
    result = state.result()
    assert result is not None
    assert min(result.scores) > 0


def test_a_ship_stranded_on_the_gate_digs_for_a_jump_card() -> None:
    """Deal 3665621898: no planet of the ring has jump value 3, and seat 0 holds B3s and
    green cards only.  Its first move discards, to draw for a jump card."""
    state = SPACE_MISSION.new_initial_state(2, 3665621898, {})
    rng = random.Random(0)
    while state.cur != 0:
        state.apply_action(choose(state, rng))
    mind = Mind(state, MEDIUM)
    assert mind.stranded
    assert not any(state.board.jumps[card] for card in state.hands[0])
    assert choose(state, rng) < CONFIRM  # a discard: its id is the card's
