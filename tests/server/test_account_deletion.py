"""The account is the player's own: deleting it (games stay, under "a former player"; the
name is free again after the hold period) and exporting all of its data."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import quote

from sqlalchemy import create_engine, func, select

from domain.test_clocks import FakeClock
from navcomp.domain.mail import MailKind
from navcomp.domain.model import MailSettings, OutboxMail
from navcomp.service.mail.render import Sending, letter
from navcomp.service.mail.tokens import Links
from navcomp.store import mail_settings as stored_mail_settings
from navcomp.store.schema import mail_outbox, mail_settings, notifications, sessions, users
from server.secrecy_helpers import Truth, check_log, check_no_secret_text
from server_helpers import Player, new_game, running

GAME = "count-to-three"
ANN = {"name": "ann", "password": "correct horse"}


def refusal(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def delete(player: Player, password: str | None) -> Any:
    body = {} if password is None else {"password": password}
    return player.client.request("DELETE", "/api/account", json=body, headers=player.headers)


def _play(table_id: int, moves: list[tuple[Player, str]]) -> None:
    version = moves[0][0].table(table_id)["table"]["version"]
    for mover, action in moves:
        assert mover.move(table_id, action, version).status_code == 200
        version += 1


def _rows(database_url: str, user_id: int) -> dict[str, int]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            return {
                table.name: conn.execute(
                    select(func.count()).select_from(table).where(table.c.user_id == user_id)
                ).scalar_one()
                for table in (sessions, mail_settings, mail_outbox, notifications)
            }
    finally:
        engine.dispose()


def _former_name(database_url: str, user_id: int) -> str:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            name: str = conn.execute(select(users.c.name).where(users.c.id == user_id)).scalar_one()
            return name
    finally:
        engine.dispose()


def test_a_deleted_account_leaves_its_games_to_a_former_player(
    database_url: str, count_game: object
) -> None:
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        ann_id = ann.get("/api/me").json()["id"]
        rated = ann.post("/api/tables", {"game": GAME, "seats": 2, "rated": True}).json()["id"]
        assert ben.post(f"/api/tables/{rated}/join").status_code == 200
        assert ann.post(f"/api/tables/{rated}/start").status_code == 200
        _play(rated, [(ann, "count"), (ben, "stop"), (ann, "stop")])
        playing = new_game(ann, [ben], game=GAME)
        _play(playing, [(ann, "count")])
        made = ann.post("/api/tables", {"game": GAME, "seats": 2}).json()["id"]  # open, hers
        cara = Player(client, "cara")
        assert ann.post("/api/friends", {"name": "ben"}).status_code == 200
        assert ben.post("/api/friends", {"name": "ann"}).status_code == 200
        assert ann.post(f"/api/tables/{playing}/chat", {"text": "hello"}).status_code == 201
        asked = ben.post("/api/tables", {"game": GAME, "seats": 2}).json()["id"]
        assert ann.post(f"/api/tables/{asked}/join").status_code == 200
        assert ann.post(f"/api/tables/{asked}/invite", {"name": "cara"}).status_code == 200
        assert ann.put("/api/me/email", {"address": "ann@example.com"}).status_code == 200
        second = client.post(
            "/api/accounts/login", json={"name": "ann", "password": "correct horse"}
        )
        other_session = {"Authorization": f"Bearer {second.json()['token']}"}
        client.cookies.clear()
        before = _rows(database_url, ann_id)
        assert before["sessions"] == 2 and before["mail_outbox"] == 1

        assert refusal(delete(ann, "wrong horse")) == (403, "wrong_password")
        assert refusal(delete(ann, None)) == (403, "wrong_password")
        assert refusal(client.request("DELETE", "/api/account", json={})) == (401, "not_logged_in")
        assert _rows(database_url, ann_id) == before  # nothing changed
        assert ann.get("/api/me").status_code == 200
        assert ann.table(playing)["table"]["status"] == "playing"

        deleted = delete(ann, "correct horse")
        assert deleted.status_code == 200, deleted.text
        assert _rows(database_url, ann_id) == {
            "sessions": 0,
            "mail_settings": 0,
            "mail_outbox": 0,
            "notifications": 0,
        }
        for headers in (ann.headers, other_session):
            assert refusal(client.get("/api/me", headers=headers)) == (401, "not_logged_in")
        login = client.post(
            "/api/accounts/login", json={"name": "ann", "password": "correct horse"}
        )
        assert refusal(login) == (401, "bad_credentials")

        former = _former_name(database_url, ann_id)
        assert former == f"former#{ann_id}"
        over = ben.table(rated)["table"]
        assert [s["player"] for s in over["seats"]] == [former, "ben"]
        left = ben.table(playing)["table"]  # she resigned: of two, ben wins
        assert (left["status"], left["end_reason"], left["result"]["winners"]) == (
            "over",
            "forfeit",
            [1],
        )
        assert left["seats"][0]["ended"] == "resigned"
        assert ben.get(f"/api/tables/{made}").status_code == 404  # her open table closed
        board = client.get(f"/api/ratings/{GAME}").json()["entries"]
        assert sorted(e["player"] for e in board) == sorted([former, "ben"])
        assert refusal(client.get("/api/players/ann/profile")) == (404, "user_not_found")
        assert refusal(client.get(f"/api/players/{quote(former)}/profile")) == (
            404,
            "user_not_found",
        )
        assert refusal(ben.post(f"/api/tables/{made}/invite", {"name": "ann"}))[0] == 404
        [invite] = cara.get("/api/notifications").json()
        assert invite["about"]["by"] == former and "ann" not in invite["text"]
        asked_seats = ben.table(asked)["table"]["seats"]  # she left ben's open table
        assert [s["player"] for s in asked_seats] == ["ben", None]
        assert ben.get("/api/friends").json()["friends"] == []
        said = ben.get(f"/api/tables/{playing}/chat").json()["messages"]
        assert [(m["author"], m["text"]) for m in said] == [(former, "hello")]
        ben_recent = client.get("/api/players/ben/profile").json()["recent"]
        assert {r["table"] for r in ben_recent} == {rated, playing}

        for name in ("ann", "ANN", "аnn"):  # the last with a Cyrillic а
            taken = client.post("/api/accounts/register", json={"name": name, "password": "x" * 8})
            assert refusal(taken) == (409, "name_taken"), name
        clock.advance(timedelta(days=29, hours=23).total_seconds())
        assert refusal(
            client.post("/api/accounts/register", json={"name": "Ann", "password": "x" * 8})
        ) == (409, "name_taken")
        clock.advance(timedelta(hours=2).total_seconds())
        again = Player(client, "Ann")  # a new account: the old games stay the former player's
        assert again.get("/api/me").json()["id"] != ann_id
        assert [s["player"] for s in ben.table(rated)["table"]["seats"]] == [former, "ben"]
        assert client.get("/api/players/ann/profile").json()["games"] == []


def test_a_guest_deletes_without_a_password_and_its_game_ends(
    database_url: str, count_game: object
) -> None:
    with running(database_url, sweep_seconds=0) as client:
        guest = Player(client)
        solo = new_game(guest, [], game=GAME)
        _play(solo, [(guest, "count")])
        watcher = Player(client, "wes")
        assert delete(guest, None).status_code == 200
        ended = watcher.table(solo)["table"]
        assert (ended["status"], ended["end_reason"]) == ("over", "left")
        assert ended["seats"][0]["player"].startswith("former#")
        assert refusal(client.get("/api/me", headers=guest.headers)) == (401, "not_logged_in")


def test_the_export_holds_one_s_data_and_no_one_else_s_secrets(
    database_url: str, count_game: object
) -> None:
    with running(database_url, sweep_seconds=0) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        finished = new_game(ann, [ben], game=GAME)
        _play(finished, [(ann, "count"), (ben, "stop"), (ann, "stop")])
        table_id = new_game(ann, [ben], game="space-mission")
        invited = ben.post("/api/tables", {"game": GAME, "seats": 2}).json()["id"]
        assert ben.post(f"/api/tables/{invited}/invite", {"name": "ann"}).status_code == 200
        cara = Player(client, "cara")
        for asker, asked in ((ann, "ben"), (ben, "ann"), (cara, "ann")):
            assert asker.post("/api/friends", {"name": asked}).status_code == 200
        said = ann.post(f"/api/tables/{table_id}/chat", {"text": "good luck"})
        assert said.status_code == 201, said.text
        assert ben.post(f"/api/tables/{table_id}/chat", {"text": "you too"}).status_code == 201
        assert refusal(client.get("/api/account/export")) == (401, "not_logged_in")
        answer = ann.get("/api/account/export")
        assert answer.status_code == 200, answer.text
        disposition = answer.headers["content-disposition"]
        assert disposition.startswith("attachment;") and ".json" in disposition
        data = answer.json()
        assert set(data) >= {
            "account",
            "mail",
            "ratings",
            "solo_scores",
            "games",
            "notices",
            "blocked",
            "friends",
            "chat",
        }
        assert data["friends"] == {"friends": ["ben"], "asked_me": ["cara"], "asked_by_me": []}
        assert [(m["table"], m["text"]) for m in data["chat"]] == [(table_id, "good luck")]
        assert data["account"]["name"] == "ann" and data["account"]["guest"] is False
        assert "password" not in str(data["account"])
        over, game = data["games"]
        assert over["table"]["id"] == finished and over["table"]["result"]["winners"] == [0]
        assert [line["text"] for line in over["log"]] == ["count", "stop", "stop"]
        assert "view" not in over
        assert (game["seat"], game["reads_as"], game["table"]["id"]) == (0, "seat", table_id)
        truth = Truth(database_url, table_id).refresh()
        check_no_secret_text(data, truth)
        state, _, _ = truth.at(game["table"]["version"])
        assert game["view"] == state.view(0)
        assert game["view"] != state.view(1)
        check_log({"version": game["table"]["version"], "entries": game["log"]}, 0, truth)
        assert {(n["kind"], n["table"]) for n in data["notices"]} >= {("invite", invited)}


def test_a_deleted_player_s_seat_among_others_goes_to_a_bot(database_url: str) -> None:
    with running(database_url, sweep_seconds=0, bot_seconds=0.01) as client:
        ann, ben, cara = Player(client, "ann"), Player(client, "ben"), Player(client, "cara")
        table_id = new_game(ann, [ben, cara], game="space-mission")
        assert delete(ann, "correct horse").status_code == 200
        table = ben.table(table_id)
        seats = table["table"]["seats"]
        assert table["table"]["status"] == "playing"
        assert (seats[0]["player"], seats[0]["bot"], seats[0]["ended"]) == (
            None,
            "medium",
            "resigned",
        )
        assert seats[0]["former"].startswith("former#")
        assert [s["player"] for s in seats[1:]] == ["ben", "cara"]
        assert table["seat"] == 1


def utcnow() -> datetime:
    return datetime.now(UTC)


def _reach_by_mail(database_url: str, name: str) -> None:
    engine = create_engine(database_url)
    try:
        with engine.begin() as conn:
            user_id = conn.execute(select(users.c.id).where(users.c.name == name)).scalar_one()
            address = f"{name}@example.com"
            stored_mail_settings.save(conn, user_id, MailSettings(address=address, verified=True))
    finally:
        engine.dispose()


def _waiting_mail(database_url: str) -> list[OutboxMail]:
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(mail_outbox).order_by(mail_outbox.c.id)).all()
    finally:
        engine.dispose()
    return [
        OutboxMail(r.id, r.user_id, MailKind(r.kind), r.address, r.language, r.about, 0)
        for r in rows
    ]


def test_others_notices_and_waiting_mail_name_a_former_player(
    database_url: str, count_game: object
) -> None:
    with running(database_url) as client:
        ann, ben, cara = Player(client, "ann"), Player(client, "ben"), Player(client, "cara")
        former = f"former#{ann.get('/api/me').json()['id']}"
        for name in ("ben", "cara"):
            _reach_by_mail(database_url, name)
        ended = new_game(ann, [ben], game=GAME)
        _play(ended, [(ann, "count"), (ben, "stop"), (ann, "stop")])  # game-over mail to ben
        assert ann.post(f"/api/tables/{ended}/rematch").status_code == 200  # ben is offered
        asked = ben.post("/api/tables", {"game": GAME, "seats": 2}).json()["id"]  # stays open
        assert ann.post(f"/api/tables/{asked}/join").status_code == 200
        assert ann.post(f"/api/tables/{asked}/invite", {"name": "cara"}).status_code == 200
        waiting = _waiting_mail(database_url)
        assert {(m.kind, m.address) for m in waiting} == {
            (MailKind.TURN, "ben@example.com"),
            (MailKind.OVER, "ben@example.com"),
            (MailKind.INVITE, "cara@example.com"),
        }
        assert all("ann" in json.dumps(m.about) for m in waiting)

        assert delete(ann, "correct horse").status_code == 200
        [offer] = [n for n in ben.get("/api/notifications").json() if n["kind"] == "rematch"]
        [invite] = cara.get("/api/notifications").json()
        for notice in (offer, invite):
            assert notice["about"]["by"] == former and "ann" not in notice["text"]
        waiting = _waiting_mail(database_url)
        assert len(waiting) == 3 and all("ann" not in json.dumps(m.about) for m in waiting)
        sending = Sending("https://navcomp.example", "navcomp@example.com", Links("k", utcnow))
        for mail in waiting:
            said = letter(mail, sending)
            words = " ".join([said.subject, *said.paragraphs, *(line for line, _ in said.lines)])
            assert "a former player" in words and "former#" not in words, words
