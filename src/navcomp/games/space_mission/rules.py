"""The rules that move a Space Mission position: legal actions and their effects.

:class:`SpaceMissionRules` is the half of ``SpaceMissionState`` that plays
the game (what a look at a pile does is :mod:`~navcomp.games.space_mission.piles`);
:mod:`~navcomp.games.space_mission.state` adds setup, copying, results and the
protocol's glue.  The state is flat on purpose: lists of small ints that a
clone copies in a few microseconds.  Seats are numbered 0..n-1 in turn order;
planets are addressed by their ring position 0..7 here and by planet id in
actions.

Randomness lives in the state (``rng``, one 64-bit integer), so a game is
reproducible from its setup and log.  The draw pile has no order: each draw
takes a uniformly random card from it.  A planet's pile is dealt only when
somebody first looks at it (``real[pos] is None`` until then; its tiles are
counted in ``pool``).  Both are equivalent in distribution to shuffling up
front and keep secrets out of reach of anything that was never seen.
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from navcomp.core.rng import LCG_ADD, LCG_MUL, MASK64
from navcomp.games.space_mission import knowledge, piles
from navcomp.games.space_mission.actions import (
    CONFIRM,
    DEVELOP0,
    DEVELOP_ID,
    DEVELOP_PAIRS,
    DISCOVER,
    DRAW,
    FLY0,
    JUMP0,
    PICK0,
    SCAN0,
)
from navcomp.games.space_mission.board import GATE, Board
from navcomp.games.space_mission.components import (
    BLUE_CARDS,
    CARDS,
    GREEN_CARDS,
    HAND_SIZE,
    NUM_PLANETS,
    RING_SIZE,
    SPACE,
    card_matches,
)
from navcomp.games.space_mission.piles import put

# Phases: what kind of decision the current player faces.
MAIN: Final = 0  # choose one of the six actions (or start a Top up by discarding)
TOPUP: Final = 1  # a Top up has begun: discard more cards or draw
PICK: Final = 2  # looking at a pile: choose the tile to reserve or take
CONFIRM_TURN: Final = 3  # two actions done: confirm the turn
OVER: Final = 4
PHASE_NAMES: Final = ("action", "top-up", "pick", "confirm", "over")

# Why a pile is being looked at (``pick_mode``).
BY_SCAN: Final = 0
BY_DEVELOP: Final = 1
BY_DISCOVER: Final = 2
LOOK_NAMES: Final = ("scan", "develop", "discover")

Taken = tuple[int, int, int, int, bool]
"""A tile out of its pile: (owner, kind, ring position, take number, still reserved)."""
Memory = tuple[tuple[int, ...] | None, int]
"""Stack memory: (tile counts seen at the last look minus own taking, take number then).

