"""Tutorials: the script of a guided first game, which a game brings beside its view
(``js/games/<game>/tutorial.json``, docs/web.md, "A game's tutorial").

The server reads a script for the table it sets up (the seed, the options, who sits
where); the browser reads the same file for its steps.  :func:`walk` plays a script on
the rules engine, the bots deciding as they do at a tutorial table, and says where an
expected action is not legal (``scripts/check_tutorial.py``, ``tests/service/test_tutorials.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from navcomp.bots.levels import make_bot
from navcomp.core.errors import ActionError
from navcomp.core.protocol import GameState
from navcomp.core.registry import game_names, get_game
from navcomp.service.bot_jobs import bot_rng

VIEWS = Path(__file__).resolve().parent.parent / "web" / "static" / "js" / "games"
"""The games' views, each in a folder of its game's name."""

TUTORIAL_BOTS = ("easy", "medium")
"""The bot levels a tutorial may seat: they decide by their random generator alone, so
every run of the script sees the same moves (a searching bot thinks for a time)."""


class ScriptError(ValueError):
    """A tutorial script that cannot be read, or that the rules engine refuses."""


@dataclass(frozen=True)
class Step:
    say: str  # the key of the step's text in the game's strings
    point: str | None  # a CSS selector: the part of the table the step is about
    expect: tuple[str, ...]  # the person's actions in this step, as their text forms
    why: str | None  # the key of the text that refuses any other move
    free: bool  # the script hands over: the person plays on freely


@dataclass(frozen=True)
class Script:
    name: str  # the tutorial's name (its game's)
    game: str
    seed: int
    options: dict[str, Any]
    seats: int
    seat: int  # the person's seat
    bots: dict[int, str]  # the bot's level by seat: every other seat
    done: str  # the key of the text shown when the game is over
    steps: tuple[Step, ...]


def path_of(name: str) -> Path:
    return VIEWS / name / "tutorial.json"


def _field(data: Mapping[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ScriptError(f"{key!r} must be a {kind.__name__}")
    return value


def _step(data: Any) -> Step:
    if not isinstance(data, dict):
        raise ScriptError("a step is an object")
    expect = data.get("expect", [])
    if not isinstance(expect, list) or not all(isinstance(text, str) for text in expect):
        raise ScriptError("a step's 'expect' is a list of action texts")
    if expect and not isinstance(data.get("why"), str):
        raise ScriptError("a step that expects actions says why others are refused ('why')")
    point = data.get("point")
    if point is not None and not isinstance(point, str):
        raise ScriptError("a step's 'point' is a CSS selector")
    return Step(
        _field(data, "say", str), point, tuple(expect), data.get("why"), data.get("free") is True
    )


def parse(name: str, data: Any) -> Script:
    """The script ``data`` (the JSON of ``tutorial.json``) of tutorial ``name``."""
    if not isinstance(data, dict):
        raise ScriptError("a script is an object")
    bots = _field(data, "bots", dict)
    if not all(isinstance(level, str) and seat.isdigit() for seat, level in bots.items()):
        raise ScriptError("'bots' maps seat numbers to bot levels")
    steps = tuple(_step(step) for step in _field(data, "steps", list))
    if not steps or not steps[-1].free or any(step.free for step in steps[:-1]):
        raise ScriptError("the last step, and only it, hands over to free play ('free')")
    return Script(
        name,
        _field(data, "game", str),
        _field(data, "seed", int),
        dict(_field(data, "options", dict)),
        _field(data, "seats", int),
        _field(data, "seat", int),
        {int(seat): level for seat, level in bots.items()},
        _field(data, "done", str),
        steps,
    )


def read(name: str) -> Script:
    try:
        data = json.loads(path_of(name).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ScriptError(f"{path_of(name)}: {error}") from None
    return parse(name, data)


@cache
def scripts() -> dict[str, Script]:
    """Every tutorial, by name: a registered game's view folder with a ``tutorial.json``."""
    return {name: read(name) for name in game_names() if path_of(name).is_file()}


def initial_state(script: Script) -> GameState:
    """The tutorial's deal; refuses a setup the game or the bots cannot make."""
    if script.game not in game_names():
        raise ScriptError(f"no game {script.game!r}")
    game = get_game(script.game)
    others = set(range(script.seats)) - {script.seat}
    if script.seat not in range(script.seats) or set(script.bots) != others:
        raise ScriptError(f"the person sits at one of {script.seats} seats, bots at the others")
    if any(level not in TUTORIAL_BOTS for level in script.bots.values()):
        raise ScriptError(f"a tutorial's bots are of the levels {', '.join(TUTORIAL_BOTS)}")
    try:
        options = game.normalize_options(script.options)
        state: GameState = game.new_initial_state(script.seats, script.seed, options)
    except ValueError as error:
        raise ScriptError(str(error)) from None
    return state


def _bots_move(script: Script, state: GameState, version: int, say: Callable[[str], None]) -> int:
    """The bots' turns up to the person's (or the end), as at a tutorial table: each bot
    decides with the generator of the table's seed, the version and its seat."""
    game = state.game
    while state.current_player is not None and state.current_player != script.seat:
        seat = state.current_player
        bot = make_bot(script.bots[seat])
        action = bot.choose(state, bot_rng(script.seed, 0, version, seat))
        say(f"    bot {seat}: {game.action_to_text(action)}")
        state.apply_action(action)
        version += 1
    return version


def walk(script: Script, say: Callable[[str], None] = lambda line: None) -> GameState:
    """Play the script's actions in order, the bots moving between them; the state where
    the script hands over to free play.  Raises :class:`ScriptError` at the first action
    that is not the person's to make, not legal, or that the log would word otherwise."""
    state = initial_state(script)
    game, version = state.game, 0
    for number, step in enumerate(script.steps, 1):
        say(f"step {number}: {step.say}" + (" (free play)" if step.free else ""))
        for text in step.expect:
            version = _bots_move(script, state, version, say)
            where = f"step {number} ({step.say}), {text!r}"
            if state.current_player != script.seat:
                raise ScriptError(f"{where}: the game is over before it")
            try:
                action = game.action_from_text(text)
            except (ActionError, ValueError) as error:
                raise ScriptError(f"{where}: {error}") from None
            legal = state.legal_actions()
            if action not in legal:
                texts = ", ".join(game.action_to_text(a) for a in legal)
                raise ScriptError(f"{where}: not legal here; legal: {texts}")
            if state.public_action_text(action, script.seat) != text:
                raise ScriptError(f"{where}: the person's log reads it otherwise")
            say(f"    you: {text}")
            state.apply_action(action)
            version += 1
    _bots_move(script, state, version, say)
    return state
