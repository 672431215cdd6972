"""What the terminal tests share: a screen that keeps what a game printed."""

from __future__ import annotations


class Screen:
    """Captures what the game prints and what the player typed."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write(self, text: str) -> None:
        self.lines.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)
