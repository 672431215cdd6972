"""The end of a solo game: it is played again, not offered to "the same players"."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from web.test_pioneers import DESKTOP, GAME, new_table, shots, start
from web.test_pioneers_capture import MOVE
from web.test_tutorials import simple_step
from web.web_helpers import guest, new_page, table_json


def test_a_finished_solo_game_is_played_again_not_offered_to_the_same_players(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server, **DESKTOP) as page:
        guest(page)
        page.locator("#new-game").select_option(GAME)
        page.locator("#new-seats").select_option("1")
        table_id = new_table(page, 1, {})
        start(page)
        steps = 0
        while (seen := table_json(page, table_id))["table"]["status"] != "over":
            if seen["legal"]:
                assert page.evaluate(MOVE, [table_id, simple_step(seen["legal"])]) == 200
            steps += 1
            assert steps < 2000, "the game does not end"
        card = page.locator("#rematch-card")
        expect(card.locator("#rematch")).to_have_text("Play again")
        expect(card).to_contain_text("A new solo game with the same options")
        expect(card).not_to_contain_text("same players")
        shots(page, "solo-play-again", "#rematch-card", top="#score-sheet")
        page.locator("#rematch").click()
        page.wait_for_url(re.compile(rf"#/table/(?!{table_id}$)\d+$"))
        expect(page.locator("#board.sp-board")).to_be_visible()
