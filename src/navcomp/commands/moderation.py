"""``navcomp moderation reports``: the chat messages players reported, for the server's
hosts (docs/server.md, "Moderation")."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from navcomp.store.db import DEFAULT_DATA_DIR


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("moderation", help="what players reported (for hosts)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    reports = actions.add_parser("reports", help="list reported chat messages, newest first")
    reports.add_argument("--database-url", help="e.g. postgresql://user@host:5432/db")
    reports.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="for SQLite")
    reports.add_argument("--limit", type=int, default=100, help="at most this many (100)")
    reports.add_argument("--json", action="store_true", help="one JSON object a line")
    reports.set_defaults(run=run_reports)


def run_reports(args: argparse.Namespace) -> int:
    from navcomp.store import chat
    from navcomp.store.db import database_url, migrate, open_engine

    engine = open_engine(database_url(args.database_url, args.data_dir))
    try:
        migrate(engine)
        with engine.connect() as conn:
            found = chat.reports(conn, max(1, args.limit))
    finally:
        engine.dispose()
    if not found:
        print("no reports")
    for report in found:
        print(json.dumps(_report_json(report)) if args.json else _report_line(report))
    return 0


def _report_json(report: Any) -> dict[str, Any]:
    message = report.message
    return {
        "reported_at": report.at.isoformat(),
        "reporter": report.reporter,
        "reason": report.reason,
        "message": message.id,
        "table": message.table_id,
        "channel": message.channel,
        "author": message.author,
        "written_at": message.at.isoformat(),
        "text": message.text,
    }


def _report_line(report: Any) -> str:
    """One report for a terminal: whatever a player wrote (names, the reason, the message)
    escaped where not printable, so that no control or direction override acts on it."""
    message = report.message
    where = "lobby" if message.table_id is None else f"table {message.table_id} {message.channel}"
    reason = repr(report.reason) if report.reason else "(no reason given)"
    return (
        f"{report.at:%Y-%m-%d %H:%M} {escaped(report.reporter)} reported message {message.id} "
        f"by {escaped(message.author)} ({where}): {reason}\n    {message.text!r}"
    )


def escaped(text: str) -> str:
    """``text`` with each character that is not printable as Python writes it in a string
    (``\\x9b``, ``\\u202e``), the others as they are."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
