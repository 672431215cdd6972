"""The lobby refreshes its lists every few seconds: a list that has not changed is left as
it is, so that a press on one of its buttons spanning a refresh is not lost."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Response, Route, expect

from web.web_helpers import create_table, guest, new_page, press, release

REFRESHED = ("/api/my/games", "/api/tables", "/api/notifications", "/api/watch")
"""What a refresh of a guest's lobby lists reads."""


def test_a_join_pressed_while_the_lobby_refreshes_still_joins(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as host, new_page(browser, web_server) as joiner:
        guest(host)
        table_id = create_table(host, 2, {})
        guest(joiner)
        join = joiner.locator(f'[data-key="join-{table_id}"]')
        expect(join).to_be_visible()
        read: set[str] = set()

        def heard(response: Response) -> None:
            read.update(path for path in REFRESHED if path in response.url)

        joiner.on("response", heard)
        press(joiner, join)
        for _ in range(100):  # a refresh comes within 5 s
            if len(read) == len(REFRESHED):
                break
            joiner.wait_for_timeout(100)
        assert len(read) == len(REFRESHED)
        joiner.wait_for_timeout(300)  # drawn
        release(joiner, join)
        expect(joiner).to_have_url(re.compile(rf"#/table/{table_id}$"))


def test_a_join_pressed_while_a_list_above_it_changes_still_joins(
    browser: Browser, web_server: str
) -> None:
    """A refresh that brings a new table holds its lists while a press is under way: the
    list drawn anew would put a new Join button where the pressed one was."""
    with (
        new_page(browser, web_server) as host,
        new_page(browser, web_server) as other_host,
        new_page(browser, web_server) as joiner,
    ):
        guest(host)
        table_id = create_table(host, 2, {})
        guest(other_host)
        guest(joiner)
        join = joiner.locator(f'[data-key="join-{table_id}"]')
        expect(join).to_be_visible()
        read: set[str] = set()
        joiner.on(
            "response",
            lambda response: read.update(path for path in REFRESHED if path in response.url),
        )
        press(joiner, join)
        newer = create_table(other_host, 2, {})
        read.clear()
        for _ in range(100):  # a refresh comes within 5 s, and it finds the newer table
            if len(read) == len(REFRESHED):
                break
            joiner.wait_for_timeout(100)
        assert len(read) == len(REFRESHED)
        joiner.wait_for_timeout(300)  # drawn, were it not held
        expect(joiner.locator(f'[data-key="join-{newer}"]')).to_have_count(0)
        release(joiner, join)
        expect(joiner).to_have_url(re.compile(rf"#/table/{table_id}$"))


def test_a_refresh_answered_after_log_out_leaves_the_front_door_as_it_is(
    browser: Browser, web_server: str
) -> None:
    """Logging out keeps the page's address (#/): a lobby refresh whose answers arrive
    after the front door is drawn must not draw over it."""
    with new_page(browser, web_server) as page:
        page.goto("/")
        page.locator("input[name=name]").fill("wren")
        page.locator("input[name=password]").fill("a long enough secret")
        page.locator("#register").click()
        expect(page.locator("#new-table")).to_be_visible()
        held: list[Route] = []

        def hold(route: Route) -> None:
            held.append(route)

        page.route("**/api/tables", hold)  # the next refresh waits on its open tables
        for _ in range(100):  # a refresh comes within 5 s
            if held:
                break
            page.wait_for_timeout(100)
        assert held
        page.locator("#log-out").click()
        expect(page.locator("#sign-in")).to_be_visible()
        for route in held:
            route.continue_()
        page.unroute("**/api/tables", hold)
        page.wait_for_timeout(1000)  # the refresh's answers are in
        expect(page.locator("#sign-in")).to_be_visible()
        page.locator("input[name=password]").fill("a long enough secret", timeout=2000)
        expect(page.locator("#new-table")).to_have_count(0)


def test_a_first_draw_answered_after_a_refresh_leaves_the_form_being_filled_in(
    browser: Browser, web_server: str
) -> None:
    """A refresh comes 5 s after the lobby's first draw began: when it answers first, it
    draws the whole lobby, and the first draw's late answer must not draw the new-table
    form anew over what the player has chosen in it since."""
    with new_page(browser, web_server) as page:
        guest(page)
        expect(page.locator("#new-table")).to_be_visible()
        held: list[Route] = []

        def hold_the_first(route: Route) -> None:
            if held:
                route.continue_()
            else:
                held.append(route)

        page.goto("/#/help")
        expect(page.locator("#new-table")).to_have_count(0)
        page.route("**/api/tables", hold_the_first)
        page.goto("/#/")
        expect(page.locator("#new-table")).to_be_visible(timeout=10_000)  # the refresh's draw
        assert len(held) == 1
        expect(page.locator("#new-seats")).to_have_value("3")  # a new game's default
        page.locator("#new-seats").select_option("2")
        held[0].continue_()
        page.unroute("**/api/tables", hold_the_first)
        page.wait_for_timeout(1000)  # the first draw's answers are in
        expect(page.locator("#new-seats")).to_have_value("2")
