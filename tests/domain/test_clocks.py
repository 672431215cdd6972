"""Clock arithmetic (domain/clocks.py) and a table's clocks through moves, on an injected
clock: banks, extra time, the cap, only the mover charged, bots never."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select

from navcomp.domain.clocks import (
    DAY,
    HOUR,
    MINUTE,
    Clock,
    Pace,
    PaceKind,
    Stage,
    available,
    charge,
    deadline,
    give_extra,
    normalize_pace,
    start_clock,
    time_up,
)
from navcomp.domain.model import Seat, Table
from navcomp.domain.table_clock import after_move
from navcomp.domain.tables import TableStatus
from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings
from navcomp.store.schema import game_tables
from server_helpers import Player, running, wait_for

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
LATER = datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    """The server's clock in a test: it moves only when told."""

    def __init__(self, at: datetime = START) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


LIVE = Pace.of(normalize_pace({"kind": "live", "minutes": 5, "increment": 10}))
TURN = Pace.of(normalize_pace({"kind": "turn", "hours": 24, "bank_days": 2}))


def test_a_pace_is_stored_with_every_option_of_its_kind() -> None:
    assert normalize_pace(None) == {"kind": "none", "stall_days": 21}
    assert normalize_pace({"kind": "live"}) == {"kind": "live", "minutes": 10, "increment": 5}
    assert normalize_pace({"kind": "turn", "hours": 72}) == {
        "kind": "turn",
        "hours": 72,
        "bank_days": 3,
    }
    assert Pace(PaceKind.LIVE, bank=300, increment=10) == LIVE
    assert Pace(PaceKind.TURN, bank=2 * DAY, per_turn=24 * HOUR) == TURN


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "blitz"},
        {"kind": "live", "minutes": 0},
        {"kind": "live", "minutes": 61},
        {"kind": "live", "increment": -1},
        {"kind": "live", "minutes": 5.5},
        {"kind": "live", "minutes": True},
        {"kind": "live", "minutes": "5"},
        {"kind": "turn", "hours": 0},
        {"kind": "turn", "bank_days": 31},
        {"kind": "none", "stall_days": 0},
        {"kind": "none", "stall_days": 366},
        {"kind": "live", "hours": 3},
    ],
)
def test_a_pace_out_of_range_is_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        normalize_pace(raw)


def test_a_live_bank_is_charged_the_turn_then_gets_its_increment_up_to_its_start() -> None:
    clock = start_clock(LIVE, 2)
    assert clock.banks == (300, 300)
    assert deadline(LIVE, clock, 0, START) == START + timedelta(seconds=300)
    clock = charge(LIVE, clock, 0, 100)
    assert clock.banks == (210, 300)  # only the mover's bank, less the turn plus increment
    clock = charge(LIVE, clock, 0, 2)
    assert clock.banks == (218, 300)
    clock = charge(LIVE, clock, 1, 1)
    assert clock.banks == (218, 300)  # the cap: never above the start
    clock = charge(LIVE, clock, 0, 500)
    assert clock.banks == (10, 300)  # a bank spent gets its increment only


def test_a_turn_allowance_is_free_and_only_longer_turns_draw_on_the_bank() -> None:
    clock = start_clock(TURN, 3)
    assert available(TURN, clock, 2) == 3 * DAY
    clock = charge(TURN, clock, 2, 20 * HOUR)
    assert clock.banks == (2 * DAY, 2 * DAY, 2 * DAY)
    clock = charge(TURN, clock, 2, 30 * HOUR)
    assert clock.banks == (2 * DAY, 2 * DAY, 2 * DAY - 6 * HOUR)
    clock = charge(TURN, clock, 1, 5 * DAY)
    assert clock.banks[1] == 0
    assert deadline(TURN, clock, 1, START) == START + timedelta(hours=24)


