"""The way in: the front door, names, guests, signing in and out, the live region."""

from __future__ import annotations

import re
import secrets
import time

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from test_i18n import JS
from web.web_helpers import (
    choose_language,
    create_table,
    guest,
    new_page,
    screenshot,
    start,
    wait_my_turn,
)


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


def test_the_guest_button_stays_put_while_the_games_arrive(
    browser: Browser, web_server: str
) -> None:
    """The games' cards stand above the way in: drawn after it, or growing as their pictures
    arrive, they pushed the button down under a pointer already on its way (a click then
    landed on a card)."""
    with new_page(browser, web_server) as page:

        def slowly(route: Route) -> None:
            time.sleep(0.8)
            route.continue_()

        pictures: list[Route] = []
        page.route("**/api/games", slowly)
        page.route("**/front.png", lambda route: pictures.append(route))
        page.goto("/")
        button = page.locator("#guest")
        expect(button).to_be_visible()
        expect(page.locator(".front-game")).to_have_count(2)
        first = button.bounding_box()
        deadline = time.monotonic() + 20
        while len(pictures) < 2 and time.monotonic() < deadline:
            page.wait_for_timeout(50)  # the pictures' requests reach their route
        assert len(pictures) == 2
        for picture in pictures:
            picture.continue_()
        for picture in page.locator(".front-game img").all():
            expect(picture).to_have_js_property("complete", True)
            expect(picture).to_have_js_property("naturalWidth", 560)
        assert button.bounding_box() == first


def test_the_live_region_follows_a_language_change(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "easy"})
        start(page)
        wait_my_turn(page)
        expect(page.locator("#announce")).to_have_text("your turn")
        choose_language(page, "de")
        expect(page.locator("#announce")).to_have_text("du bist dran")
        choose_language(page, "ja")
        expect(page.locator("#act-jump")).to_have_text("ジャンプ")
        expect(page.locator("#announce")).to_have_text("あなたの番")


@pytest.mark.parametrize(
    ("lang", "title", "learn"),
    [
        ("en", "Board games in space", "Learn to play"),
        ("de", "Brettspiele im Weltraum", "Spielen lernen"),
        ("ja", "宇宙のボードゲーム", "遊び方を学ぶ"),
    ],
)
def test_the_front_door_says_what_navcomp_is(
    browser: Browser, web_server: str, lang: str, title: str, learn: str
) -> None:
    for width, height, size in ((1280, 900, "desktop"), (390, 844, "phone")):
        with new_page(browser, web_server, width=width, height=height, lang=lang) as page:
            page.goto("/")
            expect(page.locator("#front-intro h1")).to_contain_text(title)
            games = page.locator(".front-game")
            expect(games).to_have_count(2)
            for game in ("space-mission", "space-pioneers"):
                card = page.locator(f'.front-game[data-game="{game}"]')
                picture = card.locator("img")
                expect(picture).to_be_visible()  # its box is there before the picture
                picture.scroll_into_view_if_needed()  # a lazy picture loads near the view
                expect(picture).to_have_js_property("complete", True)
                expect(picture).to_have_js_property("naturalWidth", 560)
                expect(card.locator(f"#learn-{game}")).to_contain_text(learn)
                expect(card.locator(".front-facts")).to_contain_text("5")
            expect(page.locator("#name-rule")).to_be_visible()
            page.locator("#sign-in-link").click()  # the header's way to sign in
            expect(page.locator(".signin input[name=name]")).to_be_focused()
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width  # nothing runs off the side of a phone
            screenshot(page, f"front-door-{lang}-{size}")


