"""Mail and webhooks through the job queue: a server with ``--jobs queue`` sends neither
itself; a worker does, at once, and tries a failed webhook again."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

from conftest import own_postgres_database
from mail_helpers import Inbox
from navcomp.server.runtime.context import Settings
from navcomp.server.runtime.worker import WorkerOptions
from server.queue_helpers import worker_in_thread
from server.test_mail import QUICK, with_address
from server.webhook_helpers import HookServer
from server_helpers import Player, new_game, running, wait_for

REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def queue_database() -> Iterator[str]:
    with own_postgres_database(f"navcomp_queue_jobs_{os.getpid()}") as url:
        yield url


def test_mail_is_sent_by_a_worker_at_once_not_by_the_server(queue_database: str) -> None:
    never_polled = QUICK | {"mail_poll_seconds": 3600}
    with Inbox() as inbox:
        worker_settings = Settings(
            queue_database, jobs="queue", redis_url=REDIS, smtp_url=inbox.url, **never_polled
        )
        with running(queue_database, jobs="queue", redis_url=REDIS) as client:
            ann = Player(client, "ann")
            answer = ann.put("/api/me/email", {"address": "ann@example.com", "language": "en"})
            assert answer.status_code == 200, answer.text
            with worker_in_thread(worker_settings):
                # the job deferred before the worker started waits for it
                wait_for(lambda: inbox.to("ann@example.com"), timeout=20)
                with_address(Player(client, "ben"), inbox, "ben@example.com")


def test_a_webhook_the_hook_failed_is_delivered_by_a_worker_on_a_later_try(
    queue_database: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    with HookServer(failures=1) as hook:
        worker_settings = Settings(
            queue_database, jobs="queue", redis_url=REDIS, webhook_allow_internal=True
        )
        with (
            running(
                queue_database,
                jobs="queue",
                redis_url=REDIS,
                webhooks=True,
                webhook_allow_internal=True,
            ) as client,
            worker_in_thread(worker_settings),
        ):
            ann, ben = Player(client, "ann"), Player(client, "ben")
            assert ann.put("/api/me/webhook", {"url": hook.url}).status_code == 200
            table_id = new_game(ann, [ben])
            while ann.table(table_id)["table"]["to_move"] == 0:
                table = ann.table(table_id)
                moved = ann.move(table_id, table["legal"][0]["id"], table["table"]["version"])
                assert moved.status_code == 200, moved.text
            table = ben.table(table_id)
            while ben.table(table_id)["table"]["to_move"] == 1:
                table = ben.table(table_id)
                moved = ben.move(table_id, table["legal"][0]["id"], table["table"]["version"])
                assert moved.status_code == 200, moved.text
            wait_for(lambda: len(hook.received) >= 2, timeout=30)  # 500 first, then taken
            assert hook.received[0] == hook.received[1]
            assert hook.received[0]["table"] == table_id
    assert "navcomp.webhook" in caplog.text  # the job's own lines, as procrastinate logs them
    assert "secret-token" not in caplog.text  # the hook's path: in no job's arguments


def test_a_worker_whose_queries_fail_while_it_asks_for_jobs_starts_again(
    queue_database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """procrastinate's worker ends when the query it asks a job with fails (a database
    restarting, a connection cut in flight: seen in the restart test above, but only when
    the outage meets a query); ours starts it again, and the next job runs.  Here the
    queries fail for sure: the jobs' table is renamed away for a moment."""
    caplog.set_level(logging.WARNING)
    asking = WorkerOptions(heartbeat_seconds=0.5, stalled_seconds=3, upkeep_seconds=0.02)
    table = create_engine(queue_database, isolation_level="AUTOCOMMIT")
    try:
        with Inbox() as inbox:
            settings = Settings(
                queue_database, jobs="queue", redis_url=REDIS, smtp_url=inbox.url, **QUICK
            )
            with worker_in_thread(settings, asking):
                with table.connect() as conn:
                    conn.execute(text("ALTER TABLE procrastinate_jobs RENAME TO jobs_away"))
                wait_for(lambda: "the queue's database is away" in caplog.text, timeout=20)
                with table.connect() as conn:
                    conn.execute(text("ALTER TABLE jobs_away RENAME TO procrastinate_jobs"))
                with running(queue_database, jobs="queue", redis_url=REDIS) as client:
                    ann = Player(client, "ann")
                    answer = ann.put("/api/me/email", {"address": "ann@example.com"})
                    assert answer.status_code == 200, answer.text
                    wait_for(lambda: inbox.to("ann@example.com"), timeout=30)
    finally:
        table.dispose()
