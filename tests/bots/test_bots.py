"""Bots choose only legal actions, play fair, and are reproducible, at every registered game
(the tests of the rollout bot's own workings play Space Mission)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from navcomp.bots import PLAYER_LEVELS, levels_for, make_bot
from navcomp.bots.base import Bot, HeuristicBot, RandomBot, TrueState
from navcomp.bots.ismcts import ISMCTS, PerfectInfoMCTS
from navcomp.bots.paired import Arm
from navcomp.bots.rollout import MIN_ROUNDS, CheatingRollout, RolloutBot
from navcomp.core import conformance, play
from navcomp.core.protocol import Game, GameState
from navcomp.games import SPACE_MISSION as GAME
from navcomp.games import game_names, get_game

GAMES = [get_game(name) for name in game_names()]
SEATINGS = [
    (game, players)
    for game in GAMES
    for players in range(game.info.min_players, game.info.max_players + 1)
]
by_name = pytest.mark.parametrize("game", GAMES, ids=lambda game: game.info.name)


def _id(case: Any) -> str:
    return case.info.name if isinstance(case, Game) else str(case)


def _positions(
    players: int, seed: int, every: int, game: Game[Any] = GAME, choices_only: bool = True
) -> list[GameState]:
    found = []
    for i, (state, _) in enumerate(conformance.random_walk(game, players, seed)):
        if i % every == 0 and (not choices_only or len(state.legal_actions()) > 1):
            found.append(state.clone())
    return found


def _own_horizon(game: Game[Any]) -> int | None:
    """Playouts to the game's own horizon where it names one (in turns), else 4 actions:
    a playout to the end costs too much for a test."""
    heuristic = game.heuristic
    return None if heuristic is not None and heuristic.rollout_turns is not None else 4


@pytest.mark.parametrize(("game", "players"), SEATINGS, ids=_id)
def test_every_bot_chooses_legal_actions(game: Game[Any], players: int) -> None:
    bots: list[Bot] = [
        RandomBot(),
        ISMCTS(seconds=None, iterations=30),
        PerfectInfoMCTS(seconds=None, iterations=30),
        RolloutBot(seconds=None, iterations=30, horizon=4),
        CheatingRollout(seconds=None, iterations=30, horizon=4),
        RolloutBot(seconds=None, iterations=6, horizon=_own_horizon(game)),
    ]
    bots += [make_bot(level) for level in levels_for(game) if level != "hard"]
    rnd = random.Random(players)
    for state in _positions(players, seed=players, every=31, game=game):
        for bot in bots:
            assert bot.choose(state, rnd) in state.legal_actions()


@pytest.mark.parametrize(("game", "players"), SEATINGS, ids=_id)
def test_bots_play_whole_games_with_legal_moves_only(game: Game[Any], players: int) -> None:
    """Each kind of bot in turn takes a seat; every move goes through the checked path."""
    horizon = _own_horizon(game)
    kinds: list[Bot] = [
        HeuristicBot() if game.heuristic is not None else RandomBot(),
        ISMCTS(seconds=None, iterations=20),
        RolloutBot(seconds=None, iterations=4, horizon=horizon),
        RandomBot(),
        CheatingRollout(seconds=None, iterations=4, horizon=horizon),
        PerfectInfoMCTS(seconds=None, iterations=8),
    ]
    seats = [kinds[(players + i) % len(kinds)] for i in range(players)]
    rnd = random.Random(players)
    state = game.new_initial_state(players, seed=players + 5)
    while (player := state.current_player) is not None:
        play(state, player, seats[player].choose(state, rnd))  # the checked path
    result = state.result()
    assert result is not None and len(result.scores) == players


FAIR_SEARCHERS: dict[str, Callable[[], Bot]] = {
    "ismcts": lambda: ISMCTS(seconds=None, iterations=80),
    "rollout": lambda: RolloutBot(seconds=None, iterations=60, horizon=8),
}
CHEATING_SEARCHERS: dict[str, Callable[[], Bot]] = {
    "ismcts": lambda: PerfectInfoMCTS(seconds=None, iterations=80),
    # a margin of zero lets any better-looking candidate through: peeking shows
    "rollout": lambda: CheatingRollout(seconds=None, iterations=60, horizon=8, margin=0.0, z=0.0),
}


@by_name
@pytest.mark.parametrize("kind", [*sorted(FAIR_SEARCHERS), "rollout-own-horizon"])
def test_search_cannot_tell_apart_what_its_player_cannot(game: Game[Any], kind: str) -> None:
    """Same seed, two states the player cannot distinguish: the same choice."""
    if kind == "rollout-own-horizon":
        bot: Bot = RolloutBot(seconds=None, iterations=12, horizon=_own_horizon(game))
    else:
        bot = FAIR_SEARCHERS[kind]()
    compared = 0
    for players in (2, 4):
        for state in _positions(players, seed=11, every=53, game=game):
            p = state.current_player
            assert p is not None
            twin = state.determinize(p, random.Random(compared))
            assert twin.view(p) == state.view(p)
            mine = bot.choose(state, random.Random(5))
            theirs = bot.choose(twin, random.Random(5))
            assert mine == theirs, f"{game.action_to_text(mine)} != {game.action_to_text(theirs)}"
            compared += 1
    assert compared >= 8


@pytest.mark.parametrize("kind", sorted(CHEATING_SEARCHERS))
def test_the_fairness_test_catches_a_bot_that_peeks(kind: str) -> None:
    """The cheating reference reads the truth, so some twin pair makes it choose otherwise."""
    bot = CHEATING_SEARCHERS[kind]()
    differs = 0
    for state in _positions(2, seed=11, every=29):
        p = state.current_player
        assert p is not None
        twin = state.determinize(p, random.Random(1))
        if bot.choose(state, random.Random(5)) != bot.choose(twin, random.Random(5)):
            differs += 1
    assert differs > 0


@by_name
def test_the_cheat_sees_the_present_but_not_the_draws_to_come(game: Game[Any]) -> None:
    """Perfect information is of what has happened: two worlds of the cheat agree on
    every hand and pile now, and still part ways at a draw."""
    medium = game.heuristic
    assert medium is not None
    parted = 0
    for seed in range(6):
        state = game.new_initial_state(2, seed)
        worlds = [TrueState(state).sample(random.Random(k)) for k in (1, 2)]
        for world in worlds:
            assert all(world.view(p) == state.view(p) for p in (0, 1, None))
        moves = random.Random(seed)
        seen = [[w.view(p) for p in (0, 1)] for w in worlds]
        while worlds[0].current_player is not None and seen[0] == seen[1]:
            action = medium.choose(worlds[0], moves)
            for world in worlds:
                world.apply_action(action)
            seen = [[w.view(p) for p in (0, 1)] for w in worlds]
        parted += seen[0] != seen[1]
    assert parted >= 4


@by_name
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_same_choice(game: Game[Any], level: str) -> None:
    bot = make_bot(level)
    if isinstance(bot, RolloutBot):
        bot = RolloutBot(seconds=None, iterations=40, horizon=6)
    for state in _positions(3, seed=4, every=97, game=game):
        assert bot.choose(state, random.Random(9)) == bot.choose(state, random.Random(9))


def test_ismcts_respects_a_time_budget_and_counts_iterations() -> None:
    bot = ISMCTS(seconds=0.05)
    state = _positions(2, seed=3, every=40)[2]
    bot.choose(state, random.Random(0))
    assert bot.last_iterations >= 16


def test_bad_budgets_and_names_are_refused() -> None:
    with pytest.raises(ValueError, match="budget"):
        ISMCTS(seconds=None, iterations=None)
    with pytest.raises(ValueError, match="positive"):
        ISMCTS(seconds=0)
    with pytest.raises(ValueError, match="at least 1"):
        ISMCTS(seconds=None, iterations=0)
    with pytest.raises(ValueError, match="budget"):
        RolloutBot(seconds=None, iterations=None)
    with pytest.raises(ValueError, match="positive"):
        RolloutBot(seconds=-1)
    with pytest.raises(ValueError, match="at least 1"):
        RolloutBot(seconds=None, iterations=0)
    with pytest.raises(ValueError, match="candidates"):
        RolloutBot(candidates=0)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


def test_hard_is_rollout_and_cheat_is_the_same_algorithm_on_the_truth() -> None:
    hard, cheat = make_bot("hard", 0.3), make_bot("cheat", 0.3)
    assert type(hard) is RolloutBot and type(cheat) is CheatingRollout
    assert isinstance(cheat, RolloutBot) and cheat.cheats and not hard.cheats
    assert (hard.turn_seconds, hard.horizon, hard.candidates) == (
        0.3,
        cheat.horizon,
        cheat.candidates,
    )
    assert hard.seconds is None and hard.early_stop and hard.reuse
    old = make_bot("hard-1s")
    assert isinstance(old, RolloutBot) and (old.seconds, old.turn_seconds) == (1.0, None)
    assert not old.early_stop and not old.reuse and cheat.seconds == 0.3
    assert type(make_bot("ismcts")) is ISMCTS and type(make_bot("ismcts-cheat")) is PerfectInfoMCTS


def test_rollout_candidates_are_legal_in_every_world_the_seat_imagines() -> None:
    """Playouts apply the candidates in sampled worlds, so they must be legal there."""
    bot = RolloutBot(seconds=None, iterations=1)
    heuristic = GAME.heuristic
    assert heuristic is not None
    rnd = random.Random(3)
    for players in (2, 3):
        for state in _positions(players, seed=2, every=17):
            p = state.current_player
            assert p is not None
            legal = state.legal_actions()
            candidates = bot._candidates(state, legal, heuristic, rnd)
            assert len(set(candidates)) == len(candidates) <= bot.candidates
            worlds = state.determinizer(p)
            for _ in range(3):
                assert set(candidates) <= set(worlds.sample(rnd).legal_actions())


@pytest.mark.parametrize("search_base", [True, False])
def test_rollout_keeps_its_base_move_unless_clearly_beaten(search_base: bool) -> None:
    """With an unreachable margin the bot plays exactly what its base player plays: the
    heuristic's ``search_base`` (tuned weights), or without it medium."""
    bot = RolloutBot(seconds=None, iterations=20, horizon=4, margin=1e9, search_base=search_base)
    heuristic: Any = GAME.heuristic
    base = heuristic.search_base if search_base else heuristic
    differs = 0
    for state in _positions(2, seed=6, every=5):
        choice = bot.choose(state, random.Random(4))
        assert choice == base.choose(state, random.Random(4))
        differs += choice != heuristic.choose(state, random.Random(4))
    assert differs > 0 if search_base else differs == 0


