"""The rules that move a Space Pioneers position: legal actions and their effects.

A turn runs through phases: DRAW (take a face-up card, draw, or seek a
spaceship), CHOOSE (a card from the hand, or pass), PLACE (where the chosen
card goes, or back), CAPTURE (only when the player must choose which planet
cards to capture), REMOVE (a spaceship to the discard pile, or done).  The
REMOVE phase always comes, even with nothing to remove: skipping it would
tell the others that the hand holds no spaceship.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import CELLS, CENTRE, PLANET, SHIP
from navcomp.games.space_pioneers.missions import (
    ALL_MISSIONS,
    SoloMission,
    Turn,
    missions_met,
    solo_met,
)
from navcomp.games.space_pioneers.network import (
    KIND,
    TYPE,
    Network,
    fits,
    frontier,
    places,
    stays_connected,
)

DRAW: Final = 0
CHOOSE: Final = 1
PLACE: Final = 2
CAPTURE: Final = 3
REMOVE: Final = 4
OVER: Final = 5
PHASE_NAMES: Final = ("draw", "choose", "place", "capture", "remove", "over")


class SpacePioneersRules:
    """Legal actions and their effects; the fields are declared here, stored by the state."""

    __slots__ = (
        "captured",
        "current",
        "deck",
        "discard",
        "elsewhere",
        "ending",
        "face_up",
        "hands",
        "known",
        "last_turn",
        "missions",
        "n",
        "networks",
        "pending",
        "phase",
        "picked",
        "placed_in",
        "removed",
        "secrets",
        "selected",
        "side",
        "side_done",
        "solo_cards",
        "solo_done",
        "start",
        "turn",
        "turn_number",
    )  # fmt: skip

    n: int
    start: int
    current: int
    phase: int
    turn_number: int
    deck: list[int]
    """Top card last."""
    face_up: list[int]
    """Two slots; -1 when empty."""
    hands: list[list[int]]
    known: list[set[int]]
    """Cards in each hand that everybody knows are there (taken face up or shown)."""
    networks: list[Network]
    captured: list[list[int]]
    discard: list[int]
    removed: list[int]
    """Cards drawn while seeking a spaceship: out of the game, face up."""
    missions: list[int]
    """Bits of MISSIONS met, per player."""
    secrets: list[int]
    """Each player's top-secret card (empty in solo)."""
    elsewhere: list[list[int]]
    """elsewhere[p][q]: planets p placed in q's network."""
    turn: Turn
    selected: int
    pending: list[tuple[int, ...]]
    """The capture choices still open: sets of cells, all the same size."""
    picked: list[int]
    ending: bool
    last_turn: bool
    side: int
    side_done: int
    solo_done: int
    """Solo missions fulfilled in all."""
    solo_cards: int
    """How often the whole solo card was completed."""
    placed_in: int
    """The network the card placed this turn went into (-1 before)."""

    # ---------------------------------------------------------------- legal

    def legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == DRAW:
            return self._draws()
        if phase == CHOOSE:
            return [act.PASS, *(act.CHOOSE0 + c for c in self._placeable())]
        if phase == PLACE:
            return [act.BACK, *self.targets(self.selected)]
        if phase == CAPTURE:
            network = self.networks[self.placed_in]
            return sorted(act.CAPTURE0 + network[cell] for cell in self._capturable())
        if phase == REMOVE:
            return [act.DONE] + [act.REMOVE0 + c for c in sorted(self._removable())]
        return []

    def _draws(self) -> list[int]:
        out = [act.TAKE0 + slot for slot in (0, 1) if self.face_up[slot] >= 0]
        if self.deck:
            out.append(act.DRAW)
            hand = self.hands[self.current]
            if not any(KIND[c] == SHIP for c in hand) and not any(
                c >= 0 and KIND[c] == SHIP for c in self.face_up
            ):
                out.append(act.SEEK)
        return out

    def _placeable(self) -> list[int]:
        """The cards in the current player's hand that fit somewhere, ascending."""
        p = self.current
        networks = self.networks
        frontiers = [frontier(network) for network in networks]
        out = []
        for card in sorted(self.hands[p]):
            kind = KIND[card]
            for owner, network in enumerate(networks):
                own = owner == p
                if not network:
                    if own and kind == SHIP:
                        break
                elif (own or kind == PLANET) and any(
                    fits(card, cell, network, own) for cell in frontiers[owner]
                ):
                    break
            else:
                continue
            out.append(card)
        return out

    def targets(self, card: int) -> list[int]:
        """Place actions for ``card``, ascending."""
        out: list[int] = []
        for owner, network in enumerate(self.networks):
            own = owner == self.current
            base = act.PLACE0 + owner * CELLS
            out.extend(base + cell for cell in places(card, network, own, CENTRE))
        return out

    def _removable(self) -> list[int]:
        p = self.current
        network = self.networks[p]
        out: list[int] = [c for c in self.hands[p] if KIND[c] == SHIP]
        out += [
            c
            for cell, c in network.items()
            if KIND[c] == SHIP and stays_connected(network, (cell,))
        ]
        return out

    def _capturable(self) -> list[int]:
        picked = set(self.picked)
        return sorted(
            {cell for option in self.pending if picked <= set(option) for cell in option} - picked
        )

    # ---------------------------------------------------------------- apply

    def apply_action(self, action: int) -> None:
        p = self.current
        if action < act.PASS:
            self._draw(p, action)
            self.phase = CHOOSE
        elif action == act.PASS:
            self.phase = REMOVE
        elif action == act.BACK:
            self.selected = -1
            self.phase = CHOOSE
        elif action == act.DONE:
            self._end_turn()
        elif action < act.CAPTURE0:
            self.selected = action - act.CHOOSE0
            self.phase = PLACE
        elif action < act.REMOVE0:
            card = action - act.CAPTURE0
            network = self.networks[self.placed_in]
            cell = next(cell for cell, c in network.items() if c == card)
            self.picked.append(cell)
            self.pending = [o for o in self.pending if cell in o]
            if len(self.pending) == 1 or len(self.picked) == len(self.pending[0]):
                self._capture(p, self.pending[0])
        elif action < act.PLACE0:
            self._remove(p, action - act.REMOVE0)
        else:
            owner, cell = divmod(action - act.PLACE0, CELLS)
            self._place(p, owner, cell)

    def _draw(self, p: int, action: int) -> None:
        hand = self.hands[p]
        deck = self.deck
        if action == act.DRAW:
            hand.append(deck.pop())
        elif action == act.SEEK:
            self.known[p].update(hand)
            while deck:
                card = deck.pop()
                if KIND[card] == SHIP:
                    hand.append(card)
                    self.known[p].add(card)
                    break
                self.removed.append(card)
        else:
            slot = action - act.TAKE0
            card = self.face_up[slot]
            hand.append(card)
            self.known[p].add(card)
            self.face_up[slot] = deck.pop() if deck else -1
        if not deck:
            self.ending = True  # the deck's last card is drawn (or the deck was empty)

    def _place(self, p: int, owner: int, cell: int) -> None:
        card = self.selected
        self.selected = -1
        self.hands[p].remove(card)
        self.known[p].discard(card)
        network = self.networks[owner]
        network[cell] = card
        self.placed_in = owner
        if owner != p:
            self.turn.placed_elsewhere = True
            self.elsewhere[p][owner] += 1
        if KIND[card] == PLANET:
            options = capture_options(network, cell)
            if len(options) > 1:
                self.pending = options
                self.picked = []
                self.phase = CAPTURE
                return
            if options:
                self._capture(p, options[0])
                return
        self._after_placing(p)

    def _capture(self, p: int, cells: tuple[int, ...]) -> None:
        network = self.networks[self.placed_in]
        for cell in cells:
            self.captured[p].append(network.pop(cell))
        self.turn.captured += len(cells)
        self.pending = []
        self.picked = []
        self._after_placing(p)

    def _after_placing(self, p: int) -> None:
        if self.n == 1:
            self._check_solo()
        else:
            met = missions_met(self.missions[p], self.networks[p], self.turn, len(self.captured[p]))
            self.missions[p] |= met
            if self.missions[p] == ALL_MISSIONS:
                self.ending = True
        self.phase = REMOVE

    def _check_solo(self) -> None:
        met = solo_met(self.side, self.side_done, self.networks[0], self.turn, self.solo_cards)
        if not met:
            return
        self.side_done |= met
        self.solo_done += bin(met).count("1")
        if self.side_done == SoloMission.BOTH:
            if self.side == 1:
                self.solo_cards += 1
            self.side ^= 1
            self.side_done = 0
            self.turn = Turn()

    def _remove(self, p: int, card: int) -> None:
        hand = self.hands[p]
        if card in hand:
            hand.remove(card)
            self.known[p].discard(card)
        else:
            network = self.networks[p]
            del network[next(cell for cell, c in network.items() if c == card)]
            self.turn.removed_from_network = True
            if self.n == 1:
                self._check_solo()
        self.discard.append(card)
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn = Turn()
        self.selected = -1
        nxt = (self.current + 1) % self.n
        if self.ending and (self.last_turn if self.n == 1 else nxt == self.start):
            self.phase = OVER
            return
        if self.ending and self.n == 1:
            self.last_turn = True
        self.current = nxt
        self.turn_number += 1
        self.phase = DRAW if self.deck or max(self.face_up) >= 0 else CHOOSE


def capture_options(network: Network, cell: int) -> list[tuple[int, ...]]:
    """The largest sets of same-planet cells removable without splitting the network."""
    planet = TYPE[network[cell]]
    same = [
        c
        for c, card in network.items()
        if c != cell and KIND[card] == PLANET and TYPE[card] == planet
    ]
    for size in range(len(same), 0, -1):
        options = [
            combo for combo in combinations(sorted(same), size) if stays_connected(network, combo)
        ]
        if options:
            return options
    return []
