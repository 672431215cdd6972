"""Choosing actions in the browser: the Top-up preview, and undo where the rules allow it."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from web.web_helpers import (
    create_table,
    fix_seed,
    guest,
    hand,
    new_page,
    play_simple_step,
    screenshot,
    start,
    table_json,
    version,
    wait_moved,
    wait_my_turn,
    wait_my_turn_or_over,
)

DEAL = 1
"""The deal every test here plays, the same each run: the steps they look for (a flight, a
scan, a Top up) all come in it, which a random deal does not promise."""


def _my_game(page: Page, database: Path) -> int:
    guest(page)
    table_id = create_table(page, 2, {1: "easy"})
    fix_seed(database, table_id, DEAL)
    start(page)
    wait_my_turn(page)
    return table_id


def test_top_up_preview_sends_nothing_until_confirmed_and_another_action_cancels_it(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with new_page(browser, web_server) as page:
        table_id = _my_game(page, web_database)
        expect(page.locator("#announce")).to_have_text("your turn")  # for screen readers
        page.goto(f"{web_server}/#/")  # the lobby: nobody's turn is announced there
        expect(page.locator("#new-table")).to_be_visible()
        expect(page.locator("#announce")).to_have_text("")
        page.goto(f"{web_server}/#/table/{table_id}")
        expect(page.locator("#announce")).to_have_text("your turn")
        before = table_json(page, table_id)
        cards = hand(page)
        assert cards == before["view"]["private"]["hand"] and len(cards) == 5
        page.locator("#act-topup").click()
        expect(page.locator("#act-topup")).to_have_attribute("aria-pressed", "true")
        page.locator(f'#hand button[data-card="{cards[0]}"]').click()
        page.locator(f'#hand button[data-card="{cards[2]}"]').click()
        expect(page.locator("#hand .discarding")).to_have_count(2)
        expect(page.locator("#action-hint")).to_contain_text("2 chosen")
        expect(page.locator("#act-topup")).to_contain_text("discard 2")
        screenshot(page, "top-up-preview")
        # a preview only: the server has seen nothing
        assert table_json(page, table_id)["table"]["version"] == before["table"]["version"]
        # clicking a marked card again unmarks it
        page.locator(f'#hand button[data-card="{cards[2]}"]').click()
        expect(page.locator("#hand .discarding")).to_have_count(1)
        # choosing another action cancels the preview
        other = page.locator("#actions .action:enabled:not(#act-topup)")
        if other.count():
            other.first.click()
        else:
            page.locator("#cancel").click()
        expect(page.locator("#hand .discarding")).to_have_count(0)
        expect(page.locator("#act-topup")).to_have_attribute("aria-pressed", "false")
        assert table_json(page, table_id)["table"]["version"] == before["table"]["version"]
        # now for real: mark one card, press Top up again: one discard and the draw
        page.locator("#act-topup").click()
        page.locator(f'#hand button[data-card="{cards[1]}"]').click()
        start_version = version(page)
        page.locator("#act-topup").click()
        wait_moved(page, start_version)
        after = table_json(page, table_id)
        assert after["table"]["version"] == before["table"]["version"] + 2
        assert after["view"]["actions_taken"] == 1
        assert len(after["view"]["private"]["hand"]) == 5
        assert cards[1] not in after["view"]["private"]["hand"]
        assert cards[1] in after["view"]["discard_pile"]
        expect(page.locator("#hand .card-face")).to_have_count(5)


def test_undo_is_offered_after_a_flight_and_refused_after_a_scan(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with new_page(browser, web_server) as page:
        table_id = _my_game(page, web_database)
        flew = scanned = False
        for _ in range(200):
            if wait_my_turn_or_over(page) == "over" or (flew and scanned):
                break
            phase = page.locator("#actions").get_attribute("data-phase")
            if phase == "action" and not flew and page.locator("#act-fly").is_enabled():
                before = table_json(page, table_id)["view"]
                me = before["you"]
                v = version(page)
                page.locator("#act-fly").click()
                expect(page.locator("#board .planet.is-target")).to_have_count(2)
                page.locator("#board .planet.is-target").first.click()
                wait_moved(page, v)
                moved = table_json(page, table_id)
                assert moved["can_undo"] is True
                assert moved["view"]["seats"][me]["ship"] != before["seats"][me]["ship"]
                expect(page.locator("#undo")).to_be_enabled()
                v = version(page)
                page.locator("#undo").click()
                wait_moved(page, v)
                back = table_json(page, table_id)["view"]
                assert back["seats"][me]["ship"] == before["seats"][me]["ship"]
                assert back["actions_taken"] == before["actions_taken"]
                flew = True
                continue
            if phase == "action" and not scanned and page.locator("#act-scan").is_enabled():
                taken = table_json(page, table_id)["view"]["actions_taken"]
                v = version(page)
                page.locator("#act-scan").click()
                page.locator("#hand button.card-face:enabled").first.click()
                wait_moved(page, v)
                expect(page.locator("#actions")).to_have_attribute("data-phase", "pick")
                # the scan awaiting its pick is under way: it no longer counts as left
                left = f"{1 - taken} action{'' if taken == 0 else 's'} left"
                expect(page.locator("#actions-left")).to_have_text(left)
                expect(page.locator("#actions h3")).to_have_text(f"Your turn: {left}")
                expect(page.locator("#undo")).to_be_disabled()
                expect(page.locator("#undo-note")).to_contain_text("No undo")
                screenshot(page, "pick-tile")
                assert table_json(page, table_id)["can_undo"] is False
                # the server refuses it too, with a reason
                refused = page.evaluate(
                    """async ([id, v]) => {
                        const csrf = document.cookie.match(/navcomp_csrf=([^;]*)/)[1];
                        const r = await fetch(`/api/tables/${id}/undo`, {method: "POST",
                          headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
                          body: JSON.stringify({expected_version: v})});
                        return [r.status, (await r.json()).error.code];
                    }""",
                    [table_id, int(version(page))],
                )
                assert refused == [422, "illegal_action"]
                v = version(page)
                page.locator("#picks button").first.click()
                wait_moved(page, v)
                expect(page.locator("#undo")).to_be_disabled()
                scanned = True
                continue
            v = version(page)
            play_simple_step(page)
            wait_moved(page, v)
        assert flew and scanned


POST_MOVE = """async ([id, action, version]) => {
    const { post } = await pageModule("api.js");
    return post(`/api/tables/${id}/moves`, { action, expected_version: version });
}"""


def test_cards_chosen_for_a_top_up_show_marked_after_a_reload_and_stay_secret(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with new_page(browser, web_server) as page:
        table_id = _my_game(page, web_database)
        before = table_json(page, table_id)
        cards = before["view"]["private"]["hand"]
        page.evaluate(POST_MOVE, [table_id, f"discard {cards[3]}", before["table"]["version"]])
        assert table_json(page, table_id)["view"]["private"]["chosen"] == [cards[3]]
        page.reload()
        expect(page.locator("#actions")).to_have_attribute("data-phase", "top-up")
        expect(page.locator("#act-topup")).to_have_attribute("aria-pressed", "true")
        marked = page.locator('#hand [data-chosen="1"]')
        expect(marked).to_have_count(1)
        expect(marked).to_have_attribute("data-card", cards[3])
        expect(marked).to_have_class(re.compile(r"\bdiscarding\b"))
        expect(page.locator("#act-topup")).to_contain_text("discard 1")
        expect(page.locator("#action-hint")).to_contain_text("1 chosen")
        # a watcher (a fresh context, not signed in) sees neither the card nor the pile grow
        with new_page(browser, web_server) as watcher:
            watcher.goto("/")
            seen = table_json(watcher, table_id)["view"]
            assert seen["discard_pile"] == before["view"]["discard_pile"]
            assert seen["seats"][seen["current_player"]]["hand_size"] == 5
            watcher.goto(f"{web_server}/#/table/{table_id}")
            expect(watcher.locator("#log-list li").last).to_contain_text(
                "is choosing cards for a Top up"
            )
            assert cards[3] not in watcher.locator("#log-list").inner_text()
        screenshot(page, "top-up-chosen-after-reload")
        # mark one more here, press Top up: the chosen and the marked go, then the draw
        page.locator(f'#hand button[data-card="{cards[0]}"]').click()
        expect(page.locator("#act-topup")).to_contain_text("discard 2")
        start_version = version(page)
        page.locator("#act-topup").click()
        wait_moved(page, start_version)
        after = table_json(page, table_id)
        assert after["view"]["actions_taken"] == 1
        assert after["view"]["private"]["chosen"] == []
        assert after["view"]["discard_pile"][-2:] == [cards[3], cards[0]]
        expect(page.locator('#hand [data-chosen="1"]')).to_have_count(0)
        expect(page.locator("#log-list")).to_contain_text(f"discarded {cards[3]}, {cards[0]}")


POST_UNDO = """async ([id, version]) => {
    const { post } = await pageModule("api.js");
    return post(`/api/tables/${id}/undo`, { expected_version: version });
}"""


def _top_up_lines(page: Page, me: str) -> list[str]:
    """My log lines about a Top up (the bot may top up too)."""
    lines = page.locator("#log-list li").all_inner_texts()
    return [line for line in lines if me in line and ("Top up" in line or "discarded" in line)]


def test_one_top_up_reads_as_one_log_entry_to_its_player_and_a_watcher(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with new_page(browser, web_server) as page:
        table_id = _my_game(page, web_database)
        me = page.evaluate('async () => (await (await fetch("/api/session")).json()).user.name')
        state = table_json(page, table_id)
        cards = state["view"]["private"]["hand"]
        at = state["table"]["version"]
        # three cards chosen, one of them taken back: four actions in the server's log
        for action in (f"discard {cards[0]}", f"discard {cards[1]}", None, f"discard {cards[2]}"):
            if action is None:
                at = page.evaluate(POST_UNDO, [table_id, at])["version"]
            else:
                at = page.evaluate(POST_MOVE, [table_id, action, at])["version"]
        with new_page(browser, web_server) as watcher:
            watcher.goto(f"{web_server}/#/table/{table_id}")
            expect(watcher.locator("#log-list li").last).to_contain_text(
                "is choosing cards for a Top up"
            )
            assert len(_top_up_lines(watcher, me)) == 1, _top_up_lines(watcher, me)
            for card in cards:
                assert card not in watcher.locator("#log-list").inner_text()
            page.reload()
            expect(page.locator("#log-list li").last).to_contain_text(
                "is choosing cards for a Top up"
            )
            assert len(_top_up_lines(page, me)) == 1, _top_up_lines(page, me)
            page.evaluate(POST_MOVE, [table_id, "draw", at])
            drew = f"discarded {cards[0]}, {cards[2]} and drew"
            for reader in (page, watcher):
                expect(reader.locator("#log-list")).to_contain_text(drew)
                assert _top_up_lines(reader, me) == [
                    line for line in _top_up_lines(reader, me) if drew in line
                ]
                assert len(_top_up_lines(reader, me)) == 1, _top_up_lines(reader, me)
            screenshot(watcher, "top-up-one-log-entry")
        # the replay's texts of the same actions ("discard", "undo", "draw") read the same
        replay_reads = page.evaluate(
            """async (texts) => {
                const { foldLog } = await pageModule("games/space-mission/view.js");
                return foldLog(texts.map((text, i) => ({ seq: i + 1, seat: 0, text })));
            }""",
            [f"discard {cards[0]}", f"discard {cards[1]}", "undo", f"discard {cards[2]}", "draw"],
        )
        assert [(e["first"], e["seq"], e["text"]) for e in replay_reads] == [
            (1, 5, f"draw, discarding {cards[0]} {cards[2]}")
        ]
