"""The page in Chromium: every file it loads at once under the static tree's version,
each fetched once (the announced modules and the first questions are the requests the
page then uses, not fetched twice), and a repeat visit taking every static file from the
cache, asking the server only what changes."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from playwright.sync_api import Browser, Page, expect

VERSIONED = re.compile(r"^/static/[0-9a-f]{12}/")


def _loaded(page: Page) -> list[dict[str, Any]]:
    """What the page fetched: its Resource Timing entries (path, bytes over the wire)."""
    entries: list[dict[str, Any]] = page.evaluate(
        """() => performance.getEntriesByType("resource").map((entry) => ({
             path: new URL(entry.name).pathname, transferred: entry.transferSize,
             kind: entry.initiatorType }))"""
    )
    return entries


def _visit(page: Page) -> list[dict[str, Any]]:
    page.goto("/")
    expect(page.locator("#guest")).to_be_visible()
    page.wait_for_load_state("networkidle")
    return _loaded(page)


def test_the_page_loads_each_file_once_and_again_from_the_cache(
    browser: Browser, web_server: str
) -> None:
    context = browser.new_context(base_url=web_server)
    try:
        first = _visit(context.new_page())
        static = [entry["path"] for entry in first if entry["path"].startswith("/static/")]
        assert len(static) > 60 and all(VERSIONED.match(path) for path in static), static
        twice = [path for path, count in Counter(e["path"] for e in first).items() if count > 1]
        assert twice == []
        assert {"/api/session", "/api/games"} <= {entry["path"] for entry in first}
        again = _visit(context.new_page())
        cached = [entry for entry in again if entry["path"].startswith("/static/")]
        assert len(cached) >= len(static)
        assert [entry["path"] for entry in cached if entry["transferred"]] == []
    finally:
        context.close()
