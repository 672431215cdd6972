"""The move service over HTTP: every bad input is a clear 4xx and changes nothing."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import create_engine

import navcomp.games  # noqa: F401  (registers the games)
from navcomp.core.registry import get_game
from navcomp.domain.model import AccountName, Turn
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby
from navcomp.service.games import LiveGames, move_texts, rebuild
from navcomp.store import accounts, tables
from navcomp.store.db import migrate, open_engine
from navcomp.store.hot import move_writes
from server_helpers import Player, log_length, new_game, running


def _snapshot(player: Player, table_id: int, url: str) -> tuple[Any, ...]:
    table = player.table(table_id)
    return table["table"]["version"], table["view"], log_length(url, table_id)


def _players_by_seat(table_id: int, *players: Player) -> dict[int, Player]:
    return {p.table(table_id)["seat"]: p for p in players}


def test_every_bad_move_is_refused_and_changes_nothing(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        seats = _players_by_seat(table_id, ann, ben)
        on_turn = seats[ann.table(table_id)["table"]["to_move"]]
        waiting = ben if on_turn is ann else ann
        spectator = Player(client, "sam")
        before = _snapshot(ann, table_id, database_url)
        legal = on_turn.table(table_id)["legal"]
        good = legal[0]["id"]
        path = f"/api/tables/{table_id}/moves"
        illegal = next(a for a in range(1385) if a not in {x["id"] for x in legal})

        def raw(body: bytes) -> Any:
            json_type = {**on_turn.headers, "Content-Type": "application/json"}
            return on_turn.client.post(path, content=body, headers=json_type)

        cases = [
            (raw(b"{not json"), 400, "malformed_json"),
            # not UTF-8: the framework's own parse error, named like any bad JSON
            (raw(b'{"action":"\xff","expected_version":0}'), 400, "malformed_json"),
            (
                on_turn.post(path, {"action": "fly to the moon", "expected_version": 0}),
                400,
                "malformed_action",
            ),
            (on_turn.post(path, {"action": 99999, "expected_version": 0}), 400, "malformed_action"),
            (
                on_turn.post(path, {"action": {"type": "warp"}, "expected_version": 0}),
                400,
                "malformed_action",
            ),
            (on_turn.move(table_id, illegal, 0), 422, "illegal_action"),
            (waiting.move(table_id, good, 0), 409, "not_your_turn"),
            (on_turn.move(table_id, good, 7), 409, "stale_version"),
            (spectator.move(table_id, good, 0), 403, "not_seated"),
            (client.post(path, json={"action": good, "expected_version": 0}), 401, "not_logged_in"),
            (on_turn.post(path, {"expected_version": 0}), 422, "invalid_request"),
            # JSON true is no number (Python's bool is an int): not action 1, not version 1
            (on_turn.post(path, {"action": True, "expected_version": 0}), 422, "invalid_request"),
            (
                on_turn.post(path, {"action": good, "expected_version": False}),
                422,
                "invalid_request",
            ),
            (on_turn.post(path, {"action": good, "expected_version": "0"}), 422, "invalid_request"),
            (on_turn.post(path, {"action": good, "expected_version": 0.0}), 422, "invalid_request"),
            (
                on_turn.post(f"/api/tables/{table_id}/undo", {"expected_version": True}),
                422,
                "invalid_request",
            ),
            (
                on_turn.post(path, {"action": good, "expected_version": 0, "pad": "x" * 20000}),
                413,
                "body_too_large",
            ),
            (on_turn.move(424242, good, 0), 404, "table_not_found"),
            (
                on_turn.post(f"/api/tables/{table_id}/undo", {"expected_version": 0}),
                422,
                "illegal_action",
            ),
            (on_turn.post("/api/nowhere", {}), 404, "not_found"),
        ]
        for answer, status, code in cases:
            assert answer.status_code == status, (code, answer.text)
            body = answer.json()
            assert body["error"]["code"] == code and body["error"]["message"]
        assert _snapshot(ann, table_id, database_url) == before
        assert on_turn.move(table_id, good, 0).status_code == 200
        assert ann.table(table_id)["table"]["version"] == 1


def test_undo_goes_back_and_is_logged(database_url: str) -> None:
    with running(database_url, tables_per_account=0) as client:  # a new table each try
        ann, ben = Player(client, "ann"), Player(client, "ben")
        for _ in range(20):  # a deal whose first player can jump (now and then none can)
            table_id = new_game(ann, [ben])
            seats = _players_by_seat(table_id, ann, ben)
            player = seats[ann.table(table_id)["table"]["to_move"]]
            start = player.table(table_id)
            jumps = [a for a in start["legal"] if a["text"].startswith("jump")]
            if jumps:
                break
        fly = jumps[0]
        assert player.move(table_id, fly["id"], 0).status_code == 200
        moved = player.table(table_id)
        assert moved["can_undo"] is True and moved["view"] != start["view"]
        answer = player.post(f"/api/tables/{table_id}/undo", {"expected_version": 1})
        assert answer.status_code == 200, answer.text
        after = player.table(table_id)
        assert after["view"] == start["view"] and after["table"]["version"] == 2
        log = player.get(f"/api/tables/{table_id}/log").json()["entries"]
        assert [e["text"] for e in log] == [fly["text"], "undo"]
        stale = player.post(f"/api/tables/{table_id}/undo", {"expected_version": 1})
        assert stale.json()["error"]["code"] == "stale_version"


def test_a_whole_game_then_the_replay(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        # Capped: players who never discard can keep a hand that fits nowhere, forever (a
        # deal did, 46,000 moves in, with one player out of chips).
        table_id = new_game(ann, [ben], options={"max_rounds": 6})
        seats = _players_by_seat(table_id, ann, ben)
        refused = ann.get(f"/api/tables/{table_id}/replay")
        assert (refused.status_code, refused.json()["error"]["code"]) == (409, "game_not_over")
        rnd = random.Random(5)
        version = 0
        while True:
            table = ann.table(table_id)["table"]
            if table["status"] == "over":
                break
            player = seats[table["to_move"]]
            legal = player.table(table_id)["legal"]
            choice = rnd.choice([a for a in legal if not a["text"].startswith("discard")] or legal)
            assert player.move(table_id, choice["text"], version).status_code == 200
            version += 1
        result = table["result"]
        assert len(result["scores"]) == 2 and result["winners"]
        replay = ann.get(f"/api/tables/{table_id}/replay").json()
        assert isinstance(replay["seed"], int) and len(replay["entries"]) == version
        assert replay["entries"][-1]["state"]["phase"] in ("over", 4)
        # what the browser's replay draws: every seat's private part, nothing hidden
        first, last = replay["initial_view"], replay["entries"][-1]
        assert first["view"]["you"] is None and "private" not in first["view"]
        assert [len(p["hand"]) for p in first["private"]] == [
            s["hand_size"] for s in first["view"]["seats"]
        ]
        game_result = {k: v for k, v in result.items() if k not in ("end", "seat_ends")}
        assert result["end"] == "finished" and result["seat_ends"] == ["played", "played"]
        assert last["view"]["result"] == game_result and len(last["private"]) == 2
        assert all(set(p) >= {"hand", "tiles", "reserved"} for p in last["private"])
        assert ann.table(table_id)["legal"] is None
        late = ann.move(table_id, 60, version)
        assert (late.status_code, late.json()["error"]["code"]) == (409, "game_over")


def test_a_row_read_before_a_later_move_rebuilds_the_position_of_its_version(
    database_url: str,
) -> None:
    """PostgreSQL reads see each statement's latest commits: a table row read before a
    move committed must still give the position (and legal actions) of its own version."""
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        table_id = new_game(ann, [ben])
        engine = create_engine(database_url)
        try:
            with engine.connect() as conn:
                before = lobby.get(conn, table_id)
            for version in (0, 1):
                mover = next(p for p in (ann, ben) if p.table(table_id)["legal"])
                legal = mover.table(table_id)["legal"]
                assert mover.move(table_id, legal[0]["id"], version).status_code == 200
            with engine.connect() as conn:
                assert len(tables.log(conn, table_id)) == 2
                assert tables.log(conn, table_id, before.version) == []
                live = LiveGames().load(conn, before)
        finally:
            engine.dispose()
        assert live.version == 0 and live.actions == []
        assert live.state.to_json() == rebuild(before, []).to_json()


def test_a_take_back_last_in_the_log_reads_as_when_it_was_made(sqlite_url: str) -> None:
    """A game loaded from the log (by another process, after a restart) whose last entry
    is an undo gives each seat the undo's text in the state it was taken in, as the
    move's own pushes did: a Top up's choice taken back stays one more choice to the
    others (seed 1's first random action in a two-seat game is such a choice)."""
    game, seed, at = get_game("space-mission"), 1, datetime(2026, 1, 2, tzinfo=UTC)
    options = game.normalize_options({})
    initial = game.new_initial_state(2, seed, options)
    action = random.Random(1).choice(initial.legal_actions())
    seat = initial.current_player
    assert seat is not None
    before = initial.clone()
    before.apply_action(action)
    engine = open_engine(sqlite_url)
    migrate(engine)
    try:
        with engine.begin() as conn:
            ann = accounts.add_user(conn, AccountName("ann", "ann", "ann"), None, True, at)
            ben = accounts.add_user(conn, AccountName("ben", "ben", "ben"), None, True, at)
            new = tables.NewTable("space-mission", 2, options, seed, ann.id, at)
            table_id = tables.create(conn, new, {0: ann.id, 1: ben.id}, {})
            tables.start(conn, table_id, seat, at)
            for version, taken in ((1, action), (2, None)):
                turn = Turn(version, seat, at, TableStatus.PLAYING, None)
                moved = (version - 1, 0, turn)
                assert move_writes(conn).advance_and_log(conn, table_id, moved, seat, taken, at)
            table = tables.get(conn, table_id)
            assert table is not None
            live = LiveGames().load(conn, table)
    finally:
        engine.dispose()
    assert live.last is not None and live.last.seat == seat
    assert live.last.texts == move_texts(before, None, 2)
    assert live.last.texts != move_texts(initial, None, 2)  # the state after it reads apart
    assert live.actions == [] and live.state.to_json() == initial.to_json()
