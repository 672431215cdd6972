"""Space Pioneers on the table: a solo game to its end over the API, its high score kept,
and a two-player game against a bot, with no game-specific code in the server."""

from __future__ import annotations

import random

from server_helpers import Player, new_game, running, wait_for

GAME = "space-pioneers"


def play_out(player: Player, table_id: int, rnd: random.Random, limit: int = 1500) -> dict:  # type: ignore[type-arg]
    """Moves on ``player``'s turns (mostly the first legal action) until the game is over."""
    for _ in range(limit):
        table = player.table(table_id)
        if table["table"]["status"] == "over":
            return table
        legal = table["legal"]
        if not legal:
            wait_for(
                lambda: (
                    player.table(table_id)["legal"]
                    or player.table(table_id)["table"]["status"] == "over"
                )
            )
            continue
        choice = legal[0] if rnd.random() < 0.6 else rnd.choice(legal)
        answer = player.move(table_id, choice["id"], table["table"]["version"])
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def test_a_solo_game_ends_with_its_score_kept(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], game=GAME)
        final = play_out(ann, table_id, random.Random(1))
        result = final["table"]["result"]
        score = result["scores"][0]
        assert set(result["breakdown"][0]) == {"planets", "missions"}
        assert final["view"]["solo_card"]["fulfilled"] * 2 == result["breakdown"][0]["missions"]
        scores = ann.get("/api/solo-scores", params={"game": GAME}).json()
        assert [(e["score"], e["table"]) for e in scores["mine"]] == [(score, table_id)]
        assert scores["best"][0]["player"] == "ann"
        replay = ann.get(f"/api/tables/{table_id}/replay")
        assert replay.status_code == 200
        # each move's detail (the card placed, captures, points) as the log gives it, so the
        # replay words a move as the table's log did
        log = ann.get(f"/api/tables/{table_id}/log").json()["entries"]
        steps = replay.json()["entries"]
        assert [e["detail"] for e in steps] == [e["detail"] for e in log]
        assert any(e["detail"] and e["detail"].get("card") for e in steps)


def test_against_a_bot_to_the_end(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy"}, game=GAME)
        final = play_out(ann, table_id, random.Random(2))
        result = final["table"]["result"]
        assert len(result["scores"]) == 2 and result["winners"]
        assert all(seat["secret"]["met"] is not None for seat in final["view"]["seats"])
        assert ann.get("/api/solo-scores", params={"game": GAME}).json()["mine"] == []
