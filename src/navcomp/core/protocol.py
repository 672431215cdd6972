"""The game protocol: the one interface every game implements.

The server, the bots, tournaments and the research adapters only ever talk to
a game through these two classes, so they never know which game they hold.

* :class:`Game` is the rule book: it sets up states and converts actions
  between their dense integer id, their text form and their JSON form.
* :class:`GameState` is one position.  It is mutable: ``apply_action`` changes
  it in place, ``clone`` gives an independent copy.

Actions are dense integers in ``range(game.info.num_distinct_actions)``; the
text and JSON forms are for people, logs and the wire.  ``legal_actions`` is
sorted ascending.

Two ways to move:

* ``state.apply_action(a)`` is the fast path for bots: it does **not** check
  that ``a`` is legal.  Calling it with an illegal action corrupts the state.
* :func:`play` is the checked path for people and the server: it parses any
  action form, raises :class:`~navcomp.core.errors.MalformedActionError`,
  :class:`~navcomp.core.errors.NotYourTurnError` or
  :class:`~navcomp.core.errors.IllegalActionError`, and changes nothing then.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from navcomp.core.errors import (
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    quoted,
)
from navcomp.core.terminal import TerminalHooks

if TYPE_CHECKING:
    from navcomp.core.heuristic import Heuristic

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None only."""

ActionInput = int | str | Mapping[str, Any]
"""Any form an action may arrive in: id, text or JSON object."""


@dataclass(frozen=True)
class GameInfo:
    """Static facts about a game, for bots and adapters to check assumptions."""

    name: str
    title: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    options: Mapping[str, Any] = field(default_factory=dict)
    """Option names with their default values."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game."""

    scores: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    """Per player, points by scoring category; the values add up to the score."""
    ranks: tuple[int, ...]
    """Competition ranking, 1 is best; tied players share a rank."""
    winners: tuple[int, ...]
    capped: bool = False
    """True when the game was stopped by a round cap rather than by its rules."""

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "breakdown": [dict(b) for b in self.breakdown],
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "capped": self.capped,
        }

    def rewards(self) -> tuple[float, ...]:
        """Per player: 1 for a sole win, 1/k for a win shared by k, else 0."""
        share = 1.0 / len(self.winners)
        return tuple(share if p in self.winners else 0.0 for p in range(len(self.scores)))


S = TypeVar("S", bound="GameState")


_OPTION_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a text"}
"""How an option's type reads in a refusal."""


class GameState(ABC):
    """One position of a game.  See the module docstring for the contract."""

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game[Any]: ...

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Whose decision it is; ``None`` once the game is over."""

    def is_terminal(self) -> bool:
        return self.current_player is None

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """Sorted legal action ids for the current player; empty when over."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Apply a legal action id in place.  Unchecked: see the module docstring."""

    @abstractmethod
    def can_undo(self) -> bool:
        """Whether the last action may be taken back (the game's undo rule)."""

    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """What ``player`` may see (``None``: a spectator).  JSON-ready."""

    def private_view(self, seat: int, revealed: bool = False) -> dict[str, JSON] | None:
        """What ``seat`` sees of the position and nobody else does (its hand, say), the
        part of its view that the spectator's lacks; ``None`` in a game with no secrets.

        With ``revealed``, nothing is hidden from its owner either: the part of
        ``revealed_view(seat)``, for replays after the end.
        """
        return None

    def revealed_view(self, player: int) -> JSON:
        """``player``'s view with nothing hidden from its owner, for replays after the end.

        Differs from ``view`` only where a rule hides a player's own things from
        them (Space Mission's printed rule on reserved tiles).
        """
        return self.view(player)

    def views(self, players: Sequence[int | None]) -> dict[int | None, JSON]:
        """``view`` for each of ``players`` at once.

        Games override this to build the part every viewer sees only once; the
        server calls it to push one position to every seat.  The views may share
        their nested parts: treat them as read-only.
        """
        return {player: self.view(player) for player in players}

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy, cheap enough for tree search."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A copy with everything ``player`` cannot know re-dealt at random.

        The copy agrees with everything the player knows, so
        ``s.view(player) == s.determinize(player, rng).view(player)``.
        """

    @abstractmethod
    def reseeded(self, rng: random.Random) -> GameState:
        """A copy of the same position whose chance still to come is drawn anew.

        Everything that has happened stays, secrets included; what no one can know
        yet (the order of a shuffled deck, the seed of future draws) is redrawn
        from ``rng``.  Perfect information of the present is this copy, not a
        clone: a clone also knows every future draw.
        """

    def determinizer(self, player: int) -> Determinizer:
        """A sampler of :meth:`determinize` worlds for a state that stays fixed.

        Games override this to do their bookkeeping once; search that draws
        many worlds from one root keeps the sampler.
        """
        return _Resampler(self, player)

    @abstractmethod
    def to_json(self) -> JSON:
        """The whole state, secrets included.  Server side only."""

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` is not legal for the player to move (for error messages).

        Must reveal nothing that player may not know.  Games override this.
        """
        return "the rules do not allow it now"

    def public_action_text(self, action: int, viewer: int | None) -> str:
        """How ``action``, about to be taken by the current player, reads to ``viewer``.

        Games override this where an action's text would reveal a secret to
        anyone but the actor (a chosen hidden tile, say).
        """
        return self.game.action_to_text(action)

    def public_action_detail(self, action: int) -> JSON:
        """What the log adds to ``action``, about to be taken by the current player, for
        everybody alike: its outcome as JSON (a card shown, points won), or None.

        Only what every seat and spectator may know; games override this."""
        return None

    def public_undo_text(self, viewer: int | None) -> str:
        """How taking back the current player's last action reads to ``viewer``.

        Games override this where even the fact of a take-back is the actor's secret
        (a card chosen for a private preview, say)."""
        return UNDO_TEXT


