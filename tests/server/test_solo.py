"""A game other than Space Mission, and solo play: a one-seat table of count to three
(tests/count_game.py) is created, started and played to its end with no bot, its
score is kept once for the solo high scores, and GET /api/solo-scores lists them."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from navcomp.core.protocol import Result
from navcomp.store import db
from navcomp.store.db import migrate, open_engine
from navcomp.store.schema import game_tables, metadata, solo_scores, users
from navcomp.store.scores import record_solo
from server_helpers import Player, running, wait_for

GAME = "count-to-three"
AT = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
pytestmark = pytest.mark.usefixtures("count_game")


def solo_table(player: Player) -> int:
    made = player.post("/api/tables", {"game": GAME, "seats": 1})
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    started = player.post(f"/api/tables/{table_id}/start")
    assert started.status_code == 200, started.text
    assert started.json()["status"] == "playing"
    return table_id


def play_solo(player: Player, counts: int) -> int:
    """A solo game: ``counts`` counts (then stop, unless three ended it); the table id."""
    table_id = solo_table(player)
    version = 0
    for action in ["count"] * counts + (["stop"] if counts < 3 else []):
        answer = player.move(table_id, action, version)
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
    return table_id


def stored_scores(database_url: str) -> list[tuple[int, int, str, int]]:
    engine = open_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                select(
                    solo_scores.c.table_id,
                    solo_scores.c.user_id,
                    solo_scores.c.game,
                    solo_scores.c.score,
                ).order_by(solo_scores.c.table_id)
            ).all()
            return [tuple(row) for row in rows]  # type: ignore[misc]
    finally:
        engine.dispose()


def test_a_solo_table_is_played_to_its_end_and_its_score_kept_once(database_url: str) -> None:
    with running(database_url) as client:
        ann = Player(client, "ann")
        games = {g["name"]: g for g in ann.get("/api/games").json()}
        assert (games[GAME]["min_players"], games[GAME]["max_players"]) == (1, 2)
        assert games[GAME]["bot_levels"] == ["easy"]  # no heuristic: no medium, no hard
        assert games["space-mission"]["bot_levels"] == ["easy", "medium", "hard"]
        assert games["space-mission"]["view"] and not games[GAME]["view"]  # no js/games folder
        table_id = solo_table(ann)
        table = ann.table(table_id)
        assert table["seat"] == 0 and table["table"]["to_move"] == 0
        assert [a["text"] for a in table["legal"]] == ["count", "stop"]
        assert ann.move(table_id, {"type": "count"}, 0).json()["version"] == 1
        assert ann.table(table_id)["can_undo"] is True
        undone = ann.post(f"/api/tables/{table_id}/undo", {"expected_version": 1})
        assert undone.status_code == 200 and ann.table(table_id)["view"]["counts"] == [0]
        version = 2
        for _ in range(3):
            version = ann.move(table_id, "count", version).json()["version"]
        over = ann.table(table_id)
        assert over["table"]["status"] == "over" and over["table"]["to_move"] is None
        assert over["table"]["result"]["scores"] == [3] and over["legal"] is None
        # the final move again, with the version it was sent with: refused, nothing doubled
        again = ann.move(table_id, "count", version - 1)
        assert (again.status_code, again.json()["error"]["code"]) == (409, "stale_version")
        late = ann.move(table_id, "count", version)
        assert (late.status_code, late.json()["error"]["code"]) == (409, "game_over")
        notices = [n["text"] for n in ann.get("/api/notifications").json()]
        assert f"The game at table {table_id} is over: see the scores" in notices
        me = ann.get("/api/me").json()["id"]
        assert stored_scores(database_url) == [(table_id, me, GAME, 3)]
        scores = ann.get("/api/solo-scores", params={"game": GAME}).json()
        assert set(scores) == {"game", "mine", "best"} and scores["game"] == GAME
        [mine] = scores["mine"]
        assert (mine["score"], mine["table"]) == (3, table_id) and set(mine) == {
            "score",
            "table",
            "date",
        }
        [best] = scores["best"]
        assert best == {"player": "ann", **mine}


def test_two_racing_final_moves_keep_one_score(database_url: str) -> None:
    """The final move sent twice at once (two tabs, say): one commits with its score, the
    other is refused and keeps nothing."""
    with running(database_url) as client:
        ann = Player(client, "ann")
        table_id = solo_table(ann)
        for version in (0, 1):
            assert ann.move(table_id, "count", version).status_code == 200
        with ThreadPoolExecutor(2) as pool:
            answers = list(pool.map(lambda _: ann.move(table_id, "count", 2), range(2)))
        assert sorted(a.status_code for a in answers) == [200, 409]
        me = ann.get("/api/me").json()["id"]
        assert stored_scores(database_url) == [(table_id, me, GAME, 3)]


def test_high_scores_best_first_ten_each_mine_and_everybody_s(database_url: str) -> None:
    with running(database_url, tables_per_account=0) as client:  # twelve tables in seconds
        ann, ben = Player(client, "ann"), Player(client, "ben")
        ann_tables: dict[int, list[int]] = {counts: [] for counts in range(4)}
        for counts in [0, 1, 2, 3, 1, 2, 0, 3, 1, 2, 0, 1]:  # twelve games
            ann_tables[counts].append(play_solo(ann, counts))
        ben_table = play_solo(ben, 2)
        guest = Player(client)
        scores = ann.get("/api/solo-scores", params={"game": GAME}).json()
        mine = scores["mine"]
        assert [e["score"] for e in mine] == [3, 3, 2, 2, 2, 1, 1, 1, 1, 0]  # ten, best first
        assert [e["table"] for e in mine[:2]] == ann_tables[3]  # equal scores: the earlier first
        best = scores["best"]
        assert [(e["player"], e["score"]) for e in best] == [
            ("ann", 3), ("ann", 3), ("ann", 2), ("ann", 2), ("ann", 2), ("ben", 2),
            ("ann", 1), ("ann", 1), ("ann", 1), ("ann", 1),
        ]  # fmt: skip
        assert best[5]["table"] == ben_table
        assert ben.get("/api/solo-scores", params={"game": GAME}).json()["mine"] == [
            {k: v for k, v in best[5].items() if k != "player"}
        ]
        # a guest who never played, and a visitor who is not signed in, see the best only
        assert guest.get("/api/solo-scores", params={"game": GAME}).json()["mine"] == []
        client.cookies.clear()
        anonymous = client.get("/api/solo-scores", params={"game": GAME}).json()
        assert anonymous["mine"] == [] and anonymous["best"] == best
        # nothing secret: no seed, no state, only names, scores, dates and tables
        assert "seed" not in str(anonymous)
        assert all(set(e) == {"player", "score", "table", "date"} for e in best)
        # a game without solo tables has none; a bad game name is the usual error
        assert ann.get("/api/solo-scores", params={"game": "space-mission"}).json()["best"] == []
        for params, code in (({"game": "chess"}, "unknown_game"), ({}, "invalid_request")):
            answer = ann.get("/api/solo-scores", params=params)
            assert (answer.status_code, answer.json()["error"]["code"]) == (422, code)


def test_only_one_seat_tables_count_and_bots_play_any_game(database_url: str) -> None:
    with running(database_url) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        server.runner.workers[0].shutdown()
        server.runner.workers = [ThreadPoolExecutor(1)]  # knows count to three (registered here)
        ann = Player(client, "ann")
        refused = ann.post(
            "/api/tables", {"game": GAME, "seats": 2, "bots": [{"seat": 1, "level": "medium"}]}
        )
        assert (refused.status_code, refused.json()["error"]["code"]) == (422, "unknown_bot")
        made = ann.post(
            "/api/tables", {"game": GAME, "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}
        )
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        free = ann.post("/api/tables", {"game": GAME, "seats": 2}).json()["id"]
        seat_bot = ann.put(f"/api/tables/{free}/seats/1/bot", {"level": "hard"})
        assert (seat_bot.status_code, seat_bot.json()["error"]["code"]) == (422, "unknown_bot")
        assert ann.post(f"/api/tables/{table_id}/start").status_code == 200
        answer = ann.move(table_id, "stop", 0)
        assert answer.status_code == 200, answer.text
        over = wait_for(lambda: _over(ann, table_id))
        assert over["table"]["result"]["scores"][0] == 0
        log = ann.get(f"/api/tables/{table_id}/log").json()["entries"]
        assert {e["seat"] for e in log} == {0, 1}  # the bot played its counts
        assert stored_scores(database_url) == []  # two seats: no solo score
        assert ann.get("/api/solo-scores", params={"game": GAME}).json()["best"] == []


def _over(player: Player, table_id: int) -> dict[str, Any] | None:
    table = player.table(table_id)
    return table if table["table"]["status"] == "over" else None


def test_a_capped_result_or_a_seat_without_a_person_is_not_kept(sqlite_url: str) -> None:
    engine = open_engine(sqlite_url)
    migrate(engine)
    try:
        with engine.begin() as conn:
            user = _user(conn, "ann")
            table = _table(conn, user)
            capped = Result((5,), ({"counted": 5},), (1,), (0,), capped=True)
            record_solo(conn, table, GAME, user, capped, AT)
            record_solo(conn, table, GAME, None, Result((5,), ({},), (1,), (0,)), AT)
            assert conn.execute(select(func.count()).select_from(solo_scores)).scalar() == 0
            record_solo(conn, table, GAME, user, Result((5,), ({},), (1,), (0,)), AT)
            assert conn.execute(select(solo_scores.c.score)).scalar() == 5
    finally:
        engine.dispose()


def _user(conn: Connection, name: str) -> int:
    values = {"name": name, "is_guest": True, "created_at": AT}
    return int(conn.execute(insert(users).values(**values).returning(users.c.id)).scalar_one())


def _table(conn: Connection, creator: int) -> int:
    values = {
        "game": GAME, "num_seats": 1, "options": {}, "seed": 1, "status": "over",
        "creator_id": creator, "version": 3, "created_at": AT,
    }  # fmt: skip
    return int(
        conn.execute(insert(game_tables).values(**values).returning(game_tables.c.id)).scalar_one()
    )


def test_the_migrations_build_the_schema_and_upgrade_a_database_in_use(database_url: str) -> None:
    """From revision 0001 with data in it to the newest: the tables match schema.py."""
    engine = open_engine(database_url)
    try:
        config = Config()
        config.set_main_option("script_location", str(Path(db.__file__).parent / "migrations"))
        with engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, "0001")
            _user(conn, "old-timer")
        migrate(engine)
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
            assert conn.execute(select(users.c.name)).scalars().all() == ["old-timer"]
    finally:
        engine.dispose()


def test_high_scores_name_only_tables_the_viewer_may_see(database_url: str) -> None:
    with running(database_url) as client:
        ann, ben = Player(client, "ann"), Player(client, "ben")
        made = ann.post("/api/tables", {"game": GAME, "seats": 1, "spectators": False})
        private = made.json()["id"]
        assert ann.post(f"/api/tables/{private}/start").status_code == 200
        for version, action in enumerate(["count"] * 3):
            assert ann.move(private, action, version).status_code == 200
        shown = play_solo(ben, 1)
        assert ben.get(f"/api/tables/{private}").status_code == 403

        def tables(viewer: Any) -> list[int]:
            answer = viewer.get("/api/solo-scores", params={"game": GAME}).json()
            return [e["table"] for e in answer["best"]]

        assert tables(ann) == [private, shown]
        assert tables(ben) == [shown]
        client.cookies.clear()
        assert tables(client) == [shown]
