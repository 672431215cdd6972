"""Profiles: games played and won, recent games, score averages and best solo scores,
computed from games really played (count to three); private profiles."""

from __future__ import annotations

from typing import Any

from server_helpers import Player, new_game, running

GAME = "count-to-three"


def refusal(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def _play(table_id: int, moves: list[tuple[Player, str]]) -> None:
    version = moves[0][0].table(table_id)["table"]["version"]
    for mover, action in moves:
        answer = mover.move(table_id, action, version)
        assert answer.status_code == 200, answer.text
        version += 1


def _rated(ann: Player, ben: Player) -> int:
    made = ann.post("/api/tables", {"game": GAME, "seats": 2, "rated": True})
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
    return table_id


def _games(ann: Player, ben: Player) -> dict[str, int]:
    """Six tables: ann wins, a tie, ben wins, one still running, ann's solo, ann resigns."""
    won = _rated(ann, ben)
    _play(won, [(ann, "count"), (ben, "stop"), (ann, "stop")])  # 1 to 0
    tie = new_game(ann, [ben], game=GAME)
    _play(tie, [(ann, "stop"), (ben, "stop")])  # 0 to 0: both first
    lost = new_game(ann, [ben], game=GAME)
    _play(lost, [(ann, "stop"), (ben, "count"), (ben, "count"), (ben, "count")])  # 0 to 3
    running_table = new_game(ann, [ben], game=GAME)
    _play(running_table, [(ann, "count"), (ben, "count"), (ann, "count")])
    solo = new_game(ann, [], game=GAME)
    _play(solo, [(ann, "count"), (ann, "count"), (ann, "count")])  # 3 alone
    resigned = new_game(ann, [ben], game=GAME)
    _play(resigned, [(ann, "count")])
    assert ann.post(f"/api/tables/{resigned}/resign").status_code == 200
    return {
        "won": won,
        "tie": tie,
        "lost": lost,
        "running": running_table,
        "solo": solo,
        "resigned": resigned,
    }


def test_a_profile_counts_the_games_that_are_over(database_url: str, count_game: object) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        tables = _games(ann, ben)
        profile = client.get("/api/players/ANN/profile")
        assert profile.status_code == 200, profile.text
        body = profile.json()
        assert body["player"] == "ann" and body["private"] is False
        [figures] = body["games"]
        assert figures["game"] == GAME
        # won 1-0 and the tie count as won; lost 0-3 and the resigned game count as played
        assert (figures["played"], figures["won"], figures["solo_played"]) == (4, 2, 1)
        # averages over the three games ann played to their end: 1, 0, 0 counted
        assert figures["averaged_games"] == 3
        assert figures["averages"] == {"counted": 0.3}
        assert [b["score"] for b in figures["best_solo"]] == [3]
        assert figures["best_solo"][0]["table"] == tables["solo"]
        recent = [(r["table"], r["outcome"], r["rank"], r["score"]) for r in body["recent"]]
        assert recent == [
            (tables["resigned"], "left", 2, None),
            (tables["solo"], "solo", 1, 3),
            (tables["lost"], "lost", 2, 0),
            (tables["tie"], "won", 1, 0),
            (tables["won"], "won", 1, 1),
        ]
        assert tables["running"] not in {r["table"] for r in body["recent"]}
        assert body["recent"][4]["rated"] is True and body["recent"][3]["rated"] is False
        assert body["recent"][0]["end"] == "forfeit"

        ben_figures = client.get("/api/players/ben/profile").json()["games"][0]
        assert (ben_figures["played"], ben_figures["won"], ben_figures["solo_played"]) == (4, 3, 0)
        assert ben_figures["averages"] == {"counted": 1.0}  # 0, 0 and 3
        assert ben_figures["best_solo"] == []


def test_a_private_profile_is_its_owner_s_alone(database_url: str, count_game: object) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        won = _rated(ann, ben)
        _play(won, [(ann, "count"), (ben, "stop"), (ann, "stop")])
        assert ann.get("/api/me/account").json()["profile_private"] is False
        bad = ann.put("/api/account/profile", {"private": "yes"})
        assert refusal(bad) == (422, "invalid_request")
        assert refusal(client.put("/api/account/profile", json={"private": True})) == (
            401,
            "not_logged_in",
        )
        assert client.get("/api/players/ann/profile").status_code == 200  # nothing changed

        chosen = ann.put("/api/account/profile", {"private": True})
        assert chosen.status_code == 200 and chosen.json() == {"private": True}
        assert ann.get("/api/me/account").json()["profile_private"] is True
        for path in ("/api/players/ann/profile", "/api/players/ann/ratings"):
            assert refusal(client.get(path)) == (403, "profile_private"), path
            assert refusal(ben.get(path)) == (403, "profile_private"), path
            assert ann.get(path).status_code == 200, path
        assert ann.get("/api/players/ann/profile").json()["private"] is True
        board = client.get(f"/api/ratings/{GAME}").json()["entries"]
        assert [e["player"] for e in board] == ["ann", "ben"]  # the leaderboard still names her
        assert ben.get("/api/players/ben/profile").status_code == 200

        assert ann.put("/api/account/profile", {"private": False}).status_code == 200
        shown = ben.get("/api/players/ann/profile")
        assert shown.status_code == 200 and shown.json()["games"][0]["won"] == 1
        assert refusal(client.get("/api/players/nobody/profile")) == (404, "user_not_found")


def _private_rated(ann: Player, ben: Player, private: dict[str, Any]) -> int:
    made = ann.post("/api/tables", {"game": GAME, "seats": 2, "rated": True, **private})
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    if private.get("visibility") == "invite":
        assert ann.post(f"/api/tables/{table_id}/invite", {"name": ben.name}).status_code == 200
    assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
    assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
    _play(table_id, [(ann, "count"), (ben, "stop"), (ann, "stop")])
    return table_id


def test_profiles_and_rating_histories_show_only_tables_the_viewer_may_see(
    database_url: str, count_game: object
) -> None:
    with running(database_url) as client:
        ann, ben, carl = Player(client, "ann"), Player(client, "ben"), Player(client, "carl")
        public = _rated(ann, ben)
        _play(public, [(ann, "count"), (ben, "stop"), (ann, "stop")])
        no_spectators = _private_rated(ann, ben, {"spectators": False})
        invite_only = _private_rated(ann, ben, {"visibility": "invite"})
        hidden = {no_spectators, invite_only}
        for table_id in hidden:  # what the profile would show, the table refuses
            assert carl.get(f"/api/tables/{table_id}").status_code == 403
            assert client.get(f"/api/tables/{table_id}").status_code == 403

        def shown(viewer: Player | None) -> tuple[set[int], set[int]]:
            get = client.get if viewer is None else viewer.get
            profile = get("/api/players/ann/profile")
            ratings = get("/api/players/ann/ratings")
            assert profile.status_code == ratings.status_code == 200, ratings.text
            recent = {row["table"] for row in profile.json()["recent"]}
            history = {p["table"] for r in ratings.json()["ratings"] for p in r["history"]}
            return recent, history

        for stranger in (carl, None):
            assert shown(stranger) == ({public}, {public})
        for player in (ann, ben):
            assert shown(player) == ({public, *hidden}, {public, *hidden})
        # the counts are ann's own, whoever looks
        games = client.get("/api/players/ann/profile").json()["games"]
        assert [g["played"] for g in games] == [3]
