"""The language switch, a phone-sized screen and the keyboard."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from web.web_helpers import (
    choose_language,
    create_table,
    guest,
    new_page,
    screenshot,
    settled,
    start,
    table_json,
    version,
    wait_moved,
    wait_my_turn,
)

RAW_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an untranslated key such as "act_jump"


def test_every_language_has_every_string(browser: Browser, web_server: str) -> None:
    """The table's own strings (every language's, once loaded) and each registered
    game's (its view's ``strings``)."""
    with new_page(browser, web_server) as page:
        page.goto("/")
        missing = page.evaluate(
            """async () => {
                const { LANGUAGES, TABLES, loadLang } = await pageModule("i18n.js");
                for (const code of Object.keys(LANGUAGES)) await loadLang(code);
                const { loadGames } = await pageModule("state.js");
                const { viewFor } = await pageModule("games/index.js");
                const every = { table: TABLES };
                for (const game of await loadGames()) every[game.name] = viewFor(game.name).strings;
                const out = {};
                for (const [owner, tables] of Object.entries(every)) {
                    const keys = Object.keys(tables.en);
                    for (const code of Object.keys(LANGUAGES)) {
                        const table = tables[code] || {};
                        out[`${owner} ${code}`] = keys.filter((k) => !(k in table))
                            .concat(Object.keys(table).filter((k) => !(k in tables.en)));
                    }
                }
                return out;
            }"""
        )
        owners = ("table", "space-mission", "space-pioneers")
        assert missing == {f"{owner} {code}": [] for owner in owners for code in ("en", "de", "ja")}


def test_the_language_switch_changes_every_word_and_is_remembered(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "medium"})
        start(page)
        wait_my_turn(page)
        expect(page.locator("#act-jump")).to_have_text("Jump")
        choose_language(page, "de")
        expect(page.locator("#act-jump")).to_have_text("Springen")
        expect(page.locator("#players h3")).to_have_text("Spieler")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        assert not RAW_KEY.search(page.locator("body").inner_text())
        choose_language(page, "ja")
        expect(page.locator("#act-jump")).to_have_text("ジャンプ")
        expect(page.locator("#log h3")).to_have_text("ゲームログ")
        assert not RAW_KEY.search(page.locator("body").inner_text())
        screenshot(page, "board-japanese")
        page.reload()
        expect(page.locator("#act-jump")).to_have_text("ジャンプ")
        page.goto("/#/")
        expect(page.locator("#new-table h2")).to_have_text("新しいテーブル")
        choose_language(page, "en")
        expect(page.locator("#new-table h2")).to_have_text("New table")


def test_a_phone_sized_screen_by_keyboard(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server, width=390, height=844) as page:
        guest(page)
        screenshot(page, "phone-lobby")
        table_id = create_table(page, 2, {1: "easy"})
        start(page)
        wait_my_turn(page)
        screenshot(page, "phone-board")
        # my first turn: the ship is on the jump gate, and the disabled Fly says so
        expect(page.locator("#act-fly")).to_be_disabled()
        expect(page.locator("#act-fly")).to_have_attribute("title", re.compile("jump gate"))
        # nothing wider than the screen: no sideways scrolling
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, width
        settled(page, "#board")  # the table may still be drawn anew once
        board = page.locator("#board").bounding_box()
        assert board is not None and board["width"] <= 390 and board["width"] > 300
        expect(page.locator("#act-topup")).to_be_visible()
        # a whole Top up by keyboard: focus stays on the button across the redraw
        page.locator("#act-topup").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#act-topup")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#act-topup")).to_be_focused()
        v = version(page)
        page.keyboard.press("Enter")
        wait_moved(page, v)
        assert table_json(page, table_id)["view"]["actions_taken"] == 1
        # a jump by keyboard: the card, then the planet on the board
        if page.locator("#act-jump").is_enabled():
            page.locator("#act-jump").focus()
            page.keyboard.press("Enter")
            page.locator("#hand button.card-face:enabled").first.focus()
            page.keyboard.press("Enter")
            target = page.locator("#board .planet.is-target").first
            planet = target.get_attribute("data-planet")
            target.focus()
            v = version(page)
            page.keyboard.press("Enter")
            wait_moved(page, v)
            me = table_json(page, table_id)["view"]
            assert me["seats"][me["you"]]["ship"] == planet


def test_the_lobby_lists_my_games_and_the_creator_seats_a_bot_before_the_start(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        # the lobby refreshes its lists every few seconds, never the form being filled in
        page.locator("#new-seats").select_option("4")
        page.locator("#new-seat-3").select_option("hard")
        page.wait_for_timeout(5500)
        expect(page.locator("#new-seats")).to_have_value("4")
        expect(page.locator("#new-seat-3")).to_have_value("hard")
        table_id = create_table(page, 3, {1: "easy"})  # seat 3 waits for a person
        expect(page.locator("#seat-bot-2")).to_have_value("")
        page.locator("#seat-bot-2").select_option("medium")
        expect(page.locator("#seat-bot-2")).to_have_value("medium")
        # the menu names the bot; the seat's line does not say it a second time
        row = page.locator("#lobby-seats li").nth(2).inner_text()
        assert row.count("Bot 3 (medium)") == 1, row
        screenshot(page, "table-lobby-bots")
        assert table_json(page, table_id)["table"]["seats"][2]["bot"] == "medium"
        start(page)
        page.goto("/#/")
        mine = page.locator("#my-games li", has_text=f"Table {table_id}")
        expect(mine).to_have_count(1)
        expect(mine.locator(".badge")).to_have_text(re.compile("your turn|playing"))


def test_register_log_out_and_sign_in_again_with_the_session_cookie(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        page.goto("/")
        screenshot(page, "sign-in")
        page.locator("input[name=name]").fill("vera")
        page.locator("input[name=password]").fill("a long enough secret")
        page.locator("#register").click()
        expect(page.locator("#me-name")).to_have_text("vera")
        cookies = {c["name"]: c for c in page.context.cookies()}
        assert cookies["navcomp_session"]["httpOnly"] is True
        assert cookies["navcomp_csrf"]["httpOnly"] is False
        page.reload()  # the session cookie keeps me signed in
        expect(page.locator("#me-name")).to_have_text("vera")
        page.locator("#log-out").click()
        expect(page.locator("#sign-in")).to_be_visible()
        page.locator("input[name=name]").fill("vera")
        page.locator("input[name=password]").fill("wrong secret")
        page.locator("#sign-in").click()
        expect(page.locator(".signin .error")).to_have_text("Wrong name or password.")
        page.locator("input[name=password]").fill("a long enough secret")
        page.locator("#sign-in").click()
        expect(page.locator("#me-name")).to_have_text("vera")


def test_a_table_that_does_not_exist_says_so(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        page.goto("/#/table/987654")
        expect(page.locator("main .error")).to_have_text("There is no such table.")
        page.wait_for_timeout(1500)
        expect(page.locator("#banner")).to_be_hidden()  # no endless "reconnecting"


def test_a_refused_registration_states_the_rule_in_the_pages_language(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server, lang="de") as page:
        page.goto("/")
        error = page.locator(".signin .error")
        page.locator("input[name=name]").fill("guest-Jürgen")  # the field lets it by
        page.locator("input[name=password]").fill("a long enough secret")
        page.locator("#register").click()
        expect(error).to_contain_text("3 bis 24 Zeichen")
        expect(error).to_contain_text("'-' oder '_'")
        page.locator("input[name=name]").fill("juergen")
        page.locator("input[name=password]").fill("short")
        page.locator("#register").click()
        expect(error).to_have_text("Ein Passwort ist 8 bis 200 Zeichen lang.")
        choose_language(page, "ja")
        page.locator("input[name=name]").fill("guest-ユーザー")
        page.locator("input[name=password]").fill("a long enough secret")
        page.locator("#register").click()
        expect(page.locator(".signin .error")).to_contain_text("3〜24文字")


def test_the_players_table_fits_a_phone_in_every_language(
    browser: Browser, web_server: str
) -> None:
    for lang in ("de", "ja", "en"):
        with new_page(browser, web_server, width=390, height=844, lang=lang) as page:
            guest(page)
            create_table(page, 5, {seat: "easy" for seat in range(1, 5)})
            start(page)
            expect(page.locator("#players tbody tr")).to_have_count(5)
            # the table fits its card (no sideways scrolling) and no heading is cut
            frame = page.locator("#players .scroll")
            inner, outer = frame.evaluate("f => [f.scrollWidth, f.clientWidth]")
            assert inner <= outer, (lang, inner, outer)
            cut = page.locator("#players thead th").evaluate_all(
                "hs => hs.filter(h => h.scrollWidth > h.clientWidth).map(h => h.innerText)"
            )
            assert cut == [], (lang, cut)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            screenshot(page, f"phone-players-{lang}")


def test_every_page_has_an_icon_of_its_own(browser: Browser, web_server: str) -> None:
    """An inline SVG: no page asks for /favicon.ico (which the server does not have)."""
    with new_page(browser, web_server) as page:
        for path in (
            "/",
            "/static/js/games/space-mission/rules.html",
            "/static/js/games/space-pioneers/rules.html",
        ):
            page.goto(path)
            icon = page.locator('head link[rel="icon"]')
            expect(icon).to_have_count(1)
            href = icon.get_attribute("href")
            assert href is not None and href.startswith("data:image/svg+xml,"), href
            size = page.evaluate(
                """(href) => new Promise((done) => {
                    const image = new Image();
                    image.onload = () => done([image.naturalWidth, image.naturalHeight]);
                    image.onerror = () => done(null);
                    image.src = href;
                })""",
                href,
            )
            assert size is not None and size[0] > 0 and size[1] > 0, (path, size)


READ_LOG = """async ([lang, texts]) => {
    const i18n = await pageModule("i18n.js");
    const { readable } = await pageModule("games/space-mission/pieces.js");
    const view = { planets: [{ planet: "hazard", name: "Hazard" }] };
    const before = i18n.getLang();
    await i18n.setLang(lang);
    try {
        return texts.map((text) => readable(text, view));
    } finally {
        i18n.setLang(before);
    }
}"""


def test_space_missions_log_texts_read_naturally_in_each_language(
    browser: Browser, web_server: str
) -> None:
    texts = [
        "pick water",
        "pick alien-blue",
        "pick medal",
        "jump B1/O2 hazard",
        "develop B1/O2 G3/O4",
        "discard B1/O2",
        "fly hazard",
        "confirm",
        "reserve a tile on hazard",
        "choose cards for a Top up",
        "draw, discarding B1/O2 G3/O4",
        "draw",
        "fly",  # not a text the server writes: shown as it is
    ]
    expected = {
        "en": [
            "picked water",
            "picked a blue alien",
            "picked a medal",
            "jumped with B1/O2 to Hazard",
            "developed with B1/O2 and G3/O4",
            "discarded B1/O2",
            "flew to Hazard",
            "confirmed the turn",
            "reserved a tile on Hazard",
            "chose cards for a Top up",
            "discarded B1/O2, G3/O4 and drew",
            "drew cards",
            "fly",
        ],
        "de": [
            "wählte Wasser",
            "wählte einen blauen Alien",
            "wählte eine Medaille",
            "sprang mit B1/O2 nach Hazard",
            "entwickelte mit B1/O2 und G3/O4",
            "warf B1/O2 ab",
            "flog nach Hazard",
            "bestätigte den Zug",
            "reservierte ein Plättchen auf Hazard",
            "wählte Karten zum Auffüllen",
            "warf B1/O2, G3/O4 ab und zog",
            "zog Karten",
            "fly",
        ],
        "ja": [
            "水を選んだ",
            "青の異星人を選んだ",
            "勲章を選んだ",
            "B1/O2 で Hazard へジャンプした",
            "B1/O2 と G3/O4 で開拓した",
            "B1/O2 を捨てた",
            "Hazard へ飛んだ",
            "手番を確定した",
            "Hazard のタイルを1枚予約した",
            "補給で捨てるカードを選んだ",
            "B1/O2、G3/O4 を捨てて引いた",
            "カードを引いた",
            "fly",
        ],
    }
    with new_page(browser, web_server) as page:
        page.goto("/")
        for lang, lines in expected.items():
            assert page.evaluate(READ_LOG, [lang, texts]) == lines, lang


def test_japanese_log_lines_use_one_kind_of_colon_and_brackets(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server, lang="ja") as page:
        guest(page)
        create_table(page, 2, {1: "easy"})
        start(page)
        wait_my_turn(page)
        v = version(page)
        page.locator("#act-topup").click()
        page.locator("#act-topup").click()
        wait_moved(page, v)
        entries = page.locator("#log-list li")
        expect(entries.filter(has_text="（あなた）：").first).to_be_attached()  # my top-up
        lines = entries.all_text_contents()
        for line in lines:
            assert ":" not in line and "(" not in line, line  # full-width only
            assert "：" in line, line
        assert ":" not in page.locator("#status").inner_text()
        players = page.locator("#players").inner_text()
        assert "(" not in players, players
