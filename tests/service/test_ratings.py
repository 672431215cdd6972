"""Ratings: the updates are openskill's own, last place for seats that left, the API."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import Engine, insert, select

from navcomp.core.protocol import Result
from navcomp.domain import ratings as rating_arithmetic
from navcomp.domain.model import Seat, Table
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd, TableEnd, TableStatus
from navcomp.service import ratings
from navcomp.store import tables
from navcomp.store.db import migrate, open_engine
from navcomp.store.schema import rating_changes, users
from navcomp.store.schema import ratings as rating_rows
from server_helpers import Player, new_game, running

AT = datetime(2026, 12, 2, tzinfo=UTC)
MODEL = PlackettLuce()


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = open_engine(database_url)
    migrate(engine)
    yield engine
    engine.dispose()


def _table(engine: Engine, seats: list[tuple[int | None, str | None]]) -> Table:
    """A rated table of ``seats`` (a person's id, or a bot level), in the database."""
    with engine.begin() as conn:
        creator = next(u for u, _ in seats if u is not None)
        new = tables.NewTable("space-mission", len(seats), {}, 1, creator, AT, rated=True)
        people = {s: u for s, (u, _) in enumerate(seats) if u is not None}
        bots = {s: b for s, (_, b) in enumerate(seats) if b is not None}
        table_id = tables.create(conn, new, people, bots)
    seat_list = tuple(Seat(s, u, None, b) for s, (u, b) in enumerate(seats))
    return Table(
        table_id,
        "space-mission",
        len(seats),
        {},
        1,
        TableStatus.PLAYING,
        creator,
        0,
        None,
        None,
        None,
        seat_list,
        rated=True,
    )


def _people(engine: Engine, count: int) -> list[int]:
    with engine.begin() as conn:
        return [
            conn.execute(
                insert(users)
                .values(name=f"p{i}", password_hash="x", is_guest=False, created_at=AT)
                .returning(users.c.id)
            ).scalar_one()
            for i in range(count)
        ]


def _stored(engine: Engine) -> dict[str, tuple[float, float, int]]:
    with engine.connect() as conn:
        rows = conn.execute(select(rating_rows)).all()
    return {r.player: (r.mu, r.sigma, r.games) for r in rows}


def _result(ranks: list[int], ends: list[str] | None = None, capped: bool = False) -> TableResult:
    """A game played to its end with these ranks (its scores and breakdown unread)."""
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    played = Result((0,) * len(ranks), ({},) * len(ranks), tuple(ranks), winners, capped)
    seat_ends = None if ends is None else tuple(SeatEnd(end) for end in ends)
    return TableResult(winners, TableEnd.FINISHED, seat_ends, played)


def _end(engine: Engine, table: Table, ranks: list[int], ends: list[str] | None = None) -> None:
    with engine.begin() as conn:
        ratings.record_game(conn, table, _result(ranks, ends), AT)


@pytest.mark.parametrize(
    "ranks",
    [[1, 2], [1, 1], [2, 1, 2], [1, 2, 3, 4], [1, 1, 3, 3], [3, 1, 1, 4, 5], [1, 2, 2, 2, 5]],
)
def test_an_update_is_the_library_s_own_for_any_number_of_seats_and_ties(
    engine: Engine, ranks: list[int]
) -> None:
    people = _people(engine, len(ranks))
    first = _table(engine, [(u, None) for u in people])
    _end(engine, first, [1] * len(ranks))  # a first game, so the second starts unequal
    after_first = MODEL.rate([[MODEL.rating()] for _ in ranks], ranks=[1.0] * len(ranks))
    second = _table(engine, [(u, None) for u in people])
    _end(engine, second, ranks)
    expected = MODEL.rate(after_first, ranks=[float(r) for r in ranks])
    stored = _stored(engine)
    for user, team in zip(people, expected, strict=True):
        mu, sigma, games = stored[f"user:{user}"]
        assert (mu, sigma, games) == pytest.approx((team[0].mu, team[0].sigma, 2))


def test_a_seat_that_resigned_or_timed_out_ranks_last(engine: Engine) -> None:
    people = _people(engine, 4)
    table = _table(engine, [(u, None) for u in people])
    # the game's ranks put the resigned seat first: it counts below everyone who played on
    _end(engine, table, [1, 2, 3, 3], ["resigned", "played", "timed_out", "played"])
    expected = MODEL.rate([[MODEL.rating()] for _ in people], ranks=[4.0, 2.0, 4.0, 3.0])
    stored = _stored(engine)
    for user, team in zip(people, expected, strict=True):
        assert stored[f"user:{user}"][:2] == pytest.approx((team[0].mu, team[0].sigma))
    assert rating_arithmetic.ranks_for_rating([2, 1], ["played", "taken_over"]) == [2, 3]
    assert rating_arithmetic.ranks_for_rating([1, 2, 3], None) == [1, 2, 3]


def test_bots_are_rated_and_a_level_in_two_seats_takes_their_mean(engine: Engine) -> None:
    (person,) = _people(engine, 1)
    table = _table(engine, [(person, None), (None, "medium"), (None, "medium")])
    _end(engine, table, [2, 1, 3])
    expected = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[2.0, 1.0, 3.0])
    stored = _stored(engine)
    assert stored[f"user:{person}"][:2] == pytest.approx((expected[0][0].mu, expected[0][0].sigma))
    mean_mu = (expected[1][0].mu + expected[2][0].mu) / 2
    assert stored["bot:medium"][0] == pytest.approx(mean_mu)
    with engine.connect() as conn:
        bot_rank = conn.execute(
            select(rating_changes.c.rank).where(rating_changes.c.player == "bot:medium")
        ).scalar_one()
    assert bot_rank == 1


