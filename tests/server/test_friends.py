"""Friends: a request by name, accepting it (asking back), parting, who is online; and
inviting a friend to a table.  Each refusal is a 4xx with its code, and changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from server.social_helpers import block, code_of, counts, delete
from server_helpers import Player, running


class Clock:
    """The server's clock (``Settings.now``), moved by the test."""

    def __init__(self) -> None:
        self.at = datetime(2026, 1, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


def names(listing: dict[str, Any]) -> dict[str, list[Any]]:
    return {
        "friends": [(f["name"], f["online"]) for f in listing["friends"]],
        "incoming": [r["name"] for r in listing["incoming"]],
        "outgoing": [r["name"] for r in listing["outgoing"]],
    }


def test_a_request_accepted_makes_friends_and_either_may_part(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        asked = ann.post("/api/friends", {"name": "BEN"})  # names are found in any case
        assert asked.status_code == 200, asked.text
        assert names(asked.json()) == {"friends": [], "incoming": [], "outgoing": ["ben"]}
        assert ann.post("/api/friends", {"name": "ben"}).json() == asked.json()  # idempotent
        assert names(ben.get("/api/friends").json())["incoming"] == ["ann"]
        accepted = ben.post("/api/friends", {"name": "ann"}).json()
        assert names(accepted) == {"friends": [("ann", True)], "incoming": [], "outgoing": []}
        assert names(ann.get("/api/friends").json())["friends"] == [("ben", True)]
        parted = delete(ben, "/api/friends/ann")
        assert parted.status_code == 200 and parted.json()["friends"] == []
        assert ann.get("/api/friends").json()["friends"] == []
        # a request declined is gone on both sides
        ann.post("/api/friends", {"name": "ben"})
        assert delete(ben, "/api/friends/ann").json()["incoming"] == []
        assert ann.get("/api/friends").json()["outgoing"] == []


def test_a_friend_is_online_while_active_and_offline_after_five_minutes(
    database_url: str,
) -> None:
    clock = Clock()
    with running(database_url, now=clock) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        ann.post("/api/friends", {"name": "ben"})
        ben.post("/api/friends", {"name": "ann"})
        clock.at += timedelta(minutes=4)
        assert names(ann.get("/api/friends").json())["friends"] == [("ben", True)]
        clock.at += timedelta(minutes=2)  # ben asked nothing for six minutes
        assert names(ann.get("/api/friends").json())["friends"] == [("ben", False)]
        # ben's next request is written, though this process wrote ben a minute ago only
        # by its own clock: the write is skipped for a minute of real time
        client.app.state.server.presence._written.clear()
        ben.get("/api/my/games")
        assert names(ann.get("/api/friends").json())["friends"] == [("ben", True)]


def test_refusals_change_nothing(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, guest = Player(client, "ann"), Player(client, "ben"), Player(client)
        block(database_url, ben, ann)
        before = counts(database_url)
        refusals = [
            (client.get("/api/friends"), (401, "not_logged_in")),
            (client.post("/api/friends", json={"name": "ben"}), (401, "not_logged_in")),
            (client.delete("/api/friends/ben"), (401, "not_logged_in")),
            (ann.post("/api/friends", {"name": "ann"}), (422, "cannot_befriend_self")),
            (ann.post("/api/friends", {"name": "ben"}), (403, "blocked")),
            (ann.post("/api/friends", {"name": guest.name}), (403, "needs_account")),
            (guest.post("/api/friends", {"name": "ann"}), (403, "needs_account")),
            (ann.post("/api/friends", {"name": "nobody"}), (404, "user_not_found")),
            (delete(ann, "/api/friends/ben"), (404, "not_friends")),
            (delete(ann, "/api/friends/nobody"), (404, "user_not_found")),
            (ann.post("/api/friends", {"name": 3}), (422, "invalid_request")),
            (ann.post("/api/friends", {}), (422, "invalid_request")),
            (ann.post("/api/friends", {"name": "x" * 101}), (422, "invalid_request")),
        ]
        for answer, expected in refusals:
            assert code_of(answer) == expected, answer.text
        assert counts(database_url) == before
        assert guest.get("/api/friends").json() == {"friends": [], "incoming": [], "outgoing": []}


def test_a_friend_is_invited_and_one_who_blocked_the_inviter_is_not(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        block(database_url, cat, ann)
        table_id = ann.post("/api/tables", {"game": "space-mission", "seats": 3}).json()["id"]
        before = counts(database_url)
        refused = ann.post(f"/api/tables/{table_id}/invite", {"name": "cat"})
        assert code_of(refused) == (403, "blocked")
        assert counts(database_url) == before
        assert ann.post(f"/api/tables/{table_id}/invite", {"name": "ben"}).status_code == 200
        invites = [n for n in ben.get("/api/notifications").json() if n["kind"] == "invite"]
        assert [n["table"] for n in invites] == [table_id]
