"""The process's log lines: text or JSON, the request id on each, no URL's password."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
import structlog

from navcomp.commands import logs


@pytest.fixture(autouse=True)
def _logging_as_it_was() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    quiet = {name: logging.getLogger(name).level for name in (*logs.QUIET_LIBRARIES, "navcomp")}
    yield
    root.handlers, root.level = handlers, level
    for name, kept in quiet.items():
        logging.getLogger(name).setLevel(kept)
    logging.getLogger("navcomp.requests").setLevel(logging.NOTSET)
    structlog.reset_defaults()
    logging.captureWarnings(False)


def lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return capsys.readouterr().err.splitlines()


def test_json_lines_carry_the_bound_request_id(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure("json", "info")
    with structlog.contextvars.bound_contextvars(request_id="r-1"):
        logging.getLogger("navcomp.mail").warning("mail %d failed", 7)
        logging.getLogger("uvicorn.error").warning("up", extra={"color_message": "\x1b[1mup"})
    logging.getLogger("navcomp").info("after")
    first, second, third = (json.loads(line) for line in lines(capsys))
    assert first["event"] == "mail 7 failed" and first["level"] == "warning"
    assert first["logger"] == "navcomp.mail" and first["request_id"] == "r-1"
    assert second["request_id"] == "r-1" and "color_message" not in second
    assert "request_id" not in third


def test_an_exception_is_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure("json", "info")
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("navcomp").exception("it failed")
    (line,) = lines(capsys)
    assert "ValueError: boom" in json.loads(line)["exception"]


def test_text_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure()
    logging.getLogger("navcomp.bots").warning("a worker died")
    (line,) = lines(capsys)
    assert "a worker died" in line and "[navcomp.bots]" in line and not line.startswith("{")


def test_a_url_password_is_blanked(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure("json", "info")
    logging.getLogger("navcomp").warning(
        "lost %s and %s", "redis://:s3cret@cache:6379/0", "postgresql://admin:hunter2@db/x"
    )
    (line,) = lines(capsys)
    assert "s3cret" not in line and "hunter2" not in line
    assert "redis://:***@cache:6379/0" in line and "postgresql://admin:***@db/x" in line


def test_libraries_that_log_secrets_at_info_stay_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure("json", "info")
    logging.getLogger("sqlalchemy.engine.Engine").info("SELECT ... ('password hash',)")
    logging.getLogger("httpx").info("POST https://hook.example/secret-path")
    logging.getLogger("uvicorn.error").info('"WebSocket /api/lobby/live?token=x" [accepted]')
    logging.getLogger("navcomp.requests").info("request")  # off without --access-log
    assert lines(capsys) == []
    logs.configure("json", "info", access_log=True)
    logging.getLogger("navcomp.requests").info("request")
    assert len(lines(capsys)) == 1
