"""Hearing it is my turn in the browser: the page title's count, a desktop notification from
a tab in the background, "your turn" notices that clear once the turn is played, and
"Next game" to my table that has waited longest."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, Page, expect

from web.web_helpers import (
    create_table,
    guest,
    new_page,
    screenshot,
    start,
    table_json,
    wait_my_turn,
)

HIDDEN_TAB = """
// The tab can be sent to the background (window.hideTab), and the notifications it makes
// are kept in window.notified as well as shown.
window.hideTab = false;
Object.defineProperty(Document.prototype, "visibilityState", {
  get: () => (window.hideTab ? "hidden" : "visible"),
});
const RealNotification = window.Notification;
window.notified = [];
window.Notification = class extends RealNotification {
  constructor(title, options) {
    super(title, options);
    window.notified.push({ title, body: options && options.body });
  }
};
"""

PASS_THE_TURN = """async (id) => {
  const { get, post } = await pageModule("api.js");
  for (let moves = 0; moves < 60; moves += 1) {
    const data = await get(`/api/tables/${id}`);
    if (!data.legal || data.table.to_move !== data.seat) return moves;
    const action = data.legal.find((a) => !a.text.startsWith("discard")) || data.legal[0];
    const version = data.table.version;
    const body = { action: action.id, expected_version: version };
    const moved = await post(`/api/tables/${id}/moves`, body);
    // a bot may answer before the next read: the move's own answer says whether the turn passed
    if (moved.table.to_move !== data.seat) return moves + 1;
  }
  throw new Error("the turn did not pass");
}"""


def api(page: Page, method: str, path: str) -> Any:
    return page.evaluate(
        """async ([method, path]) => {
            const { api } = await pageModule("api.js");
            return api(method, path, method === "GET" ? undefined : {});
        }""",
        [method, path],
    )


@contextmanager
def two_players(browser: Browser, web_server: str) -> Iterator[tuple[Page, Page, int]]:
    """Two guests at a started table of two people, each page on its lobby."""
    with new_page(browser, web_server) as one, new_page(browser, web_server) as two:
        for page in (one, two):
            page.context.add_init_script(HIDDEN_TAB)
            guest(page)
        table = create_table(one, 2, {})
        api(two, "POST", f"/api/tables/{table}/join")
        api(one, "POST", f"/api/tables/{table}/start")
        one.goto("/#/")
        two.goto("/#/")
        yield one, two, table


def test_the_mover_hears_it_and_the_notice_clears_once_played(
    browser: Browser, web_server: str
) -> None:
    with two_players(browser, web_server) as (one, two, table):
        seat_of_mover = table_json(one, table)["table"]["to_move"]
        mover, other = (one, two) if table_json(one, table)["seat"] == seat_of_mover else (two, one)
        other.reload()
        expect(other.locator("#my-games-card")).to_be_visible()
        other.context.grant_permissions(["notifications"])  # the person will say yes
        other.locator("#notify-me").click()  # the permission, asked on a click
        expect(other.locator("#notify-state")).to_contain_text("Desktop notifications are on")
        mover.reload()
        expect(mover).to_have_title(re.compile(r"^\(1\) Your turn · NavComp$"))
        expect(mover.locator("#notices")).to_contain_text(f"Your turn at table {table}")
        screenshot(mover, "turns-lobby-your-turn")
        other.evaluate("window.hideTab = true")  # the other one's tab goes to the background
        assert mover.evaluate(PASS_THE_TURN, table) > 0
        mover.reload()
        expect(mover.locator("#my-games-card")).to_be_visible()
        expect(mover.locator("#notices-card")).to_be_hidden()  # the turn was played
        expect(mover).to_have_title("NavComp")
        other.wait_for_function("() => window.notified.length > 0", timeout=30_000)
        assert other.evaluate("window.notified") == [
            {"title": "Your turn", "body": f"Your turn at table {table}"}
        ]
        expect(other).to_have_title(re.compile(r"^\(1\) Your turn · NavComp$"))


def test_next_game_goes_to_the_table_that_waited_longest(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        tables = []
        for _ in range(2):
            page.goto("/#/")
            tables.append(create_table(page, 2, {1: "easy"}))
            start(page)
            wait_my_turn(page)
        page.goto("/#/")
        expect(page).to_have_title(re.compile(r"^\(2\) Your turn · NavComp$"))
        mine = api(page, "GET", "/api/my/games")
        waiting = sorted((t["turn_since"], t["id"]) for t in mine if t["my_turn"])
        assert [table for _, table in waiting] == tables  # the first started waits longest
        page.locator("#next-game").click()
        page.wait_for_url(re.compile(rf"#/table/{tables[0]}$"))
        wait_my_turn(page)
        expect(page).to_have_title(re.compile(r"^\(2\) Your turn · Space Mission · NavComp$"))
        expect(page.locator("#next-game")).to_be_visible()  # the other table waits
        page.evaluate(PASS_THE_TURN, tables[0])
        expect(page.locator("#next-game")).to_be_visible()  # at the end of my turn here
        screenshot(page, "turns-next-game-at-the-table")
        page.locator("#next-game").click()
        page.wait_for_url(re.compile(rf"#/table/{tables[1]}$"))
        wait_my_turn(page)
