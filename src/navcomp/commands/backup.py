"""``navcomp backup FILE`` and ``navcomp restore FILE`` (docs/server.md, "Backup and
restore").

SQLite is copied through its online backup API: one step, under one read transaction,
so the copy is the database as it was at one moment, while the server goes on writing
(in WAL mode a reader never waits for a writer, nor a writer for it).  PostgreSQL is
dumped by ``pg_dump --format=custom`` (one snapshot, too) and restored by ``pg_restore
--clean --if-exists`` in one transaction.  A backup is written beside FILE and renamed
onto it when complete: FILE is never half a backup.  A restore refuses a database that
holds anything unless ``--force``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import URL, func, inspect, make_url, select, table

from navcomp.store.db import DEFAULT_DATA_DIR, database_url, open_engine

KEPT_ON_EMPTY = frozenset({"alembic_version", "server_secrets"})
"""Tables a database that has served nobody holds rows in all the same (a server that
started once made them): they do not make it non-empty."""

CLIENT_TOOLS = "install PostgreSQL's client programs (Debian: apt install postgresql-client)"


class BackupError(Exception):
    """What went wrong, said to the host."""


def add_parser(commands: Any) -> None:
    backup = commands.add_parser(
        "backup", help="copy the database to FILE (safe while the server serves)"
    )
    backup.add_argument("file", type=Path, help="the backup to write (replaced if it exists)")
    _add_database(backup)
    backup.set_defaults(run=run_backup)
    restore = commands.add_parser("restore", help="put a backup FILE into the database")
    restore.add_argument("file", type=Path, help="a backup navcomp backup wrote")
    _add_database(restore)
    restore.add_argument(
        "--force", action="store_true", help="replace a database that holds anything"
    )
    restore.set_defaults(run=run_restore)


def _add_database(parser: Any) -> None:
    parser.add_argument("--database-url", help="e.g. postgresql://user@host:5432/db")
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="for SQLite")


def run_backup(args: argparse.Namespace) -> int:
    url = make_url(database_url(args.database_url, args.data_dir))
    try:
        if url.get_backend_name() == "sqlite":
            backup_sqlite(_sqlite_path(url, must_exist=True), args.file)
        else:
            backup_postgres(url, args.file)
    except BackupError as error:
        print(f"navcomp backup: {error}", file=sys.stderr)
        return 1
    print(f"backed up to {args.file}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    url = make_url(database_url(args.database_url, args.data_dir))
    try:
        if not args.file.is_file():
            raise BackupError(f"no backup at {args.file}")
        if url.get_backend_name() != "sqlite":
            _tool("pg_restore")
        held = holding(url)
        if held and not args.force:
            raise BackupError(
                f"the database holds rows ({', '.join(held)}): restore over it with --force"
            )
        if url.get_backend_name() == "sqlite":
            restore_sqlite(args.file, _sqlite_path(url, must_exist=False))
        else:
            restore_postgres(args.file, url)
    except BackupError as error:
        print(f"navcomp restore: {error}", file=sys.stderr)
        return 1
    print(f"restored {args.file}")
    return 0


def holding(url: URL) -> list[str]:
    """The tables of the database that hold rows, but those any served database holds."""
    if url.get_backend_name() == "sqlite" and not Path(_sqlite_path(url, False)).exists():
        return []
    engine = open_engine(url.render_as_string(hide_password=False))
    try:
        with engine.connect() as conn:
            names = [n for n in inspect(conn).get_table_names() if n not in KEPT_ON_EMPTY]
            return [
                name
                for name in sorted(names)
                if conn.execute(select(func.count()).select_from(table(name))).scalar_one()
            ]
    finally:
        engine.dispose()


def _sqlite_path(url: URL, must_exist: bool) -> str:
    path = url.database
    if not path or path == ":memory:":
        raise BackupError("an in-memory database has nothing to back up")
    if must_exist and not Path(path).is_file():
        raise BackupError(f"no database at {path}")
    return path


def backup_sqlite(source: str, target: Path) -> None:
    """Copy the SQLite database at ``source`` to ``target`` in one step of the backup API."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    origin = sqlite3.connect(source, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            origin.backup(copy)  # pages=-1: all at once, one snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, whatever the source's mode
            if copy.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise BackupError("the copy does not check out")
        finally:
            copy.close()
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"SQLite: {error}") from None
    finally:
        origin.close()
    partial.replace(target)


def restore_sqlite(backup: Path, target: str) -> None:
    """Copy the backup onto the database at ``target`` (made if missing), page by page."""
    try:
        origin = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"{backup}: {error}") from None
    try:
        tables = origin.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        if ("alembic_version",) not in tables:
            raise BackupError(f"{backup} is not a NavComp backup")
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        destination = sqlite3.connect(target, timeout=30)
        try:
            origin.backup(destination)
            destination.execute("PRAGMA journal_mode=WAL")  # as the server keeps it
        finally:
            destination.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{backup}: {error}") from None
    finally:
        origin.close()


def _libpq(url: URL) -> tuple[str, dict[str, str]]:
    """The URL as the PostgreSQL programs take it, and their environment: the password
    goes in PGPASSWORD, not on a command line anyone on the machine may read."""
    plain = url.set(drivername="postgresql", password=None)
    environment = dict(os.environ)
    if url.password is not None:
        environment["PGPASSWORD"] = str(url.password)
    return plain.render_as_string(hide_password=False), environment


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (or not on PATH): {CLIENT_TOOLS}")
    return found


def backup_postgres(url: URL, target: Path) -> None:
    pg_dump = _tool("pg_dump")
    address, environment = _libpq(url)
    partial = target.with_name(target.name + ".partial")
    command = [pg_dump, "--format=custom", "--no-owner", f"--file={partial}", address]
    _run(command, environment, partial)
    partial.replace(target)


def restore_postgres(backup: Path, url: URL) -> None:
    pg_restore = _tool("pg_restore")
    address, environment = _libpq(url)
    command = [
        pg_restore,
        "--clean",
        "--if-exists",
        "--no-owner",
        "--single-transaction",
        f"--dbname={address}",
        str(backup),
    ]
    _run(command, environment, None)


def _run(command: list[str], environment: dict[str, str], partial: Path | None) -> None:
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        if partial is not None:
            partial.unlink(missing_ok=True)
        said = done.stderr.strip().splitlines()
        raise BackupError(
            f"{Path(command[0]).name} failed: {said[-1] if said else done.returncode}"
        )
