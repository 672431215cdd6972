"""Where the browser table's files are, and which games bring a view of their own."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
GAME_VIEWS = STATIC / "js" / "games"
"""One folder per game that has a view (``<game>/view.js``), named as the game is."""


def has_view(game: str) -> bool:
    return (GAME_VIEWS / game / "view.js").is_file()
