"""Turn notices in the app and through a webhook; the API's own description."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, ClassVar

from fastapi.testclient import TestClient

from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings
from server_helpers import Player, new_game, running, wait_for


class _Hook(BaseHTTPRequestHandler):
    received: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        _Hook.received.append(json.loads(self.rfile.read(length)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def _pass_the_turn(player: Player, table_id: int) -> None:
    """Play the seat's decisions until the turn passes."""
    while True:
        table = player.table(table_id)
        if table["legal"] is None:
            return
        action = next(a for a in table["legal"] if not a["text"].startswith("discard"))
        assert player.move(table_id, action["id"], table["table"]["version"]).status_code == 200


def test_turn_notices_and_webhooks(sqlite_url: str) -> None:
    hook = HTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    _Hook.received.clear()
    try:
        app = create_app(Settings(sqlite_url, webhooks=True, webhook_allow_internal=True))
        with TestClient(app) as client:
            ann, ben = Player(client, "ann"), Player(client, "ben")
            url = f"http://127.0.0.1:{hook.server_address[1]}/hook"
            assert ann.put("/api/me/webhook", {"url": url}).status_code == 200
            assert ben.put("/api/me/webhook", {"url": url}).status_code == 200
            table_id = new_game(ann, [ben])
            seats = {p.table(table_id)["seat"]: p for p in (ann, ben)}
            first = seats[ann.table(table_id)["table"]["to_move"]]
            second = ben if first is ann else ann
            _pass_the_turn(first, table_id)
            notices = second.get("/api/notifications", params={"unread": True}).json()
            assert notices and notices[0]["text"] == f"Your turn at table {table_id}"
            assert notices[0]["kind"] == "turn"
            wait_for(lambda: _Hook.received)
            assert _Hook.received[-1] == {
                "table": table_id,
                "kind": "turn",
                "text": f"Your turn at table {table_id}",
            }
    finally:
        hook.shutdown()
        hook.server_close()


def test_a_table_s_turn_notices_count_once_and_invites_say_who_and_what(
    database_url: str,
) -> None:
    """Every turn writes a notice, but the list shows a table's newest only (twelve
    turns were twelve identical lines); reading it reads the older ones too."""
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = new_game(ann, [ben])
        seats = {p.table(table_id)["seat"]: p for p in (ann, ben)}
        for _ in range(3):
            _pass_the_turn(seats[ann.table(table_id)["table"]["to_move"]], table_id)
        to_move = seats[ann.table(table_id)["table"]["to_move"]]
        for player in (ann, ben):  # the one who played has answered their notices
            turns = player.get("/api/notifications", params={"unread": True}).json()
            expected = [(table_id, "turn")] if player is to_move else []
            assert [(n["table"], n["kind"]) for n in turns] == expected
        other = ann.post("/api/tables", {"game": "space-pioneers", "seats": 2}).json()["id"]
        assert ann.post(f"/api/tables/{other}/invite", {"name": "cat"}).status_code == 200
        (invite,) = cat.get("/api/notifications").json()
        assert invite["kind"] == "invite" and invite["table"] == other
        assert invite["about"] == {"by": "ann", "game": "space-pioneers"}
        assert invite["text"] == f"ann invites you to a game of Space Pioneers (table {other})"
        shown = to_move.get("/api/notifications", params={"unread": True}).json()
        read = to_move.post("/api/notifications/read", {"ids": [shown[0]["id"]]})
        assert read.status_code == 200
        assert to_move.get("/api/notifications", params={"unread": True}).json() == []


def test_your_turn_notices_clear_once_the_turn_is_played(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        seats = {p.table(table_id)["seat"]: p for p in (ann, ben)}
        first = seats[ann.table(table_id)["table"]["to_move"]]
        second = ben if first is ann else ann
        unread = {"unread": True}
        assert [n["kind"] for n in first.get("/api/notifications", params=unread).json()] == [
            "turn"
        ]
        table = first.table(table_id)
        action = next(a for a in table["legal"] if not a["text"].startswith("discard"))
        first.move(table_id, action["id"], table["table"]["version"])
        if first.table(table_id)["table"]["to_move"] == first.table(table_id)["seat"]:
            assert first.get("/api/notifications", params=unread).json() != []  # not yet played
        _pass_the_turn(first, table_id)
        assert first.get("/api/notifications", params=unread).json() == []
        assert [n["kind"] for n in second.get("/api/notifications", params=unread).json()] == [
            "turn"
        ]


def test_the_api_describes_itself(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        assert client.get("/docs").status_code == 200
        games = client.get("/api/games").json()
        assert games[0]["name"] == "space-mission" and games[0]["max_players"] == 5
        assert games[0]["options"] == {"hide_reserved": False, "max_rounds": 0}
        paths = client.get("/openapi.json").json()["paths"]
        for path in ("/api/tables", "/api/tables/{table_id}/moves", "/api/my/games"):
            assert path in paths
