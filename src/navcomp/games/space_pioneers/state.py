"""A Space Pioneers position: setup, copies, saved form, results and the protocol's glue.

The rules that move it are in :mod:`navcomp.games.space_pioneers.rules`, what
each player sees in :mod:`navcomp.games.space_pioneers.views`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from navcomp.core.protocol import JSON, GameState, Result
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import FACE_UP, HAND_SIZE, NUM_CARDS
from navcomp.games.space_pioneers.missions import (
    MISSION_POINTS,
    TASK_POINTS,
    TOP_SECRET,
    Record,
    Turn,
    task_met,
)
from navcomp.games.space_pioneers.rules import (
    CAPTURE,
    CHOOSE,
    DRAW,
    OVER,
    PHASE_NAMES,
    PLACE,
    REMOVE,
    PioneersRules,
)

if TYPE_CHECKING:
    from navcomp.games.space_pioneers.game import SpacePioneersGame

_LIST_FIELDS = ("deck", "face_up", "discard", "removed", "missions", "secrets", "picked")


class SpacePioneersState(PioneersRules, GameState):
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

    def determinize(self, player: int, rng: random.Random) -> SpacePioneersState:
        """Re-deal the deck, others' unknown hand cards and others' top-secret cards.

        Cards everybody saw go into a hand (taken face up, or shown while
        seeking a spaceship) stay there.  While another player has chosen a
        card to place, the chosen card is re-picked among their dealt cards
        that could be placed somewhere.
        """
        world = self.clone()
        if self.phase == OVER:
            return world
        others = [q for q in range(self.n) if q != player]
        pool = world.deck
        unknown: dict[int, int] = {}
        for q in others:
            known = self.known[q]
            hidden = [c for c in self.hands[q] if c not in known]
            unknown[q] = len(hidden)
            pool.extend(hidden)
        pool.sort()  # what the player knows, not the true order, decides the deal
        rng.shuffle(pool)
        for q in others:
            dealt = [pool.pop() for _ in range(unknown[q])]
            world.hands[q] = [c for c in self.hands[q] if c in self.known[q]] + dealt
        if self.secrets:
            free = [s for s in range(len(TOP_SECRET)) if s != self.secrets[player]]
            rng.shuffle(free)
            for q in others:
                world.secrets[q] = free.pop()
        actor = self.current
        if self.phase == PLACE and actor != player and self.selected not in self.known[actor]:
            world._repick_selected(actor, rng)
        return world

    def _repick_selected(self, actor: int, rng: random.Random) -> None:
        hand = self.hands[actor]
        hidden = [c for c in hand if c not in self.known[actor]]
        placeable = [c for c in hidden if self._targets(c)]
        if placeable:
            self.selected = rng.choice(placeable)
            return
        # No dealt card fits anywhere: swap the chosen card back in for a dealt one.
        chosen, given = self.selected, rng.choice(hidden)
        for pile in (self.deck, *self.hands):
            if chosen in pile:
                pile[pile.index(chosen)] = given
                break
        hand[hand.index(given)] = chosen

    def to_json(self) -> JSON:
        data: dict[str, Any] = {name: list(getattr(self, name)) for name in _LIST_FIELDS}
        data.update(
            players=self.n, start=self.start, current=self.current, phase=self.phase,
            turn_number=self.turn_number, selected=self.selected, placed_in=self.placed_in,
            ending=self.ending, last_turn=self.last_turn, side=self.side,
            side_done=self.side_done, solo_done=self.solo_done, solo_cards=self.solo_cards,
            hands=[list(h) for h in self.hands],
            known=[sorted(k) for k in self.known],
            networks=[[[cell, c] for cell, c in sorted(net.items())] for net in self.networks],
            captured=[list(c) for c in self.captured],
            elsewhere=[list(row) for row in self.elsewhere],
            pending=[list(o) for o in self.pending],
            turn=[self.turn.captured, self.turn.placed_elsewhere, self.turn.removed_from_network],
        )  # fmt: skip
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SpacePioneersState:
        s = object.__new__(cls)
        for name in _LIST_FIELDS:
            setattr(s, name, [int(v) for v in data[name]])
        s.n, s.start, s.current = int(data["players"]), int(data["start"]), int(data["current"])
        s.phase, s.turn_number = int(data["phase"]), int(data["turn_number"])
        s.selected, s.placed_in = int(data["selected"]), int(data["placed_in"])
        s.ending, s.last_turn = bool(data["ending"]), bool(data["last_turn"])
        s.side, s.side_done = int(data["side"]), int(data["side_done"])
        s.solo_done, s.solo_cards = int(data["solo_done"]), int(data["solo_cards"])
        s.hands = [[int(c) for c in h] for h in data["hands"]]
        s.known = [{int(c) for c in k} for k in data["known"]]
        s.networks = [{int(cell): int(card) for cell, card in net} for net in data["networks"]]
        s.captured = [[int(c) for c in cap] for cap in data["captured"]]
        s.elsewhere = [[int(v) for v in row] for row in data["elsewhere"]]
        s.pending = [tuple(int(c) for c in o) for o in data["pending"]]
        captured, elsewhere, removed = data["turn"]
        s.turn = Turn(int(captured), bool(elsewhere), bool(removed))
        return s

    # ------------------------------------------------------------ results

    def tasks_met(self, p: int) -> tuple[bool, bool]:
        record = Record(self.networks[p], self.hands[p], self.captured[p], self.elsewhere[p])
        one, two = (task_met(key, record, self.n) for key in TOP_SECRET[self.secrets[p]])
        return one, two

    def breakdown(self, p: int) -> dict[str, int]:
        if self.n == 1:
            return {"planets": len(self.captured[0]), "missions": MISSION_POINTS * self.solo_done}
        return {
            "planets": len(self.captured[p]),
            "missions": MISSION_POINTS * bin(self.missions[p]).count("1"),
            "tasks": TASK_POINTS * sum(self.tasks_met(p)),
        }

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        parts = tuple(self.breakdown(p) for p in range(self.n))
        scores = tuple(sum(b.values()) for b in parts)
        keys = [(scores[p], len(self.networks[p])) for p in range(self.n)]
        ranks = tuple(1 + sum(k > keys[p] for k in keys) for p in range(self.n))
        winners = tuple(p for p in range(self.n) if ranks[p] == 1)
        return Result(scores=scores, breakdown=parts, ranks=ranks, winners=winners)

    # ------------------------------------------------------------ views

    def view(self, player: int | None) -> JSON:
        from navcomp.games.space_pioneers.views import view

        return view(self, player)

    def revealed_view(self, player: int) -> JSON:
        from navcomp.games.space_pioneers.views import revealed_view

        return revealed_view(self, player)

    def views(self, players: Sequence[int | None]) -> dict[int | None, JSON]:
        from navcomp.games.space_pioneers.views import views

        return views(self, players)

    def explain_illegal(self, action: int) -> str:
        phase = PHASE_NAMES[self.phase]
        if self.phase == DRAW:
            if action == act.SEEK:
                return "you may seek a spaceship only with none in your hand or face up"
            return "first draw a card: take a face-up card or draw from the deck"
        if self.phase == CHOOSE and act.CHOOSE0 <= action < act.CAPTURE0:
            return "that card is not in your hand or fits nowhere"
        if self.phase == PLACE and action >= act.PLACE0:
            return "the chosen card does not fit there (or only planets go into other networks)"
        if self.phase == CAPTURE:
            return "capture one of the planet cards offered"
        if self.phase == REMOVE and act.REMOVE0 <= action < act.PLACE0:
            return "only a spaceship from your hand, or one whose removal keeps your network whole"
        return f"it is the {phase} step of the turn"

    def public_action_text(self, action: int, viewer: int | None) -> str:
        if act.CHOOSE0 <= action < act.CAPTURE0 and viewer != self.current:
            return "choose a card"
        return self.game.action_to_text(action)


__all__ = ["CAPTURE", "CHOOSE", "DRAW", "OVER", "PLACE", "REMOVE", "SpacePioneersState"]
