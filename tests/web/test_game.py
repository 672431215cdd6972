"""A whole game in the browser against bots, from the lobby to the score sheet."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

from web.web_helpers import (
    create_table,
    guest,
    new_page,
    play_simple_step,
    screenshot,
    start,
    table_json,
    version,
    wait_moved,
    wait_my_turn_or_over,
)


def test_a_full_game_against_bots_reaches_the_score_sheet(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        name = guest(page)
        expect(page.locator("#new-table")).to_be_visible()
        screenshot(page, "lobby")
        table_id = create_table(page, 3, {1: "easy", 2: "medium"})
        expect(page.locator("#lobby-seats li")).to_have_count(3)
        expect(page.locator("#invite-link")).to_have_value(f"{web_server}/#/table/{table_id}")
        start(page)
        steps = 0
        shot = False
        while wait_my_turn_or_over(page) == "turn":
            if not shot and steps >= 12:
                screenshot(page, "board-mid-game")
                shot = True
            before = version(page)
            play_simple_step(page)
            wait_moved(page, before)
            steps += 1
            assert steps < 400, "the game does not end"
        sheet = page.locator("#score-sheet")
        expect(sheet).to_be_visible()
        expect(page.locator("#announce")).to_have_text("")  # no "your turn" once it is over
        screenshot(page, "score-sheet")
        server = table_json(page, table_id)
        result = server["view"]["result"]
        assert server["table"]["status"] == "over"
        # the sheet shows the server's result: every category, the totals, the winner
        rows = sheet.locator("tbody tr")
        expect(rows).to_have_count(10)  # 8 categories, total, rank
        totals = rows.nth(8).locator("td").all_inner_texts()
        assert [int(x) for x in totals] == result["scores"]
        gate = rows.nth(0).locator("td").all_inner_texts()
        assert [int(x) for x in gate] == [b["gate"] for b in result["breakdown"]]
        winner = server["table"]["seats"][result["winners"][0]]
        expected = winner["player"] or "Bot"
        expect(page.locator("#winner")).to_contain_text(expected)
        assert name.startswith(server["table"]["seats"][0]["player"])
        # the log is there, in the order played
        assert page.locator("#log-list li").count() > 20


PLAY_RANDOMLY = """async ([id, moves]) => {
  const csrf = decodeURIComponent(document.cookie.match(/navcomp_csrf=([^;]*)/)[1]);
  let made = 0;
  for (let tries = 0; made < moves && tries < moves * 50; tries++) {
    const seen = await (await fetch(`/api/tables/${id}`)).json();
    if (seen.table.status !== "playing") break;
    const legal = (seen.legal || []).filter((a) => !a.text.startsWith("discard"));
    if (!legal.length) { await new Promise((done) => setTimeout(done, 30)); continue; }
    const action = legal[made % legal.length].id;
    const answer = await fetch(`/api/tables/${id}/moves`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify({ action, expected_version: seen.table.version }),
    });
    if (answer.ok) made++;
  }
  return made;
}"""

UNTIL_MY_TURN = """async (id) => {
  for (let tries = 0; tries < 300; tries++) {
    const seen = await (await fetch(`/api/tables/${id}`)).json();
    if (seen.table.status !== "playing" || (seen.legal || []).length) return true;
    await new Promise((done) => setTimeout(done, 30));
  }
  return false;
}"""
"""Waits while the bots move, so the log stops growing."""

SHOWN_SEQS = """async (id) => {
  const { foldLog } = await pageModule("games/space-mission/view.js");
  const log = await (await fetch(`/api/tables/${id}/log`)).json();
  return foldLog(log.entries).map((entry) => String(entry.seq));
}"""
"""The seqs of the log's lines as the page lists them (one line for a Top up's actions)."""

LOG_SCROLL = """() => { const l = document.getElementById('log-list');
  return { top: l.scrollTop, bottom: l.scrollHeight - l.clientHeight, entries: l.children.length,
           firstKept: l.firstElementChild.dataset.mark === 'first' }; }"""


def test_the_log_grows_in_place_and_keeps_the_reader_s_place(
    browser: Browser, web_server: str
) -> None:
    """A change appends its entries to the log the page already shows (rebuilding hundreds
    of entries at each change cost 50-150 ms late in a game); the list follows the newest
    entry unless the reader scrolled up."""
    with new_page(browser, web_server) as page:
        guest(page)
        table_id = create_table(page, 3, {1: "easy", 2: "easy"})
        start(page)
        assert page.evaluate(PLAY_RANDOMLY, [table_id, 16]) == 16
        expect(page.locator("#log-list li").nth(20)).to_be_attached()  # a Top up is one line
        page.evaluate("() => { document.querySelector('#log-list li').dataset.mark = 'first'; }")
        before = page.locator("#log-list li").count()
        fetched: list[str] = []
        page.on("request", lambda r: fetched.append(r.url) if r.url.endswith("/log") else None)
        page.evaluate(PLAY_RANDOMLY, [table_id, 4])
        expect(page.locator("#log-list li").nth(before + 4)).to_be_attached()
        # each push brought its entry: no reload of the whole log, and the same entries
        assert page.evaluate(UNTIL_MY_TURN, table_id), "the bots did not finish their turns"
        assert fetched == []
        lines = page.evaluate(SHOWN_SEQS, table_id)
        expect(page.locator("#log-list li")).to_have_count(len(lines))
        assert page.locator("#log-list li .seq").all_inner_texts() == lines
        page.wait_for_timeout(300)  # the scroll follows on the next frame
        at = page.evaluate(LOG_SCROLL)
        assert at["firstKept"], "the log was drawn anew"
        assert at["bottom"] > 100 and abs(at["top"] - at["bottom"]) <= 2, at
        page.evaluate("() => { document.getElementById('log-list').scrollTop = 40; }")
        page.evaluate(PLAY_RANDOMLY, [table_id, 4])
        expect(page.locator("#log-list li").nth(at["entries"] + 4)).to_be_attached()
        page.wait_for_timeout(300)
        again = page.evaluate(LOG_SCROLL)
        assert again["firstKept"] and again["top"] == 40, again


MOVE_ONCE = """async (id) => {
  const csrf = decodeURIComponent(document.cookie.match(/navcomp_csrf=([^;]*)/)[1]);
  const seen = await (await fetch(`/api/tables/${id}`)).json();
  const legal = (seen.legal || []).filter((a) => !a.text.startsWith("discard"));
  if (!legal.length) return false;
  const answer = await fetch(`/api/tables/${id}/moves`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({ action: legal[0].id, expected_version: seen.table.version }),
  });
  return answer.ok;
}"""
"""One move of mine, if it is my turn (no timers: the page's clock is stopped)."""


START = datetime(2026, 12, 1, tzinfo=UTC)


def _poll(page: Page, check: Callable[[], Any], what: str, timeout: float = 20) -> Any:
    """Wait for ``check`` to hold, with the test's events heard meanwhile (a page's timers
    may be stopped: the wait is Playwright's)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        page.wait_for_timeout(50)
    raise AssertionError(f"never: {what}")


def test_a_move_pushed_while_the_log_loads_fetches_no_second_log(
    browser: Browser, web_server: str
) -> None:
    """A push that comes while the page is fetching the log asks for the log again; once
    the answer holds that move, the page fetches nothing more (a bot that moves as the
    page opens makes such a push)."""
    with new_page(browser, web_server) as mover:
        guest(mover)
        table_id = create_table(mover, 2, {1: "easy"})
        start(mover)
        page = mover.context.new_page()
        page.clock.install(time=START)
        page.clock.pause_at(START + timedelta(seconds=1))  # timers run when the test says
        held: list[Route] = []
        page.route("**/log", lambda route: held.append(route))
        fetched: list[str] = []
        page.on("request", lambda r: fetched.append(r.url) if r.url.endswith("/log") else None)
        page.goto(f"/#/table/{table_id}")
        shows = "document.body.dataset.version"
        _poll(mover, lambda: page.evaluate(shows), "the table's first push")
        page.clock.run_for(500)
        _poll(mover, lambda: held, "the log asked for")
        _poll(mover, lambda: mover.evaluate(MOVE_ONCE, table_id), "a move of mine")
        server = _poll(
            mover,
            lambda: (seen := table_json(mover, table_id))["legal"] and seen,
            "my turn again",
        )
        shown = str(server["table"]["version"])
        _poll(mover, lambda: page.evaluate(shows) == shown, "the push")
        assert len(held) == 1, "the log was asked for again while it was being fetched"
        held[0].continue_()
        expect(page.locator("#log-list li")).to_have_count(
            len(mover.evaluate(SHOWN_SEQS, table_id))
        )
        page.clock.run_for(2000)
        page.evaluate("() => fetch('/api/games')")  # the page's requests so far are heard
        assert len(fetched) == 1, fetched
