"""What an operator sees of a real ``navcomp serve``: /metrics after moves and a bot's,
JSON logs with a request id on every line of a request and no secret, several
processes' metrics added up in multiprocess mode."""

from __future__ import annotations

import json
import re
from contextlib import ExitStack
from pathlib import Path

import httpx2 as httpx
import pytest
from sqlalchemy import create_engine, text

from nginx_helpers import Nginx
from server_helpers import Player, ServerProcess, new_game, wait_for

PASSWORD = "correct horse"  # server_helpers.Player's


def scrape(base: str) -> dict[str, float]:
    """The metrics' samples by name and labels, as Prometheus's text gives them."""
    answer = httpx.get(base + "/metrics", timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    samples = {}
    for line in answer.text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


def _first_move(player: Player, table_id: int, *others: Player) -> int:
    """Play the first legal action of whoever is to move; the version after it."""
    table = player.table(table_id)
    for other in others:
        if table["legal"]:
            break
        player, table = other, other.table(table_id)
    answer = player.move(table_id, table["legal"][0]["id"], table["table"]["version"])
    assert answer.status_code == 200, answer.text
    version: int = answer.json()["version"]
    return version


def _after_a_bot_moved(base: str, player: Player, table_id: int) -> dict[str, float] | None:
    """The metrics once a bot moved and nothing is queued; else the player's move, if
    it is the player's turn, and None."""
    samples = scrape(base)
    if samples['navcomp_job_seconds_count{job="bot"}'] >= 1:
        if samples['navcomp_jobs_queued{job="bot"}'] == 0:
            return samples
    elif player.table(table_id)["legal"]:
        _first_move(player, table_id)
    return None


def test_metrics_count_moves_refusals_and_the_bots_queue(sqlite_url: str) -> None:
    server = ServerProcess(sqlite_url).start()
    with ExitStack() as stack:
        stack.callback(server.stop)
        client = stack.enter_context(httpx.Client(base_url=server.base, timeout=30))
        ann, bob = Player(client, "ann"), Player(client, "bob")
        table_id = new_game(ann, [bob])
        before = scrape(server.base)
        version = _first_move(ann, table_id, bob)
        after = scrape(server.base)
        assert after["navcomp_moves_total"] == before["navcomp_moves_total"] + 1
        inf = 'navcomp_move_seconds_bucket{le="+Inf"}'
        assert after[inf] == before[inf] + 1
        assert after["navcomp_move_seconds_count"] == before["navcomp_move_seconds_count"] + 1
        stale = ann.move(table_id, 0, version - 1)
        assert stale.json()["error"]["code"] == "stale_version"
        refused = 'navcomp_refusals_total{code="stale_version"}'
        assert scrape(server.base)[refused] == after[refused] + 1

        bot_table = new_game(ann, [], bots={1: "easy"})
        settled = wait_for(lambda: _after_a_bot_moved(server.base, ann, bot_table))
        assert settled['navcomp_jobs_queued{job="bot"}'] == 0
        assert settled["navcomp_bot_thinking_seconds_count"] >= 1
        assert settled['navcomp_job_seconds_count{job="bot"}'] >= 1
        assert settled["navcomp_moves_total"] >= after["navcomp_moves_total"] + 1


def test_metrics_are_not_for_a_request_a_proxy_forwarded(sqlite_url: str) -> None:
    """The server behind nginx on the same host: its peer is loopback, yet the client
    it forwards is not, and is told there is no such path."""
    server = ServerProcess(sqlite_url, "--trusted-proxies", "127.0.0.1").start()
    try:
        for header in ({"X-Forwarded-For": "203.0.113.9"}, {"X-Forwarded-For": "127.0.0.1"}):
            answer = httpx.get(server.base + "/metrics", headers=header, timeout=10)
            assert answer.status_code == 404
            assert answer.json()["error"]["code"] == "not_found"
            assert "navcomp_" not in answer.text
    finally:
        server.stop()


def test_behind_the_nginx_of_the_docs(sqlite_url: str, tmp_path: Path) -> None:
    """The public gets health, never the metrics; the request id is nginx's, not the
    client's."""
    server = ServerProcess(sqlite_url, "--trusted-proxies", "127.0.0.1").start()
    nginx = Nginx(tmp_path, server.port)
    with ExitStack() as stack:
        stack.callback(server.stop)
        nginx.start()
        stack.callback(nginx.stop)
        public = stack.enter_context(
            httpx.Client(base_url=nginx.base, verify=nginx.ssl_context(), timeout=10)
        )
        assert public.get("/readyz").status_code == 200
        assert public.get("/metrics").status_code == 404
        assert httpx.get(server.base + "/metrics", timeout=10).status_code == 200  # loopback
        answer = public.get("/livez", headers={"X-Request-ID": "chosen-by-the-client"})
        assert re.fullmatch("[0-9a-f]{32}", answer.headers["x-request-id"])


def test_json_logs_carry_the_request_id_and_no_secret(sqlite_url: str, tmp_path: Path) -> None:
    options = ("--log-format", "json", "--access-log", "--trusted-proxies", "127.0.0.1")
    server = ServerProcess(sqlite_url, *options).start()
    try:
        client = httpx.Client(base_url=server.base, timeout=30)
        ann = Player(client, "ann")
        login = client.post("/api/accounts/login", json={"name": "ann", "password": PASSWORD})
        assert login.status_code == 200, login.text
        token = login.json()["token"]
        given = client.get("/livez", headers={"X-Request-ID": "probe-42"})
        assert given.headers["x-request-id"] == "probe-42"  # from a trusted proxy
        odd = client.get("/livez", headers={"X-Request-ID": "no good\tid"})
        assert re.fullmatch("[0-9a-f]{32}", odd.headers["x-request-id"])
        engine = create_engine(sqlite_url)
        with engine.begin() as conn:  # the schema as if a migration were missing
            conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        engine.dispose()
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json()["failing"] == "migrations"
    finally:
        client.close()
        said = server.stop()
    lines = [json.loads(line) for line in said.splitlines() if line.startswith("{")]
    assert lines and len(lines) == len(said.strip().splitlines()), said
    of_ready = [line for line in lines if line.get("request_id") == ready.headers["x-request-id"]]
    assert [line["logger"] for line in of_ready] == ["navcomp.health", "navcomp.requests"]
    assert of_ready[-1]["path"] == "/readyz" and of_ready[-1]["status"] == 503
    requests = [line for line in lines if line["logger"] == "navcomp.requests"]
    assert any(line["request_id"] == "probe-42" for line in requests)
    assert all(re.fullmatch("[0-9a-zA-Z._:-]{1,64}", line["request_id"]) for line in requests)
    assert PASSWORD not in said and token not in said and ann.token not in said


def test_processes_sharing_a_folder_add_their_metrics_up(
    sqlite_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "metrics"  # the folder holds the metrics' files alone
    folder.mkdir()
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(folder))
    first = ServerProcess(sqlite_url).start()
    second = ServerProcess(sqlite_url).start()
    with ExitStack() as stack:
        stack.callback(first.stop)
        stack.callback(second.stop)
        client = stack.enter_context(httpx.Client(base_url=first.base, timeout=30))
        ann, bob = Player(client, "ann"), Player(client, "bob")
        table_id = new_game(ann, [bob])
        assert scrape(second.base)["navcomp_moves_total"] == 0
        _first_move(ann, table_id, bob)
        assert scrape(second.base)["navcomp_moves_total"] == 1  # played on the first
        bot_table = new_game(ann, [], bots={1: "easy"})  # its bot thinks in the first's worker
        wait_for(lambda: _after_a_bot_moved(first.base, ann, bot_table))
        seen = scrape(second.base)
        assert seen['navcomp_job_seconds_count{job="bot"}'] >= 1
        assert seen['navcomp_jobs_queued{job="bot"}'] == 0
    assert any(folder.glob("counter_*.db"))
