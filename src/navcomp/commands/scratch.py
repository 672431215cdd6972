"""Scratch databases for the benchmarks: each run starts on an empty database.

``sqlite`` names a new file in the started server's temporary folder; a PostgreSQL URL
names a server, on which a new database is made for the run and dropped after it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import count

from sqlalchemy import create_engine, make_url, text

from navcomp.store.db import database_url

SQLITE = "sqlite"
_RUNS = count()


def label(url: str) -> str:
    """What a table of figures calls the database at ``url`` (no user, no password)."""
    if url == SQLITE:
        return SQLITE
    parsed = make_url(database_url(url))
    return f"{parsed.get_backend_name()}@{parsed.host}:{parsed.port or 5432}"


def check(url: str) -> str | None:
    """What is wrong with ``url`` as a benchmark's database, or None."""
    if url == SQLITE or database_url(url).startswith("postgresql+psycopg://"):
        return None
    return f"{url!r} is neither sqlite nor a postgresql:// URL"


@contextmanager
def scratch_database(url: str) -> Iterator[str | None]:
    """For ``sqlite`` None (the server's own new file); for a PostgreSQL URL, the URL of
    a new database on that server, dropped when the block ends."""
    if url == SQLITE:
        yield None
        return
    server = make_url(database_url(url))
    name = f"navcomp_bench_{os.getpid()}_{next(_RUNS)}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            conn.execute(text(f"CREATE DATABASE {name}"))
        try:
            yield server.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    finally:
        admin.dispose()
