"""One account cannot fill the lobby or flood a person with invitations, on both databases:
open tables per account are capped, table creation and invitations are throttled per
account (and per invitee), and the lobby lists a few tables of each creator."""

from __future__ import annotations

from typing import Any

from server_helpers import Player, running

TABLE = {"game": "space-mission", "seats": 2}


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    if status == 429:
        assert int(answer.headers["Retry-After"]) > 0


def test_one_guest_cannot_fill_the_lobby(database_url: str) -> None:
    with running(database_url) as client:  # the default limits
        ann = Player(client, "ann")
        first = ann.post("/api/tables", TABLE).json()["id"]
        mallory = Player(client)  # a guest
        answers = [mallory.post("/api/tables", TABLE) for _ in range(120)]
        made = [a.json()["id"] for a in answers if a.status_code == 201]
        assert 1 <= len(made) <= 3
        refused(answers[len(made)], 409, "too_many_open_tables")
        refused(answers[-1], 429, "too_many_tables")  # and it stops asking the database
        listed = [t["id"] for t in ann.get("/api/tables").json()]
        assert sorted(listed) == sorted([first, *made])


def test_open_tables_per_account_are_capped_until_one_starts_or_closes(database_url: str) -> None:
    with running(database_url, open_tables_per_account=2) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        waiting = [ann.post("/api/tables", TABLE).json()["id"] for _ in range(2)]
        refused(ann.post("/api/tables", TABLE), 409, "too_many_open_tables")
        assert sorted(t["id"] for t in ben.get("/api/tables").json()) == sorted(waiting)
        assert ben.post("/api/tables", TABLE).status_code == 201  # another account's count
        assert ann.post(f"/api/tables/{waiting[0]}/leave").status_code == 200  # closes it
        assert ann.post("/api/tables", TABLE).status_code == 201
        refused(ann.post("/api/tables", TABLE), 409, "too_many_open_tables")
        assert ben.post(f"/api/tables/{waiting[1]}/join").status_code == 200
        assert ann.post(f"/api/tables/{waiting[1]}/start").status_code == 200
        assert ann.post("/api/tables", TABLE).status_code == 201  # a started game is not open


def test_table_creation_is_throttled_per_account(database_url: str) -> None:
    with running(database_url, open_tables_per_account=0, tables_per_account=4) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        for _ in range(4):
            assert ann.post("/api/tables", TABLE).status_code == 201
        refused(ann.post("/api/tables", TABLE), 429, "too_many_tables")
        assert len(ann.get("/api/my/games").json()) == 4  # the refusal made nothing
        assert ben.post("/api/tables", TABLE).status_code == 201


def invitations(player: Player) -> int:
    return sum(n["kind"] == "invite" for n in player.get("/api/notifications").json())


def test_invitations_are_throttled_per_invitee(database_url: str) -> None:
    with running(database_url, invitations_per_invitee=2) as client:
        ann, carl, bob = Player(client, "ann"), Player(client, "carl"), Player(client, "bob")
        tables = [ann.post("/api/tables", TABLE).json()["id"] for _ in range(3)]
        for table_id in tables[:2]:
            assert ann.post(f"/api/tables/{table_id}/invite", {"name": "bob"}).status_code == 200
        refused(
            ann.post(f"/api/tables/{tables[2]}/invite", {"name": "Bob"}),
            429,
            "too_many_invitations",
        )
        theirs = carl.post("/api/tables", TABLE).json()["id"]
        refused(
            carl.post(f"/api/tables/{theirs}/invite", {"name": "bob"}), 429, "too_many_invitations"
        )
        assert invitations(bob) == 2
        assert ann.post(f"/api/tables/{tables[2]}/invite", {"name": "carl"}).status_code == 200


def test_refused_invitations_spend_nothing_of_the_invitees_budget(database_url: str) -> None:
    with running(database_url, invitations_per_account=0, invitations_per_invitee=2) as client:
        ann, bob, mallory = Player(client, "ann"), Player(client, "bob"), Player(client)
        anns = ann.post("/api/tables", TABLE).json()["id"]
        theirs = mallory.post("/api/tables", TABLE).json()["id"]
        for _ in range(5):
            refused(
                mallory.post("/api/tables/99999/invite", {"name": "bob"}), 404, "table_not_found"
            )
            refused(mallory.post(f"/api/tables/{anns}/invite", {"name": "bob"}), 403, "not_seated")
            refused(
                mallory.post(f"/api/tables/{theirs}/invite", {"name": mallory.name}),
                409,
                "already_seated",
            )
        assert mallory.post(f"/api/tables/{theirs}/invite", {"name": "bob"}).status_code == 200
        for _ in range(5):  # already invited: nothing new is written
            assert mallory.post(f"/api/tables/{theirs}/invite", {"name": "bob"}).status_code == 200
        assert bob.post("/api/blocks", {"name": mallory.name}).status_code in (200, 201)
        for _ in range(5):
            refused(mallory.post(f"/api/tables/{theirs}/invite", {"name": "bob"}), 403, "blocked")
        assert ann.post(f"/api/tables/{anns}/invite", {"name": "bob"}).status_code == 200
        assert invitations(bob) == 2


def test_invitations_are_throttled_per_inviter_and_invitee(database_url: str) -> None:
    with running(database_url, invitations_per_pair=2) as client:
        ann, carl, bob = Player(client, "ann"), Player(client, "carl"), Player(client, "bob")
        tables = [ann.post("/api/tables", TABLE).json()["id"] for _ in range(3)]
        for table_id in tables[:2]:
            assert ann.post(f"/api/tables/{table_id}/invite", {"name": "bob"}).status_code == 200
        refused(
            ann.post(f"/api/tables/{tables[2]}/invite", {"name": "bob"}),
            429,
            "too_many_invitations",
        )
        theirs = carl.post("/api/tables", TABLE).json()["id"]
        assert carl.post(f"/api/tables/{theirs}/invite", {"name": "bob"}).status_code == 200
        assert invitations(bob) == 3


def test_invitations_are_throttled_per_account(database_url: str) -> None:
    with running(database_url, invitations_per_account=3) as client:
        ann = Player(client)  # a guest
        invitees = [Player(client, name) for name in ("bob", "carl", "dora", "emil")]
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 5}).json()["id"]
        for invitee in invitees[:3]:
            invited = ann.post(f"/api/tables/{table_id}/invite", {"name": invitee.name})
            assert invited.status_code == 200, invited.text
        refused(
            ann.post(f"/api/tables/{table_id}/invite", {"name": "emil"}),
            429,
            "too_many_invitations",
        )
        assert invitations(invitees[3]) == 0


def test_the_lobby_lists_a_few_tables_of_each_creator(database_url: str) -> None:
    with running(database_url, open_tables_per_account=0, tables_per_account=0) as client:
        ann, mallory = Player(client, "ann"), Player(client)
        first = ann.post("/api/tables", TABLE).json()["id"]
        for _ in range(105):
            assert mallory.post("/api/tables", TABLE).status_code == 201
        listed = ann.get("/api/tables").json()
        assert first in [t["id"] for t in listed]
        by_mallory = [t for t in listed if t["seats"][t["creator_seat"]]["player"] == mallory.name]
        assert len(by_mallory) == 3
        newest_first = sorted((t["id"] for t in by_mallory), reverse=True)
        assert [t["id"] for t in listed] == [first, *newest_first]  # registered, then guests
