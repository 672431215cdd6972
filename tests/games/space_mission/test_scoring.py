"""Space Mission scoring: every worked example of the seed rule texts, exactly as written."""

from __future__ import annotations

import pytest

from games.space_mission.space_mission_helpers import (
    collect,
    develop_mark,
    new_state,
    reserve,
    set_probes,
    tiles,
)
from navcomp.games.space_mission.scoring import (
    CATEGORIES,
    breakdowns,
    gate_points,
    matter_points,
    set_points,
    tile_breakdown,
    water_points,
    winners_and_ranks,
)


def points(**counts: int) -> dict[str, int]:
    """The tile breakdown for tiles given by name (``mineral_red=3`` for mineral-red)."""
    return tile_breakdown(tiles({name.replace("_", "-"): c for name, c in counts.items()}))


# ------------------------------------------------------------------ minerals


def test_minerals_3_red_2_blue_2_green_score_21():
    # 000 and 001: "3 red, 2 blue and 2 green minerals = 7 minerals ... 7 x 3 = 21 points"
    assert set_points([3, 0, 2, 2]) == 21
    assert points(mineral_red=3, mineral_blue=2, mineral_green=2)["minerals"] == 21


def test_minerals_japanese_example_red3_blue2_green1_purple1_score_21():
    # 004: 赤3枚・青2枚・緑1枚・紫1枚のとき→7(総数)×3(赤)の21点
    assert points(mineral_red=3, mineral_blue=2, mineral_green=1, mineral_purple=1) == {
        "minerals": 21,
        "aliens": 0,
        "matter": 0,
        "water": 0,
        "medals": 0,
        "space": 0,
    }


def test_minerals_of_one_colour_and_none():
    assert points(mineral_purple=4)["minerals"] == 16
    assert points()["minerals"] == 0


# ------------------------------------------------------------------ aliens


def test_aliens_4_brown_2_blue_score_24():
    # 000 and 004: 6 x 4 = 24
    assert set_points([4, 2]) == 24
    assert points(alien_brown=4, alien_blue=2)["aliens"] == 24


def test_aliens_are_scored_apart_from_minerals():
    result = points(alien_blue=2, mineral_blue=3)
    assert result["aliens"] == 4 and result["minerals"] == 9


# ------------------------------------------------------------------ matter


def test_matter_green_3_blue_1_scores_11():
    # 004: 緑3枚・青1枚のとき→7(ペア)＋2×2(余り)の11点
    assert matter_points(3, 1) == 11
    assert points(matter_green=3, matter_blue=1)["matter"] == 11


@pytest.mark.parametrize(
    ("green", "blue", "score"), [(0, 0, 0), (1, 0, 2), (0, 2, 4), (1, 1, 7), (4, 4, 28), (2, 3, 16)]
)
def test_matter_pairs_7_singles_2(green, blue, score):
    assert matter_points(green, blue) == score


# ------------------------------------------------------------------ water


@pytest.mark.parametrize(
    ("count", "score"),
    [(0, 0), (1, 2), (2, 5), (3, 9), (4, 14), (5, 16), (6, 19), (7, 23), (8, 28)],
)
def test_water_table(count, score):
    # 1..4 from all texts; 5..8 from 001's full table; 6 = 14 + 5 = 19 in 000 and 004
    assert water_points(count) == score
    assert points(water=count)["water"] == score


# ------------------------------------------------------------------ jump gate


def test_gate_example_000_green_most_three_tied_second_black_nothing():
    # green, red, blue, yellow, black
    assert gate_points([7, 4, 4, 4, 2]) == [9, 6, 6, 6, 0]


def test_gate_example_001_six_five_four_four():
    # Red 6 = 9, Blue 5 = 6, Black/Yellow 4 tied = 3 each, no 1 point award
    scores = gate_points([6, 5, 4, 4])
    assert scores == [9, 6, 3, 3]
    assert 1 not in scores


def test_gate_example_004_five_four_four_four_three():
    # 004: Aさん5こ、Bさん4こ、Cさん4こ、Dさん4こ、Eさん3こ → 9, 6, 6, 6, 0
    assert gate_points([5, 4, 4, 4, 3]) == [9, 6, 6, 6, 0]


def test_gate_plain_ranking():
    assert gate_points([4, 3, 2, 1]) == [9, 6, 3, 1]
    assert gate_points([1, 2, 3, 4]) == [1, 3, 6, 9]


# ------------------------------------------------------------------ medals, space, stations


def test_medals_3_each():
    assert points(medal=1)["medals"] == 3
    assert points(medal=6)["medals"] == 18


def test_a_space_tile_costs_10():
    assert points(space=1)["space"] == -10
    assert points(space=2, medal=1) == {
        "minerals": 0,
        "aliens": 0,
        "matter": 0,
        "water": 0,
        "medals": 3,
        "space": -20,
    }