def test_rollout_takes_the_games_margin_unless_given_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a margin of its own the bot uses the game's ``rollout_margin``: an
    unreachable one keeps it on its base player's moves, none lets it depart."""
    heuristic: Any = GAME.heuristic
    base = heuristic.search_base
    positions = _positions(2, seed=6, every=5)
    departs = {}
    for margin in (1e9, -1.0):
        monkeypatch.setattr(type(heuristic), "rollout_margin", margin)
        bot = RolloutBot(seconds=None, iterations=20, horizon=4, z=-1e9)
        departs[margin] = sum(
            bot.choose(state, random.Random(4)) != base.choose(state, random.Random(4))
            for state in positions
        )
    assert departs[1e9] == 0 and departs[-1.0] > 0
    given = RolloutBot(seconds=None, iterations=20, horizon=4, margin=1e9, z=-1e9)
    assert all(
        given.choose(state, random.Random(4)) == base.choose(state, random.Random(4))
        for state in positions
    )


def test_rollout_respects_a_time_budget_and_counts_playouts() -> None:
    bot = RolloutBot(seconds=0.05)
    state = _positions(2, seed=3, every=40)[2]
    bot.choose(state, random.Random(0))
    assert bot.last_iterations >= 2


def test_players_are_never_offered_the_cheat() -> None:
    assert "cheat" not in PLAYER_LEVELS
    assert set(PLAYER_LEVELS) == {"easy", "medium", "hard"}


