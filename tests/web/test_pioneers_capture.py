"""Space Pioneers in the browser: the capture choice, a step random play seldom reaches.

A placed planet that could capture in more than one way lets its player choose which
card to take.  The table's seed is set in the database before the start (the server
never lets anyone choose it) and both players replay a fixed opening that ends in such
a choice; the chooser clicks one of the highlighted planets on the board.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from navcomp.core.registry import get_game
from navcomp.games.space_pioneers.rules import CAPTURE
from web.test_pioneers import DESKTOP, two_people
from web.web_helpers import new_page, screenshot, table_json

SEED = 1113
OPENING = [
    3, 97, 5, 4, 6, 2, 79, 956, 6, 1, 4, 6, 2, 21, 955, 6, 2, 93, 515, 6, 2, 15, 957, 6, 0, 9,
    516, 285, 0, 71, 978, 6, 0, 4, 6, 2, 87, 958, 293, 0, 4, 6, 2, 17, 999, 6, 1, 14, 979, 267,
    0, 90, 1020, 6, 2, 10, 937, 6, 1, 19, 935, 270, 2, 18, 979, 6, 1, 83, 938, 6, 2, 33, 935,
    286, 0, 4, 6, 2, 102, 495, 6, 1, 40, 1021, 6, 2, 41, 917, 6, 2, 99, 5, 99, 918, 6, 2, 59,
    897, 294, 2, 47, 1041, 6, 2, 51, 1019, 6, 3, 96, 936, 271, 2, 81, 495, 273, 1, 30, 939, 6,
    2, 16, 1041,
]  # fmt: skip
"""Found by playing seeds with a mix of the medium player and random moves until seat 0
had to choose a capture; if the rules or the cards change, find another the same way."""

MOVE = """async ([id, action]) => {
  const seen = await (await fetch(`/api/tables/${id}`)).json();
  const csrf = decodeURIComponent(document.cookie.match(/navcomp_csrf=([^;]*)/)[1]);
  const answer = await fetch(`/api/tables/${id}/moves`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({ action, expected_version: seen.table.version }),
  });
  return answer.status;
}"""


def test_the_opening_ends_in_a_capture_choice_for_seat_0() -> None:
    game = get_game("space-pioneers")
    state = game.new_initial_state(2, SEED, game.normalize_options({}))
    for action in OPENING:
        state.apply_action(action)
    assert state.phase == CAPTURE and state.current_player == 0
    assert len(state.legal_actions()) == 2


def test_the_capture_choice_is_made_on_the_board(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with (
        new_page(browser, web_server, **DESKTOP) as ann,
        new_page(browser, web_server, **DESKTOP) as ben,
    ):
        table_id = two_people(ann, ben, web_database, SEED)
        pages = {table_json(p, table_id)["seat"]: p for p in (ann, ben)}
        for action in OPENING:
            to_move = table_json(ann, table_id)["table"]["to_move"]
            assert pages[to_move].evaluate(MOVE, [table_id, action]) == 200
        chooser: Page = pages[0]
        before = table_json(chooser, table_id)
        options = [a["json"]["card"] for a in before["legal"]]
        assert len(options) == 2
        had = before["view"]["seats"][0]["captured"]
        capturable = chooser.locator(".sp-capturable")
        expect(capturable).to_have_count(2)
        expect(pages[1].locator(".sp-capturable")).to_have_count(0)  # not the other's choice
        screenshot(chooser, "pioneers-capture-choice")
        capturable.first.click()
        captured = chooser.locator("#sp-seat-0 .sp-captured")
        expect(captured).to_have_attribute("data-n", str(len(had) + 1))
        expect(chooser.locator(".sp-capturable")).to_have_count(0)
        seen = table_json(chooser, table_id)
        assert seen["view"]["phase"] != "capture"
        now = seen["view"]["seats"][0]["captured"]
        (taken,) = [card for card in now if card not in had]
        assert taken["id"] in options
        assert seen["last"]["seat"] == 0
        assert seen["last"]["text"].startswith("capture")
