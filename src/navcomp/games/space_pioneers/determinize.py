"""Re-deal everything one player cannot know, consistently with what they know.

What player ``p`` knows, and so what stays fixed: everything public (the networks, the
face-up cards, the discard pile, the cards removed while seeking, captures, missions,
counts), ``p``'s hand and top-secret card, and the cards in others' hands that everybody
saw arrive (taken face up, or shown while seeking a spaceship).

What is re-dealt: the deck, the others' unknown hand cards and the others' top-secret
cards.  While another player has chosen a card to place, the chosen card is re-picked
among their dealt cards that could be placed somewhere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from navcomp.games.space_pioneers.missions import TOP_SECRET
from navcomp.games.space_pioneers.rules import OVER, PLACE

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.state import SpacePioneersState


def determinize(s: SpacePioneersState, player: int, rng: random.Random) -> SpacePioneersState:
    """``s.determinize(player, rng)``: a world ``player`` cannot tell from ``s``."""
    world = s.clone()
    if s.phase == OVER:
        return world
    others = [q for q in range(s.n) if q != player]
    pool = world.deck
    unknown: dict[int, int] = {}
    for q in others:
        known = s.known[q]
        hidden = [c for c in s.hands[q] if c not in known]
        unknown[q] = len(hidden)
        pool.extend(hidden)
    pool.sort()  # what the player knows, not the true order, decides the deal
    rng.shuffle(pool)
    for q in others:
        dealt = [pool.pop() for _ in range(unknown[q])]
        world.hands[q] = [c for c in s.hands[q] if c in s.known[q]] + dealt
    if s.secrets:
        free = [x for x in range(len(TOP_SECRET)) if x != s.secrets[player]]
        rng.shuffle(free)
        for q in others:
            world.secrets[q] = free.pop()
    actor = s.current
    if s.phase == PLACE and actor != player and s.selected not in s.known[actor]:
        _repick_selected(world, actor, rng)
    return world


def _repick_selected(world: SpacePioneersState, actor: int, rng: random.Random) -> None:
    """The card ``actor`` chose to place, picked again among their dealt cards."""
    hand = world.hands[actor]
    hidden = [c for c in hand if c not in world.known[actor]]
    placeable = [c for c in hidden if world.targets(c)]
    if placeable:
        world.selected = rng.choice(placeable)
        return
    # No dealt card fits anywhere: swap the chosen card back in for a dealt one.
    chosen, given = world.selected, rng.choice(hidden)
    for pile in (world.deck, *world.hands):
        if chosen in pile:
            pile[pile.index(chosen)] = given
            break
    hand[hand.index(given)] = chosen
