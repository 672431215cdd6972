"""Bots by level name, for the terminal, the server and tournaments."""

from __future__ import annotations

from collections.abc import Callable

from navcomp.bots.base import Bot, HeuristicBot, RandomBot
from navcomp.bots.ismcts import ISMCTS, PerfectInfoMCTS
from navcomp.bots.rollout import CheatingRollout, RolloutBot

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


def make_bot(level: str, seconds: float | None = None) -> Bot:
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot {level!r}; choose from {', '.join(LEVELS)}") from None
    return factory(seconds)
