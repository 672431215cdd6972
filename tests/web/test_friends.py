"""Friends in the browser: a request to me is answered in the lobby's friends card, which
lists my friends with their online dots and links to their pages; the friends page links
every name and invites a friend to my open table."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from web.test_ratings import register
from web.web_helpers import new_page, screenshot


def test_a_request_is_answered_in_the_lobby_and_a_friend_invited_from_the_friends_page(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as ann, new_page(browser, web_server) as ben:
        register(ann, "Ann_fr")
        register(ben, "Ben_fr")
        ann.goto("/#/friends")
        ann.locator("#friend-name").fill("Ben_fr")
        ann.locator("#friend-send").click()
        expect(ann.locator('#friend-asked a[href="#/player/Ben_fr"]')).to_be_visible()
        ben.goto("/#/")
        card = ben.locator("#friends-card")
        request = card.locator('#lobby-friend-requests [data-friend="Ann_fr"]')
        expect(request.locator('a[href="#/player/Ann_fr"]')).to_be_visible()
        expect(card).not_to_contain_text("add one by name")  # not "No friends yet" alone
        screenshot(ben, "lobby-friend-request")
        request.locator('[data-key="lobby-accept-Ann_fr"]').click()
        friend = card.locator('#lobby-friends [data-friend="Ann_fr"]')
        expect(friend.locator(".presence.online")).to_be_visible()
        expect(card.locator("#lobby-friend-requests")).to_have_count(0)
        friend.locator('a[href="#/player/Ann_fr"]').click()
        ben.wait_for_url(re.compile(r"#/player/Ann_fr$"))

        # Ann opens a table for two people; her friends page invites Ben to it
        ann.goto("/#/")
        ann.locator("#new-game").select_option("space-mission")
        ann.locator("#new-seats").select_option("2")
        ann.locator("#new-seat-1").select_option("")
        ann.locator("#create-table").click()
        ann.wait_for_url(re.compile(r"#/table/\d+$"))
        table_id = int(ann.url.rsplit("/", 1)[1])
        ann.goto("/#/friends")
        row = ann.locator('#friends [data-friend="Ben_fr"]')
        expect(row.locator(".presence.online")).to_be_visible()
        expect(row.locator('a[href="#/player/Ben_fr"]')).to_be_visible()
        invite = row.locator(f'[data-key="invite-Ben_fr-{table_id}"]')
        expect(invite).to_have_text(f"Invite to table {table_id}")
        screenshot(ann, "friends-page-invite")
        invite.click()
        expect(ann.locator("#friends-note")).to_have_text("Ben_fr is invited.")
        ben.goto("/#/")
        expect(ben.locator("#notices-card")).to_contain_text(str(table_id))
