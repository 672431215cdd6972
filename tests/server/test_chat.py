"""Chat at tables and in the lobby, blocks, reports and mutes, through the API and the
live sockets, on both databases; and a message crossing to another server process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select
from starlette.testclient import WebSocketTestSession
from websockets.sync.client import connect

from conftest import postgres_url
from navcomp.commands.cli import main
from navcomp.store.schema import blocks, chat_messages, chat_mutes, chat_reports
from server.redis_helpers import PrivateRedis
from server.secrecy_helpers import receive
from server.test_races import Remote, _two_player_game
from server_helpers import Player, ServerProcess, running

MARKUP = "<script>alert(1)</script><b>x</b>"


def _counts(database_url: str) -> tuple[int, ...]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            return tuple(
                conn.execute(select(func.count()).select_from(t)).scalar_one()
                for t in (chat_messages, chat_reports, chat_mutes, blocks)
            )
    finally:
        engine.dispose()


def _table(client: TestClient) -> tuple[int, Player, Player, Player]:
    """A running game of ann (its creator) and ben, and cat, who watches."""
    ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
    table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id, ann, ben, cat


def _say(player: Player, path: str, text: str) -> dict[str, Any]:
    answer = player.post(path, {"text": text})
    assert answer.status_code == 201, answer.text
    said: dict[str, Any] = answer.json()
    return said


def _texts(answer: Any) -> list[str]:
    assert answer.status_code == 200, answer.text
    return [m["text"] for m in answer.json()["messages"]]


def _next_chat(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next chat message on the socket, past any pushes of the table."""
    while True:
        message = receive(socket, seconds=10)
        if message["type"] == "chat":
            assert set(message) == {"type", "message"}
            chat: dict[str, Any] = message["message"]
            return chat