Counts of ``None`` mark a memory in a determinized world that must agree with
the re-dealt tiles: it is derived on demand (see ``remembered``)."""

_DRAW_ONLY: Final = [DRAW]

_POINT_KINDS: Final = tuple(range(SPACE))


class SpaceMissionRules:
    """Legal actions and their effects; the fields are declared here, stored by the state."""

    __slots__ = (
        "board",
        "capped",
        "card_gen",
        "chips",
        "chosen",
        "cur",
        "derived_memory",
        "developer",
        "discard",
        "done",
        "down",
        "draw",
        "faceup",
        "final_round",
        "gen",
        "hands",
        "hide_reserved",
        "know",
        "max_rounds",
        "memory",
        "n",
        "phase",
        "pick_mode",
        "pick_pos",
        "pool",
        "probes",
        "real",
        "rng",
        "rounds",
        "scanned",
        "ship",
        "start",
        "take_seq",
        "taken",
        "threshold",
        "touched",
        "undo_depth",
        "up",
    )  # fmt: skip

    board: Board
    n: int
    hide_reserved: bool
    max_rounds: int
    threshold: int
    cur: int
    phase: int
    done: int
    undo_depth: int
    pick_pos: int
    pick_mode: int
    start: int
    rounds: int
    final_round: bool
    capped: bool
    hands: list[list[int]]
    draw: list[int]
    discard: list[int]
    chosen: list[int]
    """The current player's cards chosen for a Top up, in choice order: a preview private
    to them (rules decision 9) that goes onto ``discard`` at the draw."""
    card_gen: tuple[int, ...]
    gen: int
    chips: list[int]
    probes: list[int]
    ship: list[int]
    # Tuples change rarely: a clone shares them, a change replaces them.
    developer: tuple[int, ...]
    scanned: tuple[int, ...]
    pool: tuple[int, ...]
    down: tuple[int, ...]
    up: tuple[int, ...]
    real: tuple[tuple[int, ...] | None, ...]
    touched: tuple[bool, ...]
    taken: tuple[Taken, ...]
    take_seq: int
    memory: tuple[Memory | None, ...]
    derived_memory: tuple[Memory | None, ...]
    """``memory`` with every entry derived: ``(None, seq)``.  A world dealt for one player
    takes everyone else's memories from it, so it holds no counts it should not."""
    know: tuple[knowledge.Knowledge, ...] | None
    """Per player, the tiles they cannot place (see :mod:`.knowledge`); kept by the rules
    of a real game, ``None`` in a world or after the state was changed by other means."""
    faceup: int
    rng: int

    def legal_actions(self) -> list[int]:
        # Discard ids are card ids, so a sorted hand is its own sorted discard list.
        phase = self.phase
        if phase == TOPUP:
            return self.hands[self.cur] + _DRAW_ONLY
        if phase == MAIN:
            return self._main_actions()
        if phase == CONFIRM_TURN:
            return [CONFIRM]
        if phase == PICK:
            pile = self.real[self.pick_pos]
            assert pile is not None
            return [PICK0 + k for k in _POINT_KINDS if pile[k]]
        return []

    def _main_actions(self) -> list[int]:
        p = self.cur
        hand = self.hands[p]
        board = self.board
        pos = self.ship[p]
        actions = hand + _DRAW_ONLY
        chips = self.chips[p]
        if pos != GATE:
            developed = self.developer[pos] >= 0
            if developed and self.down[pos]:
                actions.append(DISCOVER)
            actions += board.fly[pos]
            if chips and not developed:
                scans = board.scans[pos]
                actions += [scans[c] for c in hand if c in scans]
        if chips:
            actions += self.jump_actions(hand, pos)
            if pos != GATE and self.developer[pos] < 0 and self.scanned[pos] >> p & 1:
                actions += self.develop_actions(hand, board.landing[pos])
        return actions

    def jump_actions(self, hand: list[int], pos: int) -> list[int]:
        """Jumps with the cards in ``hand`` to planets other than ``pos`` (chips aside)."""
        jumps = self.board.jumps
        return [action for c in hand for target, action in jumps[c] if target != pos]

    @staticmethod
    def develop_actions(hand: list[int], landing: tuple[int, int]) -> list[int]:
        a, b = landing
        oranges = [(c, CARDS[c].orange) for c in hand if CARDS[c].orange is not None]
        actions = []
        for i, (c1, o1) in enumerate(oranges):
            fits_a, fits_b = card_matches(o1, a), card_matches(o1, b)
            if not (fits_a or fits_b):
                continue
            for c2, o2 in oranges[i + 1 :]:
                if (fits_a and card_matches(o2, b)) or (fits_b and card_matches(o2, a)):
                    actions.append(DEVELOP_ID[c1, c2])
        return actions

    # ------------------------------------------------------------------ moves

    def apply_action(self, action: int) -> None:
        if action < CONFIRM:  # a discard: the id is the card
            self.hands[self.cur].remove(action)
            self.chosen.append(action)
            self.phase = TOPUP
            self.undo_depth += 1
        elif action == CONFIRM:
            self._end_turn()
        elif action == DRAW:
            self._draw_to_five()
        elif action < FLY0:
            if action == DISCOVER:
                self._look(self.ship[self.cur], BY_DISCOVER)
            else:
                self._pick(action - PICK0)
        elif action < SCAN0:
            self.ship[self.cur] = self.board.position_of[action - FLY0]
            self._finish_action(reversible=True)
        elif action < JUMP0:
            self._scan(GREEN_CARDS[action - SCAN0])
        elif action < DEVELOP0:
            card_index, planet = divmod(action - JUMP0, NUM_PLANETS)
            self._jump(BLUE_CARDS[card_index], planet)
        else:
            self._develop(DEVELOP_PAIRS[action - DEVELOP0])

    def _play_card(self, p: int, card: int) -> None:
        self.hands[p].remove(card)
        self.discard.append(card)

    def _finish_action(self, reversible: bool) -> None:
        self.done += 1
        self.phase = CONFIRM_TURN if self.done == 2 else MAIN
        self.undo_depth = self.undo_depth + 1 if reversible else 0

    def _jump(self, card: int, planet: int) -> None:
        p = self.cur
        self._play_card(p, card)
        self.ship[p] = self.board.position_of[planet]
        self.chips[p] -= 1
        self.probes[p] += 1
        self._finish_action(reversible=True)

    def _draw_to_five(self) -> None:
        if self.chosen:  # the preview ends: the chosen cards are discarded, together
            self.discard += self.chosen
            self.chosen = []
        hand = self.hands[self.cur]
        draw = self.draw
        drew = False
        rng = self.rng
        while len(hand) < HAND_SIZE:
            if not draw:
                if not self.discard:
                    break
                self._reshuffle()
                draw = self.draw
            rng = (rng * LCG_MUL + LCG_ADD) & MASK64  # a step of navcomp.core.rng
            i = ((rng >> 32) * len(draw)) >> 32
            card = draw[i]
            draw[i] = draw[-1]
            draw.pop()
            insort(hand, card)
            drew = True
        self.rng = rng
        self._finish_action(reversible=not drew)

    def _reshuffle(self) -> None:
        """The discard pile becomes the draw pile (its order is drawn card by card)."""
        self.gen += 1
        gen = self.gen
        card_gen = list(self.card_gen)
        for card in self.discard:
            card_gen[card] = gen
        self.card_gen = tuple(card_gen)
        self.draw = self.discard
        self.discard = []

    def _scan(self, card: int) -> None:
        p = self.cur
        self._play_card(p, card)
        pos = self.ship[p]
        self.scanned = put(self.scanned, pos, self.scanned[pos] | 1 << p)
        self._look(pos, BY_SCAN)

    def _develop(self, cards: tuple[int, int]) -> None:
        p = self.cur
        self._play_card(p, cards[0])
        self._play_card(p, cards[1])
        pos = self.ship[p]
        self.developer = put(self.developer, pos, p)
        chips = self.chips
        chips[p] -= 1
        handed_out: list[Taken] = []
        changed = []
        for owner, kind, where, seq, reserved in self.taken:
            if reserved and where == pos:
                reserved = False
                chips[owner] += 1
                changed.append(len(handed_out))
            handed_out.append((owner, kind, where, seq, reserved))
        self.taken = tuple(handed_out)
        if self.know is not None:
            self.know = knowledge.after_hand_out(self, changed)
        self._look(pos, BY_DEVELOP)

    def _look(self, pos: int, mode: int) -> None:
        """The current player sees the pile at ``pos``; a point tile there means a pick."""
        if piles.look(self, pos):
            self.phase = PICK
            self.pick_pos = pos
            self.pick_mode = mode
        else:
            self._finish_action(reversible=False)

    def _pick(self, kind: int) -> None:
        piles.take(self, kind, reserve=self.pick_mode == BY_SCAN)
        self.pick_pos = self.pick_mode = -1
        self._finish_action(reversible=False)

    def _end_turn(self) -> None:
        p = self.cur
        if not self.final_round and self.is_stalled():
            self.final_round = True
        self.phase = MAIN
        self.done = self.undo_depth = 0
        if self.final_round and p == (self.start - 1) % self.n:
            self.phase = OVER
            self.rounds += 1
            return
        self.cur = (p + 1) % self.n
        if self.cur == self.start:
            self.rounds += 1
            if self.max_rounds and self.rounds >= self.max_rounds:
                self.phase = OVER
                self.capped = True

    def is_stalled(self) -> bool:
        """No space tile can ever turn face up again (rules decision 17).

        Only Scan, Develop and Discover reveal tiles.  Scan and Develop need a
        chip; Discover needs a developed planet whose pile still holds a point
        tile, which is exactly a developed planet with face-down tiles left.
        """
        if any(self.chips):
            return False
        return not any(self.down[pos] for pos in range(RING_SIZE) if self.developer[pos] >= 0)