def test_time_up_gives_one_allowance_of_grace_and_extra_time_adds_to_the_bank() -> None:
    clock = start_clock(LIVE, 2)
    up, grace_ends = time_up(LIVE, clock, START)
    assert up.stage is Stage.TIME_UP and grace_ends == START + timedelta(seconds=MINUTE)
    more, until = give_extra(LIVE, up, 0, 300, START)  # given as the 300 s ran out
    assert more.stage is Stage.RUNNING and more.extra and until == START + timedelta(minutes=1)
    after = charge(LIVE, more, 0, 350)  # 50 s of the minute used: 10 left, then the increment
    assert after.banks == (20, 300) and not after.extra
    turn_up, turn_grace = time_up(TURN, start_clock(TURN, 2), START)
    assert turn_grace == START + timedelta(hours=24)
    turn_more, turn_until = give_extra(TURN, turn_up, 0, 4 * DAY, START)
    assert turn_until == START + timedelta(hours=24)
    assert available(TURN, turn_more, 0) == 5 * DAY  # the turn so far and a day more
    big = Pace.of(normalize_pace({"kind": "live", "minutes": 20}))
    assert big.allowance() == 4 * MINUTE


def test_clocks_survive_the_database_as_json() -> None:
    clock = Clock((1.5, 2.0), Stage.TIME_UP, True, (1,))
    assert Clock.of(clock.to_json()) == clock


@pytest.mark.parametrize(
    "raw",
    [
        None,
        {"kind": "live"},
        {"kind": "live", "minutes": 1, "increment": 0},
        {"kind": "live", "minutes": 60, "increment": 60},
        {"kind": "turn", "hours": 1, "bank_days": 0},
        {"kind": "turn", "hours": 14 * 24, "bank_days": 30},
        {"kind": "none", "stall_days": 365},
    ],
)
def test_a_pace_read_from_the_database_is_answered_as_it_was_stored(
    raw: dict[str, Any] | None,
) -> None:
    stored = normalize_pace(raw)
    answered = Pace.of(stored).to_json()
    assert list(answered.items()) == list(stored.items())  # the same keys in the same order
    assert all(type(value) is type(stored[key]) for key, value in answered.items())


def test_a_pace_of_no_whole_units_has_no_stored_form() -> None:
    with pytest.raises(ValueError):
        Pace(PaceKind.LIVE, bank=90.0, increment=5).to_json()


# --- a table's clocks through moves, on the server -------------------------------------------


def _passing_move(player: Player, table_id: int) -> dict[str, Any]:
    """Move until the turn passes; the table after it."""
    while True:
        table = player.table(table_id)
        before = table["table"]["to_move"]
        legal = table["legal"]
        choice = next((a for a in legal if not a["text"].startswith("discard")), legal[0])
        moved = player.move(table_id, choice["text"], table["table"]["version"])
        assert moved.status_code == 200, moved.text
        after: dict[str, Any] = moved.json()["table"]
        if after["to_move"] != before or after["status"] != "playing":
            return after


def _person_to_move(player: Player, table_id: int) -> dict[str, Any] | None:
    table: dict[str, Any] = player.table(table_id)["table"]
    return table if table["seats"][table["to_move"]]["player"] is not None else None


def _mover(players: list[Player], table: dict[str, Any]) -> Player:
    name = table["seats"][table["to_move"]]["player"]
    return next(p for p in players if p.name == name)


