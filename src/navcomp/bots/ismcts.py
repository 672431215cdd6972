"""Information-set Monte Carlo tree search, and a perfect-information reference.

IS-MCTS is the single-observer variant of Cowling, Powley and Whitehouse
(2012).  One tree is grown for the searching player's information set; every
iteration draws a world (a determinization) consistent with what that player
knows, walks the tree through the actions legal in that world, adds one node,
plays on with the game's cheap playout policy for a few steps, scores the
position with the game's evaluation (or the result, if the game ended), and
backs the per-seat values up the path.  A node is credited to the seat that
chose the action leading to it, so any number of players is handled.  Child
selection is UCB1 with availability counts: a child's exploration term uses how
often it was *available*, since in a world it may not be legal.

:class:`PerfectInfoMCTS` runs the same search on the true state, seeing every
card and tile; the draws still to come it does not know (each of its worlds is
the true state with its chance drawn anew, ``state.reseeded``).  It cheats; it
exists only to measure the fair bot against it.
"""

from __future__ import annotations

import math
import random
import time

from navcomp.bots.base import TrueState, check_budget
from navcomp.core.heuristic import Heuristic
from navcomp.core.protocol import Determinizer, GameState

DEFAULT_EXPLORATION = 0.7
DEFAULT_PLAYOUT_STEPS = 16
DEFAULT_MARGIN = 0.1


class Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


class ISMCTS:
    """Search by iterations (``iterations``) or time (``seconds``), whichever ends first."""

    name = "ismcts"
    cheats = False

    def __init__(
        self,
        seconds: float | None = 1.0,
        iterations: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        playout_steps: int = DEFAULT_PLAYOUT_STEPS,
        guided: bool = True,
        margin: float = DEFAULT_MARGIN,
        strong_playouts: bool = False,
    ) -> None:
        check_budget(seconds, iterations)
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.playout_steps = playout_steps
        self.guided = guided
        self.margin = margin
        self.strong_playouts = strong_playouts
        self.last_iterations = 0

    def _worlds(self, state: GameState, player: int) -> Determinizer | TrueState:
        return state.determinizer(player)

    def choose(self, state: GameState, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        player = state.current_player
        assert player is not None
        heuristic = state.game.heuristic
        hint: int | None = None
        if self.guided and heuristic is not None:
            hint = heuristic.choose(state, rng)
        root = self.search(state, player, rng, hint)
        best, node = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
        if hint is not None and best != hint and hint in root.children:
            guide = root.children[hint]
            if node.total / node.visits - guide.total / max(guide.visits, 1) < self.margin:
                return hint
        return best

    def search(
        self, state: GameState, player: int, rng: random.Random, hint: int | None = None
    ) -> Node:
        """Grow the tree for ``player``; ``hint`` (an action) is tried first."""
        worlds = self._worlds(state, player)
        heuristic = state.game.heuristic
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        done = 0
        while True:
            self._iterate(root, worlds.sample(rng), heuristic, rng, hint)
            done += 1
            if limit is not None and done >= limit:
                break
            if deadline is not None and done % 16 == 0 and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    def _iterate(
        self,
        root: Node,
        world: GameState,
        heuristic: Heuristic | None,
        rng: random.Random,
        hint: int | None,
    ) -> None:
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        path: list[tuple[Node, int]] = []  # (node, seat that chose the action into it)
        node = root
        while True:
            actor = world.current_player
            if actor is None:
                break
            legal = world.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                if node is root and hint in untried:
                    action = hint
                else:
                    action = untried[int(rng.random() * len(untried))]
                child = Node()
                children[action] = child
                world.apply_action(action)
                path.append((child, actor))
                break
            best_action = legal[0]
            best_score = -1.0
            for a in legal:
                child = children[a]
                score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best_score = score
                    best_action = a
            node = children[best_action]
            world.apply_action(best_action)
            path.append((node, actor))
        values = self._playout(world, heuristic, rng)
        root.visits += 1
        for visited, actor in path:
            visited.visits += 1
            visited.total += values[actor]

    def _playout(
        self, world: GameState, heuristic: Heuristic | None, rng: random.Random
    ) -> list[float]:
        if heuristic is None:
            while world.current_player is not None:
                legal = world.legal_actions()
                world.apply_action(legal[int(rng.random() * len(legal))])
            result = world.result()
            assert result is not None
            return list(result.rewards())
        if not self.strong_playouts:
            return list(heuristic.playout(world, self.playout_steps, rng))
        rollout = heuristic.choose
        for _ in range(self.playout_steps):
            if world.current_player is None:
                break
            world.apply_action(rollout(world, rng))
        return list(heuristic.evaluate(world))


class PerfectInfoMCTS(ISMCTS):
    """The same search on the true state.  A reference that cheats: never offered."""

    name = "cheat"
    cheats = True

    def _worlds(self, state: GameState, player: int) -> Determinizer | TrueState:
        return TrueState(state)
