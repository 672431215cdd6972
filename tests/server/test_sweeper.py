"""Deadlines are the server's: a time-out is acted on with nobody connected, after a
restart for what ran out while the server was stopped, and once with two processes."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, func, select, text, update

from domain.test_clocks import FakeClock
from navcomp.server.runtime import sweeper
from navcomp.server.runtime.database import Database
from navcomp.store import tables
from navcomp.store.schema import game_tables, table_events
from server_helpers import Player, ServerProcess, running, wait_for

LIVE_MINUTE = {"kind": "live", "minutes": 1, "increment": 0}


def game_of_two(owner: Player, other: Player, pace: dict[str, Any]) -> int:
    made = owner.post("/api/tables", {"seats": 2, "pace": pace})
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    assert other.post(f"/api/tables/{table_id}/join").status_code == 200
    assert owner.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def _events(url: str, kind: str) -> dict[int, int]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                select(table_events.c.table_id, func.count())
                .where(table_events.c.kind == kind)
                .group_by(table_events.c.table_id)
            ).all()
            return {row[0]: row[1] for row in rows}
    finally:
        engine.dispose()


def test_the_sweeper_acts_with_nobody_connected(database_url: str) -> None:
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = game_of_two(ann, ben, LIVE_MINUTE)
        late, other = (ann, ben) if ann.table(table_id)["table"]["to_move"] == 0 else (ben, ann)
        legal = late.table(table_id)["legal"]  # what the mover could play in time
        assert client.portal.call(sweeper.sweep, server) == 0  # type: ignore[union-attr]
        clock.advance(59)
        assert client.portal.call(sweeper.sweep, server) == 0  # type: ignore[union-attr]
        clock.advance(1)
        assert client.portal.call(sweeper.sweep, server) == 1  # type: ignore[union-attr]
        table = ann.table(table_id)["table"]
        assert table["clock"]["stage"] == "time_up"
        mover = table["to_move"]
        told = other.get("/api/notifications").json()
        assert next(n["kind"] for n in told if n["table"] == table_id) == "time_up"
        assert late.table(table_id)["legal"] is None  # no action is offered once time is up
        refused = late.move(table_id, legal[0]["text"], table["version"])
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "time_is_up"
        clock.advance(59)  # the grace is one more minute
        assert client.portal.call(sweeper.sweep, server) == 0  # type: ignore[union-attr]
        clock.advance(1)
        assert client.portal.call(sweeper.sweep, server) == 1  # type: ignore[union-attr]
        table = ann.table(table_id)["table"]
        seat = table["seats"][mover]
        assert seat["player"] is None and seat["bot"] == "medium"
        assert seat["ended"] == "timed_out" and seat["former"] == late.name
        kinds = [e["kind"] for e in ann.get(f"/api/tables/{table_id}/events").json()]
        assert kinds == ["time_up", "taken_over"]
        wait_for(lambda: ann.table(table_id)["table"]["to_move"] != mover)  # the bot moved


def _deadline(url: str, table_id: int) -> datetime:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            query = select(game_tables.c.deadline).where(game_tables.c.id == table_id)
            at: datetime = conn.execute(query).scalar_one()
            return at if at.tzinfo else at.replace(tzinfo=UTC)
    finally:
        engine.dispose()


def move_deadline(url: str, table_id: int, to: datetime) -> None:
    """The table's deadline moved to ``to``, as the time passing while no server runs would
    bring it within reach (the clock the restarted server reads is the wall clock)."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(
                update(game_tables).where(game_tables.c.id == table_id).values(deadline=to)
            )
    finally:
        engine.dispose()


def test_a_time_out_while_the_server_is_stopped_is_handled_when_it_starts(
    tmp_path: Any,
) -> None:
    url = f"sqlite:///{tmp_path}/navcomp.db"
    server = ServerProcess(url, "--sweep-seconds", "0.2").start()
    try:
        with httpx.Client(base_url=server.base) as http:
            ann, ben = Player(http, "ann"), Player(http, "ben")  # type: ignore[arg-type]
            table_id = game_of_two(ann, ben, LIVE_MINUTE)
    finally:
        server.stop()
    assert _deadline(url, table_id) > datetime.now(UTC)
    move_deadline(url, table_id, datetime.now(UTC) - timedelta(seconds=1))  # it ran out meanwhile
    assert _events(url, "time_up") == {}
    again = ServerProcess(url, "--sweep-seconds", "60").start()  # it sweeps as it starts
    try:
        assert wait_for(lambda: _events(url, "time_up")) == {table_id: 1}
        with httpx.Client(base_url=again.base) as http:
            table = http.get(f"/api/tables/{table_id}").json()["table"]
        assert table["clock"]["stage"] == "time_up"
    finally:
        again.stop()


@pytest.fixture
def shared_postgres(postgres_database: str) -> Iterator[str]:
    from conftest import postgres_url

    yield postgres_url(postgres_database)


TABLES = 40


def test_two_processes_act_on_each_of_many_time_outs_once(shared_postgres: str) -> None:
    """Every table's deadline is set to one moment in the database (rather than waiting a
    minute), once for the time-outs and once for the grace: each is acted on once."""
    url = shared_postgres
    # one owner makes all the tables in seconds, which the new-table throttle would hold
    first = ServerProcess(url, "--sweep-seconds", "0.05", "--tables-per-account=0").start()
    second = ServerProcess(url, "--sweep-seconds", "0.05").start()
    engine = create_engine(url)
    try:
        with httpx.Client(base_url=first.base) as http:
            players = [Player(http) for _ in range(2)]  # type: ignore[arg-type]
            ids = [game_of_two(players[0], players[1], LIVE_MINUTE) for _ in range(TABLES)]
        for kind in ("time_up", "taken_over"):
            with engine.begin() as conn:
                conn.execute(update(game_tables).values(deadline=text("now()")))
            counted = wait_for(lambda kind=kind: _all_counted(url, kind, ids), timeout=60)
            assert counted == dict.fromkeys(ids, 1)
        time.sleep(1)  # both go on sweeping: still once each
        assert _events(url, "time_up") == dict.fromkeys(ids, 1)
        assert _events(url, "taken_over") == dict.fromkeys(ids, 1)
        said = first.stop() + second.stop()
        assert "Traceback" not in said
    finally:
        engine.dispose()
        first.stop()
        second.stop()


def _all_counted(url: str, kind: str, ids: list[int]) -> dict[int, int] | None:
    counted = _events(url, kind)
    return counted if len(counted) == len(ids) else None


def test_a_server_stopping_mid_sweep_waits_for_its_transaction(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep in the middle of a transaction when the server stops: the stop waits for it,
    so its connection goes back to the pool before the pool closes (before, the sweeper was
    only cancelled, its thread finished after the pool was gone, and the connection was
    left open until the garbage collector found it, a warning in whichever test ran then)."""
    inside, leave = threading.Event(), threading.Event()
    order: list[str] = []
    claim, close = tables.claim_idle_open, Database.close

    def slow_claim(*args: Any, **kwargs: Any) -> Any:
        inside.set()
        leave.wait(5)
        order.append("sweep done")
        return claim(*args, **kwargs)

    async def recorded_close(database: Database) -> None:
        order.append("database closed")
        await close(database)

    monkeypatch.setattr(tables, "claim_idle_open", slow_claim)
    monkeypatch.setattr(Database, "close", recorded_close)
    with running(database_url, sweep_seconds=0.01):
        assert inside.wait(10)
        threading.Timer(0.3, leave.set).start()
    assert order[:2] == ["sweep done", "database closed"]
