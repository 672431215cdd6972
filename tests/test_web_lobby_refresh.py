"""The lobby refreshes its lists every few seconds: a list that has not changed is left as
it is, so that a press on one of its buttons spanning a refresh is not lost."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Response, expect

from web_helpers import create_table, guest, new_page

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
        box = join.bounding_box()
        assert box is not None
        joiner.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        read: set[str] = set()

        def heard(response: Response) -> None:
            read.update(path for path in REFRESHED if path in response.url)

        joiner.on("response", heard)
        joiner.mouse.down()
        for _ in range(100):  # a refresh comes within 5 s
            if len(read) == len(REFRESHED):
                break
            joiner.wait_for_timeout(100)
        assert len(read) == len(REFRESHED)
        joiner.wait_for_timeout(300)  # drawn
        joiner.mouse.up()
        expect(joiner).to_have_url(re.compile(rf"#/table/{table_id}$"))