def _error(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


def test_players_and_spectators_each_read_their_own_until_the_game_ends(
    database_url: str,
) -> None:
    with running(database_url) as client:
        table_id, ann, ben, cat = _table(client)
        path = f"/api/tables/{table_id}/chat"
        said = _say(ann, path, f"  hello {MARKUP}  ")
        assert said["text"] == f"hello {MARKUP}"  # trimmed, kept as the text it is
        assert (said["channel"], said["author"], said["table"]) == ("players", "ann", table_id)
        assert _say(cat, path, "ann should play the blue 9")["channel"] == "spectators"
        assert _texts(ann.get(path)) == [f"hello {MARKUP}"]
        assert _texts(ben.get(path)) == [f"hello {MARKUP}"]
        everything = [f"hello {MARKUP}", "ann should play the blue 9"]
        assert _texts(cat.get(path)) == everything
        assert _texts(client.get(path)) == everything  # not signed in: a spectator
        live = f"/api/tables/{table_id}/live"
        with (
            client.websocket_connect(live, headers=ann.headers) as ann_socket,
            client.websocket_connect(live, headers=cat.headers) as cat_socket,
            client.websocket_connect(live) as anonymous,
        ):
            for socket in (ann_socket, cat_socket, anonymous):
                assert receive(socket)["type"] == "state"
            _say(ben, path, "good luck")
            _say(cat, path, "ben holds the rocket")
            _say(ben, path, "thanks")
            assert [_next_chat(ann_socket)["text"] for _ in range(2)] == ["good luck", "thanks"]
            for socket in (cat_socket, anonymous):
                got = [_next_chat(socket) for _ in range(3)]
                assert [m["text"] for m in got] == ["good luck", "ben holds the rocket", "thanks"]
                assert [m["channel"] for m in got] == ["players", "spectators", "players"]
            assert ben.post(f"/api/tables/{table_id}/resign").status_code == 200
            _say(cat, path, "well played")
            assert _next_chat(ann_socket)["text"] == "well played"  # the game is over
        assert _texts(ann.get(path)) == [
            f"hello {MARKUP}",
            "ann should play the blue 9",
            "good luck",
            "ben holds the rocket",
            "thanks",
            "well played",
        ]
        assert ann.get(f"/api/tables/{table_id}/replay").status_code == 200


def test_bad_messages_are_refused_and_change_nothing(database_url: str) -> None:
    with running(database_url, chat_messages_per_person=4) as client:
        table_id, ann, _ben, cat = _table(client)
        guest = Player(client)
        path = f"/api/tables/{table_id}/chat"
        _say(ann, path, "x" * 500)
        before = _counts(database_url)
        _error(ann.post(path, {"text": " \t "}), 422, "invalid_request")  # a control character
        _error(ann.post(path, {"text": "   "}), 422, "chat_empty")
        _error(ann.post(path, {"text": "\u202e\u202d"}), 422, "chat_empty")
        _error(ann.post(path, {"text": "x" * 501}), 422, "chat_too_long")
        _error(ann.post(path, {"text": 5}), 422, "invalid_request")
        _error(ann.post(path, {}), 422, "invalid_request")
        _error(client.post(path, json={"text": "hi"}), 401, "not_logged_in")
        _error(ann.post("/api/tables/999999/chat", {"text": "hi"}), 404, "table_not_found")
        _error(guest.post(path, {"text": "hi"}), 403, "chat_needs_account")
        _error(guest.post("/api/lobby/chat", {"text": "hi"}), 403, "chat_needs_account")
        _error(client.post("/api/lobby/chat", json={"text": "hi"}), 401, "not_logged_in")
        assert _counts(database_url) == before
        assert _texts(guest.get(path)) == ["x" * 500]  # a guest reads, as anyone may
        for n in range(3):
            _say(cat, "/api/lobby/chat", f"lobby {n}")  # the limit counts every place
        _say(cat, path, "the fourth")
        too_fast = cat.post(path, {"text": "the fifth"})
        _error(too_fast, 429, "chat_too_fast")
        assert int(too_fast.headers["Retry-After"]) >= 1
        assert _texts(client.get("/api/lobby/chat")) == ["lobby 0", "lobby 1", "lobby 2"]
        assert _say(ann, path, "ann still may")["author"] == "ann"  # per person


def test_only_the_creator_mutes_and_a_muted_person_writes_nothing_there(
    database_url: str,
) -> None:
    with running(database_url) as client:
        table_id, ann, ben, cat = _table(client)
        mutes, path = f"/api/tables/{table_id}/mutes", f"/api/tables/{table_id}/chat"
        _say(cat, path, "hello")  # a person who wrote at the table may be muted there
        before = _counts(database_url)
        _error(ben.post(f"{mutes}/cat"), 403, "not_creator")
        _error(client.post(f"{mutes}/cat"), 401, "not_logged_in")
        _error(ann.post(f"{mutes}/ann"), 422, "cannot_mute_self")
        _error(ann.post(f"{mutes}/nobody"), 404, "user_not_found")
        _error(ann.post("/api/tables/999999/mutes/cat"), 404, "table_not_found")
        assert _counts(database_url) == before
        answer = ann.post(f"{mutes}/cat")
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"table": table_id, "muted": ["cat"]}
        assert ann.post(f"{mutes}/cat").json()["muted"] == ["cat"]  # twice: the same
        _error(cat.post(path, {"text": "hi"}), 403, "chat_muted")
        assert ben.get(path).json()["muted"] == ["cat"]
        _say(cat, "/api/lobby/chat", "muted at one table only")
        _error(ben.client.delete(f"{mutes}/cat", headers=ben.headers), 403, "not_creator")
        unmuted = ann.client.delete(f"{mutes}/cat", headers=ann.headers)
        assert unmuted.status_code == 200 and unmuted.json()["muted"] == []
        _say(cat, path, "back")