def test_unrated_capped_and_aborted_games_change_nothing(engine: Engine) -> None:
    people = _people(engine, 2)
    table = _table(engine, [(u, None) for u in people])
    with engine.begin() as conn:
        ratings.record_game(conn, table, _result([1, 2], capped=True), AT)
        from dataclasses import replace

        ratings.record_game(conn, replace(table, rated=False), _result([1, 2]), AT)
    assert _stored(engine) == {}


# --- through the API ---------------------------------------------------------------------


def refusal(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def _play_out(player: Player, other: Player, table_id: int) -> None:
    """Count to three, two seats: ``player`` counts once and wins; ``other`` stops at 0."""
    version = player.table(table_id)["table"]["version"]
    for mover, action in ((player, "count"), (other, "stop"), (player, "stop")):
        answer = mover.move(table_id, action, version)
        assert answer.status_code == 200, answer.text
        version += 1


def test_a_rated_game_through_the_api_shows_in_the_leaderboard_and_profile(
    database_url: str, count_game: object
) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        answer = ann.post("/api/tables", {"game": "count-to-three", "seats": 2, "rated": True})
        assert answer.status_code == 201, answer.text
        table_id = answer.json()["id"]
        assert answer.json()["rated"] is True
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        _play_out(ann, ben, table_id)
        board = client.get("/api/ratings/count-to-three").json()
        winner, _ = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 2.0])
        assert [
            (e["rank"], e["player"], e["games"], e["provisional"]) for e in board["entries"]
        ] == [(1, "ann", 1, True), (2, "ben", 1, True)]
        assert board["entries"][0]["rating"] == round(40 * winner[0].ordinal())
        assert board["total"] == 2
        profile = client.get("/api/players/ann/ratings").json()
        assert profile["ratings"][0]["history"][0]["table"] == table_id
        assert profile["ratings"][0]["history"][0]["rank"] == 1
        assert client.get("/api/ratings/count-to-three?page=2").json()["entries"] == []


def test_bad_rated_requests_are_refused_and_change_nothing(
    database_url: str, count_game: object
) -> None:
    with running(database_url) as client:
        ann, guest = Player(client, "ann"), Player(client)
        refused = guest.post("/api/tables", {"game": "count-to-three", "seats": 2, "rated": True})
        assert refusal(refused) == (
            422,
            "rated_needs_account",
        )
        solo = ann.post("/api/tables", {"game": "count-to-three", "seats": 1, "rated": True})
        assert refusal(solo) == (422, "never_rated")
        assert client.get("/api/tables").json() == []
        table_id = ann.post(
            "/api/tables", {"game": "count-to-three", "seats": 2, "rated": True}
        ).json()["id"]
        joined = guest.post(f"/api/tables/{table_id}/join")
        assert refusal(joined) == (422, "rated_needs_account")
        assert ann.table(table_id)["table"]["seats"][1]["player"] is None
        for path, code in (
            ("/api/ratings/no-such-game", "unknown_game"),
            ("/api/ratings/count-to-three?page=0", "invalid_request"),
            ("/api/ratings/count-to-three?page=x", "invalid_request"),
            ("/api/players/nobody/ratings", "user_not_found"),
        ):
            answer = client.get(path)
            assert refusal(answer)[1] == code, (path, answer.text)
        not_rated = new_game(ann, [guest], game="count-to-three")
        assert ann.table(not_rated)["table"]["rated"] is False


def test_a_resignation_ends_a_rated_game_of_two_with_the_resigner_last(
    database_url: str, count_game: object
) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = ann.post(
            "/api/tables", {"game": "count-to-three", "seats": 2, "rated": True}
        ).json()["id"]
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        assert ann.move(table_id, "count", 0).status_code == 200  # ann leads 1 to 0
        assert ann.post(f"/api/tables/{table_id}/resign").status_code == 200
        board = client.get("/api/ratings/count-to-three").json()["entries"]
        assert [e["player"] for e in board] == ["ben", "ann"]
        won, lost = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
        assert [e["rating"] for e in board] == [
            round(40 * won[0].ordinal()),
            round(40 * lost[0].ordinal()),
        ]
