"""Final scoring: every category, the winner and the tie rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from navcomp.games.space_mission.components import (
    ALIENS,
    MATTER_BLUE,
    MATTER_GREEN,
    MEDAL,
    MINERALS,
    SPACE,
    WATER,
)

GATE_POINTS: Final = (9, 6, 3, 1)
STATION_POINTS: Final = 3
WATER_POINTS: Final = (0, 2, 5, 9, 14)
MATTER_PAIR_POINTS: Final = 7
MATTER_SINGLE_POINTS: Final = 2
MEDAL_POINTS: Final = 3
SPACE_PENALTY: Final = -10
assert MINERALS == (0, 1, 2, 3) and ALIENS == (4, 5), "tile_total and marginal_points slice by kind"
CATEGORIES: Final = (
    "gate",
    "stations",
    "minerals",
    "aliens",
    "matter",
    "water",
    "medals",
    "space",
)


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """1-based ranks, higher key better; ties share a rank and skip the next ones."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def gate_points(probes: Sequence[int]) -> list[int]:
    """Jump gate: 9/6/3/1 by competition ranking among players with a probe."""
    ranks = competition_ranks(probes)
    return [
        GATE_POINTS[rank - 1] if count > 0 and rank <= len(GATE_POINTS) else 0
        for count, rank in zip(probes, ranks, strict=True)
    ]


def set_points(counts: Sequence[int]) -> int:
    """Minerals and aliens: all tiles of the set times the most of one colour."""
    return sum(counts) * max(counts, default=0)


def matter_points(green: int, blue: int) -> int:
    pairs = min(green, blue)
    return pairs * MATTER_PAIR_POINTS + (green + blue - 2 * pairs) * MATTER_SINGLE_POINTS


def water_points(tiles: int) -> int:
    """2, 5, 9, 14 for 1..4 tiles; each full four scores 14, the rest by the table."""
    fours, rest = divmod(tiles, 4)
    return fours * WATER_POINTS[4] + WATER_POINTS[rest]


def tile_breakdown(tiles: Sequence[int]) -> dict[str, int]:
    """Points by category for one player's collected tile counts (by tile kind)."""
    return {
        "minerals": set_points([tiles[k] for k in MINERALS]),
        "aliens": set_points([tiles[k] for k in ALIENS]),
        "matter": matter_points(tiles[MATTER_GREEN], tiles[MATTER_BLUE]),
        "water": water_points(tiles[WATER]),
        "medals": tiles[MEDAL] * MEDAL_POINTS,
        "space": tiles[SPACE] * SPACE_PENALTY,
    }


def tile_total(tiles: Sequence[int]) -> int:
    """The sum of :func:`tile_breakdown`, without building it (for search)."""
    minerals = tiles[0:4]
    aliens = tiles[4:6]
    return (
        sum(minerals) * max(minerals)
        + sum(aliens) * max(aliens)
        + matter_points(tiles[MATTER_GREEN], tiles[MATTER_BLUE])
        + water_points(tiles[WATER])
        + tiles[MEDAL] * MEDAL_POINTS
        + tiles[SPACE] * SPACE_PENALTY
    )


def breakdowns(
    probes: Sequence[int], stations: Sequence[int], tiles: Sequence[Sequence[int]]
) -> list[dict[str, int]]:
    gate = gate_points(probes)
    result = []
    for p, player_tiles in enumerate(tiles):
        entry = {"gate": gate[p], "stations": stations[p] * STATION_POINTS}
        entry.update(tile_breakdown(player_tiles))
        result.append({c: entry[c] for c in CATEGORIES})
    return result


def winners_and_ranks(
    scores: Sequence[int], stations: Sequence[int]
) -> tuple[list[int], tuple[int, ...]]:
    """Most points wins; a tie goes to most stations; a tie in both is shared."""
    keys = [(s, st) for s, st in zip(scores, stations, strict=True)]
    ranks = competition_ranks(keys)
    return ranks, tuple(p for p, r in enumerate(ranks) if r == 1)


_WATER_GAIN: Final = (2, 3, 4, 5)
"""Points one more water tile adds, by water tiles held modulo 4 (2, 5, 9, 14, 16, ...)."""


def marginal_points(held: Sequence[int], kind: int) -> int:
    """Points one more tile of ``kind`` adds to a player holding ``held`` (counts by kind).

    The scoring rules in closed form, for playouts; a test checks it against
    :func:`tile_breakdown` for many holdings.
    """
    if kind in MINERALS or kind in ALIENS:
        group = held[0:4] if kind in MINERALS else held[4:6]
        total = sum(group)
        most = max(group)
        mine = held[kind] + 1
        return (total + 1) * (most if most > mine else mine) - total * most
    if kind in (MATTER_GREEN, MATTER_BLUE):
        other = MATTER_BLUE if kind == MATTER_GREEN else MATTER_GREEN
        return 5 if held[kind] < held[other] else 2
    if kind == WATER:
        return _WATER_GAIN[held[WATER] % 4]
    return 3 if kind == MEDAL else 0
