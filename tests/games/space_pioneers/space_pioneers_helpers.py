"""Building Space Pioneers positions by hand for the rule tests."""

from __future__ import annotations

from collections.abc import Callable

from navcomp.games.space_pioneers import GAME, SpacePioneersState
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.components import CARDS, NUM_CARDS, criteria, two_or_more
from navcomp.games.space_pioneers.rules import CHOOSE

PLANETS = [c.id for c in CARDS if c.kind == "planet"]
SHIPS = [c.id for c in CARDS if c.kind == "ship"]


def blank(players: int = 2, current: int = 0, start: int | None = None) -> SpacePioneersState:
    """A position at ``current``'s CHOOSE step: empty hands, networks and face-up slots."""
    s = GAME.new_initial_state(players, seed=1)
    s.deck = list(range(NUM_CARDS))
    s.hands = [[] for _ in range(players)]
    s.known = [set() for _ in range(players)]
    s.face_up = [-1, -1]
    s.current = current
    s.start = current if start is None else start
    s.phase = CHOOSE
    return s


def _take(s: SpacePioneersState, card: int) -> None:
    s.deck.remove(card)


def give(s: SpacePioneersState, player: int, *cards: int) -> None:
    for card in cards:
        _take(s, card)
        s.hands[player].append(card)


def put(s: SpacePioneersState, player: int, x: int, y: int, card: int) -> None:
    """Lay ``card`` in ``player``'s network at (x, y) without checking any rule."""
    _take(s, card)
    s.networks[player][act.xy_cell(x, y)] = card


def place(s: SpacePioneersState, player: int, card: int, network: int, x: int, y: int) -> None:
    """Give ``player`` the card and play choose + place through the legal actions."""
    give(s, player, card)
    choose = act.CHOOSE0 + card
    assert choose in s.legal_actions(), f"cannot choose {act.CARD_NAMES[card]}"
    s.apply_action(choose)
    target = act.place_action(network, act.xy_cell(x, y))
    assert target in s.legal_actions(), f"cannot place {act.CARD_NAMES[card]} there"
    s.apply_action(target)


def find(cards: list[int], test: Callable[[int], bool], avoid: tuple[int, ...] = ()) -> int:
    return next(c for c in cards if c not in avoid and test(c))


def meets(new: int, old: int, where: int) -> int:
    return criteria(CARDS[new], CARDS[old], where)


def two(new: int, old: int, where: int) -> bool:
    return two_or_more(meets(new, old, where))


def pair(where: int, met: int, ships: list[int] = SHIPS) -> tuple[int, int]:
    """A planet and a ship such that the planet, with the ship on side ``where``, meets ``met``."""
    return next((p, s) for s in ships for p in PLANETS if meets(p, s, where) == met)
