"""Controls that look alive are: the "Watch" button of a game to watch leads to the game,
and a dialog of a page closes when the browser goes to another address."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from web.web_helpers import create_table, guest, new_page, screenshot, start


def test_the_watch_button_leads_to_the_game(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as host, new_page(browser, web_server) as visitor:
        guest(host)
        table_id = create_table(host, 2, {1: "easy"})
        start(host)
        guest(visitor)
        button = visitor.locator(f'#watch-list [data-key="watch-{table_id}"]')
        expect(button).to_be_visible()
        expect(button).to_have_text("Watch")
        screenshot(visitor, "lobby-watch-button")
        button.click()
        visitor.wait_for_url(re.compile(rf"#/table/{table_id}$"))
        expect(visitor.locator("#watching")).to_be_visible()


def test_the_actions_overview_closes_when_the_browser_goes_back(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "easy"})
        start(page)
        page.locator("#open-overview").click()
        expect(page.locator("#overview")).to_be_visible()
        page.go_back()  # to the lobby
        expect(page.locator("#new-table")).to_be_visible()
        expect(page.locator("dialog[open]")).to_have_count(0)
        page.locator("#new-game").select_option("space-mission")  # nothing covers the lobby
