"""Clocks and leaving a game in the browser: a live clock running out and the seat handed
to a bot, who plays the game to its end; resigning in a game of two and of four; an abort
vote.  Two players, each in a browser context of their own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from server.test_sweeper import move_deadline
from server_helpers import ServerProcess, wait_for
from web.web_helpers import (
    choose_language,
    guest,
    join,
    new_page,
    play_simple_step,
    press,
    screenshot,
    settled,
    table_json,
    version,
    wait_moved,
    wait_my_turn_or_over,
)


@pytest.fixture(scope="module")
def clock_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('clocks') / 'navcomp.db'}"


@pytest.fixture(scope="module")
def clock_server(clock_database: str) -> Iterator[str]:
    """A server of our own that looks for passed deadlines twice a second."""
    server = ServerProcess(
        clock_database, "--bot-seconds", "0.05", "--sweep-seconds", "0.5"
    ).start()
    try:
        yield server.base
    finally:
        server.stop()


def create(page: Page, seats: int, bots: dict[int, str], pace: dict[str, Any]) -> int:
    """From the lobby: a one-round table with ``bots`` by seat and the ``pace`` chosen."""
    page.locator("#new-seats").select_option(str(seats))
    for seat in range(1, seats):
        page.locator(f"#new-seat-{seat}").select_option(bots.get(seat, ""))
    page.locator("#opt-max-rounds").fill("1")
    page.locator("#pace-kind").select_option(pace["kind"])
    for name, value in pace.items():
        if name != "kind":
            page.locator(f"#pace-{name.replace('_', '-')}").select_option(str(value))
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r"#/table/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def seat_two(host: Page, other: Page, table_id: int, seat: int = 1) -> None:
    """``other`` joins seat ``seat`` of the host's table; the host starts it."""
    guest(other)
    other.goto(f"/#/table/{table_id}")
    join(other, seat)
    host.locator("#start").click()
    expect(host.locator("#board")).to_be_visible()
    expect(other.locator("#board")).to_be_visible()


def play_to_the_end(page: Page) -> None:
    steps = 0
    while wait_my_turn_or_over(page, timeout=90) == "turn":
        before = version(page)
        play_simple_step(page)
        wait_moved(page, before)
        steps += 1
        assert steps < 400, "the game does not end"


def test_a_live_clock_runs_out_and_a_bot_plays_the_seat_to_the_end(
    browser: Browser, clock_server: str, clock_database: str
) -> None:
    with new_page(browser, clock_server) as host, new_page(browser, clock_server) as other:
        guest(host)
        expect(host.locator("#pace")).to_be_visible()
        table_id = create(host, 2, {}, {"kind": "live", "minutes": 1, "increment": 0})
        expect(host.locator("#pace-text")).to_contain_text("Live · 1 min + 0 s")
        seat_two(host, other, table_id)
        described = table_json(host, table_id)["table"]
        late_seat = described["to_move"]
        late, waiting = (host, other) if late_seat == 0 else (other, host)
        late_name = described["seats"][late_seat]["player"]
        clock = waiting.locator(f"#clock-{late_seat}")
        expect(clock).to_have_class("running")
        first = clock.locator(".time").inner_text()
        expect(clock.locator(".time")).not_to_have_text(first)  # it counts down
        screenshot(waiting, "clocks-running")
        # the rest of the minute passes at once: the server's sweeper finds the deadline gone
        move_deadline(clock_database, table_id, datetime.now(UTC))
        waiting.locator("#hand-to-bot").wait_for(timeout=30_000)
        expect(waiting.locator("#time-up")).to_contain_text(f"Time is up for {late_name}")
        expect(waiting.locator("#give-time")).to_be_visible()
        expect(waiting.locator("#claim")).to_be_visible()
        expect(late.locator("#time-up")).to_contain_text("Your time is up")
        screenshot(waiting, "clocks-time-up")
        waiting.locator("#hand-to-bot").click()
        expect(waiting.locator(f"#clock-{late_seat}")).to_contain_text(f"Bot for {late_name}")
        expect(waiting.locator("#log-list li.event")).to_contain_text(
            [f"time is up for {late_name}", f"a bot now plays for {late_name}"]
        )
        expect(late.locator("#watching")).to_be_visible()  # the seat is not theirs any more
        play_to_the_end(waiting)
        expect(waiting.locator("#score-sheet")).to_contain_text(f"Bot for {late_name}")
        expect(waiting.locator("#seat-ends")).to_contain_text(
            f"Bot for {late_name}: ran out of time, a bot played the seat on"
        )
        screenshot(waiting, "clocks-result-taken-over")
        result = table_json(waiting, table_id)["table"]["result"]
        assert result["seat_ends"][late_seat] == "timed_out"
        assert result["seat_ends"][1 - late_seat] == "played" and result["end"] == "finished"


