"""A host's OpenTelemetry tracer (say, `opentelemetry-instrument navcomp serve`) hears
nothing from FastAPI's own telemetry: its spans would carry a mail link's token."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TRACED_REQUEST = """
import sys
from fastapi.testclient import TestClient
from opentelemetry import trace
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from navcomp.server.app import create_app
from navcomp.server.runtime.context import Settings

exporter = InMemorySpanExporter()
provider = TracerProvider()
provider.add_span_processor(SimpleSpanProcessor(exporter))
trace.set_tracer_provider(provider)
with trace.get_tracer("probe").start_as_current_span("the host's own span"):
    pass
app = create_app(Settings(sys.argv[1], webhooks=False))
with TestClient(app) as client:
    print(client.post("/api/mail/unsubscribe/SECRET-TOKEN-4711", json={}).status_code)
for span in exporter.get_finished_spans():
    print(span.name, dict(span.attributes or {}))
"""


def test_a_hosts_tracer_gets_no_span_of_a_request(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/navcomp.db"
    done = subprocess.run(
        [sys.executable, "-c", TRACED_REQUEST, url], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    status, *spans = done.stdout.splitlines()
    assert status == "400"  # a token that is no token
    assert spans == ["the host's own span {}"]  # the tracer works; the request made none
