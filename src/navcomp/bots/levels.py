"""Bots by level name, for the terminal, the server and tournaments."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from navcomp.bots.base import Bot, HeuristicBot, RandomBot
from navcomp.bots.ismcts import ISMCTS, PerfectInfoMCTS
from navcomp.bots.rollout import CheatingRollout, RolloutBot
from navcomp.core.protocol import Game

HARD_SECONDS = 1.0


def _hard(seconds: float | None) -> Bot:
    return RolloutBot(seconds=HARD_SECONDS if seconds is None else seconds)


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
}
"""Every bot by name (``random`` is another name for easy); ``seconds`` is the
per-move budget of the searching ones.  ``hard`` is rollout policy improvement over
the medium player; ``ismcts`` is the information-set tree search that was hard before,
and ``ismcts-cheat`` its perfect-information reference."""

PLAYER_LEVELS = ("easy", "medium", "hard")
"""The levels offered to players (the cheating reference is not)."""


NEEDS_HEURISTIC = frozenset({"medium", "hard", "cheat"})
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
