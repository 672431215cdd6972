"""Chat in the browser: two players and a spectator at a running table. The players read
each other and not the spectator; a blocked player's messages go; markup shows as text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from navcomp.commands.cli import main
from web.test_ratings import register
from web.web_helpers import create_table, join, new_page, press, release, screenshot, settled, start

MARKUP = "<script>window.chatPwned = 1</script><b>bold?</b> https://example.com"


def say(page: Page, text: str) -> None:
    page.locator("#table-chat-input").fill(text)
    page.locator("#table-chat-send").click()
    expect(page.locator("#table-chat-input")).to_have_value("")


def messages(page: Page) -> list[str]:
    return page.locator("#table-chat-list .chat-text").all_inner_texts()


def test_players_chat_the_spectator_apart_a_block_and_markup_as_text(
    browser: Browser, web_server: str, web_database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with (
        new_page(browser, web_server) as ann,
        new_page(browser, web_server) as ben,
        new_page(browser, web_server) as cat,
    ):
        for page, name in ((ann, "Ann_chat"), (ben, "Ben_chat"), (cat, "Cat_chat")):
            register(page, name)
        table_id = create_table(ann, 2, {})
        ben.goto(f"/#/table/{table_id}")
        join(ben, 1)
        start(ann)
        expect(ben.locator("#board")).to_be_visible()
        cat.goto(f"/#/table/{table_id}")
        expect(cat.locator("#watching")).to_be_visible()

        say(ann, "hello Ben")
        expect(ben.locator("#table-chat-list")).to_contain_text("hello Ben")
        say(ben, MARKUP)
        say(cat, "psst, Ann holds a red card")
        expect(cat.locator("#table-chat-list")).to_contain_text("psst")  # the spectators' tab
        expect(cat.locator("#chat-tab-spectators")).to_have_attribute("aria-selected", "true")
        cat.locator("#chat-tab-players").click()
        expect(cat.locator("#table-chat-list .chat-text")).to_have_count(2)
        say(ann, "your move")
        expect(ben.locator("#table-chat-list .chat-text")).to_have_count(3)
        expect(ann.locator("#table-chat-list .chat-text")).to_have_count(3)
        assert messages(ben) == ["hello Ben", MARKUP, "your move"]
        assert messages(ann) == messages(ben)  # nothing of the spectator's, live or loaded
        assert ann.locator("#chat-tab-spectators").count() == 0

        # the markup is text: no script ran, no element was made of it, the link is no link
        chat_list = ann.locator("#table-chat-list")
        assert chat_list.locator("script, b, a").count() == 0
        assert ann.evaluate("window.chatPwned") is None
        expect(chat_list.locator(".chat-text").nth(1)).to_have_text(MARKUP)
        screenshot(ann, "chat-player")
        screenshot(cat, "chat-spectator")

        ben.reload()  # the history as loaded afresh: the same, still no spectator
        expect(ben.locator("#table-chat-list .chat-text")).to_have_count(3)
        assert "psst" not in ben.locator("#table-chat-list").inner_text()

        ann.locator(
            '#table-chat-list .chat-message[data-author="Ben_chat"] .chat-block'
        ).first.click()
        expect(ann.locator("#table-chat .chat-note")).to_contain_text("Ben_chat")
        expect(ann.locator("#table-chat-list .chat-text")).to_have_count(2)
        say(ben, "can you read me?")
        expect(cat.locator("#table-chat-list")).to_contain_text("can you read me?")
        say(ann, "quiet now")
        expect(ben.locator("#table-chat-list")).to_contain_text("quiet now")
        assert messages(ann) == ["hello Ben", "your move", "quiet now"]
        ann.reload()
        expect(ann.locator("#table-chat-list .chat-text")).to_have_count(3)
        assert "Ben_chat" not in ann.locator("#table-chat-list").inner_text()
        screenshot(ann, "chat-after-block")

        for page in (ann, cat):
            page.goto("/")
        cat.locator("#lobby-chat-input").fill("anyone for a game?")
        cat.locator("#lobby-chat-send").click()
        expect(ann.locator("#lobby-chat-list")).to_contain_text("anyone for a game?")
        screenshot(ann, "chat-lobby")

        # a report, with the reason the hosts read; a message arriving meanwhile keeps it
        lobby_message = '#lobby-chat-list .chat-message[data-author="Cat_chat"]'
        ann.locator(f"{lobby_message} .chat-report").first.click()
        expect(ann.locator("#lobby-chat-report")).to_contain_text("Cat_chat")
        expect(ann.locator("#lobby-chat-report-reason")).to_be_focused()
        ann.locator("#lobby-chat-report-reason").fill("asks the same thing in every lobby")
        cat.locator("#lobby-chat-input").fill("anyone?")
        cat.locator("#lobby-chat-send").click()
        expect(ann.locator("#lobby-chat-list")).to_contain_text("anyone?")
        screenshot(ann, "chat-report")
        ann.locator("#lobby-chat-report-send").click()
        expect(ann.locator("#lobby-chat .chat-note")).to_contain_text("reported")
        expect(ann.locator("#lobby-chat-report")).to_have_count(0)
        capsys.readouterr()
        reports = ["moderation", "reports", "--database-url", f"sqlite:///{web_database}"]
        assert main([*reports, "--json"]) == 0
        listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert {(r["reporter"], r["author"], r["text"], r["reason"]) for r in listed} >= {
            ("Ann_chat", "Cat_chat", "anyone for a game?", "asks the same thing in every lobby")
        }


LOBBY_LIVE = "/api/lobby/live"


def closes(page: Page, socket: WebSocket) -> bool:
    """Whether ``socket`` closes within 5 s (the page's waits let Playwright hear of it)."""
    for _ in range(50):
        if socket.is_closed():
            return True
        page.wait_for_timeout(100)
    return False


def test_the_lobby_chat_socket_is_open_in_the_lobby_only(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        sockets: list[WebSocket] = []
        page.on("websocket", lambda ws: sockets.append(ws) if LOBBY_LIVE in ws.url else None)
        register(page, "Dora_chat")
        expect(page.locator("#lobby-chat")).to_be_visible()
        page.goto("/#/help")
        expect(page.locator("#help-page")).to_be_visible()
        assert len(sockets) == 1 and closes(page, sockets[0])
        page.wait_for_timeout(1500)  # longer than the first reconnection's wait
        assert len(sockets) == 1
        with page.expect_event("websocket", lambda ws: LOBBY_LIVE in ws.url):
            page.goto("/#/")
        assert len(sockets) == 2
        page.wait_for_timeout(500)  # open, not still connecting, when it is left
        assert not sockets[1].is_closed()
        page.locator("#log-out").click()
        expect(page.locator("#guest")).to_be_visible()
        assert closes(page, sockets[1])
        page.wait_for_timeout(1500)
        assert len(sockets) == 2


def test_send_pressed_while_the_card_is_drawn_anew_still_sends(
    browser: Browser, web_server: str
) -> None:
    """The card is drawn anew whenever its history loads (on the socket's opening, say): a
    press on Send that spans such a redraw still sends (a redrawn button would lose it)."""
    with new_page(browser, web_server) as page:
        register(page, "Eve_chat")
        send = page.locator("#lobby-chat-send")
        expect(send).to_be_visible()
        page.locator("#lobby-chat-input").fill("pressed during a redraw")
        settled(page, "#lobby-chat .chat-note")  # drawn with its history: the button stays put
        press(page, send)
        page.evaluate("document.querySelector('#lobby-chat .chat-note').dataset.before = 'yes'")
        page.evaluate(
            "window.dispatchEvent(new CustomEvent('navcomp-chat-reload', {detail: 'lobby'}))"
        )
        expect(page.locator("#lobby-chat .chat-note[data-before]")).to_have_count(0)
        with page.expect_request(  # a failure here: the click itself was lost
            lambda r: r.method == "POST" and r.url.endswith("/api/lobby/chat")
        ):
            release(page, send)
        expect(page.locator("#lobby-chat-list")).to_contain_text("pressed during a redraw")
        expect(page.locator("#lobby-chat-input")).to_have_value("")
