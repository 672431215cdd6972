"""An error message names what the client sent only in a few characters, however long
it was, on both databases: a refusal never sends kilobytes of the request back."""

from __future__ import annotations

from typing import Any

from server_helpers import Player, new_game, running

LONG = "y" * 6000
MAX_MESSAGE = 300


def short_refusal(answer: Any, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text[:200]
    error = answer.json()["error"]
    assert error["code"] == code
    message: str = error["message"]
    assert len(message) <= MAX_MESSAGE, message[:200]
    assert "y" * 80 not in message
    return message


def test_refusals_echo_a_bounded_part_of_the_input(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        longest = "y" * 100  # a name in the path is at most 100 characters
        assert "yyy" in short_refusal(
            ann.get(f"/api/players/{longest}/profile"), 404, "user_not_found"
        )
        short_refusal(ann.get(f"/api/players/{longest}/ratings"), 404, "user_not_found")
        for path in (f"/api/players/{LONG}/profile", f"/api/players/{LONG}/ratings"):
            short_refusal(ann.get(path), 422, "invalid_request")
        for answer in (
            ann.get(f"/api/ratings/{LONG}"),
            ann.get("/api/solo-scores", params={"game": LONG}),
        ):
            message = short_refusal(answer, 422, "unknown_game")
            assert "space-mission" in message  # what may be asked for survives
        for path in (f"/api/friends/{LONG}", f"/api/blocks/{LONG}"):
            gone = client.delete(path, headers=ann.headers)  # no such player, or a name too long
            assert gone.status_code in (404, 422), gone.text[:200]
            short_refusal(gone, gone.status_code, gone.json()["error"]["code"])
        short_refusal(ann.post("/api/friends", {"name": "y" * 100}), 404, "user_not_found")
        for field, code in (("options", "invalid_table"), ("pace", "invalid_pace")):
            made = ann.post("/api/tables", {"seats": 2, field: {LONG: 1, "kind": LONG}})
            short_refusal(made, 422, code)
        table_id = new_game(ann, [ben])
        for action in (LONG, {"type": LONG}, [LONG]):
            moved = ann.move(table_id, action, 0)
            assert moved.status_code in (400, 422), moved.text[:200]
            short_refusal(moved, moved.status_code, moved.json()["error"]["code"])
