"""The executable specification every game of the protocol must pass.

``check_game(game)`` runs all checks and raises ``AssertionError`` with a
precise message at the first breach.  Each check is also a public function, so
a test suite can run them one by one or from hypothesis-generated seeds.

Checks:

* random playthroughs for every player count end (within ``max_steps``);
* each legal-action list is sorted, duplicate-free and inside the id range;
* every action id round-trips through text and JSON (and JSON is JSON);
* every view (each seat and the spectator) and every seat's private view is plain JSON;
* a game replayed from its setup and action log is identical at every step,
  and a state restored from its saved form is identical too;
* every field of a position (its ``__slots__``) survives a copy: a clone and a restored
  state equal the original field by field, a clone shares no mutable part with it, and
  a determinized world and a reseeded copy have every field;
* no leaks: determinizing for player p never changes p's view, p's private view nor the
  spectator's view, for several random generators; and the worlds of the player to move
  depend only on what they know: worlds dealt from a world they cannot tell from the
  truth are the truth's worlds, rng for rng;
* a reseeded copy (the present, with its chance still to come drawn anew)
  shows every seat and the spectator what the state shows them;
* no text tells apart what a view does not: two legal actions that leave a viewer's
  view the same read the same to that viewer (``public_action_text``) and have the same
  detail in the log (``public_action_detail``);
* a game's heuristic, if it has one, keeps its contract: its choices are legal and
  change nothing, its player chooses the same in a world its seat cannot tell from the
  truth, ``ranked_actions`` starts with that choice, and values lie in [0, 1].
"""

from __future__ import annotations

import dataclasses
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
            check_fields(game, state, det_rnd)
            check_heuristic(state, det_rnd)
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
    for seat in range(state.num_players):
        for revealed in (False, True):
            own = state.private_view(seat, revealed)
            assert json.loads(json.dumps(own)) == own, f"private view of {seat} is not plain JSON"


def check_restore(game: Game[Any], state: GameState) -> None:
    saved = state.to_json()
    wire = json.loads(json.dumps(saved))
    restored = game.state_from_json(wire)
    assert restored.to_json() == saved, "restored state differs"
    assert restored.legal_actions() == state.legal_actions()
    copy = state.clone()
    assert copy.to_json() == saved, "clone differs"


def check_fields(game: Game[Any], state: GameState, rnd: random.Random) -> None:
    """Every field of the position (its ``__slots__``, and its ``__dict__`` if it has one)
    survives each way of copying it: a clone equals it field by field and shares no mutable
    part with it, a state restored from its saved form equals it field by field, and a
    determinized world and a reseeded copy have every field.  A field added to a game's
    position and forgotten in one of its copies fails here."""
    names = field_names(state)
    clone = state.clone()
    restored = game.state_from_json(json.loads(json.dumps(state.to_json())))
    seat = state.current_player if state.current_player is not None else 0
    copies = {
        "clone": clone,
        "restored state": restored,
        "determinized world": state.determinize(seat, random.Random(rnd.getrandbits(32))),
        "sampled world": state.determinizer(seat).sample(random.Random(rnd.getrandbits(32))),
        "reseeded copy": state.reseeded(random.Random(rnd.getrandbits(32))),
    }
    for what, copy in copies.items():
        missing = [name for name in names if not hasattr(copy, name)]
        assert not missing, f"the {what} lacks {', '.join(missing)}"
    for name in names:
        value = getattr(state, name)
        assert getattr(clone, name) == value, f"clone differs in {name}"
        assert getattr(restored, name) == value, f"restored state differs in {name}"
        shared = _mutable_parts(value) & _mutable_parts(getattr(clone, name))
        assert not shared, f"clone shares a mutable part of {name} with the original"


def field_names(state: GameState) -> list[str]:
    """The names of a state's fields: the ``__slots__`` of its classes, and its ``__dict__``."""
    names: list[str] = []
    for cls in type(state).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    names += list(getattr(state, "__dict__", {}))
    return [name for name in dict.fromkeys(names) if name not in ("__dict__", "__weakref__")]