def test_the_race_stops_early_once_settled() -> None:
    """Pocock's boundary: a candidate far above the base player's move wins at once, one
    within the noise keeps the race going, and when no rival can reach the margin the
    base player's move is settled: already when a rival falls 1.5 standard errors short
    of it, though not Pocock's 2.361."""
    from navcomp.bots.paired import FUTILITY_Z, POCOCK, paired, settled

    def arm(action: int, values: list[float]) -> Arm:
        made = Arm(action)
        for r, value in enumerate(values):
            made.values[r] = value
            made.total += value
            made.n += 1
        return made

    hint = arm(0, [0.5, 0.4, 0.6, 0.5, 0.45, 0.55, 0.5, 0.5])
    better = arm(1, [v + 0.3 + 0.01 * (r % 3) for r, v in enumerate(hint.values.values())])
    close = arm(2, [v + (0.2 if r % 2 else -0.1) for r, v in enumerate(hint.values.values())])
    worse = arm(3, [v - 0.3 - 0.01 * (r % 3) for r, v in enumerate(hint.values.values())])
    assert settled([hint, better, close], hint, margin=0.06) is better
    assert settled([hint, close], hint, margin=0.06) is None
    assert settled([hint, worse], hint, margin=0.06) is hint
    short = arm(4, [v + (0.08 if r % 2 else -0.12) for r, v in enumerate(hint.values.values())])
    mean, error = paired(short, hint)
    assert -POCOCK < (mean - 0.06) / error < -FUTILITY_Z
    assert settled([hint, short], hint, margin=0.06) is hint


