"""End screens that say what happened, in the browser (count to three, two accounts at a
rated table): a game claimed on time, a resignation in the first round, and a seat taken
over by a bot after its time ran out, with how each game was rated and why; claiming and
the vote to end ask first, as resigning does.  Screenshots in English and German go to
build/screens/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from server.test_sweeper import move_deadline
from server_helpers import ServerProcess
from web.test_ratings import register, step
from web.web_helpers import choose_language, join, new_page, table_json

SCREENS = Path(__file__).resolve().parents[2] / "build" / "screens"
LIVE = {"kind": "live", "minutes": "1", "increment": "0"}


@pytest.fixture(scope="module")
def ending_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('endings') / 'navcomp.db'}"


@pytest.fixture(scope="module")
def ending_server(ending_database: str) -> Iterator[str]:
    """Count to three, quick bots, and a sweeper that looks for deadlines twice a second."""
    program = str(Path(__file__).parent.parent / "count_game.py")
    server = ServerProcess(
        ending_database, "--bot-seconds", "0.05", "--sweep-seconds", "0.5", program=program
    ).start()
    try:
        yield server.base
    finally:
        server.stop()


def shot(page: Page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)


def rated_table(ann: Page, ben: Page, names: tuple[str, str]) -> int:
    """Ann's rated table of two with a live clock of a minute; Ben joins, Ann starts."""
    register(ann, names[0])
    register(ben, names[1])
    ann.locator("#new-game").select_option("count-to-three")
    ann.locator("#new-seats").select_option("2")
    ann.locator("#new-seat-1").select_option("")
    ann.locator("#new-rated").check()
    ann.locator("#pace-kind").select_option(LIVE["kind"])
    ann.locator("#pace-minutes").select_option(LIVE["minutes"])
    ann.locator("#pace-increment").select_option(LIVE["increment"])
    ann.locator("#create-table").click()
    ann.wait_for_url(re.compile(r"#/table/\d+$"))
    table_id = int(ann.url.rsplit("/", 1)[1])
    ben.goto(f"/#/table/{table_id}")
    join(ben, 1)
    ann.locator("#start").click()
    expect(ann.locator('#actions button[data-action="count"]')).to_be_visible()
    return table_id


def time_runs_out(database: str, table_id: int, waiting: Page) -> None:
    move_deadline(database, table_id, datetime.now(UTC))
    waiting.locator("#hand-to-bot").wait_for(timeout=30_000)


def in_german(page: Page, name: str) -> None:
    choose_language(page, "de")
    expect(page.locator("#ending")).to_contain_text("Gewertet")
    shot(page, f"{name}-de")
    choose_language(page, "en")


def test_a_claimed_game_says_the_time_ran_out_and_who_claimed_it(
    browser: Browser, ending_server: str, ending_database: str
) -> None:
    with new_page(browser, ending_server) as ann, new_page(browser, ending_server) as ben:
        table_id = rated_table(ann, ben, ("Ann_c", "Ben_c"))
        time_runs_out(ending_database, table_id, ben)
        ben.locator("#claim").click()
        assert table_json(ben, table_id)["table"]["status"] == "playing"  # it asks first
        ben.locator("#claim-sure").click()
        expect(ben.locator("#ending-text")).to_have_text(
            "Ann_c ran out of time and the game was claimed: Ben_c (you) wins."
        )
        ends = ben.locator("#seat-ends li")
        expect(ends).to_have_text(
            [
                "Ann_c: ran out of time, the game was claimed",
                "Ben_c (you): still in the game when it ended",
            ]
        )
        expect(ben.locator("#rated-how")).to_have_text(
            "Rated: Ann_c ran out of time and the game was claimed, so Ann_c ranks last."
        )
        expect(ben.locator("#ending")).not_to_contain_text("bot")
        expect(ben.locator("#log-list li.event")).to_contain_text(
            ["time is up for Ann_c", "Ann_c's time is up: the game was claimed"]
        )
        shot(ben, "claim-en")
        in_german(ben, "claim")


