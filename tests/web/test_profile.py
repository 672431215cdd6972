"""A player's page in the browser: after a rated game the profile shows it played, won and
among the recent games with a replay that opens; made private, another person's browser
gets a refusal; the player's data downloads; and the account deleted from the account page
leaves "a former player" on the old table and the leaderboard (count to three, on its own
server)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from web.web_helpers import join, new_page, screenshot

PASSWORD = "correct horse battery"


def register(page: Page, name: str) -> None:
    page.goto("/")
    page.locator("input[name=name]").fill(name)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("#register").click()
    expect(page.locator("#me-name")).to_have_text(name)


def step(page: Page, action: str) -> None:
    button = page.locator(f'#actions button[data-action="{action}"]')
    expect(button).to_be_enabled()
    button.click()
    expect(button).to_be_hidden()


def _rated_game(pia: Page, quin: Page) -> int:
    pia.locator("#new-game").select_option("count-to-three")
    pia.locator("#new-seats").select_option("2")
    pia.locator("#new-seat-1").select_option("")  # a person, not a bot
    pia.locator("#new-rated").check()
    pia.locator("#create-table").click()
    pia.wait_for_url(re.compile(r"#/table/\d+$"))
    table_id = int(pia.url.rsplit("/", 1)[1])
    quin.goto(f"/#/table/{table_id}")
    join(quin, 1)
    expect(pia.locator("#lobby-seats")).to_contain_text("Quin_p")
    pia.locator("#start").click()
    step(pia, "count")
    step(quin, "stop")
    step(pia, "stop")
    expect(quin.locator("#score-sheet")).to_be_visible()
    return table_id


def test_a_profile_after_a_rated_game_its_privacy_and_the_account_deleted(
    browser: Browser, count_server: str
) -> None:
    with new_page(browser, count_server) as pia, new_page(browser, count_server) as quin:
        register(pia, "Pia_p")
        register(quin, "Quin_p")
        table_id = _rated_game(pia, quin)

        quin.locator("#score-sheet a.player-link", has_text="Pia_p").click()
        expect(quin.locator("#player h2")).to_contain_text("Pia_p")
        games = quin.locator('#profile-games tr[data-game="count-to-three"]')
        expect(games.locator(".played")).to_have_text("1")
        expect(games.locator(".won")).to_have_text("1")
        recent = quin.locator(f'#profile-recent li[data-table="{table_id}"]')
        expect(recent).to_contain_text("won")
        expect(recent).to_contain_text("rank 1")
        expect(quin.locator(".profile-game")).to_contain_text("counted: 1")
        expect(quin.locator(".player-rating svg.rating-chart")).to_be_visible()
        screenshot(quin, "profile-after-rated-game")
        recent.locator("a.replay-link").click()
        quin.wait_for_url(f"**/#/table/{table_id}/replay")
        expect(quin.locator("#replay")).to_be_visible()

        pia.goto("/#/account")
        pia.locator("#profile-private").check()
        pia.locator("#profile-save").click()
        expect(pia.locator("#privacy-card .note")).to_have_text("Saved.")
        quin.goto("/#/player/Pia_p")
        expect(quin.locator("#player .error")).to_have_text(
            "This player keeps their profile private."
        )
        screenshot(quin, "profile-private-refused")
        pia.locator("#my-profile").click()
        expect(pia.locator("#private-badge")).to_have_text("private")
        expect(pia.locator('#profile-games tr[data-game="count-to-three"] .won')).to_have_text("1")
        screenshot(pia, "profile-private-own")

        pia.goto("/#/account")
        with pia.expect_download() as download:
            pia.locator("#data-download").click()
        data = json.loads(Path(download.value.path()).read_text())
        assert data["account"]["name"] == "Pia_p" and data["account"]["profile_private"] is True
        assert [g["table"]["id"] for g in data["games"]] == [table_id]
        expect(pia.locator("#delete-card")).to_contain_text("after 30 days")
        pia.locator("#delete-password").fill("wrong horse")
        pia.once("dialog", lambda dialog: dialog.accept())
        pia.locator("#delete-account").click()
        expect(pia.locator("#delete-card .note")).to_contain_text("password")
        screenshot(pia, "account-delete-refused")
        pia.locator("#delete-password").fill(PASSWORD)
        pia.once("dialog", lambda dialog: dialog.accept())
        pia.locator("#delete-account").click()
        expect(pia.locator("input[name=name]")).to_be_visible()  # signed out, at the front door
        expect(pia.locator("#me-name")).to_have_count(0)

        quin.goto(f"/#/table/{table_id}")
        expect(quin.locator("#score-sheet")).to_contain_text("a former player")
        screenshot(quin, "score-sheet-former-player")
        quin.goto("/#/ratings/count-to-three")
        expect(quin.locator("#leaderboard")).to_contain_text("a former player")
        expect(quin.locator("#leaderboard")).not_to_contain_text("Pia_p")
        screenshot(quin, "leaderboard-former-player")
