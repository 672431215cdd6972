"""Driving the browser table with Playwright: Debian's Chromium, a real server."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from navcomp.commands.pageload import CHROMIUM, CHROMIUM_ARGS  # the benchmark's browser too

SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"

# What the page shows may lag on a busy machine (a whole test run on two cores): the
# assertions wait as long as the page's own actions do, not Playwright's default 5 s.
expect.set_options(timeout=20_000)


@contextmanager
def launch() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


PAGE_MODULE = """window.pageModule = (path) => import(
    new URL(path, document.querySelector('script[type="module"]').src).href)"""
"""``pageModule("ratings.js")`` in a test's script imports the module the page itself runs
(under the static tree's version, beside ``js/main.js``): the same instance, with its state,
where ``import("/static/js/ratings.js")`` would load a second copy."""


@contextmanager
def new_page(
    browser: Browser, base: str, width: int = 1280, height: int = 900, lang: str = "en"
) -> Iterator[Page]:
    """A page in a fresh context (its own cookies: its own player)."""
    context = browser.new_context(base_url=base, viewport={"width": width, "height": height})
    context.add_init_script(  # the language a new visitor starts in; a choice is kept
        f"localStorage.getItem('navcomp_lang') || localStorage.setItem('navcomp_lang', '{lang}')"
    )
    context.add_init_script(PAGE_MODULE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
        assert not errors, errors
    finally:
        context.close()


def screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def settled(page: Page, selector: str, quiet_ms: int = 500) -> None:
    """Wait until the element at `selector` has not been drawn anew for `quiet_ms`.

    A table redraws on its own (a push, the log arriving, the turn watcher): an action on
    an element that is replaced meanwhile fails as "not attached to the DOM".
    """
    page.wait_for_function(
        """([selector, quiet]) => {
          const el = document.querySelector(selector);
          const now = performance.now();
          if (!el || el !== window.__settledEl) {
            window.__settledEl = el;
            window.__settledSince = now;
            return false;
          }
          return now - window.__settledSince >= quiet;
        }""",
        arg=[selector, quiet_ms],
        polling=50,
    )


def press(page: Page, target: Locator, quiet_ms: int = 500) -> None:
    """The mouse down on the middle of ``target``, in view and uncovered, once its box has
    stayed put for ``quiet_ms``: a part of the page drawn late above it (a list loading)
    would move it from under the pointer. Pressed again if it moved all the same as the
    mouse went down (the target heard no ``mousedown``)."""
    deadline = time.monotonic() + 20
    seen = ""
    while time.monotonic() < deadline:
        target.scroll_into_view_if_needed()
        x, y = _still_middle(page, target, quiet_ms, deadline)
        seen = target.evaluate(_LISTEN_FOR_THE_PRESS, [x, y])
        if seen != "uncovered":
            page.wait_for_timeout(100)
            continue
        page.mouse.move(x, y)
        page.mouse.down()
        if target.evaluate("element => element.pressedByTest === true"):
            return
        seen = "moved as the mouse went down"
        page.mouse.move(0, 0)  # released on nothing
        page.mouse.up()
    raise AssertionError(f"the press never landed on the element: {seen}")


# Arms a one-off ``mousedown`` listener on the element (a property, not an attribute: the
# page compares elements to decide what to draw anew) and says whether the element is
# what the point (x, y) shows, or what covers it there.
_LISTEN_FOR_THE_PRESS = """(element, [x, y]) => {
  element.pressedByTest = false;
  element.addEventListener("mousedown", () => { element.pressedByTest = true; },
    { once: true, capture: true });
  const top = document.elementFromPoint(x, y);
  if (top && (top === element || element.contains(top))) return "uncovered";
  return top ? `covered by ${top.outerHTML.slice(0, 120)}` : "outside the viewport";
}"""


def _still_middle(
    page: Page, target: Locator, quiet_ms: int, deadline: float
) -> tuple[float, float]:
    box, since = target.bounding_box(), time.monotonic()
    while box is None or time.monotonic() - since < quiet_ms / 1000:
        assert time.monotonic() < deadline, "the element kept moving"
        page.wait_for_timeout(50)
        now = target.bounding_box()
        if now != box:
            box, since = now, time.monotonic()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def release(page: Page, target: Locator) -> None:
    """The mouse up on the middle of ``target`` where it is now: a list refreshed above it
    while the button was held (the lobby's, every 5 s) may have moved it. A target drawn
    anew since the press is another element, and the release does not click it."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, "the pressed element is gone"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.up()


def choose_language(page: Page, code: str) -> None:
    """Chooses language ``code`` in the header and waits for the page drawn in it: a
    language other than English is drawn once its strings are fetched."""
    page.locator("#lang").select_option(code)
    expect(page.locator(f'html[lang="{code}"]')).to_have_count(1)


def guest(page: Page) -> str:
    page.goto("/")
    page.locator("#guest").click()
    expect(page.locator("#me-name")).to_be_visible()
    return page.locator("#me-name").inner_text()


def create_table(page: Page, seats: int, bots: dict[int, str], max_rounds: int = 0) -> int:
    """From the lobby: a Space Mission table with ``bots`` by seat (the others wait for
    people)."""
    page.locator("#new-game").select_option("space-mission")  # the form keeps the last game
    page.locator("#new-seats").select_option(str(seats))
    for seat in range(1, seats):
        page.locator(f"#new-seat-{seat}").select_option(bots.get(seat, ""))
    page.locator("#opt-max-rounds").fill(str(max_rounds))
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r"#/table/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def join(page: Page, seat: int) -> None:
    """Take seat ``seat`` of the open table on the page; returns once the server seated me
    (another page may still show the seat free)."""
    page.locator(f'#lobby-seats button[data-key="join-{seat}"]').click()
    expect(page.locator("#leave")).to_be_visible()


def start(page: Page) -> None:
    page.locator("#start").click()
    expect(page.locator("#board")).to_be_visible()


def table_json(page: Page, table_id: int) -> Any:
    """What the server says to this page's player (through the page's own cookie)."""
    return page.evaluate("async (id) => (await fetch(`/api/tables/${id}`)).json()", table_id)


def wait_my_turn_or_over(page: Page, timeout: float = 60) -> str:
    """Wait until the page offers me a choice, or shows the score sheet."""
    deadline = time.monotonic() + timeout
    my_turn = page.locator('#actions[data-mine="1"]')
    while time.monotonic() < deadline:
        if page.locator("#score-sheet").is_visible():
            return "over"
        if my_turn.count() and not page.locator("#actions button:disabled#confirm").count():
            return "turn"
        page.wait_for_timeout(50)
    raise AssertionError("neither my turn nor the end came")


def enabled(page: Page, selector: str) -> bool:
    button = page.locator(selector)
    return button.count() > 0 and button.is_enabled()


def play_simple_step(page: Page) -> None:
    """One simple legal step, chosen among what the page offers."""
    if enabled(page, "#confirm"):
        page.locator("#confirm").click()
        return
    picks = page.locator("#picks button")
    if picks.count():
        picks.first.click()
        return
    if page.locator("#hand .card-face").count() < 3 and enabled(page, "#act-topup"):
        page.locator("#act-topup").click()
        page.locator("#act-topup").click()
        return
    for kind in ("discover", "develop", "scan", "jump", "fly"):
        if not enabled(page, f"#act-{kind}"):
            continue
        page.locator(f"#act-{kind}").click()
        if kind == "discover":
            return
        if kind == "fly":
            page.locator("#actions .choices button").first.click()
            return
        cards = page.locator("#hand button.card-face:enabled")
        cards.first.click()
        if kind == "scan":
            return
        if kind == "develop":
            page.locator("#hand button.card-face:enabled:not(.chosen)").first.click()
            return
        page.locator("#actions .choices button").first.click()  # jump: the planet
        return
    page.locator("#act-topup").click()
    page.locator("#act-topup").click()


def version(page: Page) -> str:
    return str(page.evaluate("document.body.dataset.version"))


def wait_moved(page: Page, before: str) -> None:
    """Until the page shows a newer version than ``before`` and sends nothing."""
    page.wait_for_function(
        "v => document.body.dataset.version !== v && document.body.dataset.busy !== '1'",
        arg=before,
    )


def wait_my_turn(page: Page, timeout: float = 60) -> None:
    """Until it is my turn in phase "action" (bots move in between)."""
    page.locator('#actions[data-mine="1"][data-phase="action"]').wait_for(timeout=timeout * 1000)
    page.wait_for_function("document.body.dataset.busy !== '1'")


def hand(page: Page) -> list[str]:
    """The cards the page shows in my hand."""
    return [
        str(c)
        for c in page.locator("#hand .card-face").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
    ]


def fix_seed(database: Path, table_id: int, seed: int) -> None:
    """Set an open table's seed (the server never lets anyone choose it): a test that needs
    a game to go a certain way plays a deal it knows."""
    with sqlite3.connect(database) as db:
        changed = db.execute(
            "UPDATE game_tables SET seed = ? WHERE id = ? AND status = 'open'", (seed, table_id)
        ).rowcount
    assert changed == 1, f"table {table_id} is not open"
