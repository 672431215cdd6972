"""Plain-text rendering of a Space Mission view, for the terminal.

Every function takes the JSON view that ``state.view(player)`` returns (or a
result) and returns a string: no I/O, no engine internals.  ``names`` labels
the seats (default ``you`` for the viewer and ``P<seat>`` for the others);
``color`` adds ANSI colours and is off by default.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

View = Mapping[str, Any]
Cell = tuple[str, str]
"""A table cell: its text and a style name ('' for none)."""

_ANSI = {"B": "34", "G": "32", "O": "33", "bold": "1", "warn": "31"}
_ESCAPE = re.compile("\033\\[[0-9;]*m")
_LOOK_VERBS = {"scan": "reserve", "develop": "take", "discover": "take"}
_PHASE_TEXT = {
    "confirm": "two actions done, confirm the turn",
    "pick": "choosing a tile",
    "top-up": "topping up",
}
_SEAT_NUMBERS = ("chips", "probes", "stations", "hand_size", "tiles", "reserved")
WIDTH = 78
_PLANET_HEADER: tuple[str, ...] = ("#", "Planet", "Jump", "Scan", "Landing", "Station")
_PLANET_HEADER += ("Down", "Up", "Scanned:reserved", "Ships")


def paint(text: str, style: str, color: bool) -> str:
    """``text`` in an ANSI style ('B', 'G', 'O', 'bold', 'warn') when ``color``."""
    if not color or not style or not text.strip():
        return text
    return f"\033[{_ANSI[style]}m{text}\033[0m"


def card(text: str, color: bool = False) -> str:
    """A card text such as ``B1/O2``, each coordinate in its colour."""
    return "/".join(paint(part, part[:1], color) for part in text.split("/"))


def seat_names(view: View) -> list[str]:
    """Default seat labels: ``you`` for the viewer, ``P<seat>`` for everyone else."""
    you = view.get("you")
    return ["you" if p == you else f"P{p}" for p in range(int(view["players"]))]


def _names(view: View, names: Sequence[str] | None) -> Sequence[str]:
    return seat_names(view) if names is None else names


def _planet_names(view: View) -> dict[str, str]:
    return {p["planet"]: p["name"] for p in view["planets"]}


def _wrap(words: Sequence[str], indent: str, hang: str = "  ", width: int = WIDTH) -> list[str]:
    """Words joined by spaces into lines no wider than ``width`` (counting plain text).

    The first line starts with ``indent``, the following ones ``hang`` further in.
    """
    lines: list[str] = []
    line = start = indent
    for word in words:
        size, plain = len(_strip(line)), len(_strip(word))
        if len(line) > len(start) and size + 1 + plain > width:
            lines.append(line)
            line = start = indent + hang
        line += (" " if len(line) > len(start) else "") + word
    lines.append(line)
    return lines


def _listing(head: str, items: Sequence[str], indent: str = "") -> list[str]:
    """``head`` then comma-separated ``items``, wrapped."""
    words = [*(item + "," for item in items[:-1]), *items[-1:]]
    return _wrap([head, *words] if head else words, indent)


def _strip(text: str) -> str:
    return _ESCAPE.sub("", text)


def _table(header: Sequence[str], rows: Sequence[Sequence[Cell]], color: bool) -> list[str]:
    """Aligned columns; numbers right-aligned, text left-aligned."""
    widths = [len(h) for h in header]
    for row in rows:
        widths = [max(w, len(text)) for w, (text, _) in zip(widths, row, strict=True)]
    numeric = [_numeric([row[i][0] for row in rows]) for i in range(len(header))]

    def line(cells: Sequence[Cell]) -> str:
        parts = []
        for i, (text, style) in enumerate(cells):
            padded = text.rjust(widths[i]) if numeric[i] else text.ljust(widths[i])
            parts.append(paint(padded, style, color))
        return "  ".join(parts).rstrip()

    return [line([(h, "bold") for h in header]), *(line(row) for row in rows)]


def _numeric(column: Sequence[str]) -> bool:
    """A column of integers (and blanks or dashes) is right-aligned."""
    numbers = [text for text in column if text not in ("", "-", "*")]
    return bool(numbers) and all(text.lstrip("-").isdigit() for text in numbers)


def _held(counts: Sequence[int]) -> list[int]:
    return [p for p, count in enumerate(counts) if count]


def _who(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[p] for p in seats) or "-"


def render_status(view: View, names: Sequence[str] | None = None, color: bool = False) -> str:
    """One line: round, who is to play and what, the space-tile count toward the end."""
    names = _names(view, names)
    parts = [f"Round {view['round']}"]
    current = view["current_player"]
    if current is None:
        parts.append("game over")
    else:
        who = "your" if current == view.get("you") else f"{names[current]}'s"
        what = _PHASE_TEXT.get(view["phase"], f"action {int(view['actions_taken']) + 1} of 2")
        parts.append(f"{who} turn: {what}")
    parts.append(f"space tiles face up {view['space_face_up']}/{view['space_threshold']}")
    parts.append(f"start player {names[view['start_player']]}")
    text = " | ".join(parts)
    if view["last_round"] and current is not None:
        text += " | " + paint("LAST ROUND", "warn", color)
    return text


def _planet_row(planet: Mapping[str, Any], names: Sequence[str], color: bool) -> list[Cell]:
    reserved = planet["reserved"]
    scans = [f"{names[p]}:{reserved[p]}" for p in sorted({*planet["scanned_by"], *_held(reserved)})]
    developer = planet["developed_by"]
    landing = planet["landing"]
    return [
        (str(planet["position"]), ""),
        (planet["name"], "bold"),
        (f"B{planet['jump']}", "B"),
        (f"G{planet['scan']}", "G"),
        (f"O{landing[0]}+O{landing[1]}", "O"),
        ("-" if developer is None else names[developer], ""),
        (str(planet["tiles_face_down"]), ""),
        (str(planet["space_face_up"]), ""),
        (" ".join(scans) or "-", ""),
        (_who(planet["ships"], names), "bold"),
    ]


def render_planets(view: View, names: Sequence[str] | None = None, color: bool = False) -> str:
    """The ring of planets, in ring order."""
    names = _names(view, names)
    rows = [_planet_row(p, names, color) for p in view["planets"]]
    lines = ["Planets in ring order (each is next to the rows above and below; 7 is next to 0)"]
    lines += _table(_PLANET_HEADER, rows, color)
    lines.append("Down: tiles face down.  Up: space tiles face up.")
    lines.append(
        "Scanned:reserved: who scanned the planet, and how many tiles they reserved there."
    )
    return "\n".join(lines)


def render_seats(view: View, names: Sequence[str] | None = None, color: bool = False) -> str:
    """The jump gate and one row per seat: ship, chips, probes, stations, cards, tiles."""
    names = _names(view, names)
    planet_names = _planet_names(view)
    seats = view["seats"]
    probes = "  ".join(f"{names[s['seat']]} {s['probes']}" for s in seats)
    on_gate = [s["seat"] for s in seats if s["ship"] == "gate"]
    lines = [f"Jump gate: probes {probes}   ships on the gate: {_who(on_gate, names)}"]
    header = ("Seat", "Ship", "Chips", "Probes", "Stations", "Cards", "Tiles", "Reserved")
    rows = [
        [
            (names[s["seat"]], "bold"),
            ("jump gate" if s["ship"] == "gate" else planet_names[s["ship"]], ""),
            *((str(s[key]), "") for key in _SEAT_NUMBERS),
        ]
        for s in seats
    ]
    return "\n".join(lines + _table(header, rows, color))


def render_piles(view: View, color: bool = False) -> str:
    """The draw pile's size and the whole discard pile, newest card last."""
    discard = view["discard_pile"]
    lines = [f"Draw pile: {_plural(view['draw_pile'], 'card')}.  "]
    lines[0] += f"Discard pile: {_plural(len(discard), 'card')}"
    if discard:
        lines[0] += ", newest last:"
        lines += _wrap([card(c, color) for c in discard], "  ", hang="")
    else:
        lines[0] += "."
    return "\n".join(lines)


