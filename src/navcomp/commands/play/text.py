"""Text pieces of the terminal game: the numbered choices and the score sheet."""

from __future__ import annotations

from collections.abc import Sequence

from navcomp.core import Result

WIDTH = 78


def _bold(text: str, color: bool) -> str:
    return f"\033[1m{text}\033[0m" if color and text.strip() else text


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], color: bool) -> list[str]:
    """Aligned columns: numbers right-aligned, text left-aligned; the header and the
    first column bold."""
    widths = [len(h) for h in header]
    for row in rows:
        widths = [max(w, len(text)) for w, text in zip(widths, row, strict=True)]
    numeric = [_numeric([row[i] for row in rows]) for i in range(len(header))]

    def line(cells: Sequence[str], bold_all: bool) -> str:
        parts = []
        for i, text in enumerate(cells):
            padded = text.rjust(widths[i]) if numeric[i] else text.ljust(widths[i])
            parts.append(_bold(padded, color and (bold_all or i == 0)))
        return "  ".join(parts).rstrip()

    return [line(header, True), *(line(row, False) for row in rows)]


def _numeric(column: Sequence[str]) -> bool:
    numbers = [text for text in column if text not in ("", "-", "*")]
    return bool(numbers) and all(text.lstrip("-").isdigit() for text in numbers)


def score_sheet(result: Result, names: Sequence[str], color: bool = False) -> str:
    """The final score sheet: a row per scoring category (as the result's breakdown
    names them), the totals, then (with more than one player) ranks and winners."""
    scores = result.scores
    categories = list(dict.fromkeys(c for b in result.breakdown for c in b))
    rows = [[c, *(str(b.get(c, 0)) for b in result.breakdown)] for c in categories]
    rows.append(["total", *(str(s) for s in scores)])
    solo = len(scores) == 1
    if not solo:
        rows.append(["rank", *(str(r) for r in result.ranks)])
        rows.append(["winner", *("*" if p in result.winners else "" for p in range(len(scores)))])
    title = "Final score" + (" (stopped by the round cap)" if result.capped else "")
    lines = [_bold(title, color), *_table(["", *names[: len(scores)]], rows, color)]
    if solo:
        who = "You score" if names[0] == "you" else f"{names[0]} scores"
        lines.append(f"{who} {scores[0]} point{'' if scores[0] == 1 else 's'}.")
        return "\n".join(lines)
    who = " and ".join(names[p] for p in result.winners)
    verb = "win" if len(result.winners) > 1 or who == "you" else "wins"
    shared = " (a shared victory)" if len(result.winners) > 1 else ""
    lines.append(f"Winner: {who} {verb}{shared}." if who != "you" else f"You {verb}{shared}!")
    return "\n".join(lines)


def format_choices(texts: Sequence[str], width: int = WIDTH) -> str:
    """A numbered list of choices (from 1), a new line for each kind (first word)."""
    entries = [f"{i:>3} {text}" for i, text in enumerate(texts, 1)]
    column = max((len(e) for e in entries), default=0) + 2
    lines: list[str] = []
    kind = None
    for entry, text in zip(entries, texts, strict=True):
        word = text.split(" ", 1)[0]
        if word != kind or len(lines[-1]) + column > width:
            lines.append("")
            kind = word
        lines[-1] += entry.ljust(column)
    return "\n".join(line.rstrip() for line in lines)
