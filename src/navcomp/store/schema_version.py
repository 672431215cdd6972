"""Whether the database's schema is the newest: its Alembic revision against the head of
``store/migrations`` (the server's readiness, ``/readyz``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection


@cache
def head_revisions() -> frozenset[str]:
    """The migrations' heads, read once: the files do not change while a process runs."""
    scripts = ScriptDirectory(str(Path(__file__).parent / "migrations"))
    return frozenset(scripts.get_heads())


def is_current(conn: Connection) -> bool:
    """Whether the database stands at the migrations' head (and not behind or past it)."""
    return frozenset(MigrationContext.configure(conn).get_current_heads()) == head_revisions()
