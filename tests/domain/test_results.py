"""A table's result as the domain types it reads back every shape a table has stored, and
answers it as it was stored, key for key."""

from __future__ import annotations

from typing import Any

import pytest

from navcomp.core.protocol import Result
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableEnd

PLAYED = Result((12, 30), ({"space": 2, "medals": 10}, {"space": 30}), (2, 1), (1,), False)
GAME = {
    "scores": [12, 30],
    "breakdown": [{"space": 2, "medals": 10}, {"space": 30}],
    "ranks": [2, 1],
    "winners": [1],
    "capped": False,
}


@pytest.mark.parametrize(
    "stored",
    [
        GAME,  # a tutorial's, or a game that ended before ends were kept
        {**GAME, "end": "finished", "seat_ends": ["played", "resigned"]},
        {"end": "forfeit", "winners": [0], "seat_ends": ["played", "timed_out"]},
        {"end": "aborted", "winners": [], "seat_ends": ["played", "played"]},
        {**GAME, "capped": True, "end": "finished", "seat_ends": ["played", "played"]},
    ],
)
def test_a_stored_result_reads_back_typed_and_is_answered_as_stored(
    stored: dict[str, Any],
) -> None:
    result = TableResult.of(stored)
    assert list(result.to_json().items()) == list(stored.items())
    assert result.winners == tuple(stored["winners"])
    assert result.end is (None if "end" not in stored else TableEnd(stored["end"]))


def test_a_result_says_the_places_and_whether_a_cap_stopped_it() -> None:
    finished = TableResult.finished(PLAYED, (SeatEnd.PLAYED, SeatEnd.PLAYED))
    assert finished.to_json() == {**GAME, "end": "finished", "seat_ends": ["played", "played"]}
    assert finished.ranks == (2, 1) and not finished.capped
    won_early = TableResult(
        (0,), TableEnd.FORFEIT, (SeatEnd.PLAYED, SeatEnd.RESIGNED, SeatEnd.PLAYED)
    )
    assert won_early.ranks == (1, 2, 2)  # the winner first, the others after
    assert TableResult((), TableEnd.ABORTED, (SeatEnd.PLAYED, SeatEnd.PLAYED)).ranks is None
    capped = Result(PLAYED.scores, PLAYED.breakdown, PLAYED.ranks, PLAYED.winners, True)
    assert TableResult.of_game(capped).capped
    assert TableResult.of_game(PLAYED).to_json() == GAME
