"""The lobby: create, list, join, leave, invite, seat bots, start; my games; notices."""

from __future__ import annotations

from server_helpers import Player, new_game, running


def test_create_list_join_start(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        made = ann.post(
            "/api/tables", {"game": "space-mission", "seats": 3, "options": {"hide_reserved": True}}
        )
        assert made.status_code == 201
        table = made.json()
        assert table["status"] == "open" and table["options"]["hide_reserved"] is True
        assert "seed" not in table
        assert [t["id"] for t in ben.get("/api/tables").json()] == [table["id"]]
        joined = ben.post(f"/api/tables/{table['id']}/join", {"seat": 2}).json()
        assert [s["player"] for s in joined["seats"]] == ["ann", None, "ben"]
        early = ann.post(f"/api/tables/{table['id']}/start")
        assert (early.status_code, early.json()["error"]["code"]) == (409, "seats_empty")
        assert (
            ann.put(f"/api/tables/{table['id']}/seats/1/bot", {"level": "easy"}).status_code == 200
        )
        not_creator = ben.post(f"/api/tables/{table['id']}/start")
        assert (not_creator.status_code, not_creator.json()["error"]["code"]) == (
            403,
            "not_creator",
        )
        started = ann.post(f"/api/tables/{table['id']}/start").json()
        assert started["status"] == "playing" and started["to_move"] in (0, 1, 2)
        assert ben.get("/api/tables").json() == []
        late = Player(client).post(f"/api/tables/{table['id']}/join")
        assert (late.status_code, late.json()["error"]["code"]) == (409, "table_not_open")


def test_bad_tables_are_refused(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        cases = [
            ({"game": "chess", "seats": 2}, "unknown_game"),
            ({"game": "space-mission", "seats": 6}, "invalid_table"),
            ({"game": "space-mission", "seats": 1}, "invalid_table"),
            ({"game": "space-mission", "seats": 2, "options": {"colour": 1}}, "invalid_table"),
            (
                {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "god"}]},
                "unknown_bot",
            ),
            (
                {"game": "space-mission", "seats": 2, "bots": [{"seat": 5, "level": "easy"}]},
                "invalid_seat",
            ),
            (
                {
                    "game": "space-mission",
                    "seats": 2,
                    "bots": [{"seat": 0, "level": "easy"}, {"seat": 1, "level": "easy"}],
                },
                "invalid_table",
            ),
            ({"game": "space-mission"}, "invalid_request"),
            ({"game": "space-mission", "seats": "two"}, "invalid_request"),
            ({"game": "space-mission", "seats": "2"}, "invalid_request"),
            ({"game": "space-mission", "seats": True}, "invalid_request"),
            (
                {"game": "space-mission", "seats": 2, "options": {"max_rounds": True}},
                "invalid_table",
            ),
        ]
        for body, code in cases:
            answer = ann.post("/api/tables", body)
            assert answer.status_code == 422, (body, answer.text)
            assert answer.json()["error"]["code"] == code, body
        assert ann.get("/api/tables").json() == []


def test_join_leave_and_seats(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        assert ann.post(f"/api/tables/{table_id}/join").json()["error"]["code"] == "already_seated"
        assert (
            ben.post(f"/api/tables/{table_id}/join", {"seat": 0}).json()["error"]["code"]
            == "seat_taken"
        )
        assert ben.post(f"/api/tables/{table_id}/join").status_code == 200
        assert cat.post(f"/api/tables/{table_id}/join").json()["error"]["code"] == "table_full"
        stranger_leaves = cat.post(f"/api/tables/{table_id}/leave")
        assert (stranger_leaves.status_code, stranger_leaves.json()["error"]["code"]) == (
            403,
            "not_seated",
        )  # the status docs/server.md gives the code, as for moves and invitations
        assert ben.post(f"/api/tables/{table_id}/leave").status_code == 200
        assert cat.post(f"/api/tables/{table_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table_id}/leave").json()["status"] == "closed"
        gone = cat.get(f"/api/tables/{table_id}")
        assert (gone.status_code, gone.json()["error"]["code"]) == (404, "table_not_found")
        assert ann.post("/api/tables/999/join").status_code == 404


def test_invites_reach_the_invitee(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        assert ann.post(f"/api/tables/{table_id}/invite", {"name": "nobody"}).status_code == 404
        outsider = Player(client, "olga").post(f"/api/tables/{table_id}/invite", {"name": "ben"})
        assert outsider.status_code == 403
        assert ann.post(f"/api/tables/{table_id}/invite", {"name": "ben"}).status_code == 200
        notices = ben.get("/api/notifications").json()
        assert len(notices) == 1 and "ann invites you" in notices[0]["text"]
        assert notices[0]["table"] == table_id and notices[0]["read"] is False
        assert ben.post("/api/notifications/read", {}).status_code == 200
        assert ben.get("/api/notifications", params={"unread": True}).json() == []


def test_my_games_put_my_turn_first(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        first = new_game(ann, [ben])
        second = new_game(ben, [ann])
        waiting = ann.post("/api/tables", {"game": "space-mission", "seats": 2}).json()["id"]
        mine = ann.get("/api/my/games").json()
        assert {t["id"] for t in mine} == {first, second, waiting}
        turns = [t["my_turn"] for t in mine]
        assert turns == sorted(turns, reverse=True), "tables where it is my turn come first"
        for t in mine:
            table = ann.table(t["id"])
            if t["status"] == "playing":
                assert t["my_turn"] == (table["table"]["to_move"] == t["my_seat"])
        assert mine[-1]["id"] == waiting
        turn_notices = [n for n in ann.get("/api/notifications").json() if "Your turn" in n["text"]]
        assert len(turn_notices) == sum(turns)