def test_a_blocked_persons_messages_are_gone_for_the_blocker_and_they_cannot_invite(
    database_url: str,
) -> None:
    with running(database_url) as client:
        table_id, ann, ben, cat = _table(client)
        path = f"/api/tables/{table_id}/chat"
        _say(ben, path, "before the block")
        _say(ben, "/api/lobby/chat", "ben in the lobby")
        before = _counts(database_url)
        _error(ann.post("/api/blocks", {"name": "ann"}), 422, "cannot_block_self")
        _error(ann.post("/api/blocks", {"name": "nobody"}), 404, "user_not_found")
        _error(client.post("/api/blocks", json={"name": "ben"}), 401, "not_logged_in")
        _error(ann.post("/api/blocks", {"name": 3}), 422, "invalid_request")
        assert _counts(database_url) == before
        assert ann.get("/api/blocks").json() == {"blocked": []}
        blocked = ann.post("/api/blocks", {"name": "BEN"})  # names match as they fold
        assert blocked.status_code == 200 and blocked.json() == {"blocked": ["ben"]}
        assert ann.post("/api/blocks", {"name": "ben"}).json() == {"blocked": ["ben"]}
        assert _texts(ann.get(path)) == []
        assert _texts(ann.get("/api/lobby/chat")) == []
        assert _texts(cat.get(path)) == ["before the block"]
        live = f"/api/tables/{table_id}/live"
        with (
            client.websocket_connect(live, headers=ann.headers) as ann_socket,
            client.websocket_connect("/api/lobby/live", headers=ann.headers) as ann_lobby,
            client.websocket_connect("/api/lobby/live", headers=cat.headers) as cat_lobby,
        ):
            receive(ann_socket)
            _say(ben, path, "ann cannot read this")
            _say(ben, "/api/lobby/chat", "nor this")
            _say(cat, "/api/lobby/chat", "cat speaks")
            _say(ann, path, "ann at the table")
            assert _next_chat(ann_socket)["text"] == "ann at the table"
            assert _next_chat(ann_lobby)["text"] == "cat speaks"
            assert _next_chat(cat_lobby)["text"] == "nor this"
        own = ben.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        _error(ben.post(f"/api/tables/{own}/invite", {"name": "ann"}), 403, "blocked")
        assert cat.post("/api/blocks", {"name": "ann"}).status_code == 200
        ann_own = ann.post("/api/tables", {"game": "space-mission", "seats": 3}).json()["id"]
        _error(ann.post(f"/api/tables/{ann_own}/invite", {"name": "cat"}), 403, "blocked")
        invited = ann.post(f"/api/tables/{ann_own}/invite", {"name": "ben"})  # one way only
        assert invited.status_code == 200, invited.text
        unblocked = ann.client.delete("/api/blocks/ben", headers=ann.headers)
        assert unblocked.status_code == 200 and unblocked.json() == {"blocked": []}
        assert ben.post(f"/api/tables/{own}/invite", {"name": "ann"}).status_code == 200
        assert "ann cannot read this" in _texts(ann.get(path))


