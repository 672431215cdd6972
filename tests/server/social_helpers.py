"""Shared steps of the friends, visibility and rematch tests: a game of count to three
(tests/count_game.py) played to its end, and reading what the database holds."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import create_engine, func, select

from navcomp.store import blocks
from navcomp.store.db import open_engine
from navcomp.store.schema import friends, game_tables, invites, notifications, seats
from server_helpers import Player


def count_table(owner: Player, others: list[Player], **extra: Any) -> int:
    """A started table of count to three: ``owner`` in seat 0, ``others`` after; ``extra``
    (bots, rated, visibility, spectators, pace) as ``POST /api/tables`` takes them."""
    bots = extra.pop("bots", [])
    body = {"game": "count-to-three", "seats": 1 + len(others) + len(bots), "bots": bots}
    made = owner.post("/api/tables", {**body, **extra})
    assert made.status_code == 201, made.text
    table_id: int = made.json()["id"]
    for other in others:
        joined = other.post(f"/api/tables/{table_id}/join")
        assert joined.status_code == 200, joined.text
    started = owner.post(f"/api/tables/{table_id}/start")
    assert started.status_code == 200, started.text
    return table_id


def play_out(table_id: int, players: list[Player]) -> dict[str, Any]:
    """Every person stops on their turn until the game is over; the table at its end."""
    by_name = {player.name: player for player in players}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        table = players[0].table(table_id)["table"]
        if table["status"] == "over":
            return table
        seat = table["seats"][table["to_move"]]
        if seat["bot"] is not None:
            time.sleep(0.05)  # the bot moves by itself
            continue
        moved = by_name[seat["player"]].move(table_id, "stop", table["version"])
        assert moved.status_code == 200, moved.text
    raise AssertionError("the game did not end")


def code_of(answer: Any) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def counts(database_url: str) -> dict[str, int]:
    """How many rows the social tables hold (a refusal changes none of them)."""
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            found = {
                table.name: conn.execute(select(func.count()).select_from(table)).scalar_one()
                for table in (friends, game_tables, invites, notifications, seats)
            }
            offered = select(func.count()).where(game_tables.c.rematch_id.is_not(None))
            found["offered"] = conn.execute(offered).scalar_one()
            return found
    finally:
        engine.dispose()


def delete(player: Player, path: str) -> Any:
    return player.client.delete(path, headers=player.headers)


def block(database_url: str, blocker: Player, blocked: Player) -> None:
    """``blocker`` blocks ``blocked`` (the blocking routes are another part's)."""
    ids = [p.get("/api/session").json()["user"]["id"] for p in (blocker, blocked)]
    engine = open_engine(database_url)
    try:
        with engine.begin() as conn:
            assert blocks.add(conn, ids[0], ids[1], datetime.now(UTC))
    finally:
        engine.dispose()
