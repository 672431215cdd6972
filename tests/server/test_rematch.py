"""Rematch: at a finished table one player offers the same players (bots included) a new
table of the same game and options, seats rotated by one; it starts once every person has
accepted.  Each refusal is a 4xx with its code, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import create_engine, select

from navcomp.store.schema import notifications
from server.social_helpers import block, code_of, count_table, counts, play_out
from server_helpers import Player, new_game, running

pytestmark = pytest.mark.usefixtures("count_game")


def test_a_rematch_rotates_the_seats_and_starts_once_all_accepted(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        options = {"visibility": "unlisted", "spectators": False, "rated": True}
        table_id = count_table(ann, [ben], **options)
        early = ben.post(f"/api/tables/{table_id}/rematch")
        assert code_of(early) == (409, "not_over")
        play_out(table_id, [ann, ben])

        offered = ben.post(f"/api/tables/{table_id}/rematch")
        assert offered.status_code == 200, offered.text
        rematch = offered.json()
        assert rematch["status"] == "open" and rematch["game"] == "count-to-three"
        assert [(s["player"], s["pending"]) for s in rematch["seats"]] == [
            ("ben", False),
            ("ann", True),
        ]
        assert (rematch["rated"], rematch["visibility"], rematch["spectators"]) == (
            True,
            "unlisted",
            False,
        )
        again = ann.post(f"/api/tables/{table_id}/rematch")  # the same offer, not another
        assert again.json()["id"] == rematch["id"]
        assert ann.table(table_id)["table"]["rematch"] == rematch["id"]
        notice = ann.get("/api/notifications").json()[0]
        assert notice["kind"] == "rematch" and notice["table"] == table_id
        assert notice["about"] == {"by": "ben", "game": "count-to-three", "rematch": rematch["id"]}
        waiting = ben.post(f"/api/tables/{rematch['id']}/start")
        assert code_of(waiting) == (409, "rematch_pending")

        accepted = ann.post(f"/api/tables/{table_id}/rematch/accept")
        assert accepted.status_code == 200, accepted.text
        assert accepted.json()["status"] == "playing"
        twice = ann.post(f"/api/tables/{table_id}/rematch/accept")
        assert twice.json()["status"] == "playing" and twice.json()["id"] == rematch["id"]


def test_a_rematch_with_a_bot_seats_it_too_and_starts_at_once(database_url: str) -> None:
    with running(database_url, bot_seconds=0.01) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy"})
        resigned = ann.post(f"/api/tables/{table_id}/resign")  # two seats: the bot wins
        assert resigned.json()["status"] == "over", resigned.text
        rematch = ann.post(f"/api/tables/{table_id}/rematch").json()
        assert [(s["player"], s["bot"]) for s in rematch["seats"]] == [
            (None, "easy"),
            ("ann", None),
        ]
        assert rematch["status"] == "playing"  # nobody else to wait for
        assert rematch["game"] == "space-mission"


def test_a_decline_leaves_the_seat_open_and_the_offerer_s_closes_it(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = count_table(ann, [ben])
        play_out(table_id, [ann, ben])
        rematch_id = ann.post(f"/api/tables/{table_id}/rematch").json()["id"]
        stranger = cat.post(f"/api/tables/{table_id}/rematch/accept")
        assert code_of(stranger) == (409, "no_rematch")
        declined = ben.post(f"/api/tables/{table_id}/rematch/decline")
        assert declined.status_code == 200, declined.text
        assert [s["player"] for s in declined.json()["seats"]] == [None, "ann"]
        assert code_of(ben.post(f"/api/tables/{table_id}/rematch/accept")) == (409, "no_rematch")
        assert cat.post(f"/api/tables/{rematch_id}/join").status_code == 200
        assert ann.post(f"/api/tables/{rematch_id}/start").json()["status"] == "playing"

        # a second game: the one who offered takes the offer back, and may offer anew
        second = count_table(ann, [ben])
        play_out(second, [ann, ben])
        first_offer = ann.post(f"/api/tables/{second}/rematch").json()["id"]
        withdrawn = ann.post(f"/api/tables/{second}/rematch/decline")
        assert withdrawn.json() == {"id": first_offer, "status": "closed"}
        assert ann.table(second)["table"]["rematch"] is None
        renewed = ben.post(f"/api/tables/{second}/rematch").json()
        assert [(s["player"], s["pending"]) for s in renewed["seats"]] == [
            ("ben", False),
            ("ann", True),
        ]


def test_refusals_change_nothing(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = count_table(ann, [ben])
        play_out(table_id, [ann, ben])
        before = counts(database_url)
        refusals = [
            (client.post(f"/api/tables/{table_id}/rematch"), (401, "not_logged_in")),
            (cat.post(f"/api/tables/{table_id}/rematch"), (403, "not_seated")),
            (ann.post("/api/tables/999999/rematch"), (404, "table_not_found")),
            (ann.post(f"/api/tables/{table_id}/rematch/accept"), (409, "no_rematch")),
            (ben.post(f"/api/tables/{table_id}/rematch/decline"), (409, "no_rematch")),
            (ann.post("/api/tables/abc/rematch"), (404, "table_not_found")),
        ]
        for answer, expected in refusals:
            assert code_of(answer) == expected, answer.text
        assert counts(database_url) == before


def test_a_player_who_blocked_the_offerer_is_not_asked(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = count_table(ann, [ben])
        play_out(table_id, [ann, ben])
        block(database_url, ben, ann)
        rematch = ann.post(f"/api/tables/{table_id}/rematch").json()
        assert [s["player"] for s in rematch["seats"]] == [None, "ann"]
        assert not [n for n in ben.get("/api/notifications").json() if n["kind"] == "rematch"]
        assert code_of(ben.post(f"/api/tables/{table_id}/rematch/accept")) == (409, "no_rematch")


def test_a_deleted_account_is_left_out_of_the_rematch(database_url: str) -> None:
    """Its seat is open for a bot or another person, and it is sent no notice."""
    with running(database_url) as client:
        ann, ben, cat = Player(client, "ann"), Player(client, "ben"), Player(client, "cat")
        table_id = count_table(ann, [ben])
        play_out(table_id, [ann, ben])
        ben_id = ben.get("/api/session").json()["user"]["id"]
        gone = client.request(
            "DELETE", "/api/account", json={"password": "correct horse"}, headers=ben.headers
        )
        assert gone.status_code == 200, gone.text
        rematch = ann.post(f"/api/tables/{table_id}/rematch").json()
        assert [(s["player"], s["pending"]) for s in rematch["seats"]] == [
            (None, False),
            ("ann", False),
        ]
        assert _notices_of(database_url, ben_id) == []
        new_id = rematch["id"]
        seated = ann.put(f"/api/tables/{new_id}/seats/0/bot", {"level": "easy"})
        assert seated.status_code == 200, seated.text
        assert ann.post(f"/api/tables/{new_id}/start").status_code == 200
        assert ann.table(new_id)["table"]["status"] == "playing"
        other = ann.post(f"/api/tables/{table_id}/rematch")  # the same offer, now started
        assert other.json()["id"] == new_id
        assert cat.get(f"/api/tables/{new_id}").status_code == 200


def _notices_of(database_url: str, user_id: int) -> list[str]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                select(notifications.c.kind).where(notifications.c.user_id == user_id)
            )
            return [row.kind for row in rows]
    finally:
        engine.dispose()


def test_an_offer_or_an_accept_repeated_pushes_nothing(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = count_table(ann, [ben])
        play_out(table_id, [ann, ben])
        hub = client.app.state.server.hub  # type: ignore[attr-defined]
        pushed: list[int] = []
        publish = hub.publish_table

        def counted(changed: Any, *rest: Any) -> None:
            pushed.append(changed.id)
            publish(changed, *rest)

        monkeypatch.setattr(hub, "publish_table", counted)
        offered = ann.post(f"/api/tables/{table_id}/rematch").json()
        assert sorted(pushed) == sorted([table_id, offered["id"]])
        again = ann.post(f"/api/tables/{table_id}/rematch")
        assert again.status_code == 200 and again.json() == offered
        accepted = ben.post(f"/api/tables/{table_id}/rematch/accept")
        assert accepted.json()["status"] == "playing"
        assert len(pushed) == 4
        twice = ben.post(f"/api/tables/{table_id}/rematch/accept")
        assert twice.status_code == 200 and twice.json()["status"] == "playing"
        assert len(pushed) == 4
