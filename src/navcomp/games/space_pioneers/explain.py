"""Why an action is not legal now, in words, for error messages.

Says only what the rules of the step ask for, never what the player's hand or the deck
holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from navcomp.games.space_pioneers.actions import CAPTURE0, CHOOSE0, PLACE0, REMOVE0, SEEK
from navcomp.games.space_pioneers.rules import CAPTURE, CHOOSE, DRAW, PHASE_NAMES, PLACE, REMOVE

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.state import SpacePioneersState


def explain_illegal(s: SpacePioneersState, action: int) -> str:
    """A short reason why ``action`` is not legal for the player to move."""
    phase = PHASE_NAMES[s.phase]
    if s.phase == DRAW:
        if action == SEEK:
            return "you may seek a spaceship only with none in your hand or face up"
        return "first draw a card: take a face-up card or draw from the deck"
    if s.phase == CHOOSE and CHOOSE0 <= action < CAPTURE0:
        return "that card is not in your hand or fits nowhere"
    if s.phase == PLACE and action >= PLACE0:
        return "the chosen card does not fit there (or only planets go into other networks)"
    if s.phase == CAPTURE:
        return "capture one of the planet cards offered"
    if s.phase == REMOVE and REMOVE0 <= action < PLACE0:
        return "only a spaceship from your hand, or one whose removal keeps your network whole"
    return f"it is the {phase} step of the turn"
