"""Bad input on every route gets a clear 4xx with a stable code, and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import WebSocketDisconnect

from server_helpers import Player, new_game, running

TOO_BIG = ["2147483648", str(10**20), "99999999999999999", "-1", "0"]


def _code(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def test_table_ids_outside_the_database_range_are_no_table(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        for table_id in TOO_BIG:
            base = f"/api/tables/{table_id}"
            answers = [
                ann.get(base),
                ann.get(base + "/log"),
                ann.get(base + "/replay"),
                ann.post(base + "/join"),
                ann.post(base + "/join", {"seat": 0}),
                ann.post(base + "/leave"),
                ann.post(base + "/invite", {"name": "ann"}),
                ann.post(base + "/start"),
                ann.put(base + "/seats/0/bot", {"level": "easy"}),
                ann.move(table_id, 1, 0),  # the fast path
                ann.post(base + "/undo", {"expected_version": 0}),
                ann.post(base + "/moves", {"action": 1.5, "expected_version": 0}),  # the route
            ]
            for answer in answers:
                assert _code(answer) == (404, "table_not_found"), (table_id, answer.text)


def test_seat_and_notice_ids_outside_their_range_are_refused(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        for seat in ["2147483648", str(10**20), "-1", "10"]:
            answer = ann.put(f"/api/tables/{table_id}/seats/{seat}/bot", {"level": "easy"})
            assert _code(answer) == (422, "invalid_request"), (seat, answer.text)
            joined = ann.post(f"/api/tables/{table_id}/join", {"seat": int(seat)})
            assert joined.status_code == 422, (seat, joined.text)
        for ids in ([2**31], [10**20], [-1]):
            answer = ann.post("/api/notifications/read", {"ids": ids})
            assert _code(answer) == (422, "invalid_request"), (ids, answer.text)
        for version in (2**31, 10**20):
            answer = ann.post(f"/api/tables/{table_id}/undo", {"expected_version": version})
            assert answer.status_code == 422, answer.text


def test_a_live_socket_to_an_id_out_of_range_is_closed_as_no_table(database_url: str) -> None:
    with running(database_url) as client:
        for table_id in ("2147483648", str(10**20), "0", "-1", "abc", "1e3", "²", "9" * 5000):
            with (
                client.websocket_connect(f"/api/tables/{table_id}/live") as socket,
                pytest.raises(WebSocketDisconnect) as closed,
            ):
                socket.receive_text()
            assert (closed.value.code, closed.value.reason) == (1008, "table_not_found")


def _string_bodies(table_id: int) -> Iterator[tuple[str, str, dict[str, Any]]]:
    nul = "a\u0000b"
    yield "post", "/api/accounts/register", {"name": nul, "password": "correct horse"}
    yield "post", "/api/accounts/register", {"name": "nully", "password": "correct\u0000horse"}
    yield "post", "/api/accounts/login", {"name": nul, "password": "correct horse"}
    yield "post", "/api/accounts/login", {"name": "ann", "password": "correct\u0000horse"}
    yield "put", "/api/me/webhook", {"url": "http://example.com/\u0000"}
    yield "post", "/api/tables", {"game": nul, "seats": 2}
    yield "post", "/api/tables", {"game": "space-mission", "seats": 2, "options": {nul: 1}}
    yield "post", "/api/tables", {"game": "space-mission", "seats": 2, "options": {"x": nul}}
    yield (
        "post",
        "/api/tables",
        {"game": "space-mission", "seats": 2, "options": {"x": [{"y": nul}]}},
    )
    yield (
        "post",
        "/api/tables",
        {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": nul}]},
    )
    yield "post", f"/api/tables/{table_id}/invite", {"name": nul}
    yield "put", f"/api/tables/{table_id}/seats/1/bot", {"level": nul}
    yield "post", f"/api/tables/{table_id}/moves", {"action": nul, "expected_version": 0}
    yield "post", f"/api/tables/{table_id}/moves", {"action": {"type": nul}, "expected_version": 0}


def test_a_nul_character_in_any_string_is_refused(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        open_table = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        for method, path, body in _string_bodies(table_id):
            if "/invite" in path or "/seats/" in path:
                path = path.replace(f"/{table_id}/", f"/{open_table}/")
            answer = getattr(ann, method)(path, body)
            assert _code(answer) == (422, "invalid_request"), (path, body, answer.text)
        assert ann.get(f"/api/tables/{table_id}").json()["table"]["version"] == 0
        assert len(ann.get("/api/my/games").json()) == 2


def test_options_that_cannot_build_a_game_are_refused_at_creation(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        for options in ({"max_rounds": -1}, {"max_rounds": -(10**20)}):
            answer = ann.post(
                "/api/tables", {"game": "space-mission", "seats": 2, "options": options}
            )
            assert _code(answer) == (422, "invalid_table"), answer.text
        assert ann.get("/api/my/games").json() == []


def test_deeply_nested_options_and_actions_are_refused(database_url: str) -> None:
    depth = 900  # within the body limit and the JSON parser's own depth limit
    nested_list = "[" * depth + "]" * depth
    nested_object = '{"a": ' * depth + "1" + "}" * depth
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [Player(client, "ben")])
        headers = {**ann.headers, "Content-Type": "application/json"}
        moves = f"/api/tables/{table_id}/moves"
        for path, text in [
            ("/api/tables", '{"game": "space-mission", "seats": 2, "options": {"x": %s}}'),
            ("/api/tables", '{"game": "space-mission", "seats": 2, "options": %s}'),
            (moves, '{"action": %s, "expected_version": 0}'),
            (moves, '{"action": {"type": "discard", "card": %s}, "expected_version": 0}'),
        ]:
            for nested in (nested_list, nested_object):
                answer = client.post(path, content=(text % nested).encode(), headers=headers)
                assert 400 <= answer.status_code < 500, (path, answer.status_code, answer.text)
                assert set(answer.json()["error"]) == {"code", "message"}, answer.text
        assert len(ann.get("/api/my/games").json()) == 1
        assert ann.get(f"/api/tables/{table_id}").json()["table"]["version"] == 0


def test_a_chunked_body_over_the_limit_is_too_large(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [Player(client, "ben")])

        def chunks(head: bytes) -> Iterator[bytes]:
            yield head
            for _ in range(20):
                yield b"x" * 1024
            yield b'"}'

        headers = {**ann.headers, "Content-Type": "application/json"}
        for path, head in [
            ("/api/tables", b'{"game": "space-mission", "seats": 2, "pad": "'),
            ("/api/accounts/register", b'{"name": "cara", "password": "'),
            (f"/api/tables/{table_id}/moves", b'{"action": 1, "expected_version": 0, "pad": "'),
            (f"/api/tables/{table_id}/moves", b'{"action": 1.5, "expected_version": 0, "pad": "'),
        ]:
            answer = client.post(path, content=chunks(head), headers=headers)
            assert _code(answer) == (413, "body_too_large"), (path, answer.text)
        assert len(ann.get("/api/my/games").json()) == 1


def test_bodies_not_in_utf8_or_with_a_byte_order_mark_are_refused(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [Player(client, "ben")])
        headers = {**ann.headers, "Content-Type": "application/json"}
        table = '{"game": "space-mission", "seats": 2}'
        move = '{"action": 1, "expected_version": 0}'
        for path, text in [("/api/tables", table), (f"/api/tables/{table_id}/moves", move)]:
            for body in (
                text.encode("utf-16"),
                text.encode("utf-16-le"),
                text.encode("utf-32"),
                b"\xef\xbb\xbf" + text.encode(),
            ):
                answer = client.post(path, content=body, headers=headers)
                assert _code(answer) == (400, "malformed_json"), (path, body, answer.text)
        assert len(ann.get("/api/my/games").json()) == 1
        assert ann.get(f"/api/tables/{table_id}").json()["table"]["version"] == 0


def test_a_wrong_method_names_the_allowed_ones(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        for method, path, allowed in [
            ("delete", "/api/tables", {"GET", "POST"}),
            ("put", "/api/accounts/login", {"POST"}),
            ("get", "/api/tables/1/moves", {"POST"}),
        ]:
            answer = client.request(method.upper(), path)
            assert _code(answer) == (405, "method_not_allowed")
            assert {m.strip() for m in answer.headers["allow"].split(",")} == allowed


NAME_PATHS = [
    ("get", "/api/players/{}/profile"),
    ("get", "/api/players/{}/ratings"),
    ("delete", "/api/friends/{}"),
    ("delete", "/api/blocks/{}"),
    ("post", "/api/tables/{table}/mutes/{}"),
    ("delete", "/api/tables/{table}/mutes/{}"),
]


def test_a_control_character_in_a_name_in_the_path_is_refused(database_url: str) -> None:
    """Path parameters get the checks of body fields: no control character reaches the
    database (PostgreSQL refuses a NUL in text, which was a 500)."""
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        for name in ("ben%00", "b%00en", "ben%01", "ben%1F", "ben%7F", "ben%0A", "%00"):
            for method, pattern in NAME_PATHS:
                path = pattern.format(name, table=table_id)
                answer = client.request(method.upper(), path, headers=ann.headers)
                assert _code(answer) == (422, "invalid_request"), (method, path, answer.text)
        others = {  # the other strings in paths: each a clear refusal, none a 500
            ("GET", "/api/ratings/count%00"): (422, "unknown_game"),
            ("GET", "/api/tutorials/a%00"): (422, "invalid_request"),
            ("POST", "/api/tutorials/a%00/tables"): (422, "invalid_request"),
            ("POST", "/api/mail/unsubscribe/a%00b"): (400, "link_invalid"),
        }
        for (method, path), refusal in others.items():
            assert _code(client.request(method, path, headers=ann.headers)) == refusal, path
        assert ann.get("/api/players/ben/profile").status_code == 200  # still serving
        assert ann.get("/api/blocks").json() == {"blocked": []}
