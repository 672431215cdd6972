"""A bot's turn as a job: which table, seat and version, and the seeded randomness it
thinks with."""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from navcomp.domain.model import Table

log = logging.getLogger("navcomp.bots")


@dataclass(frozen=True)
class BotJob:
    table_id: int
    version: int
    seat: int
    level: str
    game: str
    num_seats: int
    seed: int
    options: dict[str, Any]
    actions: tuple[int, ...]
    tutorial: bool = False  # at a tutorial table the bot decides the same at every table


def job_for(table: Table, actions: Sequence[int]) -> BotJob | None:
    """The job of the bot on turn at ``table`` (None: no bot is), whose effective log
    is ``actions``."""
    level = table.bot_on_turn()
    if level is None or table.to_move is None:
        return None
    return BotJob(
        table.id,
        table.version,
        table.to_move,
        level,
        table.game,
        table.num_seats,
        table.seed,
        dict(table.options),
        tuple(actions),
        table.tutorial is not None,
    )


def bot_rng(seed: int, table_key: int, version: int, seat: int) -> random.Random:
    """A bot's own randomness: fixed per table and move, so a restart decides the same.

    ``table_key`` is the table's id, or 0 at a tutorial table: there every table of the
    tutorial sees the same bot moves, as its script does (``tutorial_scripts.walk``)."""
    return random.Random(hash((seed, table_key, version, seat)) & 0xFFFFFFFF)
