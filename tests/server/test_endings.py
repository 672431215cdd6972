"""When time runs out or a player leaves: more time, a bot in the seat, a claim, a
resignation, an abort vote, a stalled or abandoned game; and the refusals that change
nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from domain.test_clocks import FakeClock
from navcomp.server.app import create_app
from navcomp.server.runtime import dispatch, sweeper
from navcomp.server.runtime.bot_runner import think
from navcomp.server.runtime.context import Settings
from navcomp.service.bot_jobs import BotJob
from server.secrecy_helpers import receive
from server.webhook_helpers import HookServer
from server_helpers import PER_ADDRESS_OFF, Player, new_game, running, wait_for

LIVE = {"kind": "live", "minutes": 5, "increment": 0}
DAY = 86400


class Table:
    """A test table on an injected clock: its players and the sweeper at hand."""

    def __init__(self, client: TestClient, clock: FakeClock, players: list[Player]) -> None:
        self.client, self.clock, self.players = client, clock, players
        self.id = 0

    def create(self, pace: dict[str, Any], bots: dict[int, str] | None = None) -> Table:
        owner, others = self.players[0], self.players[1:]
        self.id = new_game(owner, others, bots=bots, options=None) if not pace else 0
        if pace:
            seats = len(self.players) + len(bots or {})
            body = {
                "seats": seats,
                "pace": pace,
                "bots": [{"seat": s, "level": v} for s, v in (bots or {}).items()],
            }
            made = owner.post("/api/tables", body)
            assert made.status_code == 201, made.text
            self.id = made.json()["id"]
            for other in others:
                assert other.post(f"/api/tables/{self.id}/join").status_code == 200
            assert owner.post(f"/api/tables/{self.id}/start").status_code == 200
        return self

    def sweep(self, seconds: float) -> int:
        self.clock.advance(seconds)
        server = self.client.app.state.server  # type: ignore[attr-defined]
        done: int = self.client.portal.call(sweeper.sweep, server)  # type: ignore[union-attr]
        return done

    def state(self) -> dict[str, Any]:
        table: dict[str, Any] = self.players[0].table(self.id)["table"]
        return table

    def mover(self) -> Player:
        state = self.state()
        return self.by_name(state["seats"][state["to_move"]]["player"])

    def others(self) -> list[Player]:
        mover = self.mover()
        return [p for p in self.players if p is not mover]

    def by_name(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def post(self, player: Player, what: str) -> Any:
        return player.post(f"/api/tables/{self.id}/{what}")

    def wait_person_to_move(self) -> dict[str, Any]:
        def person() -> dict[str, Any] | None:
            state = self.state()
            on = state["to_move"]
            return state if on is not None and state["seats"][on]["player"] else None

        found: dict[str, Any] = wait_for(person)
        return found


@contextmanager
def table_of(database_url: str, people: int) -> Iterator[Table]:
    clock = FakeClock()
    with running(database_url, now=clock, sweep_seconds=0) as client:
        players = [Player(client) for i in range(people)]
        yield Table(client, clock, players)


def _unchanged(state: dict[str, Any]) -> dict[str, Any]:
    return {**state, "clock": {**state["clock"], "now": None}}


def _refused(table: Table, player: Player, what: str, status: int, code: str) -> None:
    before = _unchanged(table.state())
    answer = table.post(player, what)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    assert _unchanged(table.state()) == before


def test_more_time_once_a_turn_then_a_bot_and_refusals(database_url: str) -> None:
    with table_of(database_url, 3) as table:
        table.create(LIVE)
        outsider = Player(table.client)
        mover, other = table.mover(), table.others()[0]
        _refused(table, other, "extra-time", 409, "time_not_up")
        _refused(table, other, "claim", 409, "time_not_up")
        _refused(table, other, "hand-to-bot", 409, "time_not_up")
        assert table.sweep(300) == 1
        _refused(table, outsider, "extra-time", 403, "not_seated")
        _refused(table, outsider, "hand-to-bot", 403, "not_seated")
        _refused(table, outsider, "abort-vote", 403, "not_seated")
        _refused(table, mover, "extra-time", 403, "own_time")
        _refused(table, other, "claim", 409, "claim_two_only")
        given = table.post(other, "extra-time")
        assert given.status_code == 200, given.text
        assert given.json()["clock"]["stage"] == "running" and given.json()["clock"]["extra"]
        assert table.sweep(59) == 0
        assert table.sweep(1) == 1  # the extra minute is up too
        _refused(table, other, "extra-time", 409, "extra_time_used")
        handed = table.post(other, "hand-to-bot")
        assert handed.status_code == 200, handed.text
        seat = next(s for s in handed.json()["seats"] if s["former"] == mover.name)
        assert seat["bot"] == "medium" and seat["ended"] == "timed_out"
        assert mover.post(f"/api/tables/{table.id}/join").json()["error"]["code"] == (
            "table_not_open"
        )
        _refused(table, mover, "resign", 403, "not_seated")
        kinds = [e["kind"] for e in other.get(f"/api/tables/{table.id}/events").json()]
        assert kinds == ["time_up", "extra_time", "time_up", "taken_over"]


def test_in_a_game_of_two_the_other_claims_it_on_time(database_url: str) -> None:
    with table_of(database_url, 2) as table:
        table.create(LIVE)
        mover, other = table.mover(), table.others()[0]
        late_seat = table.state()["to_move"]
        assert table.sweep(300) == 1
        claimed = table.post(other, "claim")
        assert claimed.status_code == 200, claimed.text
        over = claimed.json()
        assert over["status"] == "over" and over["end_reason"] == "forfeit"
        assert over["result"]["winners"] == [1 - late_seat]
        ends = over["result"]["seat_ends"]
        assert ends[late_seat] == "timed_out" and ends[1 - late_seat] == "played"
        _refused(table, mover, "resign", 409, "not_playing")


def test_a_resignation_in_a_game_of_two_ends_it(database_url: str) -> None:
    with table_of(database_url, 2) as table:
        table.create(LIVE)
        quitter = table.players[1]
        resigned = table.post(quitter, "resign")
        assert resigned.status_code == 200, resigned.text
        over = resigned.json()
        assert over["status"] == "over" and over["end_reason"] == "forfeit"
        assert over["result"] == {
            "end": "forfeit",
            "winners": [0],
            "seat_ends": ["played", "resigned"],
        }
        notices = table.players[0].get("/api/notifications").json()
        assert any(n["kind"] == "over" and n["table"] == table.id for n in notices)


def test_a_resignation_in_a_game_of_four_hands_the_seat_to_a_bot(database_url: str) -> None:
    with table_of(database_url, 4) as table:
        table.create({"kind": "turn", "hours": 24, "bank_days": 1})
        quitter = table.players[2]
        resigned = table.post(quitter, "resign")
        assert resigned.status_code == 200, resigned.text
        state = resigned.json()
        assert state["status"] == "playing"
        assert state["seats"][2] == {
            "seat": 2,
            "player": None,
            "bot": "medium",
            "ended": "resigned",
            "former": quitter.name,
            "pending": False,
        }
        # the game goes on with the bot in the seat: the others play round it
        for _ in range(6):
            state = table.wait_person_to_move()
            mover = table.by_name(state["seats"][state["to_move"]]["player"])
            legal = mover.table(table.id)["legal"]
            choice = next((a for a in legal if not a["text"].startswith("discard")), legal[0])
            assert mover.move(table.id, choice["text"], state["version"]).status_code == 200
        assert table.state()["status"] == "playing"


def test_an_abort_vote_ends_the_game_without_a_result_once_all_agree(database_url: str) -> None:
    with table_of(database_url, 3) as table:
        table.create(LIVE, bots={3: "easy"})
        first, second, third = table.players
        voted = table.post(first, "abort-vote").json()
        assert voted["clock"]["votes"] == [0] and voted["status"] == "playing"
        again = table.post(first, "abort-vote").json()
        assert again["clock"]["votes"] == [0]
        assert table.post(second, "resign").status_code == 200  # leaves: a bot plays on
        over = table.post(third, "abort-vote").json()
        assert over["status"] == "over" and over["end_reason"] == "aborted"
        assert over["result"]["winners"] == [] and over["result"]["end"] == "aborted"
        assert over["result"]["seat_ends"] == ["played", "resigned", "played", "played"]


def test_a_stalled_game_goes_to_a_bot_or_is_abandoned(database_url: str) -> None:
    with table_of(database_url, 2) as table:
        table.create({"kind": "none", "stall_days": 2})
        silent, other = table.mover(), table.others()[0]
        assert table.sweep(2 * DAY - 1) == 0
        assert table.sweep(1) == 1
        assert table.state()["clock"]["stage"] == "stalled"
        _refused(table, other, "extra-time", 409, "time_not_up")
        _refused(table, other, "claim", 409, "time_not_up")
        handed = table.post(other, "hand-to-bot").json()
        seat = next(s for s in handed["seats"] if s["former"] == silent.name)
        assert seat["ended"] == "taken_over"
        # over, so that its next stall (once the bot has moved) is not swept below
        assert table.post(other, "resign").json()["status"] == "over"
    with table_of(database_url, 2) as table:
        table.create({"kind": "none", "stall_days": 2})
        assert table.sweep(2 * DAY) == 1
        assert table.sweep(2 * DAY) == 1  # nobody chose: nobody is active
        over = table.state()
        assert over["status"] == "over" and over["end_reason"] == "abandoned"


def test_a_pace_out_of_range_is_refused_and_no_table_made(database_url: str) -> None:
    with table_of(database_url, 1) as table:
        owner = table.players[0]
        for pace in ({"kind": "live", "minutes": 500}, {"kind": "slow"}, {"kind": "turn", "x": 1}):
            answer = owner.post("/api/tables", {"seats": 2, "pace": pace})
            assert answer.status_code == 422, answer.text
            assert answer.json()["error"]["code"] == "invalid_pace"
        assert owner.get("/api/my/games").json() == []


def test_a_process_that_kept_the_game_sees_the_seat_taken_over(sqlite_url: str) -> None:
    """Two apps on one database: the one that kept the game from the moves refuses the
    former player's move once the other has handed the seat to a bot (the move meets the
    change, and is tried again from the database)."""
    with running(sqlite_url) as here, running(sqlite_url, sweep_seconds=0) as there:
        players = [Player(here) for _ in range(3)]
        table_id = new_game(players[0], players[1:])
        state = players[0].table(table_id)["table"]
        first = next(p for p in players if p.name == state["seats"][state["to_move"]]["player"])
        opening = first.table(table_id)["legal"][0]["text"]
        state = first.move(table_id, opening, state["version"]).json()["table"]  # kept here
        mover = next(p for p in players if p.name == state["seats"][state["to_move"]]["player"])
        legal = mover.table(table_id)["legal"]
        elsewhere = Player.__new__(Player)
        elsewhere.__dict__.update(mover.__dict__, client=there)
        assert elsewhere.post(f"/api/tables/{table_id}/resign").status_code == 200
        refused = mover.move(table_id, legal[0]["text"], state["version"])
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_seated"
        assert mover.table(table_id)["table"]["version"] == state["version"]


def test_a_bot_that_thought_through_a_vote_still_moves(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A change besides moves while a bot thinks (here a vote to abort, in another process)
    leaves the game as it was: the bot's move still counts."""
    jobs: list[BotJob] = []
    monkeypatch.setattr(dispatch, "_think", lambda _server, job: jobs.append(job))
    with running(sqlite_url) as client, running(sqlite_url, sweep_seconds=0) as there:
        server = client.app.state.server  # type: ignore[attr-defined]
        ann, ben = Player(client), Player(client)
        table_id = new_game(ann, [ben], bots={2: "easy"})
        while not jobs:
            state = ann.table(table_id)["table"]
            mover = ann if state["seats"][state["to_move"]]["player"] == ann.name else ben
            legal = mover.table(table_id)["legal"]
            choice = next((a for a in legal if not a["text"].startswith("discard")), legal[0])
            assert mover.move(table_id, choice["text"], state["version"]).status_code == 200
        job = jobs[-1]
        vote = there.post(f"/api/tables/{table_id}/abort-vote", headers=ann.headers)
        assert vote.status_code == 200
        action = think(job, 0.01)
        client.portal.call(dispatch.play_bot, server, job, action)  # type: ignore[union-attr]
        assert ann.table(table_id)["table"]["version"] == job.version + 1


