"""The account page through the browser, with the mail read from a real SMTP server:
an address verified by its link, the mail settings, a password change, and a password
reset by mail from the sign-in page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from mail_helpers import Inbox, parts
from server_helpers import ServerProcess, wait_for
from web.web_helpers import new_page, screenshot


@pytest.fixture
def mail_server(tmp_path: Path) -> Iterator[tuple[str, Inbox]]:
    with Inbox() as inbox:
        server = ServerProcess(
            f"sqlite:///{tmp_path}/navcomp.db", "--smtp-url", inbox.url, "--mail-retry-max", "0.5"
        )
        server.extra = (*server.extra, "--public-url", server.base)
        server.start()
        try:
            yield server.base, inbox
        finally:
            server.stop()


def mailed_link(inbox: Inbox, address: str, count: int, route: str) -> str:
    """The ``#/<route>/...`` link of the ``count``-th mail to ``address``."""
    mail = wait_for(lambda: inbox.to(address)[count - 1 :])[0]
    plain, _html = parts(mail)
    return next(word for word in plain.split() if f"/#/{route}/" in word)


def sign_in(page: Page, name: str, password: str, register: bool = False) -> None:
    page.goto("/")
    page.locator("input[name=name]").fill(name)
    page.locator("input[name=password]").fill(password)
    page.locator("#register" if register else "#sign-in").click()
    expect(page.locator("#me-name")).to_have_text(name)


def log_out(page: Page) -> None:
    page.locator("#log-out").click()
    expect(page.locator("#sign-in")).to_be_visible()


def test_password_change_and_reset_by_mail_through_the_browser(
    browser: Browser, mail_server: tuple[str, Inbox]
) -> None:
    base, inbox = mail_server
    with new_page(browser, base) as page:
        sign_in(page, "ann", "correct horse", register=True)
        page.locator("#me-name").click()
        expect(page.locator("#email-card")).to_be_visible()
        page.locator("#email-address").fill("ann@example.com")
        page.locator("#email-save").click()
        expect(page.locator("#account-said")).to_contain_text("ann@example.com")
        page.goto(mailed_link(inbox, "ann@example.com", 1, "verify"))
        expect(page.locator("#verify")).to_contain_text("ann@example.com is verified.")
        page.goto("/#/account")
        expect(page.locator("#email-state")).to_contain_text("Verified")
        page.locator("#mail-turn").select_option("digest")
        page.locator("#mail-digest-hours").fill("6")
        page.locator("#mail-time-low").uncheck()
        page.locator("#mail-save").click()
        expect(page.locator("#account-said")).to_have_text("Saved.")
        account = page.evaluate("async () => (await fetch('/api/me/account')).json()")
        assert account["mail"]["turn"] == "digest" and account["mail"]["digest_hours"] == 6
        assert account["mail"]["time_low"] is False and account["mail"]["invites"] is True
        # a password change needs the current password
        page.locator("#password-current").fill("wrong horse")
        page.locator("#password-new").fill("a new horse")
        page.locator("#password-save").click()
        expect(page.locator("#password-card .error")).to_have_text("The current password is wrong.")
        page.locator("#password-current").fill("correct horse")
        page.locator("#password-new").fill("a new horse")
        page.locator("#password-save").click()
        expect(page.locator("#password-card .note")).to_contain_text("Your password is changed")
        screenshot(page, "account-en")
        log_out(page)
        sign_in(page, "ann", "a new horse")
        log_out(page)
        # forgotten: a reset link by mail, from the sign-in page
        page.locator("#forgot-link").click()
        page.locator("#forgot-address").fill("ann@example.com")
        page.locator("#forgot-send").click()
        expect(page.locator("#forgot .note")).to_contain_text("a mail with a link is on its way")
        reset = mailed_link(inbox, "ann@example.com", 2, "reset")
        page.goto(reset)
        page.locator("#reset-password").fill("a third horse")
        page.locator("#reset-save").click()
        expect(page.locator("#reset .note")).to_have_text(
            "Your new password is saved: sign in with it."
        )
        screenshot(page, "password-reset-en")
        page.reload()  # the link again: it worked once
        page.locator("#reset-password").fill("a fourth horse")
        page.locator("#reset-save").click()
        expect(page.locator("#reset .error")).to_have_text("This link was used already.")
        sign_in(page, "ann", "a third horse")


def test_the_account_page_speaks_japanese(browser: Browser, mail_server: tuple[str, Inbox]) -> None:
    base, inbox = mail_server
    with new_page(browser, base, lang="ja") as page:
        sign_in(page, "ken", "correct horse", register=True)
        page.goto("/#/account")
        page.locator("#email-address").fill("ken@example.com")
        page.locator("#email-save").click()
        expect(page.locator("#email-state")).to_have_text(
            "未確認：送られたメールのリンクを開いてください。"
        )
        mail = wait_for(lambda: inbox.to("ken@example.com"))[0]
        assert mail["Subject"] == "メールアドレスの確認"
        page.locator("#email-address").fill("ken@example.com\nBcc: eve@example.com")
        page.locator("#email-save").click()
        expect(page.locator("#email-card .error")).to_contain_text("メールアドレスではありません")
        screenshot(page, "account-ja")


def test_an_unsubscribe_link_asks_then_turns_that_mail_off(
    browser: Browser, mail_server: tuple[str, Inbox]
) -> None:
    """In German: ben invites ann; the invitation's unsubscribe link, opened, asks first."""
    base, inbox = mail_server
    with new_page(browser, base, lang="de") as page:
        sign_in(page, "ann", "correct horse", register=True)
        page.goto("/#/account")
        page.locator("#email-address").fill("ann@example.com")
        page.locator("#email-save").click()
        page.goto(mailed_link(inbox, "ann@example.com", 1, "verify"))
        expect(page.locator("#verify")).to_contain_text("ist bestätigt")
        made = httpx.post(
            f"{base}/api/accounts/register", json={"name": "ben", "password": "correct horse"}
        )
        ben = {"Authorization": f"Bearer {made.json()['token']}"}
        table = httpx.post(
            f"{base}/api/tables", json={"game": "space-mission", "seats": 2}, headers=ben
        ).json()["id"]
        invited = httpx.post(f"{base}/api/tables/{table}/invite", json={"name": "ann"}, headers=ben)
        assert invited.status_code == 200
        mail = wait_for(lambda: inbox.to("ann@example.com")[1:])[0]
        assert mail["Subject"] == f"ben lädt dich zu Space Mission ein (Tisch {table})"
        page.goto(mailed_link(inbox, "ann@example.com", 2, "table"))
        expect(page.locator("#lobby-seats")).to_contain_text("ben")
        page.goto(mailed_link(inbox, "ann@example.com", 2, "unsubscribe"))
        expect(page.locator("#unsubscribe-page")).to_contain_text("Diese Art Mail abbestellen?")
        account = page.evaluate("async () => (await fetch('/api/me/account')).json()")
        assert account["mail"]["invites"] is True  # opening the link changed nothing
        page.locator("#unsubscribe").click()
        expect(page.locator("#unsubscribe-page .note")).to_have_text(
            "Erledigt: Diese Art Mail kommt nicht mehr (Einladungen)."
        )
        screenshot(page, "unsubscribe-de")
        page.goto("/#/account")
        expect(page.locator("#mail-invites")).not_to_be_checked()
