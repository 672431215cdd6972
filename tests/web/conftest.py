"""Fixtures for the browser tests: one real server, one Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def web_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SQLite file of ``web_server`` (a test may fix a table's seed before its start)."""
    return tmp_path_factory.mktemp("web") / "navcomp.db"


WEB_SERVER_LOG = "server.log"
LOG_TAIL = 60  # lines of the web server's log a failed browser test shows


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    """A failed browser test shows what the web server logged last (its refusals, errors)."""
    report = yield
    database = getattr(item, "funcargs", {}).get("web_database")
    if report.failed and isinstance(database, Path):
        log = database.with_name(WEB_SERVER_LOG)
        if log.exists():
            tail = log.read_text(errors="replace").splitlines()[-LOG_TAIL:]
            report.sections.append(("web server log (last lines)", "\n".join(tail)))
    return report


@pytest.fixture(scope="session")
def web_server(web_database: Path) -> Iterator[str]:
    """``navcomp serve`` on SQLite in a temporary folder, with quick bots: its base URL."""
    from server_helpers import ServerProcess

    log = web_database.with_name(WEB_SERVER_LOG)
    server = ServerProcess(f"sqlite:///{web_database}", "--bot-seconds", "0.05", log=log).start()
    try:
        yield server.base
    finally:
        server.stop()


@pytest.fixture(scope="session")
def count_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``navcomp serve`` with count to three registered (through tests/count_game.py)."""
    from server_helpers import ServerProcess

    folder = tmp_path_factory.mktemp("count")
    program = str(Path(__file__).parent.parent / "count_game.py")
    server = ServerProcess(f"sqlite:///{folder}/navcomp.db", program=program).start()
    try:
        yield server.base
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (the Playwright browser download is not used)."""
    from web.web_helpers import launch

    with launch() as chromium:
        yield chromium
