"""The browser table under its Content-Security-Policy: both games' tables, a rules page
and the lobby load, draw and play with not one violation."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from web.test_pioneers import list_step, my_phase
from web.web_helpers import create_table, guest, new_page, screenshot, start

WATCH_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def _violations(page: Page, console: list[str]) -> list[Any]:
    seen: list[Any] = page.evaluate("window.__csp")
    return seen + [m for m in console if "Content Security Policy" in m]


def _watched(page: Page) -> list[str]:
    page.context.add_init_script(WATCH_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    return console


def test_the_table_works_under_its_content_security_policy(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        console = _watched(page)
        answer = page.goto("/")
        assert answer is not None
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        guest(page)
        mission = create_table(page, 2, {1: "easy"})
        start(page)
        expect(page.locator("#hand .card-face").first).to_be_visible()
        assert _violations(page, console) == []
        screenshot(page, "csp-space-mission")

        page.goto("/#/")
        page.locator("#new-game").select_option("space-pioneers")
        page.locator("#new-seats").select_option("2")
        page.locator("#new-seat-1").select_option("easy")
        page.locator("#create-table").click()
        page.wait_for_url(re.compile(r"#/table/\d+$"))
        assert int(page.url.rsplit("/", 1)[1]) != mission
        page.locator("#start").click()
        board = page.locator("#board.sp-board")
        expect(board).to_be_visible()
        steps = 0
        while not page.locator(".sp-net").count():  # play until a network has a card
            phase = my_phase(page)
            assert phase != "over" and steps < 100
            list_step(page, phase)
            steps += 1
        network = page.locator(".sp-net").first
        expect(network).to_be_visible()
        # the network's grid and places come from style properties the CSP lets through
        assert network.evaluate("el => el.style.gridTemplateColumns") != ""
        assert page.locator(".sp-net .sp-axis").first.evaluate("el => el.style.gridColumn") != ""
        assert _violations(page, console) == []
        screenshot(page, "csp-space-pioneers")

        page.goto("/static/js/games/space-mission/rules.html")
        expect(page.locator("main.rules")).to_be_visible()
        assert _violations(page, console) == []