def test_the_others_hear_of_a_time_out_by_their_webhook(sqlite_url: str) -> None:
    clock = FakeClock()
    settings = Settings(
        sqlite_url, webhook_allow_internal=True, now=clock, sweep_seconds=0, **PER_ADDRESS_OFF
    )
    with HookServer() as hook, TestClient(create_app(settings)) as client:
        table = Table(client, clock, [Player(client), Player(client)]).create(LIVE)
        mover, other = table.mover(), table.others()[0]
        assert other.put("/api/me/webhook", {"url": hook.url}).status_code == 200
        assert mover.put("/api/me/webhook", {"url": hook.url}).status_code == 200
        assert table.sweep(300) == 1
        server = client.app.state.server  # type: ignore[attr-defined]
        client.portal.call(server.webhooks.idle)  # type: ignore[union-attr]
        text = f"Time is up for seat {table.state()['to_move'] + 1} at table {table.id}"
        assert hook.received == [
            {"table": table.id, "kind": "time_up", "text": f"{text}: choose what follows"}
        ]
        assert table.post(other, "claim").status_code == 200
        client.portal.call(server.webhooks.idle)  # type: ignore[union-attr]
        assert [h["kind"] for h in hook.received] == ["time_up", "over", "over"]


def test_the_late_player_has_no_moves_and_more_time_is_added_to_the_bank(
    database_url: str, count_game: object
) -> None:
    """Once the mover's time is up the mover is offered no action (a move would be refused);
    "Give more time" adds a turn's allowance to the mover's clock: the time not used of it
    stays in the bank after the move, so the next turn does not run out at once."""
    with table_of(database_url, 2) as table:
        ann, ben = table.players
        body = {"game": "count-to-three", "seats": 2, "pace": LIVE}
        table.id = ann.post("/api/tables", body).json()["id"]
        assert ben.post(f"/api/tables/{table.id}/join").status_code == 200
        assert ann.post(f"/api/tables/{table.id}/start").status_code == 200
        mover, other, seat = ann, ben, 0
        assert mover.table(table.id)["legal"]
        assert table.sweep(300) == 1
        late = mover.table(table.id)
        assert late["legal"] is None and late["can_undo"] is False
        with table.client.websocket_connect(
            f"/api/tables/{table.id}/live", headers=mover.headers
        ) as socket:
            assert receive(socket)["legal"] is None
        table.clock.advance(20)
        assert table.post(other, "extra-time").status_code == 200
        given = mover.table(table.id)
        assert given["legal"]
        clock = given["table"]["clock"]
        left = datetime.fromisoformat(clock["deadline"]) - datetime.fromisoformat(clock["now"])
        assert left.total_seconds() == 60  # the allowance: a fifth of the bank, a minute at least
        table.clock.advance(10)
        moved = mover.move(table.id, "count", given["table"]["version"])  # the turn passes
        assert moved.status_code == 200, moved.text
        assert moved.json()["table"]["clock"]["banks"][seat] == 50  # of the minute, 10 s used
