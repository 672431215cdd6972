"""Two browsers at one table: each sees the other's moves live, never the other's hand;
and a page that loses the server says so, then catches up."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from server_helpers import ServerProcess
from web.web_helpers import (
    choose_language,
    create_table,
    fix_seed,
    guest,
    hand,
    join,
    new_page,
    start,
    table_json,
    version,
    wait_moved,
    wait_my_turn,
)


def _frames(page: Page) -> list[dict[str, Any]]:
    """Every message the page's table socket receives."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def test_two_players_see_each_others_moves_live_and_never_each_others_hand(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with new_page(browser, web_server) as ann, new_page(browser, web_server) as ben:
        ann_frames, ben_frames = _frames(ann), _frames(ben)
        guest(ann)
        table_id = create_table(ann, 2, {})
        link = ann.locator("#invite-link").input_value()
        # Ben follows the invite link, plays as a guest and takes the free seat
        ben.goto(link)
        ben.locator("#guest-here").click()
        join(ben, 1)
        expect(ann.locator("#lobby-seats li").nth(1)).to_contain_text("guest-")
        fix_seed(web_database, table_id, 1)  # the same deal each run: no flaky steps
        start(ann)
        expect(ben.locator("#board")).to_be_visible()
        # someone without an account watches through the same link
        spectator_context = browser.new_context(base_url=web_server)
        spectator = spectator_context.new_page()
        spectator_frames = _frames(spectator)
        spectator.goto(link)
        expect(spectator.locator("#board")).to_be_visible()
        expect(spectator.locator("#hand")).to_have_count(0)
        expect(spectator.locator("#actions")).to_have_count(0)
        expect(spectator.locator("#watching")).to_have_text("You are watching")
        expect(ann.locator("#watching")).to_have_count(0)
        pages = {table_json(p, table_id)["seat"]: p for p in (ann, ben)}
        assert set(pages) == {0, 1}
        for _ in range(6):  # three turns each way: every move shows on the other page
            to_move = table_json(ann, table_id)["table"]["to_move"]
            mover, watcher = pages[to_move], pages[1 - to_move]
            wait_my_turn(mover)
            expect(watcher.locator("#actions")).to_have_attribute("data-mine", "0")
            expect(watcher.locator("#act-jump")).to_have_count(0)
            for _step in range(3):  # jump (or top up) twice, then confirm
                v = version(mover)
                if mover.locator("#confirm").count():
                    mover.locator("#confirm").click()
                elif mover.locator("#act-jump").is_enabled():
                    mover.locator("#act-jump").click()
                    mover.locator("#hand button.card-face:enabled").first.click()
                    mover.locator("#actions .choices button").first.click()
                else:
                    mover.locator("#act-topup").click()
                    mover.locator("#act-topup").click()
                wait_moved(mover, v)
                # the watcher's page follows without reloading
                watcher.wait_for_function(
                    "v => document.body.dataset.version === v", arg=version(mover)
                )
                last = watcher.locator("#last-move")
                expect(last).to_be_visible()
                log_text = table_json(watcher, table_id)
                assert log_text["table"]["version"] == int(version(mover))
        # the spectator followed every move and saw no one's hand
        spectator.wait_for_function("v => document.body.dataset.version === v", arg=version(ann))
        watched = [f for f in spectator_frames if f.get("type") == "state"]
        assert watched and all(
            f["seat"] is None and "private" not in f["view"] and not list(_hands(f))
            for f in watched
        )
        spectator_context.close()
        # each page shows its own hand only, and no socket message carried the other's
        for seat, page in pages.items():
            other = pages[1 - seat]
            mine = table_json(page, table_id)["view"]["private"]["hand"]
            theirs = set(table_json(other, table_id)["view"]["private"]["hand"])
            assert sorted(hand(page)) == sorted(mine)
            assert not theirs & set(hand(page))
        for page, frames in ((ann, ann_frames), (ben, ben_frames)):
            seat = next(s for s, p in pages.items() if p is page)
            states = [f for f in frames if f.get("type") == "state"]
            assert len(states) > 10
            for frame in states:
                assert frame["seat"] == seat and frame["view"]["you"] == seat
                assert list(_hands(frame)) == ["view.private.hand"]
            own = table_json(page, table_id)["view"]["private"]["hand"]
            assert states[-1]["view"]["private"]["hand"] == own


