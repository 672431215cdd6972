"""Both games' tables on a phone (390 x 844), in English, German and Japanese: nothing
wider than the screen; in Space Pioneers another player's network wider than the screen
shrinks to it or scrolls sideways saying which columns are in view, and on my turn what to
do and its buttons stay at the foot of the screen while the board scrolls by.

The Space Pioneers game is the capture test's fixed opening, then moves chosen by the
engine to widen the second seat's network, until the first seat has a card to place."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from navcomp.core.protocol import GameState
from navcomp.core.registry import get_game
from navcomp.games.space_pioneers import actions as act
from navcomp.games.space_pioneers.actions import cell_xy
from navcomp.games.space_pioneers.components import CELLS
from navcomp.games.space_pioneers.rules import CAPTURE, CHOOSE, DRAW, PLACE
from web.test_pioneers import PHONE, two_people
from web.test_pioneers_capture import MOVE, OPENING, SEED
from web.web_helpers import (
    SCREENSHOTS,
    choose_language,
    create_table,
    guest,
    new_page,
    settled,
    start,
    table_json,
)

WIDE = 10
"""Columns of the second seat's network: more than a phone shows at a readable size."""
LANGUAGES = {"en": "Your hand", "de": "Deine Hand", "ja": "あなたの手札"}


def columns(state: GameState, seat: int) -> list[int]:
    return [cell_xy(cell)[0] for cell in state.networks[seat]]  # type: ignore[attr-defined]


def widens(state: GameState, action: int) -> bool:
    """Whether ``action`` places a card in seat 1's network beyond its columns."""
    if action < act.PLACE0:
        return False
    owner, cell = divmod(action - act.PLACE0, CELLS)
    xs = columns(state, 1)
    return owner == 1 and not min(xs) <= cell_xy(cell)[0] <= max(xs)


def widening_move(state: GameState) -> int:
    """Draw from the deck, choose a card that widens seat 1's network and place it so
    (else pass), take the first capture, end the turn."""
    legal = state.legal_actions()
    phase = state.phase  # type: ignore[attr-defined]
    if phase == DRAW:
        return act.DRAW if act.DRAW in legal else legal[0]
    if phase == CHOOSE:
        for action in legal:
            world = state.clone()
            world.apply_action(action)
            if action != act.PASS and any(widens(world, a) for a in world.legal_actions()):
                return action
        return act.PASS
    if phase == PLACE:
        return next(a for a in legal if widens(state, a))
    return legal[0] if phase == CAPTURE else act.DONE


def wide_game() -> list[int]:
    """The opening, then widening moves until seat 1's network is ``WIDE`` columns wide
    and seat 0 has a card to place."""
    game = get_game("space-pioneers")
    state = game.new_initial_state(2, SEED, game.normalize_options({}))
    actions = list(OPENING)
    for action in actions:
        state.apply_action(action)
    while len(set(range(min(columns(state, 1)), max(columns(state, 1)) + 1))) < WIDE or not (
        state.current_player == 0 and state.phase == PLACE  # type: ignore[attr-defined]
    ):
        assert state.current_player is not None and len(actions) < 400, "no wide network"
        actions.append(widening_move(state))
        state.apply_action(actions[-1])
    return actions


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5


def screenshot(page: Page, name: str) -> None:
    """The screen as the phone shows it (not the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def nothing_wider_than_the_screen(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_wide_network_and_the_turn_on_a_phone_in_three_languages(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with (
        new_page(browser, web_server, **PHONE) as ann,
        new_page(browser, web_server, **PHONE) as ben,
    ):
        table_id = two_people(ann, ben, web_database, SEED)
        pages = {table_json(p, table_id)["seat"]: p for p in (ann, ben)}
        for action in wide_game():
            to_move = table_json(ann, table_id)["table"]["to_move"]
            assert pages[to_move].evaluate(MOVE, [table_id, action]) == 200
        page = pages[0]
        expect(page.locator("#sp-back")).to_be_visible()  # my card to place
        other = page.locator("#sp-seat-1 .sp-net-scroll")
        part = page.locator("#sp-net-part-1")
        for lang, hand in LANGUAGES.items():
            choose_language(page, lang)
            expect(page.locator("#sp-hand-strip h3")).to_contain_text(hand)
            settled(page, "#sp-seat-1 .sp-net-scroll")  # the moves' pushes may still redraw
            nothing_wider_than_the_screen(page)
            # the network scrolls inside the screen, saying which columns show
            box = other.bounding_box()
            assert box is not None and box["x"] + box["width"] <= PHONE["width"]
            assert other.evaluate("n => n.scrollWidth > n.clientWidth")
            expect(part).to_be_visible()
            page.evaluate("window.scrollTo(0, 0)")
            assert in_view(page, "#sp-turn"), "what to do is out of reach at the top"
            screenshot(page, f"phone-pioneers-{lang}")
            other.scroll_into_view_if_needed()
            assert in_view(page, "#sp-turn"), "what to do is out of reach by the network"
            assert in_view(page, "#sp-back")
            screenshot(page, f"phone-pioneers-network-{lang}")
        choose_language(page, "en")
        shown = part.inner_text()
        assert shown.startswith("Columns ") and "in view" in shown, shown
        other.evaluate("n => n.scrollTo(n.scrollWidth, 0)")
        expect(part).not_to_have_text(shown)  # it follows the scrolling
        expect(part).to_contain_text(f"to {other.locator('.sp-axis-x').last.inner_text()} of")


def test_space_mission_fits_a_phone_in_three_languages(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server, **PHONE) as page:
        guest(page)
        create_table(page, 3, {1: "medium", 2: "hard"})
        start(page)
        page.locator('#actions[data-mine="1"]').wait_for()
        for lang in LANGUAGES:
            choose_language(page, lang)
            page.wait_for_function("document.body.dataset.busy !== '1'")
            nothing_wider_than_the_screen(page)
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, f"phone-mission-{lang}")
            settled(page, "#actions")
            page.locator("#actions").scroll_into_view_if_needed()
            screenshot(page, f"phone-mission-actions-{lang}")