def test_the_winner_of_a_resignation_in_round_one_did_not_play_to_the_end(
    browser: Browser, ending_server: str
) -> None:
    with new_page(browser, ending_server) as ann, new_page(browser, ending_server) as ben:
        table_id = rated_table(ann, ben, ("Ann_s", "Ben_s"))
        ann.locator("#resign").click()
        ann.locator("#resign-sure").click()
        expect(ben.locator("#ending-text")).to_have_text("Ann_s resigned: Ben_s (you) wins.")
        expect(ben.locator("#seat-ends li")).to_have_text(
            ["Ann_s: resigned", "Ben_s (you): still in the game when it ended"]
        )
        expect(ben.locator("#ending")).not_to_contain_text("played to the end")
        expect(ben.locator("#rated-how")).to_have_text(
            "Rated: Ann_s resigned, so Ann_s ranks last."
        )
        assert table_json(ben, table_id)["table"]["end_reason"] == "forfeit"
        expect(ben.locator("#log-list li.event")).to_contain_text(["Ann_s resigned"])
        shot(ben, "resignation-en")
        in_german(ben, "resignation")


def test_a_takeover_says_how_the_game_was_rated_here_and_on_the_profile(
    browser: Browser, ending_server: str, ending_database: str
) -> None:
    with new_page(browser, ending_server) as ann, new_page(browser, ending_server) as ben:
        table_id = rated_table(ann, ben, ("Ann_t", "Ben_t"))
        step(ann, "count")
        expect(ben.locator('#actions button[data-action="stop"]')).to_be_visible()
        step(ben, "stop")  # Ben has 0; Ann's 1 and more go to the bot that takes her seat
        time_runs_out(ending_database, table_id, ben)
        ben.locator("#hand-to-bot").click()
        expect(ben.locator("#score-sheet")).to_be_visible(timeout=30_000)
        expect(ben.locator("#seat-ends li").first).to_have_text(
            "Bot for Ann_t: ran out of time, a bot played the seat on"
        )
        expect(ben.locator("#rated-how")).to_have_text(
            "Rated: Ann_t's seat was taken over by a bot after time ran out,"
            " so Ann_t ranks last whatever the bot scored."
        )
        shot(ben, "takeover-en")
        in_german(ben, "takeover")
        ben.goto("/#/player/Ben_t")
        line = ben.locator(f'#profile-recent li[data-table="{table_id}"]')
        expect(line).to_contain_text("lost · rank 2")
        expect(line.locator(".rated-note")).to_have_text(
            "rated as rank 1: a seat that left early ranks last in the rating"
        )
        ben.goto("/#/player/Ann_t")
        line = ben.locator(f'#profile-recent li[data-table="{table_id}"]')
        expect(line.locator(".rated-note")).to_have_text("rated last: ran out of time")
        shot(ben, "takeover-profile-en")


def test_the_vote_to_end_asks_first_when_it_would_end_the_game(
    browser: Browser, ending_server: str
) -> None:
    with new_page(browser, ending_server) as ann:
        register(ann, "Ann_v")
        ann.locator("#new-game").select_option("count-to-three")
        ann.locator("#new-seats").select_option("2")
        ann.locator("#new-seat-1").select_option("easy")
        ann.locator("#create-table").click()
        ann.wait_for_url(re.compile(r"#/table/\d+$"))
        table_id = int(ann.url.rsplit("/", 1)[1])
        ann.locator("#start").click()
        ann.locator("#vote-abort").click()
        sure = ann.locator("#vote-abort-sure")
        expect(sure).to_have_text("Yes, end the game now, without a result")
        assert table_json(ann, table_id)["table"]["status"] == "playing"
        sure.click()
        expect(ann.locator("#ending-text")).to_have_text(
            "The game was ended by a vote, without a result."
        )