def test_a_resignation_in_a_game_of_two_ends_it(browser: Browser, clock_server: str) -> None:
    with new_page(browser, clock_server) as host, new_page(browser, clock_server) as other:
        guest(host)
        table_id = create(host, 2, {}, {"kind": "turn", "hours": 24, "bank_days": 3})
        seat_two(host, other, table_id)
        winner = table_json(host, table_id)["table"]["seats"][1]["player"]
        expect(other.locator("#pace-text")).to_contain_text("Turn-based · 1 d a turn + 3 d bank")
        host.locator("#resign").click()
        host.locator("#resign-sure").click()
        quitter = table_json(host, table_id)["table"]["seats"][0]["player"]
        for page in (host, other):
            expect(page.locator("#ending-text")).to_have_text(
                re.compile(rf"{quitter} resigned: {winner}( \(you\))? wins\.")
            )
        expect(other.locator("#seat-ends li").first).to_contain_text("resigned")
        screenshot(other, "resigned-game-of-two")
        result = table_json(other, table_id)["table"]["result"]
        assert result == {"end": "forfeit", "winners": [1], "seat_ends": ["resigned", "played"]}
        other.goto("/")  # the lobby lists the game with its pace
        expect(other.locator("#my-games li").first).to_contain_text(
            f"Table {table_id} · Space Mission · 2 seats"
        )
        expect(other.locator("#my-games li").first).to_contain_text("Turn-based · 1 d a turn")
        expect(other.locator("#pace-kind")).to_have_value("none")
        screenshot(other, "lobby-pace")


def test_the_help_page_explains_clocks_in_each_language(
    browser: Browser, clock_server: str
) -> None:
    with new_page(browser, clock_server, lang="de") as page:
        page.goto("/#/help")
        expect(page.locator("#help-time-up h3")).to_have_text("Wenn die Zeit abläuft")
        expect(page.locator("#help-resign")).to_contain_text("Zu zweit gewinnt die andere Person")
        screenshot(page, "help-de")
        choose_language(page, "ja")
        expect(page.locator("#help-vote h3")).to_have_text("ゲーム終了の投票")
        choose_language(page, "en")
        expect(page.locator("#help-paces")).to_contain_text("Only the player to move uses time")
        expect(page.locator("#help-ratings")).to_contain_text("counts as last")
        screenshot(page, "help-en")


def test_a_resignation_in_a_game_of_four_hands_the_seat_to_a_bot(
    browser: Browser, clock_server: str
) -> None:
    with new_page(browser, clock_server) as host, new_page(browser, clock_server) as other:
        guest(host)
        table_id = create(host, 4, {2: "easy", 3: "easy"}, {"kind": "none", "stall_days": 21})
        seat_two(host, other, table_id)
        quitter = table_json(host, table_id)["table"]["seats"][1]["player"]
        other.locator("#resign").click()
        other.locator("#resign-sure").click()
        expect(host.locator("#log-list li.event")).to_contain_text([f"{quitter} resigned"])
        expect(host.locator("#log-list li.event")).to_have_count(1)
        expect(other.locator("#watching")).to_be_visible()
        described = table_json(host, table_id)["table"]
        assert described["status"] == "playing"
        assert described["seats"][1]["bot"] == "medium"
        assert described["seats"][1]["ended"] == "resigned"
        screenshot(host, "resigned-game-of-four")
        play_to_the_end(host)  # the game goes on, with a bot in the seat
        result = table_json(host, table_id)["table"]["result"]
        assert result["seat_ends"] == ["played", "resigned", "played", "played"]


