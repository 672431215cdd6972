"""The fast path for moves and undos answers every request exactly as the FastAPI routes do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from navcomp.server.api import hotpath
from server_helpers import Player, log_length, new_game, running


def _answer(response: Any) -> tuple[int, str, Any]:
    return response.status_code, response.headers["content-type"], response.json()


def test_fast_path_answers_as_the_routes_do(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(database_url, tables_per_account=0) as client:  # a new table each try
        ann, ben, sam = Player(client, "ann"), Player(client, "ben"), Player(client, "sam")
        for _ in range(50):  # a deal where action 1 (True, read as 1 by the routes) is illegal
            table_id = new_game(ann, [ben])
            table = ann.table(table_id)
            on_turn, waiting = (
                (ann, ben) if table["seat"] == table["table"]["to_move"] else (ben, ann)
            )
            legal = on_turn.table(table_id)["legal"]
            if 1 not in {x["id"] for x in legal}:
                break
        else:
            raise AssertionError("every deal let the player discard card 1")
        good = legal[0]["id"]
        illegal, other_illegal = [a for a in range(1385) if a not in {x["id"] for x in legal}][:2]
        moves, undo = f"/api/tables/{table_id}/moves", f"/api/tables/{table_id}/undo"

        def raw(path: str, body: bytes, content_type: str | None = "application/json") -> Any:
            headers = dict(on_turn.headers)
            if content_type is not None:
                headers["Content-Type"] = content_type
            return client.post(path, content=body, headers=headers)

        def by_cookie(csrf: bool) -> Any:
            logged_in = client.post(
                "/api/accounts/login", json={"name": on_turn.name, "password": "correct horse"}
            )
            headers = {"X-CSRF-Token": logged_in.json()["csrf"]} if csrf else {}
            try:
                return client.post(
                    moves, json={"action": illegal, "expected_version": 0}, headers=headers
                )
            finally:
                client.cookies.clear()

        requests: list[Callable[[], Any]] = [
            lambda: on_turn.move(table_id, illegal, 0),
            lambda: on_turn.move(table_id, good, 3),
            lambda: waiting.move(table_id, good, 0),
            lambda: sam.move(table_id, good, 0),
            lambda: on_turn.move(table_id, "fly to the moon", 0),
            lambda: on_turn.move(table_id, {"type": "warp"}, 0),
            lambda: on_turn.move(table_id, 99999, 0),
            lambda: on_turn.move(table_id, True, 0),  # the routes read it as 1
            lambda: on_turn.move(table_id, 1.5, 0),
            lambda: on_turn.move(table_id, None, 0),
            lambda: on_turn.move(table_id, [good], 0),
            lambda: on_turn.move(table_id, illegal, "0"),
            lambda: on_turn.move(table_id, illegal, 0.0),
            lambda: on_turn.move(table_id, illegal, False),
            lambda: on_turn.move(table_id, good, None),
            lambda: on_turn.post(moves, {"action": illegal}),
            lambda: on_turn.post(moves, {"expected_version": 0}),
            lambda: on_turn.post(moves, {"action": illegal, "expected_version": 0, "x": 1}),
            lambda: on_turn.post(moves, [illegal, 0]),
            lambda: on_turn.post(moves, None),
            lambda: raw(moves, b"{not json"),
            lambda: raw(moves, b""),
            lambda: raw(moves, b'{"action": NaN, "expected_version": 0}'),
            lambda: raw(moves, b'{"action": 1e999, "expected_version": 0}'),
            lambda: raw(moves, b'{"action": 18446744073709551616, "expected_version": 0}'),
            lambda: raw(moves, b'{"action": "\\ud800", "expected_version": 0}'),
            lambda: raw(
                moves,
                b'{"action": %d, "expected_version": 0, "action": %d}' % (good, other_illegal),
            ),
            lambda: raw(moves, b'{"action": %d, "expected_version": 0}' % illegal, None),
            lambda: raw(moves, b'{"action": %d, "expected_version": 0}' % illegal, "text/plain"),
            lambda: raw(
                moves, b'{"action": %d, "expected_version": 0}' % illegal, "application/json; x=y"
            ),
            lambda: raw(
                moves, b'{"action": %d, "expected_version": 0}' % illegal, "Application/JSON"
            ),
            lambda: raw(
                moves, b'{"action": %d, "expected_version": 0}' % illegal, "application/ld+json"
            ),
            lambda: raw(
                moves, b'{"action": 1, "expected_version": 0, "pad": "%s"}' % (b"x" * 20000)
            ),
            lambda: client.post(moves, json={"action": good, "expected_version": 0}),
            lambda: by_cookie(csrf=False),
            lambda: by_cookie(csrf=True),
            lambda: on_turn.move(424242, good, 0),
            lambda: on_turn.move(0, good, 0),
            lambda: on_turn.post(
                "/api/tables/007/moves", {"action": illegal, "expected_version": 0}
            ),
            lambda: on_turn.post("/api/tables/x/moves", {"action": good, "expected_version": 0}),
            lambda: on_turn.post(undo, {"expected_version": 0}),
            lambda: on_turn.post(undo, {"expected_version": 5}),
            lambda: on_turn.post(undo, {"expected_version": "0"}),
            lambda: on_turn.post(undo, {}),
            lambda: waiting.post(undo, {"expected_version": 0}),
            lambda: client.post(undo, json={"expected_version": 0}),
        ]
        calls: list[int] = []
        real_submit = hotpath.submit

        async def counted(*args: Any) -> Any:
            calls.append(1)
            return await real_submit(*args)

        monkeypatch.setattr(hotpath, "submit", counted)
        fast = [_answer(request()) for request in requests]
        assert len(calls) > 10  # the fast path answered most of them itself
        monkeypatch.setattr(hotpath, "_fields", lambda body, undo: None)  # only the routes
        routes = [_answer(request()) for request in requests]
        for index, (one, other) in enumerate(zip(fast, routes, strict=True)):
            assert one == other, (index, one, other)
        assert all(status >= 400 for status, _, _ in fast)
        assert log_length(database_url, table_id) == 0  # nothing changed

        done = on_turn.move(table_id, good, 0)  # through the routes
        monkeypatch.undo()
        assert done.status_code == 200
        body = done.json()
        assert body["version"] == 1 and body["table"]["version"] == 1
        again = on_turn.table(table_id)
        player = on_turn if again["legal"] else waiting
        legal = player.table(table_id)["legal"]
        fast_done = player.move(table_id, legal[0]["id"], 1)  # through the fast path
        assert fast_done.status_code == 200
        assert fast_done.headers["content-type"] == "application/json"
        assert set(fast_done.json()) == set(body) and fast_done.json()["version"] == 2
        assert fast_done.json()["table"].keys() == body["table"].keys()
