"""Ratings in the browser: a rated game played to its end between two accounts, then the
leaderboard and the loser's page show the new ratings (count to three, on its own server)."""

from __future__ import annotations

import re

from openskill.models import PlackettLuce
from playwright.sync_api import Browser, Page, expect

from web.web_helpers import (
    choose_language,
    join,
    new_page,
    screenshot,
    table_json,
    version,
    wait_moved,
)

MODEL = PlackettLuce()


def register(page: Page, name: str) -> None:
    page.goto("/")
    page.locator("input[name=name]").fill(name)
    page.locator("input[name=password]").fill("correct horse battery")
    page.locator("#register").click()
    expect(page.locator("#me-name")).to_have_text(name)


def step(page: Page, action: str) -> None:
    before = version(page)
    page.locator(f'#actions button[data-action="{action}"]').click()
    wait_moved(page, before)


def test_a_rated_game_to_its_end_shows_in_the_leaderboard_and_the_player_s_page(
    browser: Browser, count_server: str
) -> None:
    with new_page(browser, count_server) as ann, new_page(browser, count_server) as ben:
        register(ann, "Ann_r")
        register(ben, "Ben_r")
        ann.locator("#new-game").select_option("count-to-three")
        ann.locator("#new-seats").select_option("1")
        expect(ann.locator("#new-rated")).to_be_hidden()  # a solo table is never rated
        ann.locator("#new-seats").select_option("2")
        ann.locator("#new-seat-1").select_option("")  # a person, not a bot
        ann.locator("#new-rated").check()
        ann.locator("#create-table").click()
        ann.wait_for_url(re.compile(r"#/table/\d+$"))
        table_id = int(ann.url.rsplit("/", 1)[1])
        assert table_json(ann, table_id)["table"]["rated"] is True
        ben.goto(f"/#/table/{table_id}")
        join(ben, 1)
        ann.locator("#start").click()
        expect(ann.locator('#actions button[data-action="count"]')).to_be_visible()
        step(ann, "count")
        expect(ben.locator('#actions button[data-action="stop"]')).to_be_visible()
        step(ben, "stop")
        expect(ann.locator('#actions button[data-action="stop"]')).to_be_visible()
        step(ann, "stop")
        expect(ann.locator("#score-sheet")).to_be_visible()
        won, lost = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[1, 2])
        ann.goto("/#/")
        ann.locator("#ratings-card a", has_text="Count to three").click()
        board = ann.locator("#leaderboard tbody tr")  # the server's other tests rate games too
        winner, loser = board.filter(has_text="Ann_r"), board.filter(has_text="Ben_r")
        expect(winner.locator("td").nth(2)).to_contain_text(str(round(40 * won[0].ordinal())))
        expect(loser.locator("td").nth(2)).to_contain_text(str(round(40 * lost[0].ordinal())))
        names = board.evaluate_all("rows => rows.map(r => r.textContent)")
        order = [i for i, text in enumerate(names) if "Ann_r" in text or "Ben_r" in text]
        assert "Ann_r" in names[order[0]] and "Ben_r" in names[order[1]], names
        screenshot(ann, "ratings-leaderboard")
        loser.locator("a").click()
        expect(ann.locator("#player h2")).to_have_text("Ben_r")
        expect(ann.locator(".player-rating .rating")).to_contain_text(
            str(round(40 * lost[0].ordinal()))
        )
        expect(ann.locator(".player-rating svg.rating-chart")).to_be_visible()
        choose_language(ann, "de")
        expect(ann.locator(".player-rating")).to_contain_text("gewertete Spiele: 1")
        screenshot(ann, "ratings-player-de")


CHART = """async (history) => {
    const { chart } = await pageModule("ratings.js");
    document.getElementById("app").replaceChildren(chart(history));
}"""


def test_the_rating_chart_has_axes_values_and_dates(browser: Browser, web_server: str) -> None:
    history = [
        {"table": 3, "rank": 1, "rating": 1510, "at": "2026-11-02T10:00:00+00:00"},
        {"table": 7, "rank": 2, "rating": 1472, "at": "2026-11-20T10:00:00+00:00"},
        {"table": 9, "rank": 1, "rating": 1533, "at": "2026-12-05T10:00:00+00:00"},
    ]
    with new_page(browser, web_server) as page:
        page.goto("/")
        expect(page.locator("#front-intro")).to_be_visible()
        page.evaluate(CHART, history)
        svg = page.locator("svg.rating-chart")
        expect(svg.locator(".chart-axis")).to_have_count(2)
        ticks = svg.locator("text[data-tick]").all_text_contents()
        assert sorted(ticks) == ["1472", "1533"]  # the lowest and the highest
        dates = svg.locator(".chart-date").all_text_contents()
        assert dates == ["Nov 2, 2026", "Dec 5, 2026"]
        titles = svg.locator("circle title").all_text_contents()
        assert titles[1] == "1472 on Nov 20, 2026 (table 7)"
        assert svg.get_attribute("aria-label") == (
            "Rating from 1510 to 1533, games from Nov 2, 2026 to Dec 5, 2026"
        )
        page.set_viewport_size({"width": 420, "height": 300})
        screenshot(page, "rating-chart")
        choose_language(page, "de")
        expect(page.locator("#front-intro")).to_contain_text("Brettspiele")
        page.evaluate(CHART, history)
        assert svg.locator(".chart-date").all_text_contents() == ["2. Nov. 2026", "5. Dez. 2026"]