def test_rollout_with_early_stop_spends_less_when_nothing_can_beat_its_base() -> None:
    heuristic: Any = GAME.heuristic
    state = next(s for s in _positions(2, seed=3, every=7) if len(s.legal_actions()) > 3)
    bot = RolloutBot(seconds=None, iterations=240, horizon=4, margin=1e9, early_stop=True)
    choice = bot.choose(state, random.Random(1))
    assert choice == heuristic.search_base.choose(state, random.Random(1))
    assert 0 < bot.last_iterations < 240


def test_rollout_early_stop_asks_its_stop_rule_at_each_look() -> None:
    state = next(s for s in _positions(2, seed=3, every=7) if len(s.legal_actions()) > 3)
    looks: list[int] = []

    def never(active: list[Arm], hint: Arm, margin: float) -> Arm | None:
        looks.append(hint.n)
        return None

    playing_on = RolloutBot(
        seconds=None, iterations=240, horizon=4, early_stop=True, stop_rule=never
    )
    playing_on.choose(state, random.Random(1))
    assert playing_on.last_iterations == 240 and len(looks) >= 1
    assert all(rounds >= MIN_ROUNDS for rounds in looks)
    at_once = RolloutBot(
        seconds=None, iterations=240, horizon=4, early_stop=True, stop_rule=lambda a, h, m: a[-1]
    )
    at_once.choose(state, random.Random(1))
    assert 0 < at_once.last_iterations < 240


def test_hard_thinks_per_turn_and_not_at_forced_steps() -> None:
    """A decision takes its phase's share of the turn's budget plus what earlier
    decisions of the turn left; a new turn starts afresh; a confirm costs nothing."""
    from navcomp.games.space_mission.heuristic import TURN_SHARES
    from navcomp.games.space_mission.rules import CONFIRM_TURN, MAIN, PICK

    heuristic: Any = GAME.heuristic.search_base  # type: ignore[union-attr]
    bot = RolloutBot(seconds=None, turn_seconds=1.5, early_stop=True)
    state = GAME.new_initial_state(2, 11)
    assert state.phase == MAIN and heuristic.starts_turn(state)
    seconds, share = bot._seconds(state, state.cur, heuristic)
    assert seconds == share == pytest.approx(1.5 * TURN_SHARES[MAIN])
    bot._turn_left, bot._unused = 1.5 - 0.2, share - 0.2  # the first decision took 0.2 s
    state.phase = PICK
    seconds, share = bot._seconds(state, state.cur, heuristic)
    assert share == pytest.approx(1.5 * TURN_SHARES[PICK])
    assert seconds == pytest.approx(share + 1.5 * TURN_SHARES[MAIN] - 0.2)
    bot._turn_left = 0.1
    assert bot._seconds(state, state.cur, heuristic)[0] == pytest.approx(0.1)
    state.phase = MAIN
    state.done = 0  # the next turn
    assert bot._seconds(state, state.cur, heuristic)[0] == pytest.approx(0.6)
    while state.phase != CONFIRM_TURN:
        state.apply_action(heuristic.choose(state, random.Random(0)))
    bot.choose(state, random.Random(0))
    assert bot.last_iterations == 0
