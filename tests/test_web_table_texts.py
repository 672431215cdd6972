"""What the table tells its players: bots told apart by name, the Start button for the
table's creator alone and one answer at a time in the table's lobby, the tie rule only
after a tie."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from web_helpers import create_table, guest, new_page, start, table_json


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
        page.locator("#lang").select_option("de")
        expect(players).to_contain_text("Bot 3 (schwer)")
        page.locator("#lang").select_option("ja")
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
        ben.locator('#lobby-seats button[data-key="join-2"]').click()
        expect(ben.locator("#leave")).to_be_visible()
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
            const view = await import("/static/js/games/space-mission/view.js");
            const result = { scores, ranks: scores[0] === scores[1] ? [1, 1] : [1, 2] };
            const seats = [{ stations: 1 }, { stations: 1 }];
            const notes = view.scoreNotes({ seats }, result, names);
            return notes ? notes.textContent : null;
        }"""
        assert page.evaluate(mission, [[20, 12], names]) is None
        assert "tie on 12 points" in page.evaluate(mission, [[12, 12], names])
        pioneers = """async ([scores, names]) => {
            const { notes } = await import("/static/js/games/space-pioneers/scores.js");
            const result = { scores, ranks: scores[0] === scores[1] ? [1, 1] : [1, 2] };
            const seat = { secret: null, network: [] };
            const view = { solo: false, seats: [seat, seat] };
            return [...notes(view, result, names).querySelectorAll(".tie-rule")]
                .map((p) => p.textContent);
        }"""
        assert page.evaluate(pioneers, [[9, 4], names]) == []
        assert len(page.evaluate(pioneers, [[4, 4], names])) == 1
