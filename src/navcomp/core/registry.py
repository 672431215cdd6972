"""Games by name, so the server and the command line can look them up."""

from __future__ import annotations

from typing import Any

from navcomp.core.protocol import Game

_GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    _GAMES[game.info.name] = game


def get_game(name: str) -> Game[Any]:
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise KeyError(f"unknown game {name!r}; known games: {known}") from None


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_GAMES)


def _load_builtin() -> None:
    import navcomp.games  # noqa: F401  (registers the built-in games)
