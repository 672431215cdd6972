"""What players are told of the bots: each level's note beside the seats of a new table,
and the bots page, with the figures the tournaments wrote (the strength results file)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from navcomp.bots.levels import levels_for
from navcomp.bots.strength import STRENGTH_FILE, strength_for
from navcomp.games import get_game
from server_helpers import running
from web.web_helpers import choose_language, guest, new_page, screenshot


def test_the_games_list_carries_the_strength_file(sqlite_url: str) -> None:
    shipped = json.loads(STRENGTH_FILE.read_text())
    with running(sqlite_url) as client:
        for game in client.get("/api/games").json():
            name = game["name"]
            assert game["bot_strength"] == strength_for(name, levels_for(get_game(name)))
            for level, matchups in game["bot_strength"].items():
                for matchup in matchups:
                    entry = next(
                        e for e in shipped[name] if e["level"] == level
                        and (e["rival"], e["budget"]) == (matchup["rival"], matchup["budget"])
                    )  # fmt: skip
                    assert matchup["win_rate"] == entry["wins"] / entry["games"]
    medium = strength_for("space-mission", ("easy", "medium"))["medium"]
    assert medium and medium[0]["rival"] == "easy" and medium[0]["win_rate"] >= 0.95
    assert strength_for("space-mission", ("medium",)) == {"medium": []}  # rivals offered only
    hard = strength_for("space-mission", ("hard", "hard-1s"))["hard"]
    assert hard and {m["rival"] for m in hard} == {"hard-1s"}


def test_a_level_is_shown_first_at_the_budget_the_server_plays_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from navcomp.bots import strength

    def entry(budget: str, games: int) -> dict[str, Any]:
        return {"level": "hard", "rival": "medium", "players": 2, "budget": budget,
                "games": games, "win_rate": 0.6, "ci95": [0.5, 0.7]}  # fmt: skip

    shipped = {"space-mission": [entry("hard 0.3 s a turn", 800), entry("hard 1.5 s a turn", 40)]}
    monkeypatch.setattr(strength, "_shipped", lambda: shipped)
    hard = strength_for("space-mission", ("medium", "hard"))["hard"]
    assert [(m["budget"], m["games"], m["usual"]) for m in hard] == [
        ("hard 1.5 s a turn", 40, True),
        ("hard 0.3 s a turn", 800, False),
    ]


def test_the_new_table_form_and_the_bots_page_tell_each_level(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        guest(page)
        notes = page.locator("#level-notes")
        expect(notes.locator("li[data-level]")).to_have_count(3)
        expect(notes.locator("li[data-level=medium]")).to_contain_text(
            "Measured: wins almost every game against easy."
        )
        expect(notes.locator("li[data-level=easy]")).to_contain_text("random legal move")
        page.locator("#bots-link").click()
        bots = page.locator("#bots-page")
        expect(bots.locator("h3")).to_have_text(["Space Mission", "Space Pioneers"])
        figures = bots.locator("ul.strength[data-game=space-mission][data-level=medium] li")
        expect(figures.first).to_contain_text("wins almost every game against easy")
        expect(figures.first).to_contain_text("games of 2 players; 95% interval")
        hard = bots.locator("ul.strength[data-game=space-mission][data-level=hard] li")
        expect(hard.first).to_contain_text("against medium (400 games of 2 players")
        expect(hard.first).not_to_contain_text("thinking time")
        expect(hard.nth(1)).to_contain_text(
            "measured at a thinking time other than this server's (hard 0.3 s"
        )
        screenshot(page, "bots-page")
        choose_language(page, "de")
        expect(bots.locator("h2")).to_have_text("Die Bots und wie stark sie sind")
        expect(figures.first).to_contain_text("gewinnt fast jedes Spiel gegen leicht")
