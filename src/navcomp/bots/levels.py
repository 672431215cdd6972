"""Bots by level name, for the terminal, the server and tournaments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from navcomp.bots.base import Bot, HeuristicBot, RandomBot
from navcomp.bots.ismcts import ISMCTS, PerfectInfoMCTS
from navcomp.bots.rollout import CheatingRollout, RolloutBot
from navcomp.core.protocol import Game

HARD_SECONDS = 1.0
"""The per-decision budget of the searching yardsticks (and of ``hard-1s``)."""
HARD_TURN_SECONDS = 1.5
"""The hard level's budget for a whole turn."""


def _hard(seconds: float | None) -> Bot:
    """Hard: ``seconds`` (default :data:`HARD_TURN_SECONDS`) for a whole turn, no search
    on forced steps, and a race stopped early once it is settled."""
    budget = HARD_TURN_SECONDS if seconds is None else seconds
    return RolloutBot(seconds=None, turn_seconds=budget, early_stop=True)


def _hard_per_decision(seconds: float | None) -> Bot:
    """Hard as it was: ``seconds`` (default :data:`HARD_SECONDS`) at every decision, each
    searched afresh."""
    return RolloutBot(seconds=HARD_SECONDS if seconds is None else seconds, reuse=False)


def _cheat(seconds: float | None) -> Bot:
    return CheatingRollout(seconds=HARD_SECONDS if seconds is None else seconds)


def _ismcts(seconds: float | None) -> Bot:
    return ISMCTS(seconds=HARD_SECONDS if seconds is None else seconds)


def _ismcts_cheat(seconds: float | None) -> Bot:
    return PerfectInfoMCTS(seconds=HARD_SECONDS if seconds is None else seconds)


LEVELS: dict[str, Callable[[float | None], Bot]] = {
    "easy": lambda seconds: RandomBot(),
    "medium": lambda seconds: HeuristicBot(),
    "hard": _hard,
    "cheat": _cheat,
    "random": lambda seconds: RandomBot(),
    "ismcts": _ismcts,
    "ismcts-cheat": _ismcts_cheat,
    "hard-1s": _hard_per_decision,
}
"""Every bot by name (``random`` is another name for easy); ``seconds`` is the
budget of the searching ones: per turn for ``hard`` (:data:`TURN_BUDGET`), per decision
for the others.  ``hard`` is rollout policy improvement over the medium player, and
``hard-1s`` the same at a second a decision without early stops or reuse (hard until the
budget per turn); ``ismcts`` is the information-set tree search that was hard before,
and ``ismcts-cheat`` its perfect-information reference."""

PLAYER_LEVELS = ("easy", "medium", "hard")
"""The levels offered to players (the cheating reference is not)."""


SEARCHING = frozenset({"hard", "hard-1s", "cheat", "ismcts", "ismcts-cheat"})
"""The levels that search, and so have a budget."""

TURN_BUDGET = frozenset({"hard"})
"""The levels whose ``seconds`` is a budget per turn."""

NEEDS_HEURISTIC = frozenset({"medium", "hard", "hard-1s", "cheat"})
"""The levels built on the game's heuristic player (``game.heuristic``)."""


def levels_for(game: Game[Any]) -> tuple[str, ...]:
    """The levels offered to players of ``game``: easy always, medium and hard only for a
    game with a heuristic player."""
    return tuple(
        level
        for level in PLAYER_LEVELS
        if game.heuristic is not None or level not in NEEDS_HEURISTIC
    )


def make_bot(level: str, seconds: float | None = None) -> Bot:
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot {level!r}; choose from {', '.join(LEVELS)}") from None
    return factory(seconds)
