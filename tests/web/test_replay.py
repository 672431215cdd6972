"""After the game: the tie rule on the score sheet and the replay; the overview card and the
rules page."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Browser, expect

from navcomp.games.space_mission.scoring import winners_and_ranks
from web.web_helpers import (
    choose_language,
    create_table,
    guest,
    new_page,
    play_simple_step,
    screenshot,
    start,
    table_json,
    version,
    wait_moved,
    wait_my_turn_or_over,
)

ROOT = Path(__file__).resolve().parents[2]
RULES_PAGE = "/static/js/games/space-mission/rules.html"  # beside Space Mission's view
RULES_LINK = re.compile(r"^/static/[0-9a-f]{12}/js/games/space-mission/rules\.html$")  # versioned


def test_the_replay_opens_after_the_game_and_reveals_every_hand(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        table_id = create_table(page, 2, {1: "easy"}, max_rounds=2)  # a short game
        start(page)
        steps = 0
        while wait_my_turn_or_over(page) == "turn":
            before = version(page)
            play_simple_step(page)
            wait_moved(page, before)
            steps += 1
            assert steps < 100, "the capped game does not end"
        # the score sheet says how ties were settled, if totals tie
        scores = table_json(page, table_id)["table"]["result"]["scores"]
        tied = len(set(scores)) < len(scores)
        expect(page.locator("#tie-rule p")).to_have_count(1 if tied else 0)
        screenshot(page, "score-sheet-tie-rule")
        page.locator("#open-replay").click()
        page.wait_for_url(f"**/#/table/{table_id}/replay")
        expect(page.locator("#replay")).to_be_visible()
        replay = page.evaluate(
            "async (id) => (await fetch(`/api/tables/${id}/replay`)).json()", table_id
        )
        last = len(replay["entries"])
        # step 0, the setup: the bot's hand is shown, card for card, as the server dealt it
        expect(page.locator("#replay-step")).to_have_text(f"Step 0 of {last}")
        bot = page.locator('#replay-hands .revealed[data-seat="1"] .card-face')
        expect(bot).to_have_count(5)
        assert (
            bot.evaluate_all("cs => cs.map(c => c.dataset.card)")
            == (replay["initial_view"]["private"][1]["hand"])
        )
        page.locator("#replay-next").click()
        expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {last}")
        # the log's first line (after the setup's) is marked: it holds step 1, numbered
        # by its last step, as a line folds what reads as one move (a Top up's discard
        # and draw: "2")
        expect(page.locator("#replay-steps li.current")).to_have_count(1)
        expect(page.locator("#replay-steps li").nth(1)).to_have_class("current")
        page.locator("#replay-slider").fill("5")
        page.locator("#replay-slider").dispatch_event("change")
        expect(page.locator("#replay-step")).to_have_text(f"Step 5 of {last}")
        bots = replay["entries"][4]["private"][1]  # mid Top up, its chosen cards show too
        expect(bot).to_have_count(len(bots["hand"]) + len(bots["chosen"]))
        page.locator("#replay-last").click()
        expect(page.locator("#replay-step")).to_have_text(f"Step {last} of {last}")
        expect(page.locator("#replay-next")).to_be_disabled()
        expect(page.locator("#replay-move .winner-line")).to_be_visible()
        # a step chosen in the list, then back to the start
        listed = page.locator("#replay-steps li button").nth(3)
        step = listed.get_attribute("data-key").removeprefix("step-")
        listed.click()
        expect(page.locator("#replay-step")).to_have_text(f"Step {step} of {last}")
        screenshot(page, "replay")
        page.locator("#replay-first").click()
        expect(page.locator("#replay-prev")).to_be_disabled()
        choose_language(page, "de")
        expect(page.locator("#replay-step")).to_have_text(f"Schritt 0 von {last}")
        page.locator("#replay-back").click()
        expect(page.locator("#score-sheet")).to_be_visible()


def test_the_replay_of_a_game_still_running_says_so(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        table_id = create_table(page, 2, {1: "easy"})
        start(page)
        page.goto(f"/#/table/{table_id}/replay")
        expect(page.locator("#replay-error")).to_have_class("error")
        expect(page.locator("#replay-error")).to_have_text(
            "The replay opens when the game is over."
        )
        # in every language the page's own words, never the server's English message
        for lang, words in (("de", "sobald das Spiel vorbei ist"), ("ja", "ゲーム終了後")):
            choose_language(page, lang)
            expect(page.locator("#replay-error")).to_contain_text(words)


def test_the_tie_sentence_names_the_rule_that_decided(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        page.goto("/")
        names = ["Ann", "Ben", "Cy"]

        def notes(scores: list[int], stations: list[int]) -> list[str]:
            ranks, winners = winners_and_ranks(scores, stations)  # what the server would say
            result = {"scores": scores, "ranks": ranks, "winners": list(winners)}
            return list(
                page.evaluate(
                    """async ([result, stations, names]) =>
                        (await pageModule("games/space-mission/scores.js"))
                            .tieNotes(result, stations, names)""",
                    [result, stations, names],
                )
            )

        assert notes([20, 20, 15], [2, 1, 0]) == [
            "Ann, Ben tie on 20 points; the tie goes to more stations: "
            "Ann (stations: 2): place 1; Ben (stations: 1): place 2."
        ]
        assert notes([9, 20, 20], [0, 1, 3]) == [
            "Ben, Cy tie on 20 points; the tie goes to more stations: "
            "Cy (stations: 3): place 1; Ben (stations: 1): place 2."
        ]
        assert notes([20, 20, 15], [1, 1, 4]) == [
            "Ann, Ben tie on 20 points and on stations (1 each): they share place 1."
        ]
        assert notes([20, 12, 12], [0, 2, 2]) == [
            "Ben, Cy tie on 12 points and on stations (2 each): they share place 2."
        ]
        assert notes([20, 19, 18], [0, 0, 0]) == []


def test_the_overview_card_opens_and_closes_in_three_languages(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "easy"})
        start(page)
        page.locator("#open-overview").click()
        card = page.locator("#overview")
        expect(card).to_be_visible()
        expect(card.locator("tbody tr")).to_have_count(6)
        expect(card.locator('tr[data-kind="develop"]')).to_contain_text("landing numbers")
        # as the rules say: a scan needs a chip in supply even when it finds nothing to reserve
        scan = card.locator('tr[data-kind="scan"]')
        expect(scan).to_contain_text("1 chip in supply")
        expect(scan).to_contain_text("uses no chip, but still needs one")
        expect(card.locator("#rules-link")).to_have_attribute("href", RULES_LINK)
        screenshot(page, "overview-card")
        page.locator("#close-overview").click()
        expect(card).to_have_count(0)
        expect(page.locator("#open-overview")).to_be_focused()
        choose_language(page, "de")
        page.locator("#open-overview").click()
        expect(card.locator("#overview-title")).to_have_text("Die sechs Aktionen")
        expect(card.locator('tr[data-kind="topup"] th')).to_have_text("1. Auffüllen")
        expect(scan).to_contain_text("1 Chip im Vorrat")
        screenshot(page, "overview-card-german")
        page.keyboard.press("Escape")
        expect(card).to_have_count(0)
        expect(page.locator("#board")).to_be_visible()
        choose_language(page, "ja")
        page.locator("#open-overview").click()
        expect(scan).to_contain_text("手元に1枚は必要")


def test_the_rules_page_is_read_in_the_language_chosen(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        page.goto(RULES_PAGE)
        expect(page.locator("h1:visible")).to_have_text("Space Mission: the rules")
        expect(page.locator("#winner-and-ties")).to_be_visible()
        expect(page.locator("table:visible").first).to_contain_text("Aqua Vita")
        choose_language(page, "ja")
        expect(page.locator("#winner-and-ties")).to_be_hidden()
        expect(page.locator("#ja-winner-and-ties")).to_have_text("勝者と同点")
        expect(page.locator("article[lang=ja] p").first).to_be_visible()
        assert "の" in page.locator("article[lang=ja]").inner_text()  # the body is Japanese
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        screenshot(page, "rules-japanese")
        page.goto(RULES_PAGE + "#winner-and-ties")  # a link to a section, in Japanese
        page.reload()
        expect(page.locator("#ja-winner-and-ties")).to_be_in_viewport()


def test_space_pioneers_rules_page_loads_with_translated_headings(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        page.goto("/static/js/games/space-pioneers/rules.html")
        expect(page.locator("h1:visible")).to_have_text("Space Pioneers: the rules")
        expect(page.locator("#navcomp-decisions")).to_be_visible()  # for players: kept
        expect(page.locator("table:visible").first).to_contain_text("Pyros")
        choose_language(page, "de")
        expect(page.locator("#de-capturing-planets")).to_have_text("Planeten erobern")
        expect(page.locator("#de-navcomp-decisions")).to_be_visible()
        expect(page.locator("#capturing-planets")).to_be_hidden()
        expect(page).to_have_title("Space Pioneers: die Regeln · NavComp")


def test_the_rules_page_is_written_from_the_rules_doc() -> None:
    check = [sys.executable, str(ROOT / "scripts" / "rules_page.py"), "--check"]
    assert subprocess.run(check, check=False).returncode == 0, (
        "a rules page is out of date: run scripts/rules_page.py"
    )
