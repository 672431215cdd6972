"""Friends, watching and a rematch in the browser (count to three, on its own server): two
players befriend each other and see each other online, one invites the other from the
friends list, a third person finds the game among the games to watch, the game is played
to its end, one offers a rematch, the other accepts on the finished table, and the new
game starts with the seats moved on by one.  Then a table made invite-only and without
spectators from the new-table form."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from web.web_helpers import guest, join, new_page, screenshot, table_json, version, wait_moved


def register(page: Page, name: str) -> None:
    page.goto("/")
    page.locator("input[name=name]").fill(name)
    page.locator("input[name=password]").fill("correct horse battery")
    page.locator("#register").click()
    expect(page.locator("#me-name")).to_have_text(name)


def step(page: Page, action: str) -> None:
    before = version(page)
    page.locator(f'#actions button[data-action="{action}"]').click()
    wait_moved(page, before)


def befriend(ann: Page, ben: Page) -> None:
    """Ann asks Ben by name; Ben accepts from his friends page; each sees the other online."""
    ann.goto("/#/friends")
    ann.locator("#friend-name").fill("Ben_f")
    ann.locator("#friend-send").click()
    expect(ann.locator("#friend-asked")).to_contain_text("Ben_f")
    ben.goto("/#/")
    expect(ben.locator("#friend-requests-count")).to_have_text("1")
    ben.locator("#friends-link").click()
    ben.locator('[data-key="accept-Ann_f"]').click()
    expect(ben.locator('#friends [data-friend="Ann_f"] .presence.online')).to_be_visible()
    screenshot(ben, "friends-page")
    ann.goto("/#/")
    expect(ann.locator("#lobby-friends")).to_contain_text("Ben_f")


def test_friends_invite_watch_and_rematch(browser: Browser, count_server: str) -> None:
    with (
        new_page(browser, count_server) as ann,
        new_page(browser, count_server) as ben,
        new_page(browser, count_server) as cat,
    ):
        register(ann, "Ann_f")
        register(ben, "Ben_f")
        befriend(ann, ben)
        ann.locator("#new-game").select_option("count-to-three")
        ann.locator("#new-seats").select_option("2")
        ann.locator("#new-seat-1").select_option("")  # a person, not a bot
        ann.locator("#create-table").click()
        ann.wait_for_url(re.compile(r"#/table/\d+$"))
        table_id = int(ann.url.rsplit("/", 1)[1])
        ann.locator('#invite-friends [data-friend="Ben_f"]').click()
        expect(ann.locator("#invite-note")).to_contain_text("Ben_f")
        screenshot(ann, "friends-invite")
        ben.goto("/#/")
        ben.locator("#notices a", has_text="Ann_f").click()
        join(ben, 1)
        ann.locator("#start").click()
        expect(ann.locator('#actions button[data-action="count"]')).to_be_visible()

        guest(cat)  # a stranger finds the game among those to watch
        cat.locator(f'#watch-list [data-watch="{table_id}"]').click()
        expect(cat.locator("#watching")).to_be_visible()
        screenshot(cat, "watching")

        step(ann, "count")
        expect(ben.locator('#actions button[data-action="stop"]')).to_be_visible()
        step(ben, "stop")
        expect(ann.locator('#actions button[data-action="stop"]')).to_be_visible()
        step(ann, "stop")
        expect(ben.locator("#score-sheet")).to_be_visible()
        expect(cat.locator("#rematch")).to_have_count(0)  # for the players only

        ben.locator("#rematch").click()
        expect(ben.locator("#rematch-state")).to_contain_text("Ann_f")  # waiting for Ann
        expect(ann.locator("#rematch-state")).to_contain_text("Ben_f offers a rematch")
        screenshot(ann, "rematch-offered")
        ann.locator("#rematch-accept").click()
        for page in (ann, ben):  # both pages follow their players to the new table
            page.wait_for_url(
                lambda url: re.search(rf"#/table/(?!{table_id}$)\d+$", url) is not None
            )
            expect(page.locator("#status")).to_be_visible()
        rematch_id = int(ben.url.rsplit("/", 1)[1])
        assert rematch_id != table_id and int(ann.url.rsplit("/", 1)[1]) == rematch_id
        rematch = table_json(ann, rematch_id)
        assert rematch["table"]["status"] == "playing"
        assert [s["player"] for s in rematch["table"]["seats"]] == ["Ben_f", "Ann_f"]
        assert rematch["seat"] == 1
        expect(ben.locator('#actions button[data-action="count"]')).to_be_visible()
        screenshot(ben, "rematch-started")


def test_an_invite_only_table_without_spectators_from_the_form(
    browser: Browser, count_server: str
) -> None:
    with new_page(browser, count_server, lang="de") as ann:
        register(ann, "Ann_v")
        ann.locator("#new-game").select_option("count-to-three")
        ann.locator("#new-seats").select_option("2")
        ann.locator("#new-seat-1").select_option("")
        ann.locator("#new-visibility").select_option("invite")
        ann.locator("#new-spectators").uncheck()
        screenshot(ann, "new-table-visibility-de")
        ann.locator("#create-table").click()
        ann.wait_for_url(re.compile(r"#/table/\d+$"))
        table = table_json(ann, int(ann.url.rsplit("/", 1)[1]))["table"]
        assert (table["visibility"], table["spectators"]) == ("invite", False)
        expect(ann.locator("#visibility-text")).to_have_text("nur auf Einladung · keine Zuschauer")