UNDO_TEXT = "undo"


class Determinizer(Protocol):
    def sample(self, rng: random.Random) -> GameState: ...


class _Resampler:
    __slots__ = ("player", "state")

    def __init__(self, state: GameState, player: int) -> None:
        self.state = state
        self.player = player

    def sample(self, rng: random.Random) -> GameState:
        return self.state.determinize(self.player, rng)


class Game(ABC, Generic[S]):
    """A rule book: setup and action codecs.  Stateless and shareable."""

    info: GameInfo
    heuristic: Heuristic | None = None
    """The game's heuristic for the bots, if it has one (without, only the easy bot and
    the searching references play it)."""
    terminal: TerminalHooks = TerminalHooks()
    """How the game reads in ``navcomp play`` (the defaults list the view's fields)."""

    @abstractmethod
    def new_initial_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> S:
        """A fresh game.  Raises ``ValueError`` for a bad player count or option."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> S:
        """Restore a state written by :meth:`GameState.to_json`."""

    @abstractmethod
    def action_to_text(self, action: int) -> str: ...

    @abstractmethod
    def action_from_text(self, text: str) -> int:
        """Parse a text form; raises :class:`MalformedActionError`."""

    @abstractmethod
    def action_to_json(self, action: int) -> JSON: ...

    @abstractmethod
    def action_from_json(self, data: JSON) -> int:
        """Parse a JSON form; raises :class:`MalformedActionError`."""

    def parse_action(self, action: ActionInput) -> int:
        """Any action form to its id; raises :class:`MalformedActionError`."""
        if isinstance(action, bool):
            raise MalformedActionError("an action is an id, a text or a JSON object")
        if isinstance(action, int):
            if not 0 <= action < self.info.num_distinct_actions:
                raise MalformedActionError(f"no action has id {quoted(action)}")
            return action
        if isinstance(action, str):
            return self.action_from_text(action)
        if isinstance(action, Mapping):
            return self.action_from_json(action)
        raise MalformedActionError("an action is an id, a text or a JSON object")

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown names and wrongly typed values raise ``ValueError``."""
        merged = dict(self.info.options)
        for name, value in (options or {}).items():
            if name not in merged:
                raise ValueError(f"unknown option {quoted(name)} for {self.info.name}")
            default = merged[name]
            if default is not None and type(value) is not type(default):
                kind = _OPTION_KINDS.get(type(default), type(default).__name__)
                raise ValueError(f"option {quoted(name)} must be {kind}")
            merged[name] = value
        return merged

    def check_player_count(self, num_players: int) -> None:
        lo, hi = self.info.min_players, self.info.max_players
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError("the player count must be an integer")
        if not lo <= num_players <= hi:
            raise ValueError(f"{self.info.title} is for {lo} to {hi} players, not {num_players}")


def play(state: GameState, player: int, action: ActionInput) -> int:
    """The checked path: validate ``action`` from ``player`` and apply it.

    Returns the action id.  On any error the state is left unchanged.
    """
    action_id = state.game.parse_action(action)
    current = state.current_player
    if current is None:
        raise GameOverError("the game is over")
    if player != current:
        raise NotYourTurnError(f"it is player {current}'s decision, not player {player}'s")
    if action_id not in state.legal_actions():
        text = state.game.action_to_text(action_id)
        raise IllegalActionError(f"{text!r} is not legal now: {state.explain_illegal(action_id)}")
    state.apply_action(action_id)
    return action_id


def replay(
    game: Game[S],
    num_players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Sequence[int],
) -> S:
    """Rebuild a state from its setup and action log (every action checked)."""
    state = game.new_initial_state(num_players, seed, options)
    for action in actions:
        current = state.current_player
        if current is None:
            raise GameOverError("the log goes on after the game ended")
        play(state, current, action)
    return state