def test_an_abort_vote_ends_the_game_without_a_result(browser: Browser, clock_server: str) -> None:
    with new_page(browser, clock_server) as host, new_page(browser, clock_server) as other:
        guest(host)
        table_id = create(host, 3, {2: "easy"}, {"kind": "live", "minutes": 20, "increment": 10})
        seat_two(host, other, table_id)
        host.locator("#vote-abort").click()
        host.locator("#vote-abort-sure").click()
        expect(host.locator("#voted")).to_be_visible()
        expect(other.locator("#votes")).to_have_text("1 of 2 voted to end")
        screenshot(other, "abort-vote-one")
        other.locator("#vote-abort").click()
        other.locator("#vote-abort-sure").click()
        for page in (host, other):
            expect(page.locator("#ending-text")).to_have_text(
                "The game was ended by a vote, without a result."
            )
        screenshot(host, "abort-vote-over")
        described = table_json(host, table_id)["table"]
        assert described["end_reason"] == "aborted" and described["result"]["winners"] == []


def mover_and_voter(host: Page, other: Page, table_id: int) -> tuple[Page, Page]:
    """Of the two people at a table of three (a bot in the last seat), the one to move
    (once the bot, if it began, has moved) and the other."""
    described = wait_for(lambda: (d := table_json(host, table_id)["table"])["to_move"] != 2 and d)
    return (host, other) if described["to_move"] == 0 else (other, host)


def press_settled(page: Page, selector: str) -> None:
    """The mouse down on the middle of ``selector``, once it has stopped being redrawn."""
    settled(page, selector)
    press(page, page.locator(selector))


def test_a_press_that_spans_a_push_still_clicks(browser: Browser, clock_server: str) -> None:
    """The table is drawn anew at each push (here the other player's vote to end): a press
    on an action button that spans one still clicks it, and the push shows once the press
    is over (a button drawn anew under the pointer would lose the click)."""
    with new_page(browser, clock_server) as host, new_page(browser, clock_server) as other:
        guest(host)
        table_id = create(host, 3, {2: "easy"}, {"kind": "live", "minutes": 20, "increment": 10})
        seat_two(host, other, table_id)
        mover, voter = mover_and_voter(host, other, table_id)
        frames: list[object] = []
        mover.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
        mover.reload()  # its socket opened anew, heard from here on
        topup = mover.locator("#act-topup")
        expect(topup).to_have_attribute("aria-pressed", "false")
        press_settled(mover, "#act-topup")
        heard = len(frames)
        voter.locator("#vote-abort").click()
        voter.locator("#vote-abort-sure").click()
        expect(voter.locator("#voted")).to_be_visible()
        for _ in range(100):
            if len(frames) > heard:
                break
            mover.wait_for_timeout(100)
        assert len(frames) > heard, "the vote was not pushed"
        mover.wait_for_timeout(300)  # time to draw it, were it drawn under the pointer
        mover.mouse.up()
        expect(topup).to_have_attribute("aria-pressed", "true")
        expect(mover.locator("#votes")).to_have_text("1 of 2 voted to end")


def test_a_press_holds_a_push_for_five_seconds_at_most(browser: Browser, clock_server: str) -> None:
    """A press whose end never comes (the page may not hear it) holds the table's pushes
    for five seconds, then the table shows them."""
    with new_page(browser, clock_server) as host, new_page(browser, clock_server) as other:
        guest(host)
        table_id = create(host, 3, {2: "easy"}, {"kind": "live", "minutes": 20, "increment": 10})
        seat_two(host, other, table_id)
        mover, voter = mover_and_voter(host, other, table_id)
        press_settled(mover, "#status")
        voter.locator("#vote-abort").click()
        voter.locator("#vote-abort-sure").click()
        expect(voter.locator("#voted")).to_be_visible()
        mover.wait_for_timeout(2000)
        expect(mover.locator("#votes")).to_have_count(0)  # held
        expect(mover.locator("#votes")).to_have_text("1 of 2 voted to end", timeout=6000)
        mover.mouse.up()
