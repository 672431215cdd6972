"""The whole state as JSON and back (server side: it holds every secret)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON
from navcomp.games.space_mission.board import board_for

if TYPE_CHECKING:
    from navcomp.games.space_mission.state import SpaceMissionState

FORMAT = 1
_SCALARS = (
    "n", "hide_reserved", "max_rounds", "threshold", "cur", "phase", "done", "undo_depth",
    "pick_pos", "pick_mode", "start", "rounds", "final_round", "capped", "gen", "take_seq",
    "faceup", "rng",
)  # fmt: skip
_LISTS = ("hands", "draw", "discard", "chosen", "chips", "probes", "ship")
_SINCE: dict[str, list[int]] = {"chosen": []}
"""Fields added to the saved form since its format began, with the value a state saved
before them had (a Top up's preview began with an empty one)."""
_TUPLES = ("card_gen", "developer", "scanned", "pool", "down", "up", "touched")


def state_to_json(s: SpaceMissionState) -> JSON:
    data: dict[str, Any] = {"format": FORMAT, "ring": list(s.board.ring)}
    for name in _SCALARS:
        data[name] = getattr(s, name)
    for name in (*_LISTS, *_TUPLES):
        data[name] = [list(v) if isinstance(v, list) else v for v in getattr(s, name)]
    data["real"] = [None if pile is None else list(pile) for pile in s.real]
    data["taken"] = [list(t) for t in s.taken]
    data["memory"] = [
        None if m is None else [None if m[0] is None else list(m[0]), m[1]] for m in s.memory
    ]
    return data


def state_from_json(data: JSON, cls: type[SpaceMissionState]) -> SpaceMissionState:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a saved Space Mission state")
    s = object.__new__(cls)
    s.board = board_for(tuple(data["ring"]))
    for name in _SCALARS:
        setattr(s, name, data[name])
    for name in _LISTS:
        saved = data[name] if name in data else _SINCE[name]
        setattr(s, name, [list(v) if isinstance(v, list) else v for v in saved])
    for name in _TUPLES:
        setattr(s, name, tuple(data[name]))
    s.real = tuple(None if pile is None else tuple(pile) for pile in data["real"])
    s.taken = tuple((o, k, pos, seq, bool(r)) for o, k, pos, seq, r in data["taken"])
    s.memory = tuple(
        None if m is None else (None if m[0] is None else tuple(m[0]), m[1]) for m in data["memory"]
    )
    s.redo_bookkeeping()
    return s
