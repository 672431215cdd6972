"""Turn mail in the browser, with a real SMTP server: two players of a turn-based game at
the table get no mail for the turns they play there; once Ann has left with her turn
waiting, one mail, whose link, followed signed out, leads through signing in back to her
seat.  And the new-table form says that invite-only overrides "Spectators may watch"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from mail_helpers import Inbox, link, parts
from server_helpers import ServerProcess, wait_for
from web.test_account import sign_in
from web.test_ratings import step
from web.web_helpers import join, new_page, table_json

GRACE = 45  # seconds a turn mail waits, and while its reader is seen
TURN_SUBJECT = "Your turn at table"


@pytest.fixture(scope="module")
def turn_mail_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Inbox]]:
    folder = tmp_path_factory.mktemp("turn_mail")
    program = str(Path(__file__).parent.parent / "count_game.py")
    with Inbox() as inbox:
        server = ServerProcess(
            f"sqlite:///{folder}/navcomp.db",
            *("--smtp-url", inbox.url, "--turn-mail-grace", str(GRACE)),
            program=program,
        )
        server.extra = (*server.extra, "--public-url", server.base)
        server.start()
        try:
            yield server.base, inbox
        finally:
            server.stop()


def turn_mails(inbox: Inbox, address: str) -> list[object]:
    return [m for m in inbox.to(address) if m["Subject"].startswith(TURN_SUBJECT)]


WRITE = """async ([method, path, body]) => {
  const csrf = document.cookie.match(/(?:^|;\\s*)navcomp_csrf=([^;]*)/);
  const headers = { "Content-Type": "application/json", "X-CSRF-Token": csrf ? csrf[1] : "" };
  return (await fetch(path, { method, headers, body: JSON.stringify(body) })).status;
}"""


def verified_address(page: Page, inbox: Inbox, address: str) -> None:
    """``address`` set from the page (its session) and verified through its mail's link."""
    body = {"address": address, "language": "en"}
    assert page.evaluate(WRITE, ["PUT", "/api/me/email", body]) == 200
    mail = wait_for(lambda: inbox.to(address))[-1]
    token = link(mail, "verify")  # type: ignore[arg-type]
    assert page.evaluate(WRITE, ["POST", "/api/mail/verify", {"token": token}]) == 200


def turn_based_table(ann: Page, ben: Page) -> int:
    ann.goto("/")
    ann.locator("#new-game").select_option("count-to-three")
    ann.locator("#new-seats").select_option("2")
    ann.locator("#new-seat-1").select_option("")
    ann.locator("#pace-kind").select_option("turn")
    ann.locator("#new-spectators").uncheck()  # only its players see the game
    ann.locator("#create-table").click()
    ann.wait_for_url(re.compile(r"#/table/\d+$"))
    table_id = int(ann.url.rsplit("/", 1)[1])
    ben.goto(f"/#/table/{table_id}")
    join(ben, 1)
    ann.locator("#start").click()
    return table_id