def _mutable_parts(value: Any) -> set[int]:
    """The ids of the mutable objects in ``value`` (containers looked into)."""
    found: set[int] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, list | dict | set | bytearray):
            found.add(id(item))
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            if not item.__dataclass_params__.frozen:  # type: ignore[attr-defined]
                found.add(id(item))
            todo += [getattr(item, f.name) for f in dataclasses.fields(item)]
            continue
        if isinstance(item, dict):
            todo += [*item.keys(), *item.values()]
        elif isinstance(item, list | tuple | set | frozenset):
            todo += list(item)
    return found


def check_heuristic(state: GameState, rnd: random.Random) -> None:
    """The game's heuristic at ``state`` (and the one its search builds on) keeps its
    contract; nothing to check for a game without one or a finished game."""
    heuristic = state.game.heuristic
    player = state.current_player
    if heuristic is None or player is None:
        return
    legal = state.legal_actions()
    before = state.to_json()
    seed = rnd.getrandbits(32)
    twin = state.determinize(player, random.Random(seed))
    base = heuristic.search_base
    for hooks in (heuristic,) if base is heuristic else (heuristic, base):
        choice = hooks.choose(state, random.Random(seed))
        assert choice in legal, f"the heuristic player chose {choice}, not a legal action"
        assert hooks.choose(twin, random.Random(seed)) == choice, (
            "the heuristic player chose otherwise in a world its seat cannot tell apart"
        )
        ranked = hooks.ranked_actions(state, random.Random(seed))
        assert ranked[0] == choice, "ranked_actions does not start with the choice"
        assert len(set(ranked)) == len(ranked), "ranked_actions lists an action twice"
        assert set(ranked) <= set(legal), "ranked_actions lists an illegal action"
        assert hooks.rollout_action(state, random.Random(seed)) in legal
        values = hooks.playout(twin.clone(), 8, random.Random(seed))
        assert len(values) == state.num_players and all(0.0 <= v <= 1.0 for v in values)
    assert state.to_json() == before, "the heuristic changed the state"


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
        private = state.private_view(p)
        for _ in range(samples):
            world = state.determinize(p, random.Random(rnd.getrandbits(32)))
            assert world.view(p) == own, f"determinizing changed what player {p} sees"
            assert world.private_view(p) == private, f"determinizing changed {p}'s own part"
            assert world.view(None) == spectator, "determinizing changed the public view"
            assert world.legal_actions() == state.legal_actions() or state.current_player != p
    mover = state.current_player
    if mover is not None:  # the seat that searches: its worlds, rng for rng, are the truth's
        seed = rnd.getrandbits(32)
        twin = state.determinize(mover, random.Random(rnd.getrandbits(32)))
        ours = state.determinize(mover, random.Random(seed)).to_json()
        assert twin.determinize(mover, random.Random(seed)).to_json() == ours, (
            f"a world for {mover} depends on more than what {mover} knows"
        )
    reseeded = state.reseeded(random.Random(rnd.getrandbits(32)))
    for p in (*range(state.num_players), None):
        assert reseeded.view(p) == state.view(p), f"reseeding changed what {p} sees"
    for p in range(state.num_players):
        for revealed in (False, True):
            assert reseeded.private_view(p, revealed) == state.private_view(p, revealed), (
                f"reseeding changed {p}'s own part"
            )
    assert reseeded.legal_actions() == state.legal_actions(), "reseeding changed the moves"
    assert state.to_json() == before, "determinize or reseeded changed the original state"


def check_texts_secret(state: GameState, rnd: random.Random, sample: int = 6) -> None:
    """Two legal actions of the player to move that leave a viewer's view the same read the
    same to that viewer: ``public_action_text`` may not tell apart what the view does not,
    nor ``public_action_detail``, which everybody reads.

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
            details = [state.public_action_detail(a) for a in (action, chosen[j])]
            assert details[0] == details[1], (
                f"the log's details {details} tell {viewer!r} apart two actions their view does not"
            )
