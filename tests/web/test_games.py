"""Any game in the browser: the new-table form follows the game chosen (its seat range, its
bot levels, its options), and a solo table of another game, count to three
(tests/count_game.py, on a server of its own that knows it), is played from the lobby to
its score through the generic view, and its score shows in the lobby's solo high scores."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from web.web_helpers import (
    choose_language,
    guest,
    new_page,
    screenshot,
    start,
    table_json,
    version,
    wait_moved,
)


def lobby(page: Page) -> str:
    """A guest in the lobby, once the new-table form is drawn: the guest's name."""
    name = guest(page).split(" ")[0]
    expect(page.locator("#new-table #create-table")).to_be_visible()
    return name


def values(page: Page, selector: str) -> list[str]:
    return [str(v) for v in page.locator(selector).evaluate_all("os => os.map(o => o.value)")]


def test_the_new_table_form_follows_the_game_s_seats_bots_and_options(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        lobby(page)
        assert page.locator("#new-game option").all_inner_texts() == [
            "Space Mission",
            "Space Pioneers",
        ]
        assert page.locator("#new-seats option").all_inner_texts() == ["2", "3", "4", "5"]
        expect(page.locator("#new-seats")).to_have_value("3")  # 3, within the game's range
        assert values(page, "#new-seat-1 option") == ["", "easy", "medium", "hard"]
        expect(page.locator("#opt-hide-reserved")).not_to_be_checked()  # from the defaults
        expect(page.locator("#opt-max-rounds")).to_have_value("0")
        expect(page.locator("#solo-scores")).to_be_hidden()  # Space Mission needs two
        page.locator("#new-seats").select_option("5")
        expect(page.locator("#new-table .seat-choice")).to_have_count(5)
        page.locator("#new-seats").select_option("2")
        page.locator("#new-seat-1").select_option("medium")
        page.locator("#opt-hide-reserved").check()
        page.locator("#create-table").click()
        page.wait_for_url(re.compile(r"#/table/\d+$"))
        table = table_json(page, int(page.url.rsplit("/", 1)[1]))["table"]
        assert (table["game"], table["num_seats"]) == ("space-mission", 2)
        assert table["options"] == {"hide_reserved": True, "max_rounds": 0}
        assert [s["bot"] for s in table["seats"]] == [None, "medium"]
        expect(page.locator(".table-lobby h2")).to_contain_text("Space Mission")
        expect(page.locator("#invite-name")).to_be_visible()  # two seats: one to invite to


def choose_count_game(page: Page) -> None:
    page.locator("#new-game").select_option("count-to-three")
    expect(page.locator("#solo-scores")).to_be_visible()


def step(page: Page, action: str) -> None:
    """Press the generic view's button for ``action`` and wait for the new version."""
    before = version(page)
    page.locator(f'#actions button[data-action="{action}"]').click()
    wait_moved(page, before)


def test_a_solo_table_of_another_game_from_the_lobby_to_the_high_scores(
    browser: Browser, count_server: str
) -> None:
    with new_page(browser, count_server) as page:
        name = lobby(page)
        assert page.locator("#new-game option").all_inner_texts() == [
            "Count to three",
            "Space Mission",
            "Space Pioneers",
        ]
        choose_count_game(page)
        assert page.locator("#new-seats option").all_inner_texts() == ["1 (solo)", "2"]
        expect(page.locator("#new-seats")).to_have_value("2")  # 3 is beyond its range
        assert values(page, "#new-seat-1 option") == ["", "easy"]  # no heuristic: easy only
        expect(page.locator("#new-options > *")).to_have_count(0)  # no options
        expect(page.locator("#solo-mine")).to_have_text("No solo games yet.")
        page.locator("#new-seats").select_option("1")
        expect(page.locator("#new-table .seat-choice")).to_have_count(1)
        screenshot(page, "lobby-solo")
        page.locator("#create-table").click()
        page.wait_for_url(re.compile(r"#/table/\d+$"))
        table_id = int(page.url.rsplit("/", 1)[1])
        expect(page.locator("#solo-note")).to_be_visible()
        expect(page.locator("#invite-name")).to_have_count(0)  # no seat to invite anyone to
        expect(page.locator("#invite-link")).to_have_count(0)
        start(page)  # by its creator, with no bot
        expect(page.locator("#actions button.legal")).to_have_text(["count", "stop"])
        expect(page.locator("#status")).to_contain_text("Count to three")
        step(page, "count")
        expect(page.locator("#undo")).to_be_enabled()
        before = version(page)
        page.locator("#undo").click()
        wait_moved(page, before)
        assert table_json(page, table_id)["view"]["counts"] == [0]
        expect(page.locator("#log-list li")).to_have_count(2)
        screenshot(page, "solo-generic-view")
        for _ in range(3):
            step(page, "count")
        sheet = page.locator("#score-sheet")
        expect(sheet).to_be_visible()
        expect(page.locator("#winner")).to_have_text(f"★ {name} (you): 3 points")
        expect(sheet.locator("tbody tr")).to_have_count(2)  # counted and total: no rank alone
        expect(sheet.locator("tbody tr").first).to_contain_text("counted")
        expect(page.locator("#actions")).to_have_count(0)
        server = table_json(page, table_id)
        assert server["table"]["status"] == "over"
        assert server["table"]["result"]["scores"] == [3]
        screenshot(page, "solo-score-sheet")
        # the score is in the lobby's solo high scores: mine, and everybody's
        page.goto("/#/")
        choose_count_game(page)
        mine = page.locator("#solo-mine li")
        expect(mine).to_have_count(1)
        expect(mine).to_contain_text("3 points")
        expect(mine.locator("a")).to_have_attribute("href", f"#/table/{table_id}")
        expect(page.locator("#solo-best li").first).to_contain_text(f"3 points · {name}")
        screenshot(page, "lobby-solo-high-scores")
        choose_language(page, "de")
        expect(page.locator("#new-table h2")).to_have_text("Neuer Tisch")  # drawn anew
        choose_count_game(page)
        expect(page.locator("#solo-scores h2")).to_have_text("Solo-Bestenliste · Count to three")
        expect(page.locator("#solo-mine li")).to_contain_text("3 Punkte")
        choose_language(page, "ja")
        expect(page.locator("#new-table h2")).to_have_text("新しいテーブル")
        choose_count_game(page)
        expect(page.locator("#solo-scores h3").first).to_have_text("あなたのベスト")


def test_the_solo_lobby_on_a_phone(browser: Browser, count_server: str) -> None:
    with new_page(browser, count_server, width=390, height=844) as page:
        lobby(page)
        choose_count_game(page)
        page.locator("#new-seats").select_option("1")
        screenshot(page, "phone-lobby-solo")
        width: Any = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
