"""Rollout policy improvement over the game's heuristic player, and a cheating twin.

The rollout algorithm of Tesauro and Galperin (1996) and Bertsekas: to improve on a
base policy (here the heuristic player, the medium level), try each of a few candidate
actions, play on from each with the base policy for every seat, and take the action
whose playouts end best.  Under hidden information each round of playouts runs in a
*world* drawn from what the bot's seat knows (``state.determinizer(seat)``), never the
true state, and every candidate of a round is played in the same world with the same
random seed (common random numbers), so the differences between candidates come from
the candidates and not from the luck of the deal.

Candidates come from the game's heuristic (``ranked_actions``: its own choice and, where
the game ranks them, the first steps of its next-best plans), then the other legal
actions; never one that gives up the turn's progress (``forgoes_progress``: a pass)
where the heuristic's choice does not.  The budget is spent by successive halving:
after each phase the worse half of the candidates is dropped, the heuristic's choice
always stays, and it is replaced only when another candidate beats it, over the same
worlds, by a clear margin that is also large against the noise (a paired test).  A
decision later in the same turn starts with the rounds the last one played for the
action it took (:mod:`navcomp.bots.carry`).

:class:`CheatingRollout` runs the same algorithm on the true state.  It cheats; it
exists only to measure the fair bot against it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from navcomp.bots.base import TrueState, check_budget
from navcomp.bots.carry import Carried, Carry, Follow, carry_from
from navcomp.bots.paired import Arm, paired, settled
from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import Determinizer, GameState

StopRule = Callable[[list[Arm], Arm, float], Arm | None]
"""At a look of a race: the candidates still in it, the base player's move and the margin
give the candidate the race settles on, or None to play on."""
DEFAULT_CANDIDATES = 3
DEFAULT_HORIZON: int | None = None
"""Playouts run to the end of the game: for Space Mission a cut-off and the evaluation
are weaker than finishing the game (the evaluation does not value hands and ships;
docs/bots.md).  A game whose playouts to the end cost too much names a horizon in turns
(``heuristic.rollout_turns``; Space Pioneers does)."""
DEFAULT_MARGIN = 0.02
"""For a game whose heuristic names no ``rollout_margin``."""
DEFAULT_Z = 1.5
LOOKS = 4
"""Looks at the race, at each quarter of a decision's budget: the worse half of the
candidates goes at the second; with ``early_stop``, the race may end at any of the
first three."""
MIN_ROUNDS = 8
"""Rounds of playouts before a look may stop the race."""
LEAD_SCALE = 8.0
"""Points of final lead that make a clearly better finish (a logistic's scale)."""


class RolloutBot:
    """Budget by playouts (``iterations``) or time (``seconds``), whichever ends first.

    ``horizon``: heuristic moves a playout makes before the evaluation scores it (None:
    the game's own horizon, ``heuristic.rollout_turns`` turns, if its heuristic names
    one, else play to the end).  ``margin`` and ``z``: another candidate replaces the heuristic's
    choice only if its mean value, paired over the same worlds, is higher by more than
    ``margin`` (None: the game's ``heuristic.rollout_margin``, else ``DEFAULT_MARGIN``)
    and by more than ``z`` standard errors.  ``search_base``: build on the
    heuristic's ``search_base`` (a stronger player than ``choose``) where it has one.

    ``turn_seconds``: a budget per turn instead of per decision.  Each decision takes
    the game's share of it (``heuristic.turn_share``) plus what earlier decisions of the
    turn left unused, never more than the turn has left.  ``early_stop``: end a race
    at a look where a group sequential test (:mod:`navcomp.bots.paired`) says one
    candidate beats the base player's move by the margin, or none can.  ``reuse``: start
    a decision with the rounds the turn's last decision played of the action it took.
    ``stop_rule``: what ``early_stop`` asks at each look (variants of hard try others)."""

    name = "rollout"
    cheats = False

    def __init__(
        self,
        seconds: float | None = 1.0,
        iterations: int | None = None,
        candidates: int = DEFAULT_CANDIDATES,
        horizon: int | None = DEFAULT_HORIZON,
        margin: float | None = None,
        z: float = DEFAULT_Z,
        search_base: bool = True,
        turn_seconds: float | None = None,
        early_stop: bool = False,
        reuse: bool = True,
        stop_rule: StopRule = settled,
    ) -> None:
        if turn_seconds is not None and not turn_seconds > 0:
            raise ValueError("turn_seconds must be positive")
        check_budget(seconds if turn_seconds is None else turn_seconds, iterations)
        if candidates < 1 or (horizon is not None and horizon < 0):
            raise ValueError("candidates must be at least 1 and horizon at least 0")
        self.seconds = seconds
        self.iterations = iterations
        self.candidates = candidates
        self.horizon = horizon
        self.margin = margin
        self.z = z
        self.search_base = search_base
        self.turn_seconds = turn_seconds
        self.early_stop = early_stop
        self.reuse = reuse
        self.stop_rule = stop_rule
        self.last_iterations = 0
        self.last_rounds = 0  # of the last decision's race
        self.last_reused = 0  # of them, rounds carried in from the turn's last decision
        self._mover: int | None = None
        self._turn_left = 0.0  # of the turn's budget
        self._unused = 0.0  # what earlier decisions of the turn left of their shares
        self._carry: Carry | None = None  # the last decision's rounds, for the next one
        self._next: tuple[int, object] | None = None  # the seat and view it led to

    def _worlds(self, state: GameState, player: int) -> Determinizer | TrueState:
        return state.determinizer(player)

    def _candidates(
        self, state: GameState, legal: list[int], heuristic: Heuristic, rng: random.Random
    ) -> list[int]:
        ranked = [a for a in heuristic.ranked_actions(state, rng) if a in legal]
        seen = set(ranked)
        pool = ranked + [a for a in legal if a not in seen]
        if not heuristic.forgoes_progress(state, pool[0]):
            pool = [a for a in pool if not heuristic.forgoes_progress(state, a)]
        return pool[: self.candidates]

    def choose(self, state: GameState, rng: random.Random) -> int:
        self.last_iterations = self.last_rounds = self.last_reused = 0
        player = state.current_player
        expected, self._next = self._next, None
        carry, self._carry = self._carry, None
        view: object = None
        if expected is not None and player == expected[0]:
            view = state.view(player)
        if view is None or expected is None or view != expected[1]:
            carry = None  # not where the last decision led: a turn of its own
            self._mover = None
        action = self._decide(state, rng, carry, view)
        if player is not None and (self.turn_seconds is not None or self._carry is not None):
            after = state.clone()
            after.apply_action(action)
            if after.current_player == player:
                self._next = (player, after.view(player))
        return action

    def _decide(
        self, state: GameState, rng: random.Random, carry: Carry | None, view: object
    ) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        player = state.current_player
        assert player is not None
        heuristic = state.game.heuristic
        if heuristic is None:
            return legal[int(rng.random() * len(legal))]
        if self.search_base:
            heuristic = heuristic.search_base
        found = self._candidates(state, legal, heuristic, rng)
        if len(found) == 1:
            return found[0]
        margin = self.margin
        if margin is None:
            margin = heuristic.rollout_margin
        if margin is None:
            margin = DEFAULT_MARGIN
        arms = [Arm(a) for a in found]
        hint = arms[0]
        seconds, share = self._seconds(state, player, heuristic)
        start = time.perf_counter()
        reused = [] if carry is None else carry.rounds_for(view, player, hint.action)
        race = _Race(state, player, arms, heuristic, reused)
        stopped_on = self._race(race, rng, seconds, margin)
        if self.turn_seconds is not None:
            spent = time.perf_counter() - start
            self._turn_left -= spent
            self._unused = max(0.0, self._unused + share - spent)
        chosen = stopped_on
        if chosen is None:
            best = max(arms, key=lambda arm: arm.mean())
            chosen = best if best is not hint and self._clearly_better(best, hint, margin) else hint
        if self.reuse and self.horizon is None:  # steps would not line up across decisions
            self._carry = carry_from(chosen.action, chosen.values, chosen.follows, race.worlds)
        return chosen.action

    def _seconds(
        self, state: GameState, player: int, heuristic: Heuristic
    ) -> tuple[float | None, float]:
        """This decision's time budget, and its share of the turn's."""
        if self.turn_seconds is None:
            return self.seconds, 0.0
        if player != self._mover or heuristic.starts_turn(state):
            self._mover = player
            self._turn_left = self.turn_seconds
            self._unused = 0.0
        share = self.turn_seconds * heuristic.turn_share(state)
        return max(1e-3, min(self._turn_left, share + self._unused)), share

    def _clearly_better(self, best: Arm, hint: Arm, margin: float) -> bool:
        mean, error = paired(best, hint)
        return mean > margin and mean > self.z * error

    def _race(
        self, race: _Race, rng: random.Random, seconds: float | None, margin: float
    ) -> Arm | None:
        """Playouts of every candidate in the same worlds (the carried rounds first),
        looked at :data:`LOOKS` times; the candidate a look settles on, if one does
        (``early_stop``)."""
        worlds = self._worlds(race.state, race.player)
        active = list(race.arms)
        hint = race.arms[0]
        start = time.perf_counter()
        done = rounds = 0
        last_round = 0.0
        for look in range(1, LOOKS + 1):
            deadline = None if seconds is None else start + seconds * look / LOOKS
            quota = None if self.iterations is None else self.iterations * look // LOOKS
            # after the first round, one more only if it fits the look's budget
            while not rounds or _fits(deadline, last_round, quota, done + len(active)):
                began = time.perf_counter()
                if rounds < len(race.reused):
                    done += self._reused_round(race, active, race.reused[rounds], rounds)
                else:
                    done += self._fresh_round(race, active, worlds.sample(rng), rng, rounds)
                rounds += 1
                last_round = time.perf_counter() - began
            self.last_iterations = done
            self.last_rounds, self.last_reused = rounds, min(rounds, len(race.reused))
            if look == LOOKS:
                return None
            if self.early_stop and rounds >= MIN_ROUNDS:
                stop = self.stop_rule(active, hint, margin)
                if stop is not None:
                    return stop
            if look == LOOKS // 2 and len(active) > 2:  # the worse half goes
                keep = (len(active) + 1) // 2
                ordered = sorted(active, key=lambda arm: -arm.mean())
                active = ordered[:keep]
                if hint not in active:  # the heuristic's choice stays, in the last place
                    active = [*ordered[: keep - 1], hint]
        return None

    def _fresh_round(
        self, race: _Race, active: list[Arm], world: GameState, rng: random.Random, round_: int
    ) -> int:
        """Every active candidate played in a new world; the playouts it took."""
        race.worlds[round_] = world
        seed = rng.getrandbits(32)
        for arm in active:
            value, follow = self._playout(
                world.clone(), arm.action, race.player, race.heuristic, random.Random(seed)
            )
            arm.add(round_, value)
            if follow is not None:
                arm.follows[round_] = follow
        return len(active)

    def _reused_round(self, race: _Race, active: list[Arm], carried: Carried, round_: int) -> int:
        """A carried round: the base player's choice has its value already; the others
        are played in its world with its random numbers."""
        played = 0
        for arm in active:
            if arm is race.arms[0]:
                arm.add(round_, carried.value)
                continue
            value, _ = self._playout(
                carried.world.clone(),
                arm.action,
                race.player,
                race.heuristic,
                carried.generator(),
            )
            arm.add(round_, value)
            played += 1
        return played

    def _playout(
        self, world: GameState, action: int, player: int, heuristic: Heuristic, rng: random.Random
    ) -> tuple[float, Follow | None]:
        """The value of ``action`` in ``world`` after the base player plays on (to the
        horizon), and how the playout went on if the turn did.

        The game's horizon is in turns, counted from the decision: a turn ends when the
        player to move changes, so a candidate that only shuffles within a turn cannot
        shorten it, and one that ends the turn at once has used it up."""
        turns = heuristic.rollout_turns if self.horizon is None else None
        limit = self.horizon
        choose = heuristic.choose
        follow = None
        steps = -1  # the candidate is not one of the horizon's steps
        mover: int | None = player
        while mover is not None:
            if steps < 0:
                chosen = action
            elif (turns is not None and turns <= 0) or (limit is not None and steps >= limit):
                break
            else:
                chosen = choose(world, rng)
                if steps == 0 and mover == player:
                    follow = (chosen, rng.getstate())
            world.apply_action(chosen)
            steps += 1
            if world.current_player != mover:
                mover = world.current_player
                if turns is not None:
                    turns -= 1
        return _value(world, player, heuristic), follow


class _Race:
    """One decision's race: its position, candidates and base player, the rounds carried
    in from the turn's last decision, and the worlds of its own rounds."""

    __slots__ = ("arms", "heuristic", "player", "reused", "state", "worlds")

    def __init__(
        self,
        state: GameState,
        player: int,
        arms: list[Arm],
        heuristic: Heuristic,
        reused: list[Carried],
    ) -> None:
        self.state = state
        self.player = player
        self.arms = arms
        self.heuristic = heuristic
        self.reused = reused
        self.worlds: dict[int, GameState] = {}


def _fits(deadline: float | None, last_round: float, quota: int | None, total: int) -> bool:
    """Whether a round like the last one ends by ``deadline`` and stays within ``quota``
    playouts (``total``: the playouts done after it)."""
    if quota is not None and total > quota:
        return False
    return deadline is None or time.perf_counter() + last_round < deadline


def _value(world: GameState, player: int, heuristic: Heuristic) -> float:
    """The seat's value at the end of a playout, in [0, 1].  A finished game counts half
    the result and half a logistic of the final lead in points (a big win beats a narrow
    one, which makes the comparison of candidates less noisy); an unfinished one, or a
    finished solo game (always won, with no rival to lead), counts what the game's
    evaluation says."""
    result = world.result()
    if result is None or len(result.scores) == 1:  # solo: no rival to lead, the game judges
        return heuristic.evaluate(world)[player]
    scores = result.scores
    lead = scores[player] - max(x for q, x in enumerate(scores) if q != player)
    squashed = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead / LEAD_SCALE))))
    return 0.5 * result.rewards()[player] + 0.5 * squashed


class CheatingRollout(RolloutBot):
    """The same algorithm on the true state.  A reference that cheats: never offered."""

    name = "cheat-rollout"
    cheats = True

    def _worlds(self, state: GameState, player: int) -> Determinizer | TrueState:
        return TrueState(state)
