"""The server's Prometheus metrics, all in this one module (docs/server.md, "Metrics").

Names are in base units (seconds), counters end in ``_total``, and no label holds a
person, a table or anything else without a fixed, small set of values.  When several
processes share a host, each writes its figures to files in ``PROMETHEUS_MULTIPROC_DIR``
(read by ``prometheus_client`` as the process starts) and :func:`exposition` adds them
up; the gauges then count the living processes only (``livesum``).
"""

from __future__ import annotations

import os

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from navcomp.domain.refusals import REGISTRY as REFUSAL_CODES

MULTIPROCESS_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"
JOBS = ("bot", "mail", "webhook")
"""The ``job`` label's values: what waits to be done off the request."""

FAST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
SLOW_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 30.0)

MOVES = Counter("navcomp_moves_total", "Moves played (people's and bots'), undos included")
MOVE_SECONDS = Histogram(
    "navcomp_move_seconds",
    "Time from a move's arrival at the dispatcher to its pushes and announcements",
    buckets=FAST_BUCKETS,
)
PUSHES = Counter("navcomp_pushes_total", "Messages queued to live sockets (one per client)")
OPEN_SOCKETS = Gauge(
    "navcomp_websockets_open", "Live WebSockets open now", multiprocess_mode="livesum"
)
JOBS_QUEUED = Gauge(
    "navcomp_jobs_queued",
    "Jobs waiting or running: bots thinking here, mail due in the outbox",
    ["job"],
    multiprocess_mode="livesum",
)
QUEUE_JOBS = Gauge(
    "navcomp_queue_jobs",
    "Jobs waiting or running in the job queue (--jobs queue), as a worker last counted",
    ["job"],
    multiprocess_mode="livemostrecent",
)
JOB_SECONDS = Histogram(
    "navcomp_job_seconds",
    "Time from a job's scheduling to its end",
    ["job"],
    buckets=SLOW_BUCKETS,
)
BOT_THINKING_SECONDS = Histogram(
    "navcomp_bot_thinking_seconds",
    "Time from handing a bot's job to a worker to its answer",
    buckets=SLOW_BUCKETS,
)
MAILS_SENT = Counter("navcomp_mails_sent_total", "Mail the SMTP server accepted")
MAILS_FAILED = Counter("navcomp_mails_failed_total", "Tries at sending a mail that failed")
REFUSALS = Counter(
    "navcomp_refusals_total", "Error answers, by their code (docs/server.md, Errors)", ["code"]
)
DATABASE_ERRORS = Counter(
    "navcomp_database_errors_total", "Database errors (unreachable, or a statement failed)"
)
REDIS_ERRORS = Counter(
    "navcomp_redis_errors_total", "Redis errors (a lost connection, an announcement not sent)"
)

for _job in JOBS:  # every series present from the start, at zero
    JOBS_QUEUED.labels(job=_job)
    QUEUE_JOBS.labels(job=_job)
    JOB_SECONDS.labels(job=_job)
for _code in REFUSAL_CODES:
    REFUSALS.labels(code=_code)


def refused(code: str) -> None:
    """Count an error answer; a code outside the registry is not a label of its own."""
    if code in REFUSAL_CODES:
        REFUSALS.labels(code=code).inc()


def exposition() -> tuple[bytes, str]:
    """The metrics as Prometheus reads them, and their content type: this process's own,
    or, in multiprocess mode, those of every process writing to the folder."""
    if os.environ.get(MULTIPROCESS_VARIABLE):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


def serve_on(host: str, port: int) -> None:
    """Serve the metrics over HTTP from a thread (a worker, which has no web server)."""
    from prometheus_client import REGISTRY, start_http_server

    registry = REGISTRY
    if os.environ.get(MULTIPROCESS_VARIABLE):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    start_http_server(port, addr=host, registry=registry)


def process_ended() -> None:
    """In multiprocess mode, leave this process's gauges out of the sums from now on."""
    if os.environ.get(MULTIPROCESS_VARIABLE):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]
