"""Search reused across the decisions of one turn.

A rollout playout of the action a decision takes goes on with the base player's next
action of the same turn.  When the next decision of the turn comes, each such playout
is already a playout of the base player's choice there, in a world the seat may still
imagine, with the random numbers the playout went on with: the rollout bot counts it as
a round for that choice and plays only the other candidates in it, with the same random
numbers, so the comparison stays paired.

A world is carried only if, after the action, it shows the seat exactly what the real
game shows it (``view``): keeping the worlds that agree with what the action revealed
is rejection sampling, so the carried worlds are drawn from what the seat knows now,
as fresh ones would be.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from navcomp.core.protocol import GameState

Follow = tuple[int, tuple[Any, ...]]
"""How a playout went on within the turn: the base player's next action, and the
playout's random generator state just after choosing it."""


@dataclass
class Carried:
    """A round carried into the next decision: its world (the action applied), the
    value its playout gave the base player's choice, and the generator to play the
    other candidates with."""

    world: GameState
    value: float
    state: tuple[Any, ...]

    def generator(self) -> random.Random:
        made = random.Random()
        made.setstate(self.state)
        return made


@dataclass
class Carry:
    """What a decision leaves the next one of the same turn: the action taken, and per
    round the world and how the action's playout went on.  The bot hands it on only
    to the decision the action led to (the same seat, the same view)."""

    action: int
    rounds: list[tuple[GameState, float, Follow]] = field(default_factory=list)

    def rounds_for(self, view: object, player: int, hint: int) -> list[Carried]:
        """The rounds usable where the seat ``player`` sees ``view`` and the base
        player chose ``hint``: those whose playout went on with ``hint``, in a world
        that shows the seat ``view`` too."""
        usable = []
        for world, value, (action, generator) in self.rounds:
            if action != hint:
                continue
            after = world.clone()
            after.apply_action(self.action)
            if after.view(player) == view:
                usable.append(Carried(after, value, generator))
        return usable


def carry_from(
    action: int,
    values: dict[int, float],
    follows: dict[int, Follow],
    worlds: dict[int, GameState],
) -> Carry | None:
    """What a decision that took ``action`` leaves the next decision of the turn
    (``values``, ``follows``: that action's playouts by round; ``worlds``: the rounds'
    worlds); None if no playout went on within the turn."""
    if not follows:
        return None
    return Carry(action, [(worlds[r], values[r], f) for r, f in follows.items() if r in worlds])