def test_no_turn_mail_at_the_table_one_after_leaving_and_its_link_leads_back_to_the_seat(
    browser: Browser, turn_mail_server: tuple[str, Inbox]
) -> None:
    base, inbox = turn_mail_server
    with new_page(browser, base) as ben:
        ann_context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 900})
        ann = ann_context.new_page()
        sign_in(ann, "Ann_m", "correct horse", register=True)
        sign_in(ben, "Ben_m", "correct horse", register=True)
        verified_address(ann, inbox, "ann@example.com")
        verified_address(ben, inbox, "ben@example.com")
        table_id = turn_based_table(ann, ben)
        # four turns over more than the grace, both at the table (Ann's first as she started)
        for mover in (ann, ben, ann, ben):
            expect(mover.locator('#actions button[data-action="count"]')).to_be_visible()
            mover.wait_for_timeout(16_000)
            step(mover, "count")
        expect(ann.locator('#actions button[data-action="count"]')).to_be_visible()
        assert turn_mails(inbox, "ann@example.com") == []
        assert turn_mails(inbox, "ben@example.com") == []
        ann_context.close()  # Ann leaves, her turn waiting
        mails = wait_for(lambda: turn_mails(inbox, "ann@example.com"), timeout=3 * GRACE)
        ben.wait_for_timeout(5_000)
        assert len(turn_mails(inbox, "ann@example.com")) == 1
        assert turn_mails(inbox, "ben@example.com") == []
        table_link = f"{base}/#/table/{table_id}"
        assert table_link in parts(mails[0])[0]  # type: ignore[arg-type]
    with new_page(browser, base) as stranger:  # the link, followed signed out
        stranger.goto(table_link)
        expect(stranger.locator("#sign-in-to-play")).to_contain_text(
            "If one of its seats is yours, sign in to play your seat."
        )
        expect(stranger.locator("#sign-in-to-play")).not_to_contain_text("allow spectators")
        stranger.locator("#sign-in-to-play-link").click()
        stranger.locator("input[name=name]").fill("Ann_m")
        stranger.locator("input[name=password]").fill("correct horse")
        stranger.locator("#sign-in").click()
        stranger.wait_for_url(f"**/#/table/{table_id}")
        expect(stranger.locator('#actions button[data-action="count"]')).to_be_visible()
        assert table_json(stranger, table_id)["seat"] == 0


def test_the_form_says_invite_only_overrides_spectators(
    browser: Browser, turn_mail_server: tuple[str, Inbox]
) -> None:
    base, _inbox = turn_mail_server
    with new_page(browser, base) as cara:
        sign_in(cara, "Cara_m", "correct horse", register=True)
        note = cara.locator("#new-spectators-note")
        expect(note).to_be_hidden()
        cara.locator("#new-visibility").select_option("invite")
        expect(note).to_have_text(
            "An invite-only table has no spectators, whatever this box says:"
            " only its players see the game."
        )
        expect(cara.locator("#new-spectators")).to_be_disabled()
        expect(cara.locator("#new-spectators")).not_to_be_checked()
        cara.locator("#new-visibility").select_option("public")
        expect(note).to_be_hidden()
        expect(cara.locator("#new-spectators")).to_be_enabled()
        expect(cara.locator("#new-spectators")).to_be_checked()  # as it was chosen


def test_signing_in_from_a_watched_table_comes_back_to_the_seat(
    browser: Browser, turn_mail_server: tuple[str, Inbox]
) -> None:
    base, _inbox = turn_mail_server
    with new_page(browser, base) as dora:
        sign_in(dora, "Dora_m", "correct horse", register=True)
        dora.locator("#new-game").select_option("count-to-three")
        dora.locator("#new-seats").select_option("2")
        dora.locator("#new-seat-1").select_option("easy")
        dora.locator("#create-table").click()
        dora.wait_for_url(re.compile(r"#/table/\d+$"))
        table_id = int(dora.url.rsplit("/", 1)[1])
        dora.locator("#start").click()
        expect(dora.locator('#actions button[data-action="count"]')).to_be_visible()
    with new_page(browser, base) as visitor:  # signed out: a spectator of a public game
        visitor.goto(f"/#/table/{table_id}")
        expect(visitor.locator("#watching")).to_be_visible()
        expect(visitor.locator("#status #sign-in-to-play-link")).to_have_text(
            "Sign in to play your seat"
        )
        visitor.locator("#sign-in-link").click()  # the header's
        visitor.locator("input[name=name]").fill("Dora_m")
        visitor.locator("input[name=password]").fill("correct horse")
        visitor.locator("#sign-in").click()
        visitor.wait_for_url(f"**/#/table/{table_id}")
        expect(visitor.locator('#actions button[data-action="count"]')).to_be_visible()
        expect(visitor.locator("#watching")).to_have_count(0)
