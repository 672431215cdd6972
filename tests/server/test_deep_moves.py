"""A move nested deep is refused with the same clear error on the fast path (the ASGI
middleware that answers plain JSON moves) and on the FastAPI route, on both databases,
never a 500; and a refusal's echo of a deep value stays short."""

from __future__ import annotations

from typing import Any

import pytest

from navcomp.core.errors import ECHO, quoted
from server_helpers import Player, new_game, running

FAST = {"Content-Type": "application/json"}
SLOW = {"Content-Type": "application/merge-patch+json"}  # JSON to the route, not to the fast path


def nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = {"a": value}
    return value


def nested_text(depth: int) -> str:
    """``nested(depth)`` as JSON, written out (json.dumps recurses, as deep as it goes)."""
    return '{"a":' * depth + '"x"' + "}" * depth


def moved(player: Player, table_id: int, action: str, headers: dict[str, str]) -> Any:
    body = f'{{"action": {action}, "expected_version": 0}}'
    return player.client.post(
        f"/api/tables/{table_id}/moves",
        content=body,
        headers={**player.headers, **headers},
    )


@pytest.mark.parametrize(
    ("depth", "status", "code"),
    [(40, 422, "invalid_request"), (1000, 400, "malformed_json"), (1100, 400, "malformed_json")],
)
def test_a_deep_move_is_refused_alike_on_both_paths(
    database_url: str, depth: int, status: int, code: str
) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy"})
        action = f'{{"type": {nested_text(depth)}}}'
        answers = [moved(ann, table_id, action, headers) for headers in (FAST, SLOW)]
        for answer in answers:
            assert answer.status_code == status, answer.text
            assert answer.json()["error"]["code"] == code
        assert ann.get(f"/api/tables/{table_id}").json()["table"]["version"] == 0


def test_a_shallow_bad_move_is_refused_alike_on_both_paths(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy"})
        action = f'{{"type": {nested_text(20)}}}'
        answers = [moved(ann, table_id, action, headers) for headers in (FAST, SLOW)]
        assert [a.status_code for a in answers] == [400, 400], [a.text for a in answers]
        assert {a.json()["error"]["code"] for a in answers} == {"malformed_action"}
        assert all(len(a.json()["error"]["message"]) < 200 for a in answers)


def test_a_refusal_quotes_a_deep_value_shortly() -> None:
    assert len(quoted(nested(5000))) <= ECHO
    assert len(quoted(list(range(1000)))) <= ECHO
    assert quoted("abc") == "'abc'"
