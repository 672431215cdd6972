"""Open tables cannot fill the lobby for good: one nobody changed for ``open_table_hours``
closes by itself in the sweeper (its people told as when its creator closes it), and the
lobby lists registered players' tables before guests'."""

from __future__ import annotations

import pytest

from domain.test_clocks import FakeClock
from navcomp.server.runtime import sweeper
from navcomp.service import lobby
from server_helpers import Player, new_game, running

HOUR = 3600


def test_an_open_table_nobody_changed_closes_by_itself(database_url: str) -> None:
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0, open_table_hours=12) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        ann, ben, cid = Player(client, "ann"), Player(client, "ben"), Player(client, "cid")
        idle = ann.post("/api/tables", {"seats": 3}).json()["id"]
        playing = new_game(ann, [cid])
        clock.advance(11 * HOUR)
        assert ben.post(f"/api/tables/{idle}/join").status_code == 200  # a change
        with client.websocket_connect(f"/api/tables/{idle}/live", headers=ben.headers) as seen:
            assert seen.receive_json()["table"]["status"] == "open"
            clock.advance(12 * HOUR - 1)
            assert client.portal.call(sweeper.sweep, server) == 0  # type: ignore[union-attr]
            assert ann.table(idle)["table"]["status"] == "open"
            clock.advance(1)
            assert client.portal.call(sweeper.sweep, server) == 1  # type: ignore[union-attr]
            closed = {"id": idle, "status": "closed"}  # as when its creator closes it
            assert seen.receive_json() == {"type": "closed", "table": closed}
        assert ann.get(f"/api/tables/{idle}").status_code == 404
        assert ben.get("/api/tables").json() == []
        assert ann.table(playing)["table"]["status"] == "playing"
        assert client.portal.call(sweeper.sweep, server) == 0  # type: ignore[union-attr]


def test_open_tables_stay_when_their_hours_are_zero(database_url: str) -> None:
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0, open_table_hours=0) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        ann = Player(client, "ann")
        table_id = ann.post("/api/tables", {"seats": 2}).json()["id"]
        clock.advance(1000 * HOUR)
        assert client.portal.call(sweeper.sweep, server) == 0  # type: ignore[union-attr]
        assert ann.table(table_id)["table"]["status"] == "open"


def test_registered_players_tables_are_listed_before_guests(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lobby, "MAX_OPEN_LISTED", 3)
    with running(database_url, open_tables_per_account=0, tables_per_account=0) as client:
        ann = Player(client, "ann")
        registered = ann.post("/api/tables", {"seats": 2}).json()["id"]
        guests = [Player(client) for _ in range(2)]
        flood = [g.post("/api/tables", {"seats": 2}).json()["id"] for g in guests for _ in "abc"]
        listed = [t["id"] for t in guests[0].get("/api/tables").json()]
        assert listed == [registered, flood[-1], flood[-2]]
