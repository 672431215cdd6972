"""How a game ended, as every answer says it: the answer and the push of the move that
ends a game carry its end reason and each seat's end, as a fresh read does; a game its
last person leaves by deleting the account says so, not that a vote ended it."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from domain.test_clocks import FakeClock
from navcomp.server.runtime import sweeper
from server.secrecy_helpers import receive
from server_helpers import Player, new_game, running, wait_for

GAME = "count-to-three"
LIVE = {"kind": "live", "minutes": 5, "increment": 0}


def _ending(table: dict[str, Any]) -> tuple[Any, ...]:
    return (table["status"], table["end_reason"], [s["ended"] for s in table["seats"]])


def test_the_ending_move_s_answer_and_push_say_how_the_game_ended(
    database_url: str, count_game: object
) -> None:
    with running(database_url, sweep_seconds=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben], game=GAME)
        version = ann.table(table_id)["table"]["version"]
        assert ann.move(table_id, "count", version).status_code == 200
        assert ben.move(table_id, "stop", version + 1).status_code == 200
        live = f"/api/tables/{table_id}/live"
        with client.websocket_connect(live, headers=ben.headers) as socket:
            assert receive(socket)["type"] == "state"
            last = ann.move(table_id, "stop", version + 2)
            assert last.status_code == 200, last.text
            pushed = receive(socket)
        read = ann.table(table_id)["table"]
        finished = ("over", "finished", ["played", "played"])
        assert _ending(read) == finished
        assert _ending(last.json()["table"]) == finished
        assert _ending(pushed["table"]) == finished
        assert last.json()["table"]["result"]["seat_ends"] == ["played", "played"]


def test_a_game_its_last_person_leaves_by_deleting_the_account_says_so(
    database_url: str, count_game: object
) -> None:
    with running(database_url, sweep_seconds=0) as client:
        ann, wes = Player(client, "ann"), Player(client, "wes")
        table_id = new_game(ann, [], bots={1: "easy"}, game=GAME)
        deleted = ann.client.request(
            "DELETE", "/api/account", json={"password": "correct horse"}, headers=ann.headers
        )
        assert deleted.status_code == 200, deleted.text
        table = wes.table(table_id)["table"]
        assert _ending(table) == ("over", "left", ["resigned", "played"])
        assert table["result"]["end"] == "left" and table["result"]["winners"] == []
        kinds = [e["kind"] for e in wes.get(f"/api/tables/{table_id}/events").json()]
        assert kinds == ["left"]


def test_the_profile_says_how_a_game_taken_over_was_rated(
    database_url: str, count_game: object
) -> None:
    """Ann counts once, Ben stops, Ann's time runs out and a bot plays her seat on and
    outscores Ben: the game's ranks say Ben lost, the rating ranks Ann's seat last and
    Ben first, and each profile says so, with how Ann's seat ended."""
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0, bot_seconds=0.01) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        # the bot thinks in a thread of this process, where count to three is known
        server.runner.workers = [ThreadPoolExecutor(1)]
        ann, ben = Player(client, "ann"), Player(client, "ben")
        body = {"game": GAME, "seats": 2, "rated": True, "pace": LIVE}
        table_id = ann.post("/api/tables", body).json()["id"]
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        assert ann.move(table_id, "count", 0).status_code == 200
        assert ben.move(table_id, "stop", 1).status_code == 200
        clock.advance(301)
        assert client.portal.call(sweeper.sweep, server) == 1  # type: ignore[union-attr]
        assert ben.post(f"/api/tables/{table_id}/hand-to-bot").status_code == 200
        over = wait_for(lambda: (t := ben.table(table_id)["table"])["status"] == "over" and t)
        assert over["result"]["winners"] == [0]  # the bot outscored Ben
        assert over["result"]["seat_ends"] == ["timed_out", "played"]

        def recent(player: Player) -> dict[str, Any]:
            profile = client.get(f"/api/players/{player.name}/profile").json()
            [game] = [g for g in profile["recent"] if g["table"] == table_id]
            return {k: game[k] for k in ("outcome", "rank", "ended", "rated_rank")}

        assert recent(ann) == {"outcome": "left", "rank": 1, "ended": "timed_out", "rated_rank": 2}
        assert recent(ben) == {"outcome": "lost", "rank": 2, "ended": "played", "rated_rank": 1}
