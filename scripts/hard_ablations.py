"""``navcomp tournament`` with hard's ablations and variants as extra levels, to find which
of hard's parts earn their keep: ``hard-noreuse`` (no search carried between the decisions
of a turn), ``hard-nostop`` (every race runs its whole budget), ``hard-picks`` (Space
Mission's turn shared out with more for the picks: :data:`PICK_HEAVY`) and ``hard-z1``
and ``hard-z2`` (a candidate replaces the base player's move at a race's end on
:data:`LOOSER_Z` or :data:`TIGHTER_Z` standard errors, not hard's 1.5) and
``hard-winstop`` (a race stops early only on a candidate that clearly beats the base
player's move, never because none can) and ``hard-pocock`` (a race stops on the base
player's move only once every other candidate falls Pocock's boundary short of beating
it by the margin, as hard did before its ``FUTILITY_Z``).  Each takes hard's
budget a turn (``--seconds-per-turn``, default 0.3 s here).

    .venv/bin/python scripts/hard_ablations.py --players 2 --bots hard,hard-noreuse \\
        --games 800 --duplicate --seconds-per-turn 0.3 --jobs 2 --seed 501

Their budget shows in the report as a time a move: read it as the turn's.
"""

from __future__ import annotations

import sys
from typing import Any

from navcomp.bots import levels
from navcomp.bots.paired import POCOCK, Arm, settled
from navcomp.bots.rollout import RolloutBot
from navcomp.commands.cli import main
from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import GameState
from navcomp.games.space_mission.rules import MAIN, PICK, TOPUP

DEFAULT_TURN = 0.3
LOOSER_Z = 1.0
TIGHTER_Z = 2.0
"""Hard plays 30 to 40 rounds a decision where hard-1s plays about 180: at the race's end
the z test, not the margin, decides for hard whether a candidate beats the base move."""
PICK_HEAVY = {MAIN: 0.35, PICK: 0.25, TOPUP: 0.1}
"""Against hard's 0.4, 0.15 and 0.1: a turn whose second action took most of it lost
(docs/results/history.md), which points at the picks it starved."""


class _Shared:
    """``heuristic`` with the turn shared out by ``shares``."""

    def __init__(self, heuristic: Heuristic, shares: dict[int, float]) -> None:
        self._heuristic = heuristic
        self._shares = shares

    def __getattr__(self, name: str) -> Any:
        return getattr(self._heuristic, name)

    def turn_share(self, state: GameState) -> float:
        return self._shares.get(state.phase, 0.0)  # type: ignore[attr-defined]


class PickHeavy(RolloutBot):
    def _seconds(
        self, state: GameState, player: int, heuristic: Heuristic
    ) -> tuple[float | None, float]:
        return super()._seconds(state, player, _Shared(heuristic, PICK_HEAVY))  # type: ignore[arg-type]


def _settled_on_a_winner(active: list[Arm], hint: Arm, margin: float) -> Arm | None:
    """:func:`settled` without its futility stop: the base player's move never ends a race."""
    stop = settled(active, hint, margin)
    return None if stop is hint else stop


def _settled_at_pocock(active: list[Arm], hint: Arm, margin: float) -> Arm | None:
    """:func:`settled` with the futility stop at Pocock's boundary."""
    return settled(active, hint, margin, futility_z=POCOCK)


def _turn(argv: list[str]) -> float:
    if "--seconds-per-turn" in argv:
        return float(argv[argv.index("--seconds-per-turn") + 1])
    return DEFAULT_TURN


if __name__ == "__main__":
    turn = _turn(sys.argv[1:])
    levels.LEVELS["hard-noreuse"] = lambda s: RolloutBot(
        seconds=None, turn_seconds=turn, early_stop=True, reuse=False
    )
    levels.LEVELS["hard-nostop"] = lambda s: RolloutBot(
        seconds=None, turn_seconds=turn, early_stop=False
    )
    levels.LEVELS["hard-picks"] = lambda s: PickHeavy(
        seconds=None, turn_seconds=turn, early_stop=True
    )
    levels.LEVELS["hard-z1"] = lambda s: RolloutBot(
        seconds=None, turn_seconds=turn, early_stop=True, z=LOOSER_Z
    )
    levels.LEVELS["hard-z2"] = lambda s: RolloutBot(
        seconds=None, turn_seconds=turn, early_stop=True, z=TIGHTER_Z
    )
    levels.LEVELS["hard-winstop"] = lambda s: RolloutBot(
        seconds=None, turn_seconds=turn, early_stop=True, stop_rule=_settled_on_a_winner
    )
    levels.LEVELS["hard-pocock"] = lambda s: RolloutBot(
        seconds=None, turn_seconds=turn, early_stop=True, stop_rule=_settled_at_pocock
    )
    sys.exit(main(["tournament", *sys.argv[1:]]))
