"""The process's logs (docs/server.md, "Logs"): one handler on the root logger, through
structlog's ``ProcessorFormatter``, so uvicorn's, SQLAlchemy's and our own ``logging``
lines all come out alike: readable text (the default), or one JSON object a line.

Every line carries the request id bound for the request or WebSocket it belongs to
(``structlog.contextvars``, bound by ``server/api/request_ids.py``), and a URL's
password (``scheme://user:password@``) is blanked on its way out, whatever logged it.
"""

from __future__ import annotations

import logging
import re
import sys
from typing import Any

import structlog
from structlog.typing import EventDict, Processor

FORMATS = ("text", "json")
LEVELS = ("debug", "info", "warning", "error")
QUIET_LIBRARIES = (
    *("sqlalchemy", "httpx", "httpcore", "alembic", "aiosmtplib", "websockets", "uvicorn"),
    "procrastinate",
)
"""Loggers kept at warnings and above whatever the level: at info SQLAlchemy logs each
statement with its parameters (password hashes, session digests), httpx each URL,
uvicorn each WebSocket opened and closed with its path and query string, procrastinate
each job with its arguments (and a job a stopping worker hands back, with a traceback)."""
URL_PASSWORD = re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@/\s]+@", re.IGNORECASE)


class Redacted:
    """The final renderer, with a URL's password blanked in what it wrote."""

    def __init__(self, renderer: Any) -> None:
        self.renderer = renderer

    def __call__(self, logger: Any, name: str, event: Any) -> str:
        rendered = self.renderer(logger, name, event)
        text = rendered.decode() if isinstance(rendered, bytes) else str(rendered)
        return URL_PASSWORD.sub(r"\1***@", text)


def _without_colors(_logger: Any, _name: str, event: EventDict) -> EventDict:
    """uvicorn's lines carry their text again with terminal colours: that goes."""
    event.pop("color_message", None)
    return event


def configure(log_format: str = "text", level: str = "info", access_log: bool = False) -> None:
    """Send every log line of the process through one formatter, to stderr; with
    ``access_log``, a line for each request (``navcomp.requests``, at info)."""
    shared: list[Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.stdlib.ExtraAdder(),
        _without_colors,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    renderer: Any
    if log_format == "json":
        shared.append(structlog.processors.format_exc_info)
        renderer = structlog.processors.JSONRenderer()
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=False)
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta, Redacted(renderer)],
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers = [handler]
    logging.captureWarnings(True)  # Python's warnings as log lines too, not bare text
    numeric = getattr(logging, level.upper())
    root.setLevel(numeric)
    for library in QUIET_LIBRARIES:
        logging.getLogger(library).setLevel(max(numeric, logging.WARNING))
    logging.getLogger("navcomp.requests").setLevel(numeric if access_log else logging.WARNING)
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
