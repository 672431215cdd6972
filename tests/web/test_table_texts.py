"""What the table tells its players: bots told apart by name, the Start button for the
table's creator alone and one answer at a time in the table's lobby, the tie rule only
after a tie, Space Pioneers' log naming the cards placed and taken and what came of them."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from web.test_pioneers import DESKTOP, two_people
from web.test_pioneers_capture import MOVE, OPENING, SEED
from web.web_helpers import (
    choose_language,
    create_table,
    guest,
    join,
    new_page,
    play_simple_step,
    screenshot,
    start,
    table_json,
    version,
    wait_moved,
    wait_my_turn_or_over,
)


def test_two_bots_of_one_level_have_names_of_their_own(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 3, {1: "hard", 2: "hard"})
        seats = page.locator("#lobby-seats li")
        expect(seats.nth(1).locator("select")).to_contain_text("Bot 2 (hard)")
        expect(seats.nth(2).locator("select")).to_contain_text("Bot 3 (hard)")
        start(page)
        players = page.locator("#players")
        expect(players).to_contain_text("Bot 2 (hard)")
        expect(players).to_contain_text("Bot 3 (hard)")
        choose_language(page, "de")
        expect(players).to_contain_text("Bot 3 (schwer)")
        choose_language(page, "ja")
        expect(players).to_contain_text("ボット3（むずかしい）")
        page.goto("/#/")
        expect(page.locator("#my-games")).to_contain_text("ボット2（むずかしい）, ボット3")


def test_only_the_creator_may_start_and_the_latest_answer_replaces_the_last(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as ann, new_page(browser, web_server) as ben:
        guest(ann)
        table_id = create_table(ann, 3, {1: "easy"})
        # a start refused (a seat is empty), then an invitation refused: the second answer
        # takes the place of the first, and the next start's answer takes the invitation's
        ann.locator("#start").click()
        expect(ann.locator("#lobby-error")).to_have_text(
            "Every seat needs a player or a bot first."
        )
        ann.locator("#invite-name").fill("nobody-by-this-name")
        ann.locator("#invite").click()
        expect(ann.locator("#invite-note")).to_have_text("No player has that name.")
        expect(ann.locator("#lobby-error")).to_have_count(0)
        ann.locator("#start").click()
        expect(ann.locator("#lobby-error")).to_be_visible()
        expect(ann.locator("#invite-note")).to_have_text("")
        # another player at the table neither starts it nor seats bots
        guest(ben)
        ben.goto(f"/#/table/{table_id}")
        join(ben, 2)
        assert table_json(ben, table_id)["table"]["creator_seat"] == 0
        expect(ben.locator("#start")).to_have_count(0)
        expect(ben.locator("#seat-bot-1")).to_have_count(0)
        expect(ben.locator("#lobby-seats li").nth(1)).to_contain_text("Bot 2 (easy)")
        start(ann)
        expect(ben.locator("#board")).to_be_visible()


def test_the_tie_rule_is_said_only_after_a_tie(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        page.goto("/")
        names = ["Ann", "Ben"]
        mission = """async ([scores, names]) => {
            const view = await pageModule("games/space-mission/view.js");
            const result = { scores, ranks: scores[0] === scores[1] ? [1, 1] : [1, 2] };
            const seats = [{ stations: 1 }, { stations: 1 }];
            const notes = view.scoreNotes({ seats }, result, names);
            return notes ? notes.textContent : null;
        }"""
        assert page.evaluate(mission, [[20, 12], names]) is None
        assert "tie on 12 points" in page.evaluate(mission, [[12, 12], names])
        pioneers = """async ([scores, names]) => {
            const { notes } = await pageModule("games/space-pioneers/scores.js");
            const result = { scores, ranks: scores[0] === scores[1] ? [1, 1] : [1, 2] };
            const seat = { secret: null, network: [] };
            const view = { solo: false, seats: [seat, seat] };
            return [...notes(view, result, names).querySelectorAll(".tie-rule")]
                .map((p) => p.textContent);
        }"""
        assert page.evaluate(pioneers, [[9, 4], names]) == []
        assert len(page.evaluate(pioneers, [[4, 4], names])) == 1


def test_the_pioneers_log_names_cards_captures_missions_and_points(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with (
        new_page(browser, web_server, **DESKTOP) as ann,
        new_page(browser, web_server, **DESKTOP) as ben,
    ):
        table_id = two_people(ann, ben, web_database, SEED)
        pages = {table_json(p, table_id)["seat"]: p for p in (ann, ben)}
        for action in OPENING:  # a fixed game: takes, placements, captures, missions
            to_move = table_json(ann, table_id)["table"]["to_move"]
            assert pages[to_move].evaluate(MOVE, [table_id, action]) == 200
        first, second = pages[0], pages[1]
        log = second.locator("#log-list li")
        expect(log).to_have_count(len(OPENING))
        # a face-up card taken is named; a card seat 0 placed in seat 1's network too, with
        # what it captured, the mission it met and the points, and the line stands out
        expect(log.nth(9)).to_contain_text("took Aquaris-5 (face-up card 2)")
        placed = log.nth(56)
        expect(placed).to_contain_text(
            "placed Pyros-4 in your network at (2, −1); captured Pyros-8; mission fulfilled:"
            " Capture a planet card in another player's network; +3 points"
        )
        expect(placed).to_have_class("sp-log-into-mine")
        expect(log.nth(107)).to_contain_text(
            "sought a spaceship and found Spark-2; out of the game: Solis-3"
        )
        expect(log.nth(22)).not_to_have_class("sp-log-into-mine")  # seat 1's own card
        # on the board, the cards seat 0 placed that are still in seat 1's network
        marked = second.locator("#sp-seat-1 .sp-by-other")
        expect(marked.first).to_be_visible()
        names = marked.evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert "Glacia-3" in names and "Grove-1" not in names, names
        expect(first.locator(".sp-by-other")).to_have_count(0)
        # seat 0 reads its own placement in the other's network
        expect(first.locator("#log-list li").nth(56)).to_contain_text("placed Pyros-4 in guest-")
        choose_language(second, "de")
        expect(log.nth(56)).to_contain_text(
            "legte Pyros-4 in dein Netz an Position (2, −1); eroberte Pyros-8; Mission erfüllt:"
        )
        choose_language(second, "ja")
        expect(log.nth(56)).to_contain_text(
            "Pyros-4をあなたのネットワークの(2, −1)に置いた。Pyros-8を獲得。ミッション達成："
        )
        screenshot(second, "pioneers-log-into-mine")


ALERTS = """() => {
    window.alerts = [];
    new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) {
            const found = node.querySelectorAll ? node.querySelectorAll("[role=alert]") : [];
            for (const alert of found) window.alerts.push(alert.textContent);
        }
    }).observe(document.body, { childList: true, subtree: true });
}"""
"""Collects the text of every alert added to the page (screen readers say each once)."""


def test_the_last_round_is_said_in_words_when_it_begins(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "easy"}, max_rounds=2)  # the cap makes round 2 the last
        start(page)
        page.evaluate(ALERTS)
        notice = page.locator("#status #last-round")
        expect(notice).to_have_count(0)
        while not notice.count():
            assert wait_my_turn_or_over(page) == "turn", "the game ended with no last round"
            before = version(page)
            play_simple_step(page)
            wait_moved(page, before)
        view = table_json(page, int(page.url.rsplit("/", 1)[1]))["view"]
        last = "Bot 2 (easy)'s" if view["start_player"] == 0 else "guest-"
        expect(notice).to_contain_text(f"The last round has begun: the game ends after {last}")
        said = [text for text in page.evaluate("window.alerts") if "last round" in text]
        assert len(said) == 1, said  # said once, not at every redraw
        choose_language(page, "de")
        expect(notice).to_contain_text(
            "Die letzte Runde hat begonnen: Das Spiel endet nach dem Zug"
        )
        screenshot(page, "last-round")


def test_the_new_table_form_starts_from_the_last_table_made(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        page.locator("#new-game").select_option("space-pioneers")
        page.locator("#new-seats").select_option("3")
        page.locator("#new-seat-1").select_option("hard")
        page.locator("#new-seat-2").select_option("")
        page.locator("#create-table").click()
        page.wait_for_url(re.compile(r"#/table/\d+$"))
        expect(page.locator("#new-table")).to_have_count(0)  # the table page is drawn
        page.goto("/#/")
        expect(page.locator("#new-game")).to_have_value("space-pioneers")
        expect(page.locator("#new-seats")).to_have_value("3")
        expect(page.locator("#new-seat-1")).to_have_value("hard")
        expect(page.locator("#new-seat-2")).to_have_value("")
        page.locator("#new-game").select_option("space-mission")  # another game: its defaults
        expect(page.locator("#new-seat-1")).to_have_value("easy")
        page.locator("#new-seats").select_option("2")
        page.locator("#opt-hide-reserved").check()
        page.locator("#opt-max-rounds").fill("4")
        page.locator("#create-table").click()
        page.wait_for_url(re.compile(r"#/table/\d+$"))
        page.goto("/#/")
        page.reload()
        expect(page.locator("#new-game")).to_have_value("space-mission")
        expect(page.locator("#new-seats")).to_have_value("2")
        expect(page.locator("#opt-hide-reserved")).to_be_checked()
        expect(page.locator("#opt-max-rounds")).to_have_value("4")


def test_a_double_click_on_a_hand_card_chooses_it(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        create_table(page, 2, {1: "easy"})
        start(page)
        assert wait_my_turn_or_over(page) == "turn"
        page.locator("#act-topup").click()
        card = page.locator("#hand button.card-face:enabled").first
        chosen = card.get_attribute("data-card")
        card.dblclick()
        expect(page.locator(f'#hand button.card-face[data-card="{chosen}"]')).to_have_attribute(
            "aria-pressed", "true"
        )
        page.locator(f'#hand button.card-face[data-card="{chosen}"]').click()  # a click: back
        expect(page.locator(f'#hand button.card-face[data-card="{chosen}"]')).to_have_attribute(
            "aria-pressed", "false"
        )


def test_the_replay_steps_with_the_arrow_keys(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        table_id = create_table(page, 2, {1: "easy"}, max_rounds=1)
        start(page)
        while wait_my_turn_or_over(page) == "turn":
            before = version(page)
            play_simple_step(page)
            wait_moved(page, before)
        page.goto(f"/#/table/{table_id}/replay")
        step = page.locator("#replay-step")
        expect(step).to_contain_text("Step 0 of")
        last = int(step.inner_text().rsplit(" ", 1)[1])
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(step).to_have_text(f"Step 2 of {last}")
        page.keyboard.press("ArrowLeft")
        expect(step).to_have_text(f"Step 1 of {last}")
        page.keyboard.press("End")
        expect(step).to_have_text(f"Step {last} of {last}")
        page.keyboard.press("Home")
        expect(step).to_have_text(f"Step 0 of {last}")
