"""A page whose session ended elsewhere drops to signed out and says why; a player the
table's creator unmuted reads that she may write again."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, Response, expect

from web.test_ratings import register
from web.web_helpers import create_table, join, new_page, screenshot, start

API = """async ([method, path]) => {
    const { api } = await pageModule("api.js");
    return api(method, path);
}"""


def call(page: Page, method: str, path: str) -> object:
    return page.evaluate(API, [method, path])


def test_a_page_whose_session_ended_in_another_tab_drops_to_signed_out(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        register(page, "Ann_session")
        expect(page.locator("#new-table")).to_be_visible()  # the lobby, refreshed every 5 s
        refused: list[str] = []

        def heard(response: Response) -> None:
            if response.status == 401:
                refused.append(response.url)

        page.on("response", heard)
        other_tab = page.context.new_page()
        other_tab.goto(web_server)
        expect(other_tab.locator("#me-name")).to_have_text("Ann_session")
        call(other_tab, "POST", "/api/accounts/logout")
        other_tab.close()
        # the lobby's next refresh is refused: the page is signed out and says why
        expect(page.locator("#session-ended")).to_contain_text("session ended elsewhere")
        expect(page.locator("#me-name")).to_have_count(0)
        expect(page.locator("#sign-in-link")).to_be_visible()
        expect(page.locator("input[name=name]")).to_be_visible()  # the front door
        screenshot(page, "session-ended-elsewhere")
        page.set_viewport_size({"width": 390, "height": 844})  # a phone: the header wraps
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(page, "session-ended-elsewhere-phone")
        page.set_viewport_size({"width": 1280, "height": 900})
        heard_before = len(refused)
        assert heard_before >= 1
        page.wait_for_timeout(12_000)  # longer than the lobby's and the turn watcher's polls
        assert len(refused) == heard_before, refused  # nothing polls with the dead session
        page.locator("input[name=name]").fill("Ann_session")
        page.locator("input[name=password]").fill("correct horse battery")
        page.locator("#sign-in").click()
        expect(page.locator("#me-name")).to_have_text("Ann_session")
        expect(page.locator("#session-ended")).to_have_count(0)


def test_a_player_the_creator_unmuted_reads_that_she_may_write_again(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as ann, new_page(browser, web_server) as ben:
        register(ann, "Ann_mutes")
        register(ben, "Ben_muted")
        table_id = create_table(ann, 2, {})
        ben.goto(f"/#/table/{table_id}")
        join(ben, 1)
        start(ann)
        expect(ben.locator("#board")).to_be_visible()
        call(ann, "POST", f"/api/tables/{table_id}/mutes/Ben_muted")
        ben.locator("#table-chat-input").fill("hello?")
        ben.locator("#table-chat-send").click()
        note = ben.locator("#table-chat .chat-note")
        expect(note).to_contain_text("muted you")
        call(ann, "DELETE", f"/api/tables/{table_id}/mutes/Ben_muted")
        expect(note).to_contain_text("you may write here again", timeout=30_000)
        expect(ben.locator("#table-chat .chat-muted")).to_have_count(0)
        screenshot(ben, "chat-unmuted")
        ben.locator("#table-chat-send").click()
        expect(ann.locator("#table-chat-list")).to_contain_text("hello?")