def test_only_the_mover_is_charged_and_the_bot_never(sqlite_url: str) -> None:
    clock = FakeClock()
    with running(sqlite_url, now=clock, sweep_seconds=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        pace = {"kind": "live", "minutes": 5, "increment": 10}
        made = ann.post(
            "/api/tables",
            {"seats": 3, "bots": [{"seat": 2, "level": "easy"}], "pace": pace},
        )
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        assert made.json()["pace"] == pace
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        table = wait_for(lambda: _person_to_move(ann, table_id))
        assert table["clock"]["banks"] == [300, 300, 300]
        first = table["to_move"]
        assert table["clock"]["deadline"] == (START + timedelta(seconds=300)).isoformat()
        clock.advance(100)
        after = _passing_move(_mover([ann, ben], table), table_id)
        banks = after["clock"]["banks"]
        assert banks[first] == 210  # 300 - 100 + 10
        assert [b for s, b in enumerate(banks) if s != first] == [300, 300]
        assert after["clock"]["now"] == clock().isoformat()


def _table(seats: tuple[Seat, ...], to_move: int, pace: dict[str, Any]) -> Table:
    clock = start_clock(Pace.of(pace), len(seats))
    return Table(
        1,
        "g",
        len(seats),
        {},
        0,
        TableStatus.PLAYING,
        1,
        5,
        to_move,
        START,
        None,
        seats,
        pace=Pace.of(pace),
        clock=clock,
        deadline=None,
    )


def test_a_bots_turn_has_no_deadline_and_costs_nobody_time() -> None:
    pace = normalize_pace({"kind": "live", "minutes": 5, "increment": 0})
    seats = (Seat(0, 1, "ann", None), Seat(1, 2, "ben", None), Seat(2, None, None, "easy"))
    at = START + timedelta(seconds=250)
    clock, until, warn = after_move(_table(seats, 2, pace), 0, False, at)  # the bot moved at last
    assert clock is not None and clock.banks == (300, 300, 300)
    assert until == at + timedelta(seconds=300)  # ann's turn begins when the bot's ends
    clock, until, warn = after_move(_table(seats, 1, pace), 2, False, at)  # ben passed to the bot
    assert clock is not None and clock.banks == (300, 50, 300)
    assert until is None  # the bot's turn runs out never
    clock, until, warn = after_move(_table(seats, 1, pace), 1, False, at)  # ben goes on
    assert clock is not None and clock.banks == (300, 300, 300) and until is None
    assert warn is None  # a live game's clock is on the screen: no warning


def test_a_turn_based_mover_is_warned_when_a_quarter_of_its_turn_is_left() -> None:
    pace = normalize_pace({"kind": "turn", "hours": 24, "bank_days": 2})
    seats = (Seat(0, 1, "ann", None), Seat(1, 2, "ben", None), Seat(2, None, None, "easy"))
    at = START + timedelta(hours=30)  # ann took six hours over her allowance
    clock, until, warn = after_move(_table(seats, 0, pace), 1, False, at)
    assert clock is not None and clock.banks == (2 * 86400 - 6 * 3600, 2 * 86400, 2 * 86400)
    assert until == at + timedelta(days=3) and warn == at + timedelta(hours=54)
    _clock, until, warn = after_move(_table(seats, 1, pace), 2, False, at)  # ben passed to the bot
    assert until is None and warn is None


def test_an_app_stamps_its_tables_and_their_json_by_its_own_clock(
    sqlite_url: str, tmp_path: Path
) -> None:
    """The time of a new table and the ``now`` of its JSON are ``Settings.now``'s, even once
    another app (with another clock) is made in the same process."""
    clock = FakeClock()
    with running(sqlite_url, now=clock, sweep_seconds=0) as client:
        ann = Player(client, "ann")
        create_app(Settings(f"sqlite:///{tmp_path}/other.db", now=FakeClock(LATER)))
        pace = {"kind": "live", "minutes": 5, "increment": 10}
        made = ann.post(
            "/api/tables", {"seats": 2, "bots": [{"seat": 1, "level": "easy"}], "pace": pace}
        )
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        assert ann.table(table_id)["table"]["clock"]["now"] == START.isoformat()
    engine = create_engine(sqlite_url)
    try:
        with engine.connect() as conn:
            query = select(game_tables.c.created_at).where(game_tables.c.id == table_id)
            created = conn.execute(query).scalar_one()
    finally:
        engine.dispose()
    assert created.replace(tzinfo=UTC) == START
