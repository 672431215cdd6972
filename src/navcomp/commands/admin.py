"""``navcomp admin``: the server's host at work on its database (docs/server.md,
"Administration"): accounts found, disabled, enabled again, a password reset; a table
ended; the counts of what the server holds.

What a change means for running servers (sessions they must forget, a table whose
players must see it ended) is announced over Redis with ``--redis-url``, as the servers
announce their own changes to each other.  Without it a server forgets a disabled
account's cached sessions within ``SessionCache.ttl`` seconds, and its players see an
ended table when their page asks for it anew.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from navcomp.store.db import DEFAULT_DATA_DIR

if TYPE_CHECKING:
    from navcomp.service.admin import AccountRow
    from navcomp.service.effects import Effects
    from navcomp.store.db import Connection

T = TypeVar("T")

REDIS_URL_VARIABLE = "NAVCOMP_REDIS_URL"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("admin", help="accounts, tables and counts (for hosts)")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    found = _action(actions, "accounts", "list accounts by name fragment or mail address", True)
    found.add_argument("fragment", nargs="?", default="", help="part of a name, or an address")
    found.add_argument("--limit", type=int, default=100, help="at most this many (100)")
    found.set_defaults(run=run_accounts)
    disable = _action(actions, "disable", "disable an account: no sign-in, its sessions end")
    disable.add_argument("name", help="the account's name, exactly")
    _add_redis(disable)
    disable.set_defaults(run=run_disable)
    enable = _action(actions, "enable", "enable a disabled account again")
    enable.add_argument("name", help="the account's name, exactly")
    enable.set_defaults(run=run_enable)
    reset = _action(actions, "reset-password", "print a one-time reset link (or --random)")
    reset.add_argument("name", help="the account's name, exactly")
    reset.add_argument(
        "--public-url",
        default="http://127.0.0.1:8000",
        help="the table's address as readers reach it, as navcomp serve has it",
    )
    reset.add_argument(
        "--random",
        action="store_true",
        help="set a random password instead, printed once (its sessions end)",
    )
    _add_redis(reset)
    reset.set_defaults(run=run_reset)
    end = _action(actions, "end-table", "end a game (aborted, no result) or close an open table")
    end.add_argument("table", type=int, help="the table's id")
    _add_redis(end)
    end.set_defaults(run=run_end_table)
    counted = _action(
        actions, "counts", "tables, players, games today, mail, bot turns, queued jobs", True
    )
    counted.set_defaults(run=run_counts)


def _action(actions: Any, name: str, what: str, listing: bool = False) -> Any:
    action = actions.add_parser(name, help=what, description=what)
    action.add_argument("--database-url", help="e.g. postgresql://user@host:5432/db")
    action.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR, help="for SQLite")
    if listing:
        action.add_argument("--json", action="store_true", help="JSON instead of a table")
    return action


def _add_redis(action: Any) -> None:
    action.add_argument(
        "--redis-url",
        default=os.environ.get(REDIS_URL_VARIABLE) or None,
        help="the servers' Redis (or NAVCOMP_REDIS_URL): running servers hear of it at once",
    )


@contextmanager
def _database(args: argparse.Namespace) -> Iterator[tuple[str, Any]]:
    """The database's URL and engine, migrated (the same as navcomp serve's)."""
    from navcomp.store.db import database_url, migrate, open_engine

    url = database_url(args.database_url, args.data_dir)
    engine = open_engine(url)
    try:
        migrate(engine)
        yield url, engine
    finally:
        engine.dispose()


def _in_transaction(
    args: argparse.Namespace, work: Callable[[Connection, Any], T], writes: bool = True
) -> T:
    """``work(conn, now)`` in one transaction (``writes`` False: a read, which on SQLite
    takes no write lock from the servers)."""
    from navcomp.server.runtime.context import utc_now
    from navcomp.store.db import WRITE_OPTION

    with _database(args) as (_url, engine), engine.connect() as conn:
        conn = conn.execution_options(**{WRITE_OPTION: writes})
        with conn.begin():
            return work(conn, utc_now())


def _refused(error: Exception) -> int:
    print(f"navcomp admin: {error}", file=sys.stderr)
    return 1


def run_accounts(args: argparse.Namespace) -> int:
    from navcomp.service import admin

    found = _in_transaction(
        args,
        lambda conn, _at: admin.find_accounts(conn, args.fragment, max(1, args.limit)),
        writes=False,
    )
    if args.json:
        print(json.dumps([_account_json(row) for row in found], indent=2))
        return 0
    if not found:
        print("no accounts")
        return 0
    header = ("id", "name", "created", "last seen", "disabled", "guest", "mail")
    rows = [header, *(_account_cells(row) for row in found)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
    return 0


def _account_json(row: AccountRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "created": row.created.isoformat(),
        "last_seen": None if row.last_seen is None else row.last_seen.isoformat(),
        "disabled": row.disabled,
        "guest": row.guest,
        "mail": row.address,
    }


def _account_cells(row: AccountRow) -> tuple[str, ...]:
    from navcomp.commands.moderation import escaped

    seen = "-" if row.last_seen is None else f"{row.last_seen:%Y-%m-%d %H:%M}"
    return (
        str(row.id),
        escaped(row.name),
        f"{row.created:%Y-%m-%d %H:%M}",
        seen,
        "yes" if row.disabled else "no",
        "yes" if row.guest else "no",
        escaped(row.address or "-"),
    )


def run_disable(args: argparse.Namespace) -> int:
    return _change_account(args, disabled=True)


def run_enable(args: argparse.Namespace) -> int:
    args.redis_url = None  # nothing for the servers to forget
    return _change_account(args, disabled=False)


def _change_account(args: argparse.Namespace, disabled: bool) -> int:
    from navcomp.domain.refusals import Refusal
    from navcomp.service import admin

    try:
        effects = _in_transaction(
            args, lambda conn, at: admin.set_disabled(conn, args.name, disabled, at)
        )
    except Refusal as error:
        return _refused(error)
    ended = _announce(args, effects)
    print(f"{args.name}: {'disabled' if disabled else 'enabled'}{ended}")
    return 0


def run_reset(args: argparse.Namespace) -> int:
    from navcomp.domain.refusals import Refusal
    from navcomp.service import admin

    try:
        if not args.random:
            link = _in_transaction(
                args, lambda conn, at: admin.reset_link(conn, args.name, args.public_url, at)
            )
            print(f"a reset link for {args.name}, good for an hour and once:\n{link}")
            return 0
        password, digest = _random_password()
        effects = _in_transaction(
            args, lambda conn, _at: admin.set_password(conn, args.name, digest)
        )
    except Refusal as error:
        return _refused(error)
    ended = _announce(args, effects)
    print(f"the new password of {args.name}{ended}, shown this once:\n{password}")
    return 0


def _random_password() -> tuple[str, str]:
    """A new password and its hash."""
    import secrets

    from navcomp.service.accounts import hash_password

    password = secrets.token_urlsafe(15)
    return password, hash_password(password)


def run_end_table(args: argparse.Namespace) -> int:
    from navcomp.domain.refusals import Refusal
    from navcomp.service import admin

    try:
        was, effects = _in_transaction(args, lambda conn, at: admin.end_table(conn, args.table, at))
    except Refusal as error:
        return _refused(error)
    _announce(args, effects)
    done = "closed" if was.value == "open" else "ended (aborted)"
    print(f"table {args.table}: {done}")
    return 0


def _announce(args: argparse.Namespace, effects: Effects) -> str:
    """Tell the running servers what ``effects`` say; a few words on the sessions ended."""
    from navcomp.server.runtime.fanout import announce_from_outside
    from navcomp.service.accounts import SessionCache
    from navcomp.service.effects import EndSessions, PushClosed, PushTable
    from navcomp.store.db import database_url

    sessions = [d for e in effects if isinstance(e, EndSessions) for d in e.digests]
    tables = [e.table.id for e in effects if isinstance(e, PushTable)]
    tables += [e.table_id for e in effects if isinstance(e, PushClosed)]
    told = False
    if args.redis_url and (sessions or tables):
        url = database_url(args.database_url, args.data_dir)  # names the servers' channel
        try:
            announce_from_outside(args.redis_url, url, tables, sessions)
            told = True
        except Exception as error:  # the change is made all the same
            print(f"navcomp admin: could not tell the servers over Redis: {error}", file=sys.stderr)
    if not sessions:
        return ""
    if told:
        return f", {len(sessions)} session(s) ended"
    wait = SessionCache().ttl
    return f", {len(sessions)} session(s) ended (running servers forget them within {wait:.0f} s)"


def run_counts(args: argparse.Namespace) -> int:
    from navcomp.service import admin

    found = _in_transaction(args, admin.counts, writes=False)
    if args.json:
        print(json.dumps(found.to_json(), indent=2))
        return 0
    tables = ", ".join(f"{count} {status}" for status, count in found.tables.items())
    players = ", ".join(f"{count} {kind}" for kind, count in found.players.items())
    print(f"tables:          {tables}")
    print(f"players:         {players}")
    print(f"finished today:  {found.finished_today} (UTC)")
    print(f"mail waiting:    {found.mail_waiting}")
    print(f"bot turns:       {found.bot_turns}")
    queued = ", ".join(f"{count} {task}" for task, count in found.queued_jobs.items())
    print(f"queued jobs:     {queued or 'none'}")
    return 0
