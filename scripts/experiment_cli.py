"""The command line of an experiment script: ``tournament`` with extra levels, or one
measurement with ``--games`` and ``--seed``.

``tournament ...`` registers the script's levels, then hands the whole command line to
``navcomp tournament``; anything else is the script's own measurement.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
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
