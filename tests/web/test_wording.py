"""Words the page says: a card placed in the placer's own network says so, and a spectator
reading the players' chat is not offered a box labelled for another channel."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from web.web_helpers import create_table, guest, new_page, screenshot, start

LOG_TEXT = """async ([text, detail, actor]) => {
    const { loadGames } = await pageModule("state.js");
    await loadGames();
    const { logText } = await pageModule("games/space-pioneers/moves.js");
    return logText(text, detail, actor);
}"""


def test_a_card_placed_in_the_placer_s_own_network_says_its_own(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        page.goto("/")
        expect(page.locator("#front-intro")).to_be_visible()
        own = page.evaluate(LOG_TEXT, ["place 1 0 1", {"card": "Pyros-8"}, 1])
        assert own == "placed Pyros-8 in their own network at (0, 1)"


def test_a_spectator_on_the_players_tab_is_not_offered_the_spectators_box(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as host, new_page(browser, web_server) as visitor:
        guest(host)
        table_id = create_table(host, 2, {1: "easy"})
        start(host)
        guest(visitor)
        visitor.goto(f"/#/table/{table_id}")
        expect(visitor.locator("#watching")).to_be_visible()
        box = visitor.locator("#table-chat-input")
        expect(box).to_have_attribute("placeholder", "Message to the spectators")
        visitor.locator("#chat-tab-players").click()
        expect(box).to_have_count(0)
        note = visitor.locator("#table-chat-elsewhere")
        expect(note).to_contain_text("You write in the spectators' chat")
        screenshot(visitor, "chat-spectator-on-players-tab")
        note.locator("button").click()
        expect(visitor.locator("#chat-tab-spectators")).to_have_attribute("aria-selected", "true")
        expect(box).to_be_focused()
