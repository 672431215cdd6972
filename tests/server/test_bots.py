"""Bots take their turns on the server, off the event loop, and resume after a restart."""

from __future__ import annotations

import os
import random
import signal
import time
from typing import Any

import httpx2 as httpx
import pytest

from navcomp.store import tables
from server_helpers import Player, ServerProcess, log_length, new_game, running, wait_for


def test_a_game_against_bots_plays_to_the_end(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy", 2: "medium"})
        rnd = random.Random(1)
        for _ in range(400):
            table = wait_for(lambda: _human_turn_or_over(ann, table_id), timeout=60)
            if table["table"]["status"] == "over":
                break
            legal = [a for a in table["legal"] if not a["text"].startswith("discard")]
            version = table["table"]["version"]
            answer = ann.move(table_id, rnd.choice(legal)["id"], version)
            assert answer.status_code == 200, answer.text
        final = ann.table(table_id)
        assert final["table"]["status"] == "over"
        log = ann.get(f"/api/tables/{table_id}/log").json()["entries"]
        assert {1, 2} <= {e["seat"] for e in log}, "both bots moved"
        assert len(final["table"]["result"]["scores"]) == 3


def test_a_move_hands_the_bot_its_job_without_reading_the_table_again(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move that puts a bot on turn already holds the table and the game: the bot's
    job is made from them, and its answer moves the kept game, with no table read."""
    reads: list[int] = []
    read_table = tables.get

    def counted(conn: Any, table_id: int, lock: bool = False) -> Any:
        reads.append(table_id)
        return read_table(conn, table_id, lock)

    monkeypatch.setattr(tables, "get", counted)
    with running(sqlite_url) as client:
        ann = Player(client, "ann")
        table_id = new_game(ann, [], bots={1: "easy"})
        handed = 0
        for _ in range(200):
            table = wait_for(lambda: _human_turn_or_over(ann, table_id), timeout=60)
            assert table["table"]["status"] == "playing"
            version = table["table"]["version"]
            reads.clear()
            answer = ann.move(table_id, table["legal"][0]["id"], version)
            assert answer.status_code == 200, answer.text
            moved = answer.json()
            if moved["table"]["to_move"] != 1 or version == 0:  # at 0 nothing is kept yet
                continue
            after = moved["version"]
            wait_for(lambda: log_length(sqlite_url, table_id) > after, timeout=60)  # noqa: B023
            assert reads == [], "a table was read between the move and the bot's answer"
            handed += 1
            if handed == 3:
                break
        assert handed == 3


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _human_turn_or_over(player: Player, table_id: int) -> dict | None:
    table = player.table(table_id)
    if table["table"]["status"] == "over" or table["legal"] is not None:
        return table
    return None


def _bot_to_move(base: str) -> tuple[int, dict[str, str], int]:
    """A game against a hard bot, played until the bot is to move: the table, my headers
    and the version the bot thinks at."""
    answer = httpx.post(f"{base}/api/accounts/guest", json={})
    headers = {"Authorization": f"Bearer {answer.json()['token']}"}
    made = httpx.post(
        f"{base}/api/tables",
        json={"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "hard"}]},
        headers=headers,
    ).json()
    httpx.post(f"{base}/api/tables/{made['id']}/start", headers=headers)
    return made["id"], headers, _play_to_the_bot(base, made["id"], headers)


def _play_to_the_bot(base: str, table_id: int, headers: dict[str, str]) -> int:
    """Play my turns until the bot is to move (it may start): the version it thinks at."""

    def table() -> dict:
        return httpx.get(f"{base}/api/tables/{table_id}", headers=headers).json()

    seen = wait_for(
        lambda: table() if table()["table"]["to_move"] == 1 or table()["legal"] else None
    )
    while seen["table"]["to_move"] == 0:
        action = next(a for a in seen["legal"] if not a["text"].startswith("discard"))
        version = seen["table"]["version"]
        moved = httpx.post(
            f"{base}/api/tables/{table_id}/moves",
            json={"action": action["id"], "expected_version": version},
            headers=headers,
        )
        assert moved.status_code == 200
        seen = table()
    return int(seen["table"]["version"])


def _answers_while_the_bot_thinks(base: str, table_id: int, headers: dict[str, str]) -> int:
    """The version at which the server answered several requests while the bot, to move,
    did not: it is thinking off the loop.  A bot on the loop would answer each request only
    after a decision.  A step hard decides at once (a single candidate) moves the version
    on, so look again until one that it thinks about."""

    def table() -> dict:
        return httpx.get(f"{base}/api/tables/{table_id}", headers=headers).json()["table"]

    for _ in range(20):
        time.sleep(0.3)
        before = table()
        if before["to_move"] != 1:
            _play_to_the_bot(base, table_id, headers)
            continue
        for _ in range(5):
            assert httpx.get(f"{base}/api/games").status_code == 200
        after = table()
        if after["version"] == before["version"] and after["to_move"] == 1:
            return int(after["version"])
    raise AssertionError("the server never answered while the bot was thinking")


def _running(pid: int) -> bool:
    """Alive: not gone, not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _pool_workers(pid: int) -> list[int]:
    """The bot workers among ``pid``'s children (not multiprocessing's resource tracker)."""
    found = []
    for child in _children(pid):
        try:
            with open(f"/proc/{child}/cmdline", "rb") as cmdline:
                if b"spawn_main" in cmdline.read():
                    found.append(child)
        except OSError:
            continue
    return found


def test_bots_think_off_the_loop_and_resume_after_a_kill(database_url: str) -> None:
    # a whole turn of 40 s: a decision hard thinks about lasts a second at least
    slow = ServerProcess(database_url, "--bot-seconds", "40").start()
    try:
        table_id, headers, _ = _bot_to_move(slow.base)
        thinking_at = _answers_while_the_bot_thinks(slow.base, table_id, headers)
        workers = _children(slow.process.pid)
        assert workers, "the bot thinks in a worker process"
        slow.kill()
        assert log_length(database_url, table_id) == thinking_at
        wait_for(lambda: not any(os.path.exists(f"/proc/{pid}") for pid in workers), timeout=15)
        quick = ServerProcess(database_url, "--bot-seconds", "0.2")
        quick.port, quick.base = slow.port, slow.base
        quick.start()
        try:
            wait_for(lambda: log_length(database_url, table_id) > thinking_at, timeout=60)
        finally:
            quick.stop()
    finally:
        slow.stop()


def test_a_bot_whose_worker_dies_moves_on_new_workers(database_url: str) -> None:
    """A worker killed under a bot's job (a crash, the out-of-memory killer) breaks the
    process pool for good: the server starts new workers and the bot moves all the same.
    A signal to the whole process group (Ctrl-C) is the server's to handle, not theirs."""
    server = ServerProcess(database_url, "--bot-seconds", "2").start()
    try:
        table_id, _, thinking_at = _bot_to_move(server.base)
        workers = wait_for(lambda: _pool_workers(server.process.pid))
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: log_length(database_url, table_id) > thinking_at, timeout=60)
        fresh = _pool_workers(server.process.pid)
        assert fresh and not set(fresh) & set(workers)
        os.kill(fresh[0], signal.SIGTERM)
        os.kill(fresh[0], signal.SIGINT)
        time.sleep(0.5)
        assert _running(fresh[0]), "a worker died of a signal meant for the server"
        said = server.stop()  # with a bot thinking: its worker is stopped, then all ends
        assert "starting a new worker" in said
        assert "Traceback" not in said and "leaked" not in said, said
        wait_for(lambda: not any(_running(pid) for pid in fresh), timeout=15)
    finally:
        server.stop()


def test_a_worker_keeps_a_hard_seat_between_the_decisions_of_its_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Jobs as the server makes them, in one worker: hard's next decision of a turn
    starts with the playouts of its last one; bots that do not search are not kept."""
    from collections import OrderedDict

    from navcomp.bots.base import HeuristicBot
    from navcomp.games import get_game
    from navcomp.server.runtime import bot_runner as bots

    monkeypatch.setattr(bots, "_kept", OrderedDict())
    seed = 11
    state = get_game("space-mission").new_initial_state(2, seed, {})
    actions: list[int] = []
    medium = HeuristicBot()
    reused = 0
    while (seat := state.current_player) is not None and len(actions) < 60:
        if seat == 0:
            job = bots.BotJob(7, len(actions), 0, "hard", "space-mission", 2, seed, {},
                              tuple(actions))  # fmt: skip
            action = bots.think(job, 0.3)
            reused += bots._kept[(7, 0, "hard", 0.3)].last_reused
        else:
            action = medium.choose(state, random.Random(len(actions)))
            bots.think(bots.BotJob(8, len(actions), seat, "medium", "space-mission", 2, seed,
                                   {}, tuple(actions)), None)  # fmt: skip
        state.apply_action(action)
        actions.append(action)
    assert reused > 0
    assert list(bots._kept) == [(7, 0, "hard", 0.3)]


def test_a_worker_keeps_a_bounded_number_of_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    from collections import OrderedDict

    from navcomp.server.runtime import bot_runner as bots

    monkeypatch.setattr(bots, "_kept", OrderedDict())
    jobs = [bots.BotJob(t, 0, 1, "hard", "space-mission", 2, 3, {}, ()) for t in range(70)]
    kept = [bots.kept_bot(job, 0.1) for job in jobs]
    assert len(bots._kept) == bots.KEPT_BOTS
    assert (0, 1, "hard", 0.1) not in bots._kept and (69, 1, "hard", 0.1) in bots._kept
    assert bots.kept_bot(jobs[69], 0.1) is kept[69]
    assert bots.kept_bot(jobs[69], 0.2) is not kept[69]  # another budget, another bot


def test_a_tables_bot_stays_on_its_worker_while_that_one_is_free(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With several workers, a table's decisions go to the worker that kept its bot; a
    table whose worker is busy goes to a free one (and stays there) rather than wait."""
    import asyncio
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from navcomp.server.runtime import bot_runner as bots

    ran: list[tuple[int, str]] = []
    release = threading.Event()

    def think(job: Any, seconds: float | None) -> int:
        ran.append((job.table_id, threading.current_thread().name.split("_")[0]))
        if job.version == 99:
            release.wait(10)
        return 0

    monkeypatch.setattr(bots, "think", think)
    workers = [ThreadPoolExecutor(1, thread_name_prefix=f"w{i}") for i in range(2)]
    runner = bots.BotRunner(workers)

    def job(table_id: int, version: int) -> Any:
        return bots.BotJob(table_id, version, 1, "hard", "space-mission", 2, 3, {}, ())

    async def submit(job: Any, action: int) -> None:
        pass

    async def play() -> None:
        for version in range(3):
            for table_id in (1, 2):
                runner.schedule(job(table_id, version), submit)
            await runner.idle()
        runner.schedule(job(1, 99), submit)  # table 1's worker thinks long
        await asyncio.sleep(0.1)
        runner.schedule(job(3, 0), submit)  # its home would be w1 too: it goes to w0
        await asyncio.sleep(0.1)
        release.set()
        await runner.idle()
        runner.schedule(job(3, 1), submit)
        await runner.idle()

    try:
        asyncio.run(play())
    finally:
        runner.shutdown()
    by_table: dict[int, list[str]] = {}
    for table_id, worker in ran:
        by_table.setdefault(table_id, []).append(worker)
    assert by_table == {1: ["w1"] * 4, 2: ["w0"] * 3, 3: ["w0", "w0"]}