def test_a_report_is_kept_once_and_listed_for_the_hosts(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with running(database_url) as client:
        table_id, ann, ben, cat = _table(client)
        path = f"/api/tables/{table_id}/chat"
        rude = _say(ben, path, "you are all terrible")["id"]
        whisper = _say(cat, path, "a spectator's message")["id"]
        before = _counts(database_url)
        report = f"/api/chat/{rude}/report"
        _error(client.post(report, json={"reason": "rude"}), 401, "not_logged_in")
        _error(ben.post(report, {"reason": "me"}), 422, "cannot_report_own")
        _error(ann.post(f"/api/chat/{whisper}/report", {}), 404, "chat_message_not_found")
        _error(ann.post("/api/chat/999999/report", {}), 404, "chat_message_not_found")
        _error(ann.post(report, {"reason": "x" * 501}), 422, "invalid_request")
        assert _counts(database_url) == before
        first = ann.post(report, {"reason": "insults"})
        assert first.status_code == 200 and first.json() == {"message": rude, "new": True}
        again = ann.post(report, {"reason": "again"})
        assert again.status_code == 200 and again.json() == {"message": rude, "new": False}
        assert cat.post(report, {}).json()["new"] is True
    assert main(["moderation", "reports", "--database-url", database_url, "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["reporter"], r["reason"]) for r in listed] == [("cat", ""), ("ann", "insults")]
    assert {(r["author"], r["text"], r["table"]) for r in listed} == {
        ("ben", "you are all terrible", table_id)
    }
    assert main(["moderation", "reports", "--database-url", database_url]) == 0
    assert "ann reported message" in capsys.readouterr().out


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path).start()
    try:
        yield server
    finally:
        server.stop()


def test_a_message_reaches_sockets_on_another_process(
    postgres_database: str, private_redis: PrivateRedis
) -> None:
    url = postgres_url(postgres_database)
    first = ServerProcess(url, "--redis-url", private_redis.url).start()
    second = ServerProcess(url, "--redis-url", private_redis.url).start()
    try:
        table_id, seats = _two_player_game(first.base)
        watcher = Remote(first.base, "cat")
        on_second = f"ws://127.0.0.1:{second.port}"
        with (
            connect(f"{on_second}/api/tables/{table_id}/live", **_auth(seats[0])) as player,
            connect(f"{on_second}/api/tables/{table_id}/live", **_auth(watcher)) as watching,
            connect(f"{on_second}/api/lobby/live", **_auth(seats[1])) as lobby,
        ):
            assert json.loads(player.recv(timeout=10))["type"] == "state"
            assert json.loads(watching.recv(timeout=10))["type"] == "state"
            chat = f"/api/tables/{table_id}/chat"
            for who, text in ((watcher, "from the stands"), (seats[1], "from seat 1")):
                assert who.call("POST", chat, {"text": text}).status_code == 201
            assert seats[0].call("POST", "/api/lobby/chat", {"text": "hi all"}).status_code == 201
            assert _remote_chat(player)["text"] == "from seat 1"  # not the stands'
            assert [_remote_chat(watching)["text"] for _ in range(2)] == [
                "from the stands",
                "from seat 1",
            ]
            said = _remote_chat(lobby)
            assert (said["text"], said["channel"], said["table"]) == ("hi all", "lobby", None)
    finally:
        said = first.stop() + second.stop()
        assert "Traceback" not in said, said


def _auth(remote: Remote) -> dict[str, Any]:
    return {"additional_headers": remote.headers}


def _remote_chat(socket: Any) -> dict[str, Any]:
    while True:
        message = json.loads(socket.recv(timeout=10))
        if message["type"] == "chat":
            chat: dict[str, Any] = message["message"]
            return chat


def test_a_lobby_socket_hears_everything_said_after_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page loads the lobby's history, then opens the socket and loads the history again
    once it is open: nothing said in between is lost only if the socket is subscribed
    before the client hears that it is open."""
    from starlette.websockets import WebSocket

    events: list[str] = []
    accept = WebSocket.accept

    async def recorded_accept(self: WebSocket, *args: Any, **kwargs: Any) -> None:
        events.append("accept")
        await accept(self, *args, **kwargs)

    monkeypatch.setattr(WebSocket, "accept", recorded_accept)
    with running(f"sqlite:///{tmp_path}/navcomp.db") as client:
        hub = client.app.state.server.hub  # type: ignore[attr-defined]
        subscribe = hub.subscribe_lobby

        def recorded_subscribe(user_id: int | None) -> Any:
            events.append("subscribe")
            return subscribe(user_id)

        monkeypatch.setattr(hub, "subscribe_lobby", recorded_subscribe)
        ann, cat = Player(client, "ann"), Player(client, "cat")
        with client.websocket_connect("/api/lobby/live", headers=ann.headers) as lobby:
            _say(cat, "/api/lobby/chat", "said at once")
            assert _next_chat(lobby)["text"] == "said at once"
        assert events == ["subscribe", "accept"]
