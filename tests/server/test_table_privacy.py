"""Every route that serves or touches a table's data asks the one question
``GET /api/tables/{id}`` asks (``lobby.refusal``): at a started game without spectators,
or an invite-only one, strangers and anonymous callers read and write nothing of it (its
chat, events, log, replay, mutes, reports of its messages), its players still do, and a
public table stays open to all; an open invite-only table is its players' and the
invited's.  On both databases."""

from __future__ import annotations

from typing import Any

import pytest

from server.social_helpers import count_table, delete, play_out
from server.test_chat import _counts
from server.test_visibility import socket_refusal
from server_helpers import Player, running

pytestmark = pytest.mark.usefixtures("count_game")

REFUSED = (403, "spectators_not_allowed")


def _private_tables(ann: Player, ben: Player) -> list[int]:
    """Two started games of ann and ben that strangers may not watch."""
    without_spectators = count_table(ann, [ben], spectators=False)
    invite_only = ann.post(
        "/api/tables", {"game": "count-to-three", "seats": 2, "visibility": "invite"}
    ).json()["id"]
    assert ann.post(f"/api/tables/{invite_only}/invite", {"name": "ben"}).status_code == 200
    assert ben.post(f"/api/tables/{invite_only}/join").status_code == 200
    assert ann.post(f"/api/tables/{invite_only}/start").status_code == 200
    return [without_spectators, invite_only]


def _reads(caller: Any, table_id: int) -> list[tuple[int, str | None]]:
    """What a caller (a Player's or the client's get) gets of the table's routes: the
    status and the error's code (None: no error)."""
    paths = ("", "/chat", "/events", "/log")
    return [_outcome(caller(f"/api/tables/{table_id}{path}")) for path in paths]


def _outcome(answer: Any) -> tuple[int, str | None]:
    body = answer.json()
    return answer.status_code, body["error"]["code"] if "error" in body else None


def test_strangers_read_and_write_nothing_of_a_private_game(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        for table_id in _private_tables(ann, ben):
            chat = f"/api/tables/{table_id}/chat"
            said = ann.post(chat, {"text": "our plan"})
            assert said.status_code == 201, said.text
            before = _counts(database_url)
            for caller in (client.get, cat.get):
                assert _reads(caller, table_id) == [REFUSED] * 4
            assert _outcome(cat.post(chat, {"text": "let me in"})) == REFUSED
            assert _outcome(cat.post(f"/api/tables/{table_id}/mutes/ben")) == REFUSED
            assert _outcome(delete(cat, f"/api/tables/{table_id}/mutes/ben")) == REFUSED
            assert _outcome(client.post(chat, json={"text": "hi"})) == (401, "not_logged_in")
            assert socket_refusal(client, table_id, cat.headers) == (1008, REFUSED[1])
            report = cat.post(f"/api/chat/{said.json()['id']}/report", {"reason": "x"})
            assert _outcome(report) == (404, "chat_message_not_found")
            assert _outcome(ann.post(f"/api/tables/{table_id}/mutes/cat")) == (
                422,
                "not_at_table",
            )
            assert _counts(database_url) == before
            for player in (ann, ben):
                assert _reads(player.get, table_id) == [(200, None)] * 4
                assert player.post(chat, {"text": "still here"}).status_code == 201
            assert [m["text"] for m in ben.get(chat).json()["messages"]] == [
                "our plan",
                "still here",
                "still here",
            ]
            play_out(table_id, [ann, ben])
            replay = f"/api/tables/{table_id}/replay"
            for caller in (client.get, cat.get):
                assert _outcome(caller(replay)) == REFUSED
                assert _outcome(caller(chat)) == REFUSED  # over: still the players' only
            assert ben.get(replay).status_code == 200
        table_id = count_table(ann, [ben])  # a public game stays open to everyone
        assert ann.post(f"/api/tables/{table_id}/chat", {"text": "hi"}).status_code == 201
        for caller in (client.get, cat.get):
            assert _reads(caller, table_id) == [(200, None)] * 4
        said = cat.post(f"/api/tables/{table_id}/chat", {"text": "go ann"})
        assert said.status_code == 201 and said.json()["channel"] == "spectators"


def test_the_creator_mutes_only_people_who_were_at_the_table(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        cat, dan = Player(client, "cat"), Player(client, "dan")
        table_id = count_table(ann, [ben])
        mutes = f"/api/tables/{table_id}/mutes"
        before = _counts(database_url)
        assert _outcome(ann.post(f"{mutes}/dan")) == (422, "not_at_table")  # never there
        assert _outcome(delete(ann, f"{mutes}/dan")) == (422, "not_at_table")
        assert _counts(database_url) == before
        assert cat.post(f"/api/tables/{table_id}/chat", {"text": "hello"}).status_code == 201
        assert ann.post(f"{mutes}/cat").json()["muted"] == ["cat"]  # spoke there
        assert ann.post(f"{mutes}/ben").json()["muted"] == ["ben", "cat"]  # seated there
        assert delete(ann, f"{mutes}/cat").json()["muted"] == ["ben"]
        assert dan.get(f"/api/tables/{table_id}/chat").json()["muted"] == ["ben"]


def test_an_open_invite_only_table_is_seen_by_its_players_and_the_invited_only(
    database_url: str,
) -> None:
    """Nobody else may sit at it, so nobody else reads its seats or its chat."""
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        cat, dan = Player(client, "cat"), Player(client, "dan")
        made = ann.post(
            "/api/tables", {"game": "count-to-three", "seats": 2, "visibility": "invite"}
        )
        table_id = made.json()["id"]
        chat = f"/api/tables/{table_id}/chat"
        assert ann.post(chat, {"text": "who shall we ask?"}).status_code == 201
        assert ann.post(f"/api/tables/{table_id}/invite", {"name": "ben"}).status_code == 200
        refused = (403, "invite_only")
        for caller in (client.get, cat.get):
            assert _reads(caller, table_id) == [refused] * 4
        assert _outcome(cat.post(chat, {"text": "let me in"})) == refused
        assert socket_refusal(client, table_id, cat.headers) == (1008, "invite_only")
        assert _reads(ben.get, table_id) == [(200, None)] * 4  # invited, not yet seated
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert _reads(ben.get, table_id) == [(200, None)] * 4
        assert _reads(dan.get, table_id) == [refused] * 4
        assert [m["text"] for m in ann.get(chat).json()["messages"]] == ["who shall we ask?"]
