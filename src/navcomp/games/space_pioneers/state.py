"""A Space Pioneers position: setup, copies, results and the protocol's glue.

The rules that move it are in :mod:`navcomp.games.space_pioneers.rules`, what each player
sees in :mod:`~navcomp.games.space_pioneers.views`, its saved form in
:mod:`~navcomp.games.space_pioneers.storage`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON, GameState, Result
from navcomp.games.space_pioneers import scoring
from navcomp.games.space_pioneers.actions import CAPTURE0, CHOOSE0
from navcomp.games.space_pioneers.components import FACE_UP, HAND_SIZE, NUM_CARDS
from navcomp.games.space_pioneers.determinize import determinize as _determinize
from navcomp.games.space_pioneers.explain import explain_illegal as _explain_illegal
from navcomp.games.space_pioneers.missions import TOP_SECRET, Turn
from navcomp.games.space_pioneers.rules import DRAW, OVER, SpacePioneersRules
from navcomp.games.space_pioneers.storage import state_to_json
from navcomp.games.space_pioneers.views import private_view, revealed_view, view, views

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.game import SpacePioneersGame


class SpacePioneersState(SpacePioneersRules, GameState):
    __slots__ = ()

    _game: SpacePioneersGame

    @classmethod
    def new(cls, num_players: int, seed: int, options: Mapping[str, Any]) -> SpacePioneersState:
        rnd = random.Random(seed)
        s = object.__new__(cls)
        s.n = num_players
        deck = list(range(NUM_CARDS))
        rnd.shuffle(deck)
        s.hands = [[deck.pop() for _ in range(HAND_SIZE)] for _ in range(num_players)]
        s.face_up = [deck.pop() for _ in range(FACE_UP)]
        s.deck = deck
        s.known = [set() for _ in range(num_players)]
        s.networks = [{} for _ in range(num_players)]
        s.captured = [[] for _ in range(num_players)]
        s.discard, s.removed = [], []
        s.missions = [0] * num_players
        s.secrets = rnd.sample(range(len(TOP_SECRET)), num_players) if num_players > 1 else []
        s.elsewhere = [[0] * num_players for _ in range(num_players)]
        s.start = s.current = rnd.randrange(num_players)
        s.phase, s.turn_number, s.turn = DRAW, 1, Turn()
        s.selected, s.placed_in, s.pending, s.picked = -1, -1, [], []
        s.ending = s.last_turn = False
        s.side = s.side_done = s.solo_done = s.solo_cards = 0
        return s

    # ------------------------------------------------------------ protocol

    @property
    def game(self) -> SpacePioneersGame:
        return self._game

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

    def can_undo(self) -> bool:
        return False  # choosing a card is taken back with 'back'; a placed card stays

    def clone(self) -> SpacePioneersState:
        c = object.__new__(type(self))
        c.n, c.start, c.current, c.phase = self.n, self.start, self.current, self.phase
        c.turn_number, c.selected, c.placed_in = self.turn_number, self.selected, self.placed_in
        c.ending, c.last_turn = self.ending, self.last_turn
        c.side, c.side_done = self.side, self.side_done
        c.solo_done, c.solo_cards = self.solo_done, self.solo_cards
        c.deck, c.face_up = self.deck[:], self.face_up[:]
        c.discard, c.removed = self.discard[:], self.removed[:]
        c.missions, c.secrets = self.missions[:], self.secrets[:]
        c.pending, c.picked = self.pending[:], self.picked[:]
        c.hands = [h[:] for h in self.hands]
        c.known = [set(k) for k in self.known]
        c.networks = [dict(net) for net in self.networks]
        c.captured = [cap[:] for cap in self.captured]
        c.elsewhere = [row[:] for row in self.elsewhere]
        t = self.turn
        c.turn = Turn(t.captured, t.placed_elsewhere, t.removed_from_network)
        return c

    def reseeded(self, rng: random.Random) -> SpacePioneersState:
        world = self.clone()
        rng.shuffle(world.deck)  # the only chance still to come: the order of the draws
        return world

    determinize = _determinize

    def to_json(self) -> JSON:

        return state_to_json(self)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return scoring.final_result(self)

    # ------------------------------------------------------------ views

    def view(self, player: int | None) -> JSON:

        return view(self, player)

    def revealed_view(self, player: int) -> JSON:

        return revealed_view(self, player)

    def views(self, players: Sequence[int | None]) -> dict[int | None, JSON]:

        return views(self, players)

    def private_view(self, seat: int, revealed: bool = False) -> dict[str, JSON]:

        return private_view(self, seat, revealed)

    explain_illegal = _explain_illegal

    def public_action_detail(self, action: int) -> JSON:
        from navcomp.games.space_pioneers.log_detail import action_detail

        return action_detail(self, action)

    def public_action_text(self, action: int, viewer: int | None) -> str:
        if CHOOSE0 <= action < CAPTURE0 and viewer != self.current:
            return "choose a card"
        return self.game.action_to_text(action)
