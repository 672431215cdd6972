"""Each JSON shape is described once: every answer the API documents with a response model
has exactly that model's fields, in every object it nests (tests/server/shape_helpers.py).

The real app is driven through accounts, mail links, tables from open to over, moves,
the endings of a game on a clock, rematches, tutorials, ratings, profiles, friends,
chat and the export; each successful answer is held against the model of the route that
gave it (``route.response_model``), so a new route with a model is held too, and every
route so documented must have answered here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel

from domain.test_clocks import FakeClock
from navcomp.server.runtime import sweeper
from navcomp.service.mail import tokens
from navcomp.store import accounts
from server.shape_helpers import AnswerShapes, mismatches
from server.social_helpers import count_table, play_out
from server_helpers import Player, running, wait_for

pytestmark = pytest.mark.usefixtures("count_game")

PASSWORD = "correct horse"
LIVE = {"kind": "live", "minutes": 5, "increment": 0}


def ok(answer: Any, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    return answer.json()


class Run:
    """The client, its clock and the hook that holds each answer to its model."""

    def __init__(self, client: TestClient, clock: FakeClock) -> None:
        self.client, self.clock = client, clock
        self.server = client.app.state.server  # type: ignore[attr-defined]
        self.shapes = AnswerShapes(client.app)  # type: ignore[arg-type]
        client.event_hooks = {"request": [], "response": [self.shapes]}

    def sweep(self, seconds: float) -> None:
        self.clock.advance(seconds)
        self.client.portal.call(sweeper.sweep, self.server)  # type: ignore[union-attr]

    def person_to_move(self, players: list[Player], table_id: int) -> Player:
        def person() -> Player | None:
            table = players[0].table(table_id)["table"]
            seat = table["seats"][table["to_move"]]
            return next((p for p in players if p.name == seat["player"]), None)

        found: Player = wait_for(person)
        return found


@pytest.fixture
def run(database_url: str) -> Iterator[Run]:
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0, bot_seconds=0.01) as client:
        yield Run(client, clock)


def _sessions(run: Run) -> None:
    client = run.client
    ok(client.get("/api/session"))
    guest = Player(client)
    ok(guest.get("/api/session"))
    ok(guest.get("/api/me"))
    ok(guest.post("/api/accounts/upgrade", {"name": "gus", "password": PASSWORD}))
    ok(client.post("/api/accounts/login", json={"name": "gus", "password": PASSWORD}))
    client.cookies.clear()
    ok(Player(client).post("/api/accounts/logout"))
    leaving = Player(client)
    ok(client.request("DELETE", "/api/account", json={}, headers=leaving.headers))


def _mail(run: Run, dot: Player) -> None:
    client, address = run.client, "dot@example.com"
    dot_id = ok(dot.get("/api/me"))["id"]
    links = client.portal.call(run.server.mail.links)  # type: ignore[union-attr]
    ok(dot.get("/api/me/account"))
    ok(dot.put("/api/me/email", {"address": address}))
    ok(dot.post("/api/me/email/verify-again"))
    verify = links.make(tokens.VERIFY, [dot_id, address])
    ok(client.post("/api/mail/verify", json={"token": verify}))
    ok(dot.post("/api/me/email/test"))
    choice = {"turn": "every", "digest_hours": 24, "invites": True, "time_low": True}
    ok(dot.put("/api/me/mail", {**choice, "game_over": True, "language": "en"}))
    unsubscribe = links.make(tokens.UNSUBSCRIBE, [dot_id, "invites"])
    ok(client.post(f"/api/mail/unsubscribe/{unsubscribe}"))
    ok(dot.put("/api/me/webhook", {"url": None}))
    ok(dot.post("/api/me/webhook/test"))
    ok(dot.post("/api/me/password", {"current": PASSWORD, "new": "battery staple"}))
    ok(client.post("/api/accounts/password-reset", json={"address": address}), 202)
    hashed = client.portal.call(  # type: ignore[union-attr]
        run.server.read, lambda c: accounts.password_hash(c, dot_id)
    )
    reset = links.make(tokens.RESET, [dot_id, tokens.fingerprint(hashed)])
    confirm = {"token": reset, "password": PASSWORD}
    ok(client.post("/api/accounts/password-reset/confirm", json=confirm))


def _lobby(run: Run, ann: Player, ben: Player, cid: Player) -> int:
    """A table of three on a clock, through its lobby; its id."""
    ok(run.client.get("/api/games"))
    body = {"game": "space-mission", "seats": 3, "pace": LIVE}
    table_id = ok(ann.post("/api/tables", body), 201)["id"]
    ok(run.client.get("/api/tables"))
    ok(run.client.get(f"/api/tables/{table_id}"))
    for other in (ben, cid):
        ok(other.post(f"/api/tables/{table_id}/join"))
    ok(cid.post(f"/api/tables/{table_id}/leave"))
    ok(ann.post(f"/api/tables/{table_id}/invite", {"name": cid.name}))
    ok(cid.post(f"/api/tables/{table_id}/join", {"seat": 2}))
    ok(ann.post(f"/api/tables/{table_id}/start"))
    ok(run.client.get("/api/watch"))
    closing = ok(cid.post("/api/tables", {"game": "space-mission", "seats": 2}), 201)["id"]
    ok(cid.put(f"/api/tables/{closing}/seats/1/bot", {"level": "easy"}))
    assert ok(cid.post(f"/api/tables/{closing}/leave"))["status"] == "closed"
    return table_id


def _chat(run: Run, table_id: int, ann: Player, ben: Player, cid: Player) -> None:
    ok(ann.post(f"/api/tables/{table_id}/chat", {"text": "good luck"}), 201)
    ok(ben.get(f"/api/tables/{table_id}/chat"))
    ok(ann.post(f"/api/tables/{table_id}/mutes/{ben.name}"))
    ok(ann.client.delete(f"/api/tables/{table_id}/mutes/{ben.name}", headers=ann.headers))
    said = ok(ann.post("/api/lobby/chat", {"text": "hello"}), 201)
    ok(run.client.get("/api/lobby/chat"))
    ok(cid.post(f"/api/chat/{said['id']}/report", {"reason": "spam"}))
    ok(cid.post("/api/blocks", {"name": ben.name}))
    ok(cid.get("/api/blocks"))
    ok(cid.client.delete(f"/api/blocks/{ben.name}", headers=cid.headers))


def _endings(run: Run, table_id: int, players: list[Player]) -> None:
    """A game of three on a clock: more time, a bot in the late seat, a resignation and
    a vote to abort."""
    mover = run.person_to_move(players, table_id)
    others = [p for p in players if p is not mover]
    ok(mover.get(f"/api/tables/{table_id}"))
    run.sweep(300)
    ok(others[0].post(f"/api/tables/{table_id}/extra-time"))
    run.sweep(60)
    ok(others[0].post(f"/api/tables/{table_id}/hand-to-bot"))
    ok(others[1].post(f"/api/tables/{table_id}/abort-vote"))
    ok(others[1].post(f"/api/tables/{table_id}/resign"))
    ok(run.client.get(f"/api/tables/{table_id}/events"))
    ok(run.client.get(f"/api/tables/{table_id}/log"))


def _duel(run: Run, ann: Player, ben: Player) -> None:
    """A rated game of two on a clock: a move, its undo, a claim on time; its replay, and
    a rematch offered and accepted."""
    table_id = count_table(ann, [ben], pace=LIVE, rated=True)
    first = run.person_to_move([ann, ben], table_id)
    second = ben if first is ann else ann
    version = ok(first.move(table_id, "stop", first.table(table_id)["table"]["version"]))["version"]
    version = ok(second.move(table_id, "count", version))["version"]  # still its turn
    ok(second.post(f"/api/tables/{table_id}/undo", {"expected_version": version}))
    run.sweep(300)
    assert ok(first.post(f"/api/tables/{table_id}/claim"))["status"] == "over"
    ok(ann.get(f"/api/tables/{table_id}/replay"))
    ok(ann.post(f"/api/tables/{table_id}/rematch"))
    ok(ben.post(f"/api/tables/{table_id}/rematch/accept"))


def _played(run: Run, ann: Player, cid: Player) -> None:
    """A game played to its end, its rematch declined; a solo game; a table left open."""
    table_id = count_table(ann, [cid])
    play_out(table_id, [ann, cid])
    ok(ann.post(f"/api/tables/{table_id}/rematch"))
    ok(cid.post(f"/api/tables/{table_id}/rematch/decline"))
    solo = count_table(ann, [])
    play_out(solo, [ann])
    ok(run.client.get("/api/solo-scores", params={"game": "count-to-three"}))
    ok(ann.get("/api/solo-scores", params={"game": "count-to-three"}))
    ok(ann.post("/api/tables", {"game": "count-to-three", "seats": 2}), 201)


def _tutorials(run: Run, ann: Player) -> None:
    name = ok(run.client.get("/api/tutorials"))[0]["name"]
    ok(run.client.get(f"/api/tutorials/{name}"))
    ok(ann.post(f"/api/tutorials/{name}/tables"), 201)
    ok(ann.get(f"/api/tutorials/{name}"))


def _people(run: Run, ann: Player, ben: Player, cid: Player) -> None:
    """Friends, notices, ratings, profiles, my games and the export."""
    ok(ann.post("/api/friends", {"name": ben.name}))
    ok(ben.get("/api/friends"))
    ok(ben.post("/api/friends", {"name": ann.name}))
    ok(ann.post("/api/friends", {"name": cid.name}))
    ok(ann.client.delete(f"/api/friends/{cid.name}", headers=ann.headers))
    ok(ann.get("/api/notifications"))
    ok(ann.post("/api/notifications/read", {}))
    ok(run.client.get("/api/ratings/count-to-three"))
    ok(run.client.get(f"/api/players/{ann.name}/ratings"))
    ok(run.client.get(f"/api/players/{ann.name}/profile"))
    ok(ann.put("/api/account/profile", {"private": False}))
    ok(ann.get("/api/my/games"))
    ok(ann.get("/api/account/export"))


def test_every_answer_has_its_models_fields_and_no_others(run: Run) -> None:
    client = run.client
    ann, ben, cid = (Player(client, name) for name in ("ann", "ben", "cid"))
    _sessions(run)
    _mail(run, Player(client, "dot"))
    table_id = _lobby(run, ann, ben, cid)
    _chat(run, table_id, ann, ben, cid)
    _endings(run, table_id, [ann, ben, cid])
    _duel(run, ann, ben)
    _played(run, ann, cid)
    _tutorials(run, ann)
    _people(run, ann, ben, cid)
    assert run.shapes.problems == [], "\n".join(run.shapes.problems)
    assert run.shapes.documented() - run.shapes.answered == set()


def _referred(node: Any, schemas: dict[str, Any], found: set[str]) -> set[str]:
    """The names of the component schemas ``node`` refers to, at any depth."""
    if isinstance(node, dict):
        ref = node.get("$ref", "")
        name = ref.rsplit("/", 1)[-1]
        if ref and name not in found:
            found.add(name)
            _referred(schemas[name], schemas, found)
        for value in node.values():
            _referred(value, schemas, found)
    elif isinstance(node, list):
        for value in node:
            _referred(value, schemas, found)
    return found


def test_the_openapi_document_builds_and_its_answers_name_every_field(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        app: FastAPI = client.app  # type: ignore[assignment]
        document = app.openapi()
        documented = AnswerShapes(app).documented()
    paths, schemas = document["paths"], document["components"]["schemas"]
    assert {(m, path) for m, path in documented if m.lower() not in paths.get(path, {})} == set()
    answers = [operation["responses"] for ops in paths.values() for operation in ops.values()]
    named = _referred(answers, schemas, set())  # of every answer, successes and refusals
    assert {"Table", "ErrorBody", "Export", "LegalAction", "LivePace"} <= named
    objects = [schemas[name] for name in sorted(named) if schemas[name].get("type") == "object"]
    assert [s["title"] for s in objects if s.get("additionalProperties") is not False] == []


class _Inner(BaseModel):
    a: int
    b: int | None = None


class _Outer(BaseModel):
    items: list[_Inner]
    either: _Inner | None


def test_the_measure_finds_a_field_too_many_or_missing_at_any_depth() -> None:
    good = {"items": [{"a": 1, "b": None}], "either": None}
    assert mismatches(good, _Outer, "answer") == []
    assert mismatches({"items": [{"a": 1}], "either": None}, _Outer, "answer", partial=True) == []
    assert mismatches({"items": [{"a": 1}], "either": None}, _Outer, "answer") == [
        "answer.items[0].b: missing (_Inner)"
    ]
    extra = {"items": [], "either": {"a": 1, "b": 2, "c": 3}}
    assert mismatches(extra, _Outer, "answer") == ["answer.either.c: not a field of _Inner"]
    reordered = {"either": None, "items": []}
    assert mismatches(reordered, _Outer, "answer") == [
        "answer: keys ['either', 'items'] not in _Outer's order"
    ]
