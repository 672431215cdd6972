"""Table visibility (public, unlisted, invite-only) and spectators (allowed or not): who
finds a table, who may sit at it, who may watch its game, and the lobby's games to watch."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from server.social_helpers import code_of, count_table, counts, play_out
from server_helpers import Player, running

pytestmark = pytest.mark.usefixtures("count_game")


def open_table(owner: Player, **extra: Any) -> int:
    made = owner.post("/api/tables", {"game": "count-to-three", "seats": 2, **extra})
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    return table_id


def test_only_public_tables_are_listed_and_invite_only_ones_seat_the_invited(
    database_url: str,
) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        public = open_table(ann)
        unlisted = open_table(ann, visibility="unlisted")
        private = open_table(ann, visibility="invite")
        assert [t["id"] for t in cat.get("/api/tables").json()] == [public]
        assert cat.table(unlisted)["table"]["visibility"] == "unlisted"  # found by its link
        assert cat.post(f"/api/tables/{unlisted}/join").status_code == 200
        before = counts(database_url)
        assert code_of(cat.post(f"/api/tables/{private}/join")) == (403, "invite_only")
        assert counts(database_url) == before
        assert ann.post(f"/api/tables/{private}/invite", {"name": "ben"}).status_code == 200
        joined = ben.post(f"/api/tables/{private}/join")
        assert [s["player"] for s in joined.json()["seats"]] == ["ann", "ben"]


def test_without_spectators_only_the_players_see_the_game(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = open_table(ann, spectators=False)
        assert cat.table(table_id)["table"]["spectators"] is False  # open: anyone may join
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        for watcher in (cat.get, client.get):
            for path in (f"/api/tables/{table_id}", f"/api/tables/{table_id}/log"):
                assert code_of(watcher(path)) == (403, "spectators_not_allowed")
        assert ben.table(table_id)["seat"] == 1
        closed = socket_refusal(client, table_id, cat.headers)
        assert closed == (1008, "spectators_not_allowed")
        play_out(table_id, [ann, ben])
        replay = f"/api/tables/{table_id}/replay"
        assert code_of(cat.get(replay)) == (403, "spectators_not_allowed")
        assert code_of(client.get(replay)) == (403, "spectators_not_allowed")
        assert ann.get(replay).status_code == 200


def test_an_invite_only_game_is_not_watched_by_strangers(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = open_table(ann, visibility="invite")
        ann.post(f"/api/tables/{table_id}/invite", {"name": "ben"})
        ben.post(f"/api/tables/{table_id}/join")
        ann.post(f"/api/tables/{table_id}/start")
        assert code_of(cat.get(f"/api/tables/{table_id}")) == (403, "spectators_not_allowed")
        assert socket_refusal(client, table_id, {}) == (1008, "spectators_not_allowed")
        assert ben.table(table_id)["table"]["status"] == "playing"


def test_a_stranger_s_socket_closes_when_a_game_without_spectators_starts(
    database_url: str,
) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = open_table(ann, spectators=False)
        path = f"/api/tables/{table_id}/live"
        with (
            client.websocket_connect(path, headers=cat.headers) as stranger,
            client.websocket_connect(path, headers=ben.headers) as player,
        ):
            assert stranger.receive_json()["type"] == "table"
            assert player.receive_json()["type"] == "table"
            ben.post(f"/api/tables/{table_id}/join")
            assert stranger.receive_json()["table"]["seats"][1]["player"] == "ben"
            player.receive_json()
            ann.post(f"/api/tables/{table_id}/start")
            assert player.receive_json()["type"] == "state"
            with pytest.raises(WebSocketDisconnect):
                stranger.receive_json()  # closed: no view of the game reached it


def test_the_lobby_lists_public_games_with_spectators_to_watch(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        watchable = count_table(ann, [ben])
        count_table(ann, [ben], visibility="unlisted")
        count_table(ann, [ben], spectators=False)
        open_table(ann)
        listed = client.get("/api/watch")
        assert listed.status_code == 200
        assert [t["id"] for t in listed.json()] == [watchable]
        assert client.get(f"/api/tables/{watchable}").status_code == 200  # anyone watches
        play_out(watchable, [ann, ben])
        assert client.get("/api/watch").json() == []


def test_bad_visibility_or_spectators_are_refused(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        before = counts(database_url)
        for extra in ({"visibility": "secret"}, {"visibility": 1}, {"spectators": "no"}):
            answer = ann.post("/api/tables", {"game": "count-to-three", "seats": 2, **extra})
            assert code_of(answer) == (422, "invalid_request"), answer.text
        assert counts(database_url) == before


def socket_refusal(client: Any, table_id: int, headers: dict[str, str]) -> tuple[int, str]:
    path = f"/api/tables/{table_id}/live"
    with (
        client.websocket_connect(path, headers=headers) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    return closed.value.code, closed.value.reason
