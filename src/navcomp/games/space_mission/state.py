"""A Space Mission position: setup, copies, results and the protocol's glue.

The rules that move it are in :mod:`navcomp.games.space_mission.rules`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON, GameState, Result
from navcomp.games.space_mission import knowledge, scoring
from navcomp.games.space_mission.board import GATE, board_for
from navcomp.games.space_mission.components import (
    CHIPS_PER_PLAYER,
    HAND_SIZE,
    NUM_CARDS,
    NUM_KINDS,
    NUM_PLANETS,
    PILE_SIZE,
    RING_SIZE,
    SPACE,
    SPACE_THRESHOLD,
    TILE_COUNTS,
)
from navcomp.games.space_mission.determinize import Determinizer
from navcomp.games.space_mission.determinize import determinize as _determinize
from navcomp.games.space_mission.explain import explain_illegal
from navcomp.games.space_mission.piles import deal_pile
from navcomp.games.space_mission.rules import MAIN, OVER, Memory, SpaceMissionRules
from navcomp.games.space_mission.storage import state_to_json
from navcomp.games.space_mission.views import (
    check_seat,
    private_view,
    public_action_text,
    public_undo_text,
    view,
    views,
)

if TYPE_CHECKING:
    from navcomp.games.space_mission.game import SpaceMissionGame


class SpaceMissionState(SpaceMissionRules, GameState):
    __slots__ = ()

    _game: SpaceMissionGame

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(cls, num_players: int, seed: int, options: Mapping[str, Any]) -> SpaceMissionState:
        rnd = random.Random(seed)
        s = object.__new__(cls)
        s.board = board_for(tuple(rnd.sample(range(NUM_PLANETS), RING_SIZE)))
        s.n = num_players
        s.hide_reserved = bool(options["hide_reserved"])
        s.max_rounds = int(options["max_rounds"])
        s.threshold = SPACE_THRESHOLD[num_players]
        s.start = s.cur = rnd.randrange(num_players)
        s.phase = MAIN
        s.done = s.undo_depth = s.rounds = s.gen = s.take_seq = s.faceup = 0
        s.pick_pos = s.pick_mode = -1
        s.final_round = s.capped = False
        deck = list(range(NUM_CARDS))
        rnd.shuffle(deck)
        s.hands = [sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(num_players)]
        s.draw = deck[num_players * HAND_SIZE :]
        s.discard = []
        s.chosen = []
        s.card_gen = (0,) * NUM_CARDS
        s.chips = [CHIPS_PER_PLAYER] * num_players
        s.probes = [0] * num_players
        s.ship = [GATE] * num_players
        s.developer = (-1,) * RING_SIZE
        s.scanned = (0,) * RING_SIZE
        s.pool = TILE_COUNTS
        s.down = (PILE_SIZE,) * RING_SIZE
        s.up = (0,) * RING_SIZE
        s.real = (None,) * RING_SIZE
        s.touched = (False,) * RING_SIZE
        s.taken = ()
        s.memory = (None,) * (num_players * RING_SIZE)
        s.derived_memory = s.memory
        s.know = (knowledge.INITIAL,) * num_players
        s.rng = rnd.getrandbits(64)
        return s

    def clone(self) -> SpaceMissionState:
        s = object.__new__(SpaceMissionState)
        s.board = self.board
        s.n = self.n
        s.hide_reserved = self.hide_reserved
        s.max_rounds = self.max_rounds
        s.threshold = self.threshold
        s.cur = self.cur
        s.phase = self.phase
        s.done = self.done
        s.undo_depth = self.undo_depth
        s.pick_pos = self.pick_pos
        s.pick_mode = self.pick_mode
        s.start = self.start
        s.rounds = self.rounds
        s.final_round = self.final_round
        s.capped = self.capped
        s.hands = [h[:] for h in self.hands]
        s.draw = self.draw[:]
        s.discard = self.discard[:]
        s.chosen = self.chosen[:]
        s.card_gen = self.card_gen
        s.gen = self.gen
        s.chips = self.chips[:]
        s.probes = self.probes[:]
        s.ship = self.ship[:]
        s.developer = self.developer
        s.scanned = self.scanned
        s.pool = self.pool
        s.down = self.down
        s.up = self.up
        s.real = self.real
        s.touched = self.touched
        s.taken = self.taken
        s.take_seq = self.take_seq
        s.memory = self.memory
        s.derived_memory = self.derived_memory
        s.know = self.know
        s.faceup = self.faceup
        s.rng = self.rng
        return s

    # --------------------------------------------------------------- protocol

    @property
    def game(self) -> SpaceMissionGame:
        return self._game

    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.cur

    def redo_bookkeeping(self) -> None:
        """Work out again what the rules keep up to date as they play, for a state
        changed by other means (restored, or set up by hand in tests)."""
        self.derived_memory = tuple(None if m is None else (None, m[1]) for m in self.memory)
        world = any(m is not None and m[0] is None for m in self.memory)
        self.know = None if world else knowledge.of_everyone(self)

    def can_undo(self) -> bool:
        return self.undo_depth > 0 and self.phase != OVER

    def remembered(self, player: int, pos: int) -> Memory | None:
        """``player``'s memory of the pile at ``pos``, with turned-up spaces left out."""
        entry = self.memory[player * RING_SIZE + pos]
        if entry is None:
            return None
        counts, seq = entry
        if counts is None:
            pile = self.real[pos]
            if pile is None:  # a determinized world deals what it is asked about
                pile = deal_pile(self, pos)
            derived = list(pile)
            for owner, kind, where, taken_at, _ in self.taken:
                if where == pos and taken_at > seq and owner != player:
                    derived[kind] += 1
            return tuple(derived), seq
        if self.up[pos] and counts[SPACE]:
            return (*counts[:SPACE], 0), seq
        return entry

    # ---------------------------------------------------------------- results

    def collected(self, player: int) -> list[int]:
        """Counts by tile kind of the tiles ``player`` holds (not reserved)."""
        counts = [0] * NUM_KINDS
        for owner, kind, _, _, reserved in self.taken:
            if owner == player and not reserved:
                counts[kind] += 1
        return counts

    def stations(self) -> list[int]:
        counts = [0] * self.n
        for developer in self.developer:
            if developer >= 0:
                counts[developer] += 1
        return counts

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return self.score_now()

    def score_now(self) -> Result:
        """Score the position as it stands (the final score once the game is over)."""
        stations = self.stations()
        tiles = [self.collected(p) for p in range(self.n)]
        parts = scoring.breakdowns(self.probes, stations, tiles)
        scores = tuple(sum(b.values()) for b in parts)
        ranks, winners = scoring.winners_and_ranks(scores, stations)
        return Result(scores, tuple(parts), tuple(ranks), winners, self.capped)

    # ------------------------------------------------ views, secrets, storage

    def view(self, player: int | None) -> JSON:

        return view(self, player)

    def private_view(self, seat: int, revealed: bool = False) -> dict[str, JSON]:

        check_seat(self, seat)
        return private_view(self, seat, hidden_reserved=self.hide_reserved and not revealed)

    def revealed_view(self, player: int) -> JSON:
        if not self.hide_reserved:
            return self.view(player)
        shown = self.clone()
        shown.hide_reserved = False  # the printed rule's secret is no secret after the game
        shown.know = None
        return shown.view(player)

    def views(self, players: Sequence[int | None]) -> dict[int | None, JSON]:

        return views(self, players)

    def explain_illegal(self, action: int) -> str:

        return explain_illegal(self, action)

    def public_action_text(self, action: int, viewer: int | None) -> str:

        return public_action_text(self, action, viewer)

    def public_undo_text(self, viewer: int | None) -> str:

        return public_undo_text(self, viewer)

    determinize = _determinize  # one call less: search and the bench call it a lot

    def reseeded(self, rng: random.Random) -> SpaceMissionState:
        world = self.clone()
        world.rng = rng.getrandbits(64)  # draws and first looks at piles come from it
        return world

    def determinizer(self, player: int) -> Determinizer:
        return Determinizer(self, player)

    def to_json(self) -> JSON:

        return state_to_json(self)
