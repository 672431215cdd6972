"""Games by name, so the server and the command line can look them up.

Games register themselves when their package is imported; import
:mod:`navcomp.games` to have the built-in ones.
"""

from __future__ import annotations

from typing import Any

from navcomp.core.protocol import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    _GAMES[game.info.name] = game


def get_game(name: str) -> Game[Any]:
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none registered"
        raise KeyError(f"unknown game {name!r}; known games: {known}") from None


def game_names() -> list[str]:
    return sorted(_GAMES)
