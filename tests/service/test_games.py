"""A kept game taken forward by the moves another process made reads the new log entries
only, and is the game a full rebuild gives."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import create_engine

from navcomp.service.games import LiveGames
from navcomp.store import tables
from server_helpers import Player, new_game, running, wait_for


def _load(url: str, games: LiveGames, table_id: int) -> Any:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            table = tables.get(conn, table_id)
            assert table is not None
            return games.load(conn, table)
    finally:
        engine.dispose()


def _play(player: Player, table_id: int, moves: int, undo_last: bool = False) -> None:
    for _ in range(moves):
        table = wait_for(lambda: player.table(table_id)["legal"] and player.table(table_id))
        answer = player.move(table_id, table["legal"][0]["id"], table["table"]["version"])
        assert answer.status_code == 200, answer.text
    if undo_last:
        version = player.table(table_id)["table"]["version"]
        path = f"/api/tables/{table_id}/undo"
        answer = player.post(path, {"expected_version": version})
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("undo", [False, True])
def test_a_kept_game_steps_forward_by_the_new_entries_alone(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, undo: bool
) -> None:
    with running(sqlite_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy"})
        elsewhere = LiveGames()  # as another process keeps the game
        _play(ann, table_id, 2)
        kept = _load(sqlite_url, elsewhere, table_id)
        elsewhere.store(table_id, kept)
        _play(ann, table_id, 2, undo_last=undo)
        read: list[int] = []
        log = tables.log

        def counted(conn: Any, table_id: int, upto: Any = None, after: int = 0) -> Any:
            entries = log(conn, table_id, upto, after)
            read.extend(entry.seq for entry in entries)
            return entries

        monkeypatch.setattr(tables, "log", counted)
        stepped = _load(sqlite_url, elsewhere, table_id)
        stepped_reads = list(read)
        monkeypatch.undo()
        rebuilt = _load(sqlite_url, LiveGames(), table_id)
    assert stepped.version == rebuilt.version == kept.version + 2 + undo
    assert stepped.actions == rebuilt.actions
    assert stepped.state.to_json() == rebuilt.state.to_json()
    assert stepped.last == rebuilt.last
    if undo:  # an undo goes back to a state not kept: the whole log again
        assert stepped_reads[-stepped.version :] == list(range(1, stepped.version + 1))
    else:
        assert stepped_reads == [kept.version + 1, kept.version + 2]