def test_stations_3_each():
    parts = breakdowns([0, 0], [2, 0], [[0] * 11, [0] * 11])
    assert parts[0]["stations"] == 6
    assert parts[1]["stations"] == 0


def test_breakdown_has_every_category_in_order():
    parts = breakdowns([1], [1], [[1] * 11])
    assert tuple(parts[0]) == CATEGORIES
    assert tuple(CATEGORIES) == (
        "gate",
        "stations",
        "minerals",
        "aliens",
        "matter",
        "water",
        "medals",
        "space",
    )


# ------------------------------------------------------------------ winner


def test_winner_most_points():
    ranks, winners = winners_and_ranks([40, 55, 12], [3, 0, 1])
    assert winners == (1,)
    assert list(ranks) == [2, 1, 3]


def test_winner_tie_broken_by_stations():
    ranks, winners = winners_and_ranks([50, 50, 20], [1, 3, 5])
    assert winners == (1,)
    assert list(ranks) == [2, 1, 3]


def test_shared_victory_when_points_and_stations_tie():
    ranks, winners = winners_and_ranks([50, 50, 20], [2, 2, 5])
    assert winners == (0, 1)
    assert list(ranks) == [1, 1, 3]


def test_ranks_are_competition_ranking_on_points_then_stations():
    ranks, _ = winners_and_ranks([30, 20, 20, 20, 10], [0, 1, 1, 0, 9])
    assert list(ranks) == [1, 2, 2, 4, 5]


# ------------------------------------------------------------------ a whole state


def scored_position():
    s = new_state(3)
    # seat 0: minerals 3 red 2 blue 2 green (21), 6 water (19), 2 stations, 5 probes (9)
    collect(s, 0, "mineral-red", 3)
    collect(s, 0, "mineral-blue", 2)
    collect(s, 0, "mineral-green", 2)
    collect(s, 0, "water", 6)
    develop_mark(s, 0, "freezer")
    develop_mark(s, 0, "hazard")
    # seat 1: aliens 4 brown 2 blue (24), matter 3 green 1 blue (11), 2 medals, 1 station
    collect(s, 1, "alien-brown", 4)
    collect(s, 1, "alien-blue", 2)
    collect(s, 1, "matter-green", 3)
    collect(s, 1, "matter-blue", 1)
    collect(s, 1, "medal", 2)
    develop_mark(s, 1, "oasis")
    # seat 2: purple 4 green 2 (24), 1 blue alien, 1 blue matter, 2 water, 4 medals
    collect(s, 2, "mineral-purple", 4)
    collect(s, 2, "mineral-green", 2)
    collect(s, 2, "alien-blue", 1)
    collect(s, 2, "matter-blue", 1)
    collect(s, 2, "water", 2)
    collect(s, 2, "medal", 4)
    set_probes(s, [5, 4, 4])
    return s


def test_score_now_of_a_whole_state():
    result = scored_position().score_now()
    assert [dict(b) for b in result.breakdown] == [
        {
            "gate": 9,
            "stations": 6,
            "minerals": 21,
            "aliens": 0,
            "matter": 0,
            "water": 19,
            "medals": 0,
            "space": 0,
        },
        {
            "gate": 6,
            "stations": 3,
            "minerals": 0,
            "aliens": 24,
            "matter": 11,
            "water": 0,
            "medals": 6,
            "space": 0,
        },
        {
            "gate": 6,
            "stations": 0,
            "minerals": 24,
            "aliens": 1,
            "matter": 2,
            "water": 5,
            "medals": 12,
            "space": 0,
        },
    ]
    assert result.scores == (55, 50, 50)
    assert tuple(result.ranks) == (1, 2, 3)  # seat 1 beats seat 2 on stations
    assert result.winners == (0,)
    assert not result.capped
    assert all(sum(b.values()) == sc for b, sc in zip(result.breakdown, result.scores, strict=True))


def test_score_now_ignores_reserved_tiles():
    s = new_state()
    collect(s, 0, "medal")
    reserve(s, 0, "oasis", "medal")
    assert s.score_now().breakdown[0]["medals"] == 3


def test_score_now_shared_victory_and_rewards():
    s = new_state()
    collect(s, 0, "water", 2)
    collect(s, 1, "water", 2)
    result = s.score_now()
    assert result.scores == (5, 5)
    assert result.winners == (0, 1)
    assert result.rewards() == (0.5, 0.5)


def test_score_now_tie_on_points_goes_to_stations():
    s = new_state()
    collect(s, 0, "medal", 2)  # 6
    develop_mark(s, 1, "hazard")  # 3
    collect(s, 1, "medal", 1)  # 3
    result = s.score_now()
    assert result.scores == (6, 6)
    assert result.winners == (1,)
    assert tuple(result.ranks) == (2, 1)
    assert result.rewards() == (0.0, 1.0)
