"""The command line of an experiment script: ``tournament`` with extra levels, or one
measurement with ``--games`` and ``--seed``.

``tournament ...`` registers the script's levels, then hands the whole command line to
``navcomp tournament``; anything else is the script's own measurement.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from navcomp.bots import levels


def run(
    argv: list[str],
    extra_levels: Mapping[str, Callable[[float | None], Any]],
    description: str,
    command: str,
    measure: Callable[[int, int], None],
) -> int:
    if argv[:1] == ["tournament"]:
        levels.LEVELS.update(extra_levels)
        from navcomp.cli import main as navcomp

        return navcomp(argv)
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("command", choices=[command])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    measure(args.games, args.seed)
    return 0


def medium_positions(games: int, rnd: random.Random) -> Iterator[tuple[Any, int, int]]:
    """Every position of ``games`` two-player Space Mission games of medium against
    medium, as (state, seat to move, actions so far); the game goes on from the
    state when the caller asks for the next, so it must not change it."""
    from navcomp.bots.base import HeuristicBot
    from navcomp.games import SPACE_MISSION

    bot = HeuristicBot()
    for _ in range(games):
        state: Any = SPACE_MISSION.new_initial_state(2, rnd.getrandbits(32))
        step = 0
        while (seat := state.current_player) is not None:
            yield state, seat, step
            state.apply_action(bot.choose(state, rnd))
            step += 1
