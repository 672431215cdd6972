"""Points: captured planet cards, missions, top-secret tasks; the winner and the ties."""

from __future__ import annotations

from typing import TYPE_CHECKING

from navcomp.core.protocol import Result
from navcomp.games.space_pioneers.missions import (
    MISSION_POINTS,
    TASK_POINTS,
    TOP_SECRET,
    Record,
    task_met,
)

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.rules import SpacePioneersRules


def points(s: SpacePioneersRules, p: int) -> int:
    """Points counted so far, without the top-secret tasks."""
    if s.n == 1:
        return len(s.captured[0]) + MISSION_POINTS * s.solo_done
    return len(s.captured[p]) + MISSION_POINTS * bin(s.missions[p]).count("1")


def tasks_met(s: SpacePioneersRules, p: int) -> tuple[bool, bool]:
    """Whether ``p`` meets each of the two tasks of their top-secret card now."""
    record = Record(s.networks[p], s.hands[p], s.captured[p], s.elsewhere[p])
    one, two = (task_met(key, record, s.n) for key in TOP_SECRET[s.secrets[p]])
    return one, two


def breakdown(s: SpacePioneersRules, p: int) -> dict[str, int]:
    if s.n == 1:
        return {"planets": len(s.captured[0]), "missions": MISSION_POINTS * s.solo_done}
    return {
        "planets": len(s.captured[p]),
        "missions": MISSION_POINTS * bin(s.missions[p]).count("1"),
        "tasks": TASK_POINTS * sum(tasks_met(s, p)),
    }


def final_result(s: SpacePioneersRules) -> Result:
    """Most points wins; a tie goes to the larger network; a tie in both is shared."""
    parts = tuple(breakdown(s, p) for p in range(s.n))
    scores = tuple(sum(b.values()) for b in parts)
    keys = [(scores[p], len(s.networks[p])) for p in range(s.n)]
    ranks = tuple(1 + sum(k > keys[p] for k in keys) for p in range(s.n))
    winners = tuple(p for p in range(s.n) if ranks[p] == 1)
    return Result(scores=scores, breakdown=parts, ranks=ranks, winners=winners)
