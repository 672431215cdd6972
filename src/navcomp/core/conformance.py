"""The executable specification every game of the protocol must pass.

``check_game(game)`` runs all checks and raises ``AssertionError`` with a
precise message at the first breach.  Each check is also a public function, so
a test suite can run them one by one or from hypothesis-generated seeds.

Checks:

* random playthroughs for every player count end (within ``max_steps``);
* each legal-action list is sorted, duplicate-free and inside the id range;
* every action id round-trips through text and JSON (and JSON is JSON);
* every view (each seat and the spectator) is plain JSON;
* a game replayed from its setup and action log is identical at every step,
  and a state restored from its saved form is identical too;
* no leaks: determinizing for player p never changes p's view nor the
  spectator's view, for several random generators;
* a reseeded copy (the present, with its chance still to come drawn anew)
  shows every seat and the spectator what the state shows them;
* no text tells apart what a view does not: two legal actions that leave a viewer's
  view the same read the same to that viewer (``public_action_text``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from navcomp.core.protocol import Game, GameState, play

DEFAULT_MAX_STEPS = 50_000


def check_game(
    game: Game[Any], seeds: range = range(3), max_steps: int = DEFAULT_MAX_STEPS
) -> None:
    """Run every check for every player count and each seed."""
    check_action_codecs(game)
    for players in range(game.info.min_players, game.info.max_players + 1):
        for seed in seeds:
            check_playthrough(game, players, seed, max_steps=max_steps)


def check_action_codecs(game: Game[Any]) -> None:
    for action in range(game.info.num_distinct_actions):
        text = game.action_to_text(action)
        assert game.action_from_text(text) == action, f"text {text!r} does not round-trip"
        data = game.action_to_json(action)
        wire = json.loads(json.dumps(data))
        assert game.action_from_json(wire) == action, f"JSON {data!r} does not round-trip"
        assert game.parse_action(action) == action


def random_walk(
    game: Game[Any],
    players: int,
    seed: int,
    max_steps: int = DEFAULT_MAX_STEPS,
    options: dict[str, Any] | None = None,
) -> Iterator[tuple[GameState, int]]:
    """Yield (state before, action chosen) along one random playthrough.

    The state yielded is the live one: copy it if you keep it.  Raises
    ``AssertionError`` if the game has not ended after ``max_steps``.
    """
    state = game.new_initial_state(players, seed, options)
    yield from walk_from(state, random.Random(seed * 7919 + players), max_steps)


def walk_from(
    state: GameState, rnd: random.Random, max_steps: int = DEFAULT_MAX_STEPS
) -> Iterator[tuple[GameState, int]]:
    """Play ``state`` (in place) to its end with uniformly random legal actions."""
    for _ in range(max_steps):
        legal = state.legal_actions()
        if not legal:
            assert state.is_terminal(), "no legal action but the game is not over"
            assert state.result() is not None, "a finished game has no result"
            return
        action = legal[rnd.randrange(len(legal))]
        yield state, action
        state.apply_action(action)
    raise AssertionError(f"{state.game.info.name}: no end in {max_steps} steps")


def check_playthrough(
    game: Game[Any],
    players: int,
    seed: int,
    max_steps: int = DEFAULT_MAX_STEPS,
    views_every: int = 7,
    extra: Callable[[GameState], None] | None = None,
) -> int:
    """One random game with every per-step check; returns its length."""
    shadow = game.new_initial_state(players, seed)
    log: list[int] = []
    det_rnd = random.Random(seed)
    steps = 0
    for state, action in random_walk(game, players, seed, max_steps):
        check_legal_list(game, state)
        if steps % views_every == 0:
            check_views_json(state)
            check_no_leak(state, det_rnd)
            check_texts_secret(state, det_rnd)
            check_restore(game, state)
            assert state.to_json() == shadow.to_json(), f"replay differs at step {steps}"
        if extra is not None:
            extra(state)
        actor = state.current_player
        assert actor is not None
        play(shadow, actor, action)
        log.append(action)
        steps += 1
    final = shadow
    assert final.is_terminal(), "the replayed game did not end with the original"
    check_views_json(final)
    result = final.result()
    assert result is not None and len(result.scores) == players
    for p, parts in enumerate(result.breakdown):
        assert sum(parts.values()) == result.scores[p], "breakdown does not add up"
    assert result.winners and all(result.ranks[w] == 1 for w in result.winners)
    return steps


def check_legal_list(game: Game[Any], state: GameState) -> None:
    legal = state.legal_actions()
    assert legal == sorted(set(legal)), f"legal actions not sorted and unique: {legal}"
    assert all(0 <= a < game.info.num_distinct_actions for a in legal)


def check_views_json(state: GameState) -> None:
    viewers: list[int | None] = [None, *range(state.num_players)]
    for viewer in viewers:
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view, f"view for {viewer} is not plain JSON"
    together = state.views(viewers)
    assert together == {v: state.view(v) for v in viewers}, "views() differs from view()"


def check_restore(game: Game[Any], state: GameState) -> None:
    saved = state.to_json()
    wire = json.loads(json.dumps(saved))
    restored = game.state_from_json(wire)
    assert restored.to_json() == saved, "restored state differs"
    assert restored.legal_actions() == state.legal_actions()
    copy = state.clone()
    assert copy.to_json() == saved, "clone differs"


def check_no_leak_along(game: Game[Any], players: int, seed: int, samples: int = 2) -> None:
    """:func:`check_no_leak` at every state of one random playthrough."""
    rnd = random.Random(seed)
    for state, _ in random_walk(game, players, seed):
        check_no_leak(state, rnd, samples)
        check_texts_secret(state, rnd)


def check_no_leak(state: GameState, rnd: random.Random, samples: int = 3) -> None:
    """``view(s, p) == view(determinize(s, p), p)``; the spectator view never changes."""
    before = state.to_json()
    spectator = state.view(None)
    for p in range(state.num_players):
        own = state.view(p)
        for _ in range(samples):
            world = state.determinize(p, random.Random(rnd.getrandbits(32)))
            assert world.view(p) == own, f"determinizing changed what player {p} sees"
            assert world.view(None) == spectator, "determinizing changed the public view"
            assert world.legal_actions() == state.legal_actions() or state.current_player != p
    reseeded = state.reseeded(random.Random(rnd.getrandbits(32)))
    for p in (*range(state.num_players), None):
        assert reseeded.view(p) == state.view(p), f"reseeding changed what {p} sees"
    assert reseeded.legal_actions() == state.legal_actions(), "reseeding changed the moves"
    assert state.to_json() == before, "determinize or reseeded changed the original state"


def check_texts_secret(state: GameState, rnd: random.Random, sample: int = 6) -> None:
    """Two legal actions of the player to move that leave a viewer's view the same read the
    same to that viewer: ``public_action_text`` may not tell apart what the view does not.

    Every viewer: each seat (the mover too, on its own view) and the spectator.  Compares
    every pair among up to ``sample`` legal actions drawn at random."""
    legal = state.legal_actions()
    if state.current_player is None or len(legal) < 2:
        return
    chosen = rnd.sample(legal, min(sample, len(legal)))
    viewers: list[int | None] = [*range(state.num_players), None]
    after = []
    for action in chosen:
        world = state.clone()
        world.apply_action(action)
        after.append(world.views(viewers))
    for viewer in viewers:
        first_with: dict[str, int] = {}
        for i, action in enumerate(chosen):
            seen = json.dumps(after[i][viewer], sort_keys=True)
            j = first_with.setdefault(seen, i)
            mine, other = (state.public_action_text(a, viewer) for a in (action, chosen[j]))
            assert mine == other, (
                f"{viewer!r} reads {mine!r} and {other!r} for two actions their view does not"
                " tell apart"
            )