def render_board(view: View, names: Sequence[str] | None = None, color: bool = False) -> str:
    """Everything public: status, planets, jump gate and seats, draw and discard piles."""
    parts = [
        render_status(view, names, color),
        render_planets(view, names, color),
        render_seats(view, names, color),
        render_piles(view, color),
    ]
    return "\n\n".join(parts)


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _counts(tiles: Mapping[str, int], empty: str = "none") -> list[str]:
    return [f"{kind} x{count}" for kind, count in tiles.items()] or [empty]


def _reserved_lines(reserved: Sequence[Mapping[str, Any]], planets: Mapping[str, str]) -> list[str]:
    """Your reserved tiles, one line per planet (``(hidden)`` under the printed rule)."""
    if not reserved:
        return ["Your reserved tiles: none"]
    by_planet: dict[str, list[str]] = {}
    for entry in reserved:
        tile = entry["tile"]
        by_planet.setdefault(entry["planet"], []).append("(hidden)" if tile is None else tile)
    lines = ["Your reserved tiles (yours once the planet is developed):"]
    for slug, tiles in by_planet.items():
        lines += _listing(f"{planets[slug]}:", tiles, "  ")
    return lines


def render_private(view: View, color: bool = False) -> str:
    """The viewer's own secrets: hand, cards chosen for a Top up, tiles, reserved tiles,
    stack memory, the pile in view."""
    private = view.get("private")
    if private is None:
        return "(a spectator has no private view)"
    planet_names = _planet_names(view)
    hand = private["hand"]
    cards = "  ".join(card(c, color) for c in hand) or "(no cards)"
    lines = [f"Your hand ({len(hand)}/5): {cards}"]
    if chosen := private.get("chosen"):
        discards = "  ".join(card(c, color) for c in chosen)
        lines.append(f"Chosen for your Top up (discarded when you draw): {discards}")
    lines += _listing("Your tiles:", _counts(private["tiles"]))
    lines += _reserved_lines(private["reserved"], planet_names)
    pile = private["pile"]
    looking: Mapping[str, str] = view.get("looking_at") or {}
    in_view = looking.get("planet") if pile is not None else None
    memory = [memo for memo in private["memory"] if memo["planet"] != in_view]
    if memory:
        lines.append("Stack memory (what you saw at your last look):")
        for memo in memory:
            items = _counts(memo["tiles"], "nothing left")
            if memo["taken_since"]:
                since = f"({memo['taken_since']} taken since you looked)"
                items[-1] += " " + paint(since, "warn", color)
            lines += _listing(f"{planet_names[memo['planet']]}:", items, "  ")
    if in_view is not None:
        verb = _LOOK_VERBS.get(looking["for"], "take")
        name = planet_names[in_view]
        lines.append(
            paint(f"You are looking at the pile of {name} ({looking['for']}):", "bold", color)
        )
        lines += _listing("", _counts(pile), "  ")
        lines.append(f"  Choose a point tile to {verb}.")
    return "\n".join(lines)
