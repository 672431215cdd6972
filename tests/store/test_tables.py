"""The tables repository hands out typed values: a pace, clocks and ends as the domain
types them, read from their JSON and string columns."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine

from navcomp.domain.clocks import Clock, Pace, PaceKind, Stage, normalize_pace
from navcomp.domain.model import AccountName
from navcomp.domain.tables import EventKind, SeatEnd, TableEnd, TableStatus
from navcomp.store import accounts, clocks, tables
from navcomp.store.db import migrate, open_engine

AT = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = open_engine(database_url)
    migrate(engine)
    yield engine
    engine.dispose()


def test_a_table_read_back_holds_its_pace_clocks_and_ends_typed(engine: Engine) -> None:
    pace = normalize_pace({"kind": "turn", "hours": 24, "bank_days": 2})
    with engine.begin() as conn:
        ann = accounts.add_user(conn, AccountName("ann", "ann", "ann"), None, True, AT)
        ben = accounts.add_user(conn, AccountName("ben", "ben", "ben"), None, True, AT)
        new = tables.NewTable("space-mission", 2, {}, 1, ann.id, AT, pace=pace)
        table_id = tables.create(conn, new, {0: ann.id, 1: ben.id}, {})
        opened = tables.get(conn, table_id)
        assert opened is not None
        assert opened.pace == Pace(PaceKind.TURN, bank=2 * 86400, per_turn=24 * 3600)
        assert opened.clock is None and opened.end_reason is None
        started = Clock((172800.0, 100.5), Stage.TIME_UP, False, (1,))
        tables.start(conn, table_id, 0, AT, started)
        playing = tables.get(conn, table_id)
        assert playing is not None and playing.clock == started
        clocks.end_seat(conn, table_id, 0, SeatEnd.RESIGNED)
        clocks.end_seats(conn, table_id)
        over = {"status": TableStatus.OVER.value}
        assert clocks.change(conn, table_id, 0, (EventKind.RESIGNED, 0), AT, over)
        clocks.set_end_reason(conn, table_id, TableEnd.FORFEIT)
        ended = tables.get(conn, table_id)
        assert ended is not None
    assert [seat.ended for seat in ended.seats] == [SeatEnd.RESIGNED, SeatEnd.PLAYED]
    assert all(type(seat.ended) is SeatEnd for seat in ended.seats)
    assert type(ended.end_reason) is TableEnd and ended.end_reason is TableEnd.FORFEIT
    assert ended.pace is not None and ended.pace.to_json() == pace
