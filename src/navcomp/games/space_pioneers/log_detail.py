"""What the log tells everybody of a Space Pioneers action besides its text: the card
taken face up or found by seeking, the card placed and where it went, the planet cards
captured, the missions met and the points they brought.

All of it is public: a face-up card, a seek's cards and a placed card are shown to all,
and the view lists captured cards, missions met and points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.actions import CARD_NAMES
from navcomp.games.space_pioneers.components import CELLS
from navcomp.games.space_pioneers.missions import MISSIONS, SOLO_SIDES, SoloMission, solo_targets
from navcomp.games.space_pioneers.scoring import points

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.state import SpacePioneersState

_TARGETED = ("big_network", "long_line")
"""Solo missions whose wording names a count (the solo card's targets)."""


def action_detail(before: SpacePioneersState, action: int) -> dict[str, Any] | None:
    """The detail of ``action``, about to be taken in ``before`` (None: nothing to add)."""
    detail: dict[str, Any] = {}
    if act.TAKE0 <= action < act.DRAW:
        detail["card"] = CARD_NAMES[before.face_up[action - act.TAKE0]]
    elif action >= act.PLACE0:
        network, _ = divmod(action - act.PLACE0, CELLS)
        detail["card"] = CARD_NAMES[before.selected]
        detail["network"] = network
    elif not (action == act.SEEK or act.CAPTURE0 <= action < act.PLACE0):
        return None
    after = before.clone()
    after.apply_action(action)
    p = before.current
    if action == act.SEEK:
        found = [c for c in after.hands[p] if c not in before.hands[p]]
        detail["card"] = CARD_NAMES[found[0]] if found else None
        detail["removed"] = [CARD_NAMES[c] for c in after.removed[len(before.removed) :]]
        return detail
    captured = after.captured[p][len(before.captured[p]) :]
    if captured:
        detail["captured"] = [CARD_NAMES[c] for c in captured]
    met = _missions_met(before, after)
    if met:
        detail["missions"] = met
    gained = points(after, p) - points(before, p)
    if gained:
        detail["points"] = gained
    return detail or None


def _missions_met(before: SpacePioneersState, after: SpacePioneersState) -> list[dict[str, Any]]:
    """The missions the action met: their keys (and the count a solo mission asks for)."""
    p = before.current
    if before.n > 1:
        new = after.missions[p] & ~before.missions[p]
        return [{"mission": key} for bit, key in enumerate(MISSIONS) if new & (1 << bit)]
    if after.solo_done == before.solo_done:
        return []
    turned = after.side != before.side  # both missions met: the card turned
    out = []
    for bit, key in zip(
        (SoloMission.FIRST, SoloMission.SECOND), SOLO_SIDES[before.side], strict=True
    ):
        if before.side_done & bit or not (turned or after.side_done & bit):
            continue
        met: dict[str, Any] = {"mission": key}
        if key in _TARGETED:
            met["n"] = solo_targets(before.solo_cards)[_TARGETED.index(key)]
        out.append(met)
    return out
