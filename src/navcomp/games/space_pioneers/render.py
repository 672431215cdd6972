"""Plain-text rendering of a Space Pioneers view, for the terminal.

Every function takes the JSON view that ``state.view(player)`` returns and
returns a string.  A card is drawn as three lines::

    *---o---*      top edge: left corner, middle, right corner symbols
    Pyros3 r       name and copy; colour r/b/g/y; a ship's name starts with ^
    ~---)---~      bottom edge

Symbols: ``*`` star, ``o`` ring, ``~`` comet, ``)`` moon.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

View = Mapping[str, Any]
CardView = Mapping[str, Any]

SYMBOL_MARKS = {"star": "*", "ring": "o", "comet": "~", "moon": ")"}
CELL = 9
MISSION_TEXT = {
    "capture_elsewhere": "capture a planet card in another network",
    "four_captures": "capture 2+ planet cards in one turn, or 4 in all",
    "six_in_line": "6 cards in one unbroken row or column",
    "four_planet_colours": "planets of all four colours in your network",
    "capture": "capture a planet",
    "big_network": "6 cards in your network, 2 more per completed card",
    "long_line": "4 cards in one unbroken row or column, 1 more per completed card",
    "remove_ship": "remove a spaceship from your network",
    "four_ship_kinds": "ships of 4 different kinds in your network",
    "light_hand": "at the end no spaceship in hand and at most 1 card",
    "surrounded_planet": "a planet with cards on all four sides",
    "three_planet_kinds": "captured planets of 3 different kinds",
    "five_wide": "network 5+ columns wide",
    "three_of_a_planet": "3+ captured cards of one planet",
    "seven_tall": "network 7+ rows tall",
    "two_other_networks": "planets placed in 2 other networks (2 players: twice)",
    "twelve_cards": "12+ cards in your network",
    "three_planets_one_colour": "3 planet cards of one colour in your network",
}


def card_lines(card: CardView) -> tuple[str, str, str]:
    top = [SYMBOL_MARKS[s] for s in card["top"]]
    bottom = [SYMBOL_MARKS[s] for s in card["bottom"]]
    copy = card["name"].rsplit("-", 1)[1]
    label = ("^" + card["title"][:5] if card["kind"] == "ship" else card["title"][:6]) + copy
    return (
        f"{top[0]}---{top[1]}---{top[2]}",
        f"{label:<7} {card['colour'][0]}"[:CELL],
        f"{bottom[0]}---{bottom[1]}---{bottom[2]}",
    )


def card_text(card: CardView) -> str:
    """One line: name, colour, kind."""
    return f"{card['name']} ({card['colour']} {card['kind']})"


def render_network(
    network: Sequence[Mapping[str, Any]], marks: Collection[tuple[int, int]] = ()
) -> str:
    """A network as a grid of cards, columns and rows numbered; ``marks`` are shown as ``?``."""
    cells = {(e["x"], e["y"]): e["card"] for e in network}
    points = set(cells) | set(marks)
    if not points:
        return "  (empty)"
    xs = range(min(x for x, _ in points), max(x for x, _ in points) + 1)
    ys = range(min(y for _, y in points), max(y for _, y in points) + 1)
    lines = ["     " + " ".join(f"{x:^{CELL}}" for x in xs)]
    for y in ys:
        rows: list[list[str]] = [[], [], []]
        for x in xs:
            card = cells.get((x, y))
            if card is not None:
                parts: Sequence[str] = card_lines(card)
            elif (x, y) in marks:
                parts = ("  . . .  ", f"{'?':^{CELL}}", "  . . .  ")
            else:
                parts = (" " * CELL,) * 3
            for row, part in zip(rows, parts, strict=True):
                row.append(f"{part:<{CELL}}")
        lines.append(f"{y:>4} " + " ".join(rows[0]))
        lines.extend("     " + " ".join(row) for row in rows[1:])
    return "\n".join(line.rstrip() for line in lines)


def seat_names(view: View) -> list[str]:
    return ["you" if p == view.get("viewer") else f"P{p}" for p in range(view["players"])]


def render_board(
    view: View,
    names: Sequence[str] | None = None,
    marks: Mapping[int, Collection[tuple[int, int]]] | None = None,
) -> str:
    names = names or seat_names(view)
    marks = marks or {}
    face_up = ", ".join(card_text(c) if c else "(empty)" for c in view["face_up"])
    mover = view["current_player"]
    status = "game over" if mover is None else f"{names[mover]} to move ({view['phase']})"
    out = [
        f"Turn {view['turn']}, {status}" + ("; the end has begun" if view["ending"] else ""),
        f"Deck: {view['deck']} cards.  Face up: {face_up}",
        f"Discard pile: {', '.join(c['name'] for c in view['discard']) or 'empty'}",
    ]
    if view["removed"]:
        out.append(f"Out of the game: {', '.join(c['name'] for c in view['removed'])}")
    for p, seat in enumerate(view["seats"]):
        done = [m for m, met in zip(view["missions"], seat["missions"], strict=True) if met]
        out.append("")
        out.append(
            f"{names[p]}: {seat['points']} points, {seat['hand_size']} cards in hand, "
            f"captured {len(seat['captured'])}"
            + (f", missions met: {', '.join(done)}" if done else "")
        )
        if seat["known_hand"]:
            out.append(f"  seen in hand: {', '.join(c['name'] for c in seat['known_hand'])}")
        out.append(render_network(seat["network"], marks.get(p, ())))
    return "\n".join(out)


def render_private(view: View) -> str:
    out = []
    if view.get("hand") is not None:
        out.append("Your hand: " + (", ".join(card_text(c) for c in view["hand"]) or "empty"))
    if view.get("selected"):
        out.append(f"Chosen to place: {card_text(view['selected'])} (places marked ?)")
    viewer = view.get("viewer")
    if viewer is not None:
        secret = view["seats"][viewer]["secret"]
        if secret:
            tasks = "; ".join(MISSION_TEXT[t] for t in secret["tasks"])
            out.append(f"Your top-secret card {secret['card']}: {tasks}")
    if view["missions"]:
        out.append(
            "Missions (2 points each): " + "; ".join(MISSION_TEXT[m] for m in view["missions"])
        )
    solo = view.get("solo_card")
    if solo:
        todo = [
            MISSION_TEXT[m] + (" (done)" if met else "")
            for m, met in zip(solo["missions"], solo["done"], strict=True)
        ]
        out.append(
            f"Solo card side {solo['side']}: {'; '.join(todo)}. "
            f"Missions fulfilled {solo['fulfilled']}, cards completed {solo['completed']}"
            + (". This is your last turn." if solo["last_turn"] else "")
        )
    return "\n".join(out)


def render_result(view: View, names: Sequence[str] | None = None) -> str:
    names = names or seat_names(view)
    result = view["result"]
    out = ["Final scores:"]
    for p, parts in enumerate(result["breakdown"]):
        detail = ", ".join(f"{k} {v}" for k, v in parts.items())
        seat = view["seats"][p]
        line = (
            f"  {names[p]}: {result['scores'][p]} ({detail}); network {len(seat['network'])} cards"
        )
        secret = seat.get("secret")
        if secret and secret.get("met") is not None:
            met = [
                MISSION_TEXT[t] for t, ok in zip(secret["tasks"], secret["met"], strict=True) if ok
            ]
            line += f"; tasks met: {', '.join(met) or 'none'}"
        out.append(line)
    winners = " and ".join(names[w] for w in result["winners"])
    out.append(f"Winner: {winners}")
    return "\n".join(out)


def place_marks(
    view: View, legal_json: Sequence[Mapping[str, Any]]
) -> dict[int, set[tuple[int, int]]]:
    """The places of the legal ``place`` actions, by network."""
    marks: dict[int, set[tuple[int, int]]] = {}
    for action in legal_json:
        if action.get("type") == "place":
            marks.setdefault(action["network"], set()).add((action["x"], action["y"]))
    return marks


__all__ = [
    "card_lines",
    "place_marks",
    "render_board",
    "render_network",
    "render_private",
    "render_result",
]
