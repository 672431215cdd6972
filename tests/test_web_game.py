"""A whole game in the browser against bots, from the lobby to the score sheet."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from web_helpers import (
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
