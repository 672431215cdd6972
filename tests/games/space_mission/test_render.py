"""Text rendering of Space Mission views: everything public and private shows, nothing leaks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from navcomp.commands.play import format_choices, score_sheet
from navcomp.games.space_mission import GAME, SpaceMissionState
from navcomp.games.space_mission.render import render_board, render_private
from navcomp.games.space_mission.scoring import CATEGORIES


def played(seed: int, steps: int, players: int = 3, **options: Any) -> SpaceMissionState:
    """A game after ``steps`` random actions (or fewer if it ends)."""
    state = GAME.new_initial_state(players, seed, options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def finished(seed: int, players: int = 3) -> SpaceMissionState:
    return played(seed, 100_000, players)


def test_board_shows_every_planet_and_the_discard_pile() -> None:
    state = played(1, 40)
    view = state.view(0)
    text = render_board(view)
    for planet in view["planets"]:
        assert planet["name"] in text
        assert f"B{planet['jump']}" in text and f"G{planet['scan']}" in text
    assert view["discard_pile"], "the game should have a discard pile by now"
    for card in view["discard_pile"]:
        assert card in text
    assert f"Draw pile: {view['draw_pile']} cards" in text
    assert "Jump gate: probes" in text


def test_board_planets_are_in_ring_order() -> None:
    view = played(2, 10).view(1)
    text = render_board(view)
    positions = [text.index(p["name"]) for p in view["planets"]]
    assert positions == sorted(positions)


def test_board_names_seats_and_marks_the_viewer() -> None:
    view = played(3, 30, players=4).view(2)
    text = render_board(view)
    assert "you" in text and "P0" in text and "P3" in text
    named = render_board(view, ["ann", "bob", "cy", "dee"])
    assert "bob" in named and "dee" in named


def test_spectator_board_and_private() -> None:
    view = played(4, 25).view(None)
    assert "Planets in ring order" in render_board(view)
    assert "spectator" in render_private(view)


def test_private_shows_hand_and_tiles() -> None:
    state = played(5, 60)
    view = state.view(1)
    text = render_private(view)
    for card in view["private"]["hand"]:
        assert card in text
    assert "Your hand" in text and "Your tiles" in text and "reserved tiles" in text


def test_private_shows_the_pile_while_picking() -> None:
    state = GAME.new_initial_state(3, 6)
    rng = random.Random(6)
    while state.view(state.current_player)["phase"] != "pick":
        state.apply_action(rng.choice(state.legal_actions()))
    me = state.current_player
    assert me is not None
    view = state.view(me)
    text = render_private(view)
    assert "You are looking at the pile of" in text
    for tile in view["private"]["pile"]:
        assert tile in text
    other = (me + 1) % 3
    other_text = render_private(state.view(other))
    assert "looking at the pile" not in other_text


def test_private_stack_memory_counts_takings_since() -> None:
    for seed in range(50):
        state = played(seed, 400)
        for player in range(3):
            view = state.view(player)
            if any(m["taken_since"] for m in view["private"]["memory"]):
                text = render_private(view)
                assert "Stack memory" in text and "taken since you looked" in text
                return
    pytest.fail("no random game had a memory with takings since")


def test_hidden_reserved_tiles() -> None:
    for seed in range(30):
        state = played(seed, 200, hide_reserved=True)
        for player in range(3):
            view = state.view(player)
            if view["private"]["reserved"]:
                assert "(hidden)" in render_private(view)
                return
    pytest.fail("no random game had a reserved tile")


def test_the_score_sheet_has_every_category_the_totals_ranks_and_winners() -> None:
    state = finished(7)
    result = state.result()
    assert result is not None
    for names in (["you", "P1", "P2"], ["P0", "P1", "P2"]):
        text = score_sheet(result, names)
        assert text.startswith("Final score")
        for row in (*CATEGORIES, "total", "rank", "winner"):
            assert any(line.startswith(row) for line in text.splitlines())
        total = next(line for line in text.splitlines() if line.startswith("total"))
        assert total.split()[1:] == [str(s) for s in result.scores]
        assert "win" in text.splitlines()[-1]


def test_result_sheet_marks_every_winner() -> None:
    state = finished(8, players=4)
    result = state.result()
    assert result is not None
    text = score_sheet(result, ["a", "b", "c", "d"])
    winner_line = next(line for line in text.splitlines() if line.startswith("winner"))
    assert winner_line.count("*") == len(result.winners)


def test_colour_only_when_asked() -> None:
    state = finished(10)
    view = state.view(0)
    result = state.result()
    assert result is not None
    plain = render_board(view) + render_private(view) + score_sheet(result, ["you", "P1", "P2"])
    assert "\033[" not in plain
    assert "\033[" in render_board(view, color=True)
    assert "\033[" in render_private(view, color=True)


def test_choices_are_numbered_from_one() -> None:
    texts = ["draw", "fly hazard", "fly oasis", "jump B1/O2 hazard"]
    text = format_choices(texts)
    for number, action in enumerate(texts, 1):
        assert f"{number} {action}" in text
    assert len(text.splitlines()) == 3
