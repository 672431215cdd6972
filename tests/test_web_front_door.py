"""The way in: the front door, names, guests, signing in and out, the live region."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from web_helpers import create_table, guest, new_page, start, wait_my_turn


def failures(page: Page) -> tuple[list[str], list[str]]:
    """The console's errors and the answers of 400 and above, as the page meets them."""
    console: list[str] = []
    answers: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on(
        "response", lambda r: answers.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    return console, answers


def test_a_signed_out_visit_makes_no_failing_request(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        console, answers = failures(page)
        page.goto("/")
        expect(page.locator("#guest")).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert (console, answers) == ([], [])


def test_the_live_region_follows_a_language_change(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "easy"})
        start(page)
        wait_my_turn(page)
        expect(page.locator("#announce")).to_have_text("your turn")
        page.locator("#lang").select_option("de")
        expect(page.locator("#announce")).to_have_text("du bist dran")
        page.locator("#lang").select_option("ja")
        expect(page.locator("#act-jump")).to_have_text("ジャンプ")
        expect(page.locator("#announce")).to_have_text("あなたの番")
