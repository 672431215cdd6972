"""Live pushes over WebSocket (the no-leak check over every push: test_secrecy.py)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import create_engine, select
from starlette.websockets import WebSocketDisconnect

from navcomp.service.games import effective_actions, rebuild
from navcomp.store import tables
from navcomp.store.schema import game_tables
from server_helpers import Player, new_game, running


def _truth(database_url: str, table_id: int) -> tuple[Any, int]:
    """The real state, rebuilt from the database, and the table's secret seed."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            row = conn.execute(select(game_tables).where(game_tables.c.id == table_id)).one()
            state = rebuild(row, effective_actions(tables.log(conn, table_id)))
            return state, row.seed
    finally:
        engine.dispose()


def test_every_seat_gets_its_own_push(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        seats = {p.table(table_id)["seat"]: p for p in (ann, ben)}
        path = f"/api/tables/{table_id}/live"
        with (
            client.websocket_connect(path, headers=seats[0].headers) as zero,
            client.websocket_connect(path, headers=seats[1].headers) as one,
            client.websocket_connect(path) as watcher,
        ):
            first = [ws.receive_json() for ws in (zero, one, watcher)]
            assert [m["version"] for m in first] == [0, 0, 0]
            assert [m["seat"] for m in first] == [0, 1, None]
            to_move = first[0]["table"]["to_move"]
            mover = seats[to_move]
            action = mover.table(table_id)["legal"][0]
            assert mover.move(table_id, action["id"], 0).status_code == 200
            pushed = [ws.receive_json() for ws in (zero, one, watcher)]
            state, _ = _truth(database_url, table_id)
            for message, seat in zip(pushed, (0, 1, None), strict=True):
                assert message["version"] == 1
                assert message["view"] == state.view(seat)
                assert message["last"]["seat"] == to_move
            assert pushed[to_move]["last"]["text"] == action["text"]
        with client.websocket_connect(path, headers=seats[0].headers) as again:
            resync = again.receive_json()
            assert resync["version"] == 1 and resync["view"] == state.view(0)
            assert resync["last"] == pushed[0]["last"]
        for seat, player in seats.items():  # a page loaded now shows the last move too
            assert player.table(table_id)["last"] == pushed[seat]["last"]
    with running(database_url) as client:  # a server that rebuilds the game from the log
        for seat, player in seats.items():
            player.client = client
            assert player.table(table_id)["last"] == pushed[seat]["last"]
        assert client.get(f"/api/tables/{table_id}").json()["last"] == pushed[2]["last"]


def test_a_move_made_while_a_socket_reads_its_first_view_reaches_it(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        seats = {p.table(table_id)["seat"]: p for p in (ann, ben)}

        def move(version: int) -> None:
            mover = seats[ann.table(table_id)["table"]["to_move"]]
            action = mover.table(table_id)["legal"][0]["id"]
            assert mover.move(table_id, action, version).status_code == 200

        server = client.app.state.server  # type: ignore[attr-defined]
        read = server.read
        moved_meanwhile: list[int] = []

        async def read_then_move(work: Any) -> Any:
            """The socket's first view is read, then a move is made before it is sent."""
            result = await read(work)
            if "live.<locals>" in work.__qualname__ and not moved_meanwhile:
                moved_meanwhile.append(1)
                await asyncio.to_thread(move, 0)
            return result

        monkeypatch.setattr(server, "read", read_then_move)
        path = f"/api/tables/{table_id}/live"
        with client.websocket_connect(path, headers=seats[0].headers) as socket:
            heard = [socket.receive_json()]
            assert moved_meanwhile
            move(1)
            while heard[-1]["version"] < 2:
                heard.append(socket.receive_json())
        versions = [message["version"] for message in heard]
        assert versions in ([1, 2], [0, 1, 2])  # never a move unheard: [0, 2]
        assert all(
            message["seat"] == 0 and "hand" in message["view"]["private"] for message in heard
        )


def test_a_socket_to_no_table_is_closed_with_the_reason(database_url: str) -> None:
    with running(database_url) as client:
        with (
            client.websocket_connect("/api/tables/424242/live") as ws,
            pytest.raises(WebSocketDisconnect) as closed,
        ):
            ws.receive_json()
        assert (closed.value.code, closed.value.reason) == (1008, "table_not_found")


def test_the_lobby_and_the_start_reach_those_watching(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        path = f"/api/tables/{table_id}/live"
        with (
            client.websocket_connect(path, headers=ann.headers) as host,
            client.websocket_connect(path, headers=ben.headers) as guest,
        ):
            assert host.receive_json() == {
                "type": "table",
                "table": host_table(ann, table_id),
                "seat": 0,
            }
            assert guest.receive_json()["seat"] is None  # watching, not yet seated
            assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
            joined = guest.receive_json()
            assert joined["type"] == "table" and joined["seat"] == 1
            assert host.receive_json()["table"]["seats"][1]["player"] == "ben"
            assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
            started = [ws.receive_json() for ws in (host, guest)]
            assert [m["type"] for m in started] == ["state", "state"]
            assert [m["seat"] for m in started] == [0, 1]
            to_move = started[0]["table"]["to_move"]
            assert started[to_move]["legal"] and started[1 - to_move]["legal"] is None


def host_table(player: Player, table_id: int) -> dict:
    return player.table(table_id)["table"]


def test_another_sites_page_only_watches(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        answer = client.post("/api/accounts/guest", json={})  # the browser keeps the cookie
        assert answer.status_code == 201
        made = client.post(
            "/api/tables",
            json={"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]},
            headers={"X-CSRF-Token": answer.json()["csrf"]},
        ).json()
        client.post(
            f"/api/tables/{made['id']}/start", headers={"X-CSRF-Token": answer.json()["csrf"]}
        )
        path = f"/api/tables/{made['id']}/live"
        with client.websocket_connect(path, headers={"Origin": "http://testserver"}) as own:
            assert own.receive_json()["seat"] == 0
        with client.websocket_connect(path, headers={"Origin": "https://evil.example"}) as other:
            assert other.receive_json()["seat"] is None


class _TickingClock:
    """The server's clock moving on by a second at every reading: two readings of the
    time a move's answer and its pushes are as of would differ."""

    def __init__(self) -> None:
        self.at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1)
        return self.at


def test_a_moves_answer_and_its_push_describe_the_table_alike(sqlite_url: str) -> None:
    with running(sqlite_url, now=_TickingClock(), sweep_seconds=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        pace = {"kind": "live", "minutes": 5, "increment": 10}
        made = ann.post("/api/tables", {"seats": 2, "pace": pace})
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        with client.websocket_connect(f"/api/tables/{table_id}/live") as watcher:
            first = watcher.receive_json()
            to_move = first["table"]["to_move"]
            mover = next(p for p in (ann, ben) if p.table(table_id)["seat"] == to_move)
            action = mover.table(table_id)["legal"][0]["id"]
            answer = mover.move(table_id, action, 0)
            assert answer.status_code == 200, answer.text
            pushed = watcher.receive_json()
        assert pushed["version"] == answer.json()["version"] == 1
        assert pushed["table"]["clock"]["now"] is not None
        assert pushed["table"] == answer.json()["table"]