def _hands(data: Any, path: str = "") -> Any:
    """Every place a "hand" key occurs in ``data``."""
    if isinstance(data, dict):
        for key, value in data.items():
            where = f"{path}.{key}" if path else key
            if key == "hand":
                yield where
            yield from _hands(value, where)
    elif isinstance(data, list):
        for item in data:
            yield from _hands(item, path)


def pages_seat(pages: dict[int, Page], page: Page) -> int:
    return next(seat for seat, p in pages.items() if p is page)


def test_a_lost_connection_shows_reconnecting_and_resyncs(browser: Browser, tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path}/navcomp.db"
    server = ServerProcess(url, "--bot-seconds", "0.05").start()
    try:
        with new_page(browser, server.base) as page:
            guest(page)
            table_id = create_table(page, 2, {1: "easy"})
            start(page)
            wait_my_turn(page)
            expect(page.locator("#banner")).to_be_hidden()
            server.kill()
            expect(page.locator("#banner")).to_be_visible()
            expect(page.locator("#banner")).to_contain_text("reconnecting")
            again = ServerProcess(url, "--bot-seconds", "0.05")
            again.port, again.base = server.port, server.base
            server = again.start()
            expect(page.locator("#banner")).to_be_hidden(timeout=30_000)
            # the page works on: a move made elsewhere (here: by this page's own API call) shows
            v = version(page)
            page.locator("#act-topup").click()
            page.locator("#act-topup").click()
            wait_moved(page, v)
            assert table_json(page, table_id)["view"]["actions_taken"] == 1
    finally:
        server.stop()


def test_an_invitation_by_name_reaches_the_invitees_lobby(
    browser: Browser, web_server: str
) -> None:
    with (
        new_page(browser, web_server) as ann,
        new_page(browser, web_server, lang="de") as ben,
    ):
        ann_name = guest(ann).split(" ")[0]
        ben_name = guest(ben).split(" ")[0]
        table_id = create_table(ann, 2, {})
        ann.locator("#invite-name").fill(ben_name)
        ann.locator("#invite").click()
        expect(ann.locator("#invite-note")).to_contain_text(ben_name)
        ann.locator("#invite-name").fill("nobody-by-this-name")
        ann.locator("#invite").click()
        expect(ann.locator("#invite-note")).to_have_text("No player has that name.")
        ben.reload()
        notice = ben.locator("#notices a", has_text=f"Tisch {table_id}")
        expect(notice).to_have_text(f"{ann_name} lädt dich zu Space Mission ein (Tisch {table_id})")
        notice.click()
        join(ben, 1)
        expect(ann.locator("#lobby-seats li").nth(1)).to_contain_text(ben_name)


def test_a_signed_in_player_without_a_seat_is_told_they_are_watching(
    browser: Browser, web_server: str
) -> None:
    with (
        new_page(browser, web_server) as ann,
        new_page(browser, web_server, lang="de") as ben,
    ):
        guest(ann)
        table_id = create_table(ann, 2, {1: "easy"})
        start(ann)
        guest(ben)
        ben.goto(f"/#/table/{table_id}")
        expect(ben.locator("#board")).to_be_visible()
        assert table_json(ben, table_id)["seat"] is None
        watching = ben.locator("#status #watching")
        expect(watching).to_have_text("Du schaust zu")
        expect(watching).to_have_attribute("title", re.compile("keinen Platz"))
        choose_language(ben, "ja")
        expect(watching).to_have_text("観戦中")
        expect(ann.locator("#status")).to_be_visible()
        expect(ann.locator("#watching")).to_have_count(0)  # a player at the table is not told so
