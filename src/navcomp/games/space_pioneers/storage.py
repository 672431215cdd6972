"""The whole state as JSON and back (server side: it holds every secret)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON
from navcomp.games.space_pioneers.missions import Turn

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.state import SpacePioneersState

_LISTS = ("deck", "face_up", "discard", "removed", "missions", "secrets", "picked")
"""Fields saved as they are: lists of ints."""
_SCALARS: tuple[tuple[str, type[int] | type[bool]], ...] = (
    ("start", int), ("current", int), ("phase", int), ("turn_number", int),
    ("selected", int), ("placed_in", int), ("ending", bool), ("last_turn", bool),
    ("side", int), ("side_done", int), ("solo_done", int), ("solo_cards", int),
)  # fmt: skip
"""Fields saved as they are, with their types (and ``n``, saved as ``players``)."""


def state_to_json(s: SpacePioneersState) -> JSON:
    data: dict[str, Any] = {name: list(getattr(s, name)) for name in _LISTS}
    data["players"] = s.n
    for name, _ in _SCALARS:
        data[name] = getattr(s, name)
    data.update(
        hands=[list(h) for h in s.hands],
        known=[sorted(k) for k in s.known],
        networks=[[[cell, c] for cell, c in sorted(net.items())] for net in s.networks],
        captured=[list(c) for c in s.captured],
        elsewhere=[list(row) for row in s.elsewhere],
        pending=[list(o) for o in s.pending],
        turn=[s.turn.captured, s.turn.placed_elsewhere, s.turn.removed_from_network],
    )
    return data


def state_from_json(data: Mapping[str, Any], cls: type[SpacePioneersState]) -> SpacePioneersState:
    s = object.__new__(cls)
    for name in _LISTS:
        setattr(s, name, [int(v) for v in data[name]])
    s.n = int(data["players"])
    for name, kind in _SCALARS:
        setattr(s, name, kind(data[name]))
    s.hands = [[int(c) for c in h] for h in data["hands"]]
    s.known = [{int(c) for c in k} for k in data["known"]]
    s.networks = [{int(cell): int(card) for cell, card in net} for net in data["networks"]]
    s.captured = [[int(c) for c in cap] for cap in data["captured"]]
    s.elsewhere = [[int(v) for v in row] for row in data["elsewhere"]]
    s.pending = [tuple(int(c) for c in o) for o in data["pending"]]
    captured, elsewhere, removed = data["turn"]
    s.turn = Turn(int(captured), bool(elsewhere), bool(removed))
    return s