def test_the_guided_first_game_opens_without_an_account(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        page.goto("/")
        page.locator("#learn-space-pioneers").click()
        expect(page.locator("#tutorial .tutorial-card")).to_be_visible()
        assert page.url.split("#")[1].startswith("/table/")
        expect(page.locator("#me-name")).to_contain_text("guest")
        page.goto("/#/")
        page.locator('#learn-card [data-key="learn-space-mission"]').click()
        expect(page.locator("#tutorial .tutorial-card")).to_be_visible()


def unique(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def test_a_guest_is_warned_before_logging_out_and_can_keep_its_games(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        table = create_table(page, 2, {1: "easy"})
        page.locator("#log-out").click()
        expect(page.locator("#guest-warning")).to_be_visible()  # nothing lost yet
        screenshot(page, "guest-log-out-warning")
        page.locator("#keep-instead").click()
        expect(page.locator("#keep-name-rule")).to_be_visible()  # the rule, before submitting
        page.locator("#keep-name").fill("not a name")
        page.locator("#keep-password").fill("a good password")
        page.locator("#keep-submit").click()
        assert page.locator("#keep-name").evaluate("i => i.validity.patternMismatch")
        expect(page.locator("#account-dialog")).to_be_visible()  # the field refused it
        name = unique("Jürgen_")
        page.locator("#keep-name").fill(name)
        page.locator("#keep-submit").click()
        expect(page.locator("#me-name")).to_have_text(name)
        expect(page.locator("#keep-games")).to_have_count(0)
        mine = page.evaluate("async () => (await fetch('/api/my/games')).json()")
        assert [t["id"] for t in mine] == [table]
        page.locator("#log-out").click()  # a full account: no warning
        expect(page.locator("#front-intro")).to_be_visible()
        expect(page.locator("#sign-in-link")).to_be_visible()
        page.locator("input[name=name]").fill(name.upper())  # any case
        page.locator("input[name=password]").fill("a good password")
        page.locator("#sign-in").click()
        expect(page.locator("#me-name")).to_have_text(name)
        expect(page.locator(f'#my-games a[href="#/table/{table}"]')).to_be_visible()


def test_logging_out_at_a_table_leads_to_the_front_door(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        table = create_table(page, 2, {1: "easy"})
        page.locator("#log-out").click()
        page.locator("#log-out-anyway").click()
        expect(page.locator("#front-intro")).to_be_visible()
        assert page.url.endswith("#/")
        page.goto(f"/#/table/{table}")  # signed out, at a table: the header offers sign in
        expect(page.locator("#sign-in-link")).to_be_visible()
        page.locator("#sign-in-link").click()
        expect(page.locator("#front-intro")).to_be_visible()


def test_the_name_field_shows_and_enforces_the_rule(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server, lang="ja") as page:
        page.goto("/")
        expect(page.locator("#name-rule")).to_contain_text("3〜24")
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.url) if "/register" in r.url else None)
        name_field = page.locator("input[name=name]")
        page.locator("input[name=password]").fill("a good password")
        for bad in ("a b", "ab", "emoji\U0001f600"):
            name_field.fill(bad)
            page.locator("#register").click()
            assert not name_field.evaluate("i => i.validity.valid"), bad
        assert sent == []
        name = unique("たろう")
        name_field.fill(name)
        page.locator("#register").click()
        expect(page.locator("#me-name")).to_have_text(name)


STRINGS_MODULE = re.compile(r"/strings/(en|de|ja)/[a-z_]+\.js$")


@pytest.mark.parametrize(
    ("lang", "title", "fetched"),
    [("en", "Board games in space", set()), ("de", "Brettspiele im Weltraum", {"de"})],
)
def test_the_front_door_fetches_the_strings_of_its_language_only(
    browser: Browser, web_server: str, lang: str, title: str, fetched: set[str]
) -> None:
    """English is the page's own; another language's strings come when it is the one in
    use, before the page is drawn in it."""
    with new_page(browser, web_server, lang=lang) as page:
        console, answers = failures(page)
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto("/")
        expect(page.locator("#front-intro h1")).to_contain_text(title)
        expect(page.locator("#guest")).to_be_visible()
        page.wait_for_load_state("networkidle")
        table_strings = [url for url in requested if "/games/" not in url]
        languages = {m.group(1) for url in table_strings if (m := STRINGS_MODULE.search(url))}
        assert languages - {"en"} == fetched
        if fetched:
            parts = {url.rsplit("/", 1)[1] for url in table_strings if "/strings/de/" in url}
            wanted = {path.name for path in (JS / "strings" / "de").glob("*.js")}
            assert parts == wanted
        assert (console, answers) == ([], [])
