"""/livez, /readyz and who may read /metrics; the request id of each answer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from prometheus_client import REGISTRY
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError

from mail_helpers import Inbox
from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings
from navcomp.store import schema_version
from server.redis_helpers import PrivateRedis
from server.test_mail import QUICK, with_address
from server_helpers import Player, running, wait_for

SECRET_URL = "postgresql://admin:hunter2@db.internal/navcomp"


def sample(name: str, **labels: str) -> float:
    """A metric's value in this process (the test client's server runs in it)."""
    value = REGISTRY.get_sample_value(name, labels)
    assert value is not None, name
    return value


@contextmanager
def client_at(database_url: str, address: str, **settings: Any) -> Iterator[TestClient]:
    """The app, asked from ``address``."""
    app = create_app(Settings(database_url, webhooks=False, **settings))
    with TestClient(app, client=(address, 50000)) as client:
        yield client


def test_live_and_ready(database_url: str) -> None:
    with running(database_url) as client:
        live = client.get("/livez")
        assert live.status_code == 200 and live.json() == {"status": "live"}
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.json() == {"status": "ready", "checks": {"database": "ok", "migrations": "ok"}}


def test_not_ready_while_the_schema_is_behind_the_migrations(database_url: str) -> None:
    with running(database_url) as client:
        engine = create_engine(database_url)
        with engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        engine.dispose()
        ready = client.get("/readyz")
        assert ready.status_code == 503
        assert ready.json() == {
            "status": "not_ready",
            "failing": "migrations",
            "checks": {"database": "ok", "migrations": "failing"},
        }


def test_a_database_down_is_named_and_its_error_is_not_told(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def unreachable(_conn: Any) -> bool:
        raise OperationalError("SELECT 1", {}, Exception(f"cannot reach {SECRET_URL}"))

    monkeypatch.setattr(schema_version, "is_current", unreachable)
    errors = sample("navcomp_database_errors_total")
    with running(sqlite_url) as client:
        ready = client.get("/readyz")
    assert sample("navcomp_database_errors_total") == errors + 1
    assert ready.status_code == 503
    assert ready.json()["failing"] == "database"
    assert ready.json()["checks"] == {"database": "failing", "migrations": "skipped"}
    assert "hunter2" not in ready.text and "hunter2" not in caplog.text
    assert "database failing (database_unavailable)" in caplog.text


def test_not_ready_while_redis_is_away(sqlite_url: str, tmp_path: Path) -> None:
    with PrivateRedis(tmp_path) as redis, running(sqlite_url, redis_url=redis.url) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 200
        assert ready.json()["checks"] == {"database": "ok", "migrations": "ok", "redis": "ok"}
        errors = sample("navcomp_redis_errors_total")
        redis.stop()
        away = wait_for(lambda: (answer := client.get("/readyz")).status_code == 503 and answer)
        assert away.json()["failing"] == "redis"
        assert str(redis.port) not in away.text
        wait_for(lambda: sample("navcomp_redis_errors_total") > errors)


def test_mail_sent_and_failed_are_counted(sqlite_url: str) -> None:
    sent, failed = sample("navcomp_mails_sent_total"), sample("navcomp_mails_failed_total")
    inbox = Inbox()
    with inbox, running(sqlite_url, smtp_url=inbox.url, **QUICK) as client:
        ann = Player(client, "ann")
        with_address(ann, inbox, "ann@example.com")  # the link's mail
        wait_for(lambda: sample("navcomp_mails_sent_total") == sent + 1)
        wait_for(lambda: sample("navcomp_jobs_queued", job="mail") == 0)
        inbox.stop()
        answer = ann.put("/api/me/email", {"address": "ann@example.org", "language": "en"})
        assert answer.status_code == 200, answer.text
        wait_for(lambda: sample("navcomp_mails_failed_total") > failed)
    assert sample("navcomp_mails_sent_total") == sent + 1


def test_open_sockets_are_counted(sqlite_url: str) -> None:
    with running(sqlite_url) as client:
        before = sample("navcomp_websockets_open")
        with client.websocket_connect("/api/lobby/live"):
            wait_for(lambda: sample("navcomp_websockets_open") == before + 1)
        wait_for(lambda: sample("navcomp_websockets_open") == before)


def test_metrics_are_for_the_networks_given_only(sqlite_url: str) -> None:
    with running(sqlite_url) as client:  # the test client's address is no address
        refused = client.get("/metrics")
        assert refused.status_code == 404
        assert refused.json()["error"]["code"] == "not_found"
    with client_at(sqlite_url, "10.1.2.3") as client:  # loopback only, by default
        assert client.get("/metrics").status_code == 404
    with client_at(sqlite_url, "10.1.2.3", metrics_from=("10.0.0.0/8",)) as client:
        answer = client.get("/metrics")
        assert answer.status_code == 200
        assert "navcomp_moves_total" in answer.text
        forwarded = client.get("/metrics", headers={"X-Forwarded-For": "10.1.2.4"})
        assert forwarded.status_code == 404
    with client_at(sqlite_url, "::ffff:127.0.0.1") as client:  # a dual-stack socket's
        assert client.get("/metrics").status_code == 200


def test_every_answer_has_its_own_request_id(sqlite_url: str) -> None:
    with client_at(sqlite_url, "127.0.0.1", trusted_proxies=("10.0.0.0/8",)) as client:
        first = client.get("/livez").headers["x-request-id"]
        second = client.get("/nowhere").headers["x-request-id"]
        assert re.fullmatch("[0-9a-f]{32}", first) and first != second
        # from a peer that is no trusted proxy, the request's own id does not count
        asked = client.get("/livez", headers={"X-Request-ID": "mine"})
        assert asked.headers["x-request-id"] != "mine"
    with client_at(sqlite_url, "10.0.0.7", trusted_proxies=("10.0.0.0/8",)) as client:
        assert (
            client.get("/livez", headers={"X-Request-ID": "mine"}).headers["x-request-id"] == "mine"
        )
        long = "a" * 65
        assert client.get("/livez", headers={"X-Request-ID": long}).headers["x-request-id"] != long
        with client.websocket_connect(
            "/api/lobby/live", headers={"X-Request-ID": "socket-1"}
        ) as socket:
            assert (b"x-request-id", b"socket-1") in socket.extra_headers
