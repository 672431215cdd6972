"""Fixtures for the server tests: a fresh database on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine, text

POSTGRES_ADMIN_URL = os.environ.get(
    "NAVCOMP_TEST_POSTGRES_ADMIN", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
POSTGRES_TEST_DB = "navcomp_test"


def postgres_url() -> str:
    """A database of our own on the test server, emptied for each test."""
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            exists = conn.execute(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": POSTGRES_TEST_DB}
            ).first()
            if exists is None:
                conn.execute(text(f"CREATE DATABASE {POSTGRES_TEST_DB}"))
    finally:
        admin.dispose()
    url = POSTGRES_ADMIN_URL.rsplit("/", 1)[0] + "/" + POSTGRES_TEST_DB
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE"))
            conn.execute(text("CREATE SCHEMA public"))
    finally:
        engine.dispose()
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/navcomp.db"
    else:
        yield postgres_url()


@pytest.fixture
def sqlite_url(tmp_path: object) -> str:
    return f"sqlite:///{tmp_path}/navcomp.db"
