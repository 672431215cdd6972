"""Votes to abort: a lone person at a rated table cannot void the game by one (their way
out is to resign, which counts), and a repeated vote changes nothing (no event, no push).
On both databases."""

from __future__ import annotations

from typing import Any

import pytest

from server.social_helpers import code_of, count_table
from server.test_endings import LIVE, table_of
from server_helpers import Player, running

EASY_BOT = [{"seat": 1, "level": "easy"}]


def _event_kinds(player: Player, table_id: int) -> list[str]:
    answer = player.get(f"/api/tables/{table_id}/events")
    assert answer.status_code == 200, answer.text
    return [event["kind"] for event in answer.json()]


@pytest.mark.usefixtures("count_game")
def test_a_lone_person_at_a_rated_table_resigns_rather_than_aborts(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = count_table(ann, [], bots=EASY_BOT, rated=True)
        before = ann.table(table_id)["table"]
        refused = ann.post(f"/api/tables/{table_id}/abort-vote")
        assert code_of(refused) == (409, "lone_abort_rated")
        after = ann.table(table_id)["table"]
        assert {**after, "clock": None} == {**before, "clock": None}
        assert after["clock"]["votes"] == [] and after["status"] == "playing"
        assert _event_kinds(ann, table_id) == []
        resigned = ann.post(f"/api/tables/{table_id}/resign")
        assert resigned.status_code == 200, resigned.text
        over = resigned.json()
        assert over["status"] == "over" and over["end_reason"] == "forfeit"
        assert over["result"]["winners"] == [1]
        unrated = count_table(ann, [], bots=EASY_BOT)
        voted = ann.post(f"/api/tables/{unrated}/abort-vote")  # nothing to spare: allowed
        assert voted.status_code == 200 and voted.json()["end_reason"] == "aborted"
        rated = count_table(ann, [], bots=EASY_BOT, rated=True)  # deleting the account:
        gone = client.request(  # the game ends without a result, saying its last person left
            "DELETE", "/api/account", json={"password": "correct horse"}, headers=ann.headers
        )
        assert gone.status_code == 200, gone.text
        assert Player(client, "ben").table(rated)["table"]["end_reason"] == "left"


def test_a_repeated_vote_adds_no_event_and_no_push(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with table_of(database_url, 3) as table:
        table.create(LIVE, bots={3: "easy"})
        first = table.players[0]
        hub = table.client.app.state.server.hub  # type: ignore[attr-defined]
        pushed: list[int] = []
        publish = hub.publish_table

        def counted(changed: Any, *rest: Any) -> None:
            pushed.append(changed.id)
            publish(changed, *rest)

        monkeypatch.setattr(hub, "publish_table", counted)
        voted = table.post(first, "abort-vote")
        assert voted.status_code == 200 and voted.json()["clock"]["votes"] == [0]
        assert (_event_kinds(first, table.id), pushed) == (["vote"], [table.id])
        state = table.state()
        for _ in range(3):
            again = table.post(first, "abort-vote")
            assert again.status_code == 200, again.text
            assert again.json()["clock"]["votes"] == [0]
        assert (_event_kinds(first, table.id), pushed) == (["vote"], [table.id])
        assert table.state()["version"] == state["version"]
        second, third = table.players[1:]
        assert table.post(second, "abort-vote").status_code == 200
        assert table.post(third, "resign").json()["clock"]["votes"] == [0, 1]
        over = table.post(first, "abort-vote").json()  # now the last vote missing: it ends
        assert over["status"] == "over" and over["end_reason"] == "aborted"
