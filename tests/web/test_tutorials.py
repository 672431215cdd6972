"""The tutorials in the browser: each played from its route (as the front door links it,
with nobody signed in) through every step to the end of the game, in English; steps in
German and Japanese; a move the step does not expect refused with the step's reason,
before anything is sent; leaving and coming back at the step, or starting over.

Screenshots (desktop and phone) go to build/screenshots/tutorial-*.png."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from test_i18n import JS, strings_in
from web.test_pioneers import board_step, my_phase
from web.test_pioneers_capture import MOVE
from web.web_helpers import (
    SCREENSHOTS,
    choose_language,
    new_page,
    play_simple_step,
    table_json,
    version,
    wait_moved,
    wait_my_turn_or_over,
)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MISSION = strings_in(JS / "games" / "space-mission")
PIONEERS = strings_in(JS / "games" / "space-pioneers")


def act(page: Page, selector: str) -> None:
    """Click what sends a move, and wait until the page shows the table after it."""
    before = version(page)
    page.locator(selector).click()
    wait_moved(page, before)


def at_step(page: Page, n: int, text: str) -> None:
    card = page.locator("#tutorial .tutorial-card")
    expect(card).to_have_attribute("data-step", str(n))
    expect(page.locator("#tutorial-text")).to_have_text(text)


def shots(page: Page, name: str) -> None:
    """The screen as the person sees it, on a desktop and on a phone."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        if page.locator("#tutorial-show-me").count():
            page.locator("#tutorial-show-me").click()  # the step's part of the table in view
        page.wait_for_timeout(100)
        page.screenshot(path=str(SCREENSHOTS / f"tutorial-{name}-{label}.png"))
        if label == "phone":
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size(DESKTOP)


def highlighted(page: Page, selector: str) -> None:
    expect(page.locator(f"{selector}.tut-target")).to_have_count(1)


def open_tutorial(page: Page, name: str) -> int:
    """The tutorial's route, entered directly: a guest is made, the table opens."""
    page.goto(f"/#/tutorial/{name}")
    expect(page.locator("#tutorial .tutorial-card")).to_be_visible()
    expect(page.locator("#me-name")).to_contain_text("guest-")
    return int(page.url.rsplit("/", 1)[1])


# ---------------------------------------------------------------------------- Space Mission


def mission_script(page: Page, en: dict[str, str]) -> None:
    """Every scripted step of Space Mission's tutorial, done as it asks."""
    for n, key in ((1, "tut_welcome"), (2, "tut_ring"), (3, "tut_coordinates")):
        at_step(page, n, en[key])
        page.locator("#tutorial-next").click()
    at_step(page, 4, en["tut_jump"])
    highlighted(page, ".planet[data-planet='freezer']")
    shots(page, "mission-jump")
    page.locator("#act-jump").click()
    page.locator('#hand button[data-card="B1/G1"]').click()
    act(page, '[data-key="planet-freezer"]')
    at_step(page, 5, en["tut_scan"])
    page.locator("#act-scan").click()
    act(page, '#hand button[data-card="G3/O1"]')
    at_step(page, 6, en["tut_pile"])
    highlighted(page, "#picks")
    shots(page, "mission-pile")
    act(page, '#picks button[data-tile="water"]')
    at_step(page, 7, en["tut_memory"])
    highlighted(page, "#memory")
    page.locator("#tutorial-next").click()
    at_step(page, 8, en["tut_confirm"])
    act(page, "#confirm")
    at_step(page, 9, en["tut_topup"])
    page.locator('#actions[data-mine="1"][data-phase="action"]').wait_for()
    page.locator("#act-topup").click()
    act(page, "#act-topup")
    at_step(page, 10, en["tut_joker"])
    highlighted(page, "#hand [data-card='G3/O?']")
    shots(page, "mission-joker")
    page.locator("#act-develop").click()
    page.locator('#hand button[data-card="B3/O4"]').click()
    act(page, '#hand button[data-card="G3/O?"]')
    at_step(page, 11, en["tut_station"])
    act(page, '#picks button[data-tile="medal"]')
    at_step(page, 12, en["tut_confirm_again"])
    act(page, "#confirm")
    at_step(page, 13, en["tut_end"])
    highlighted(page, "#board .gate-count")
    page.locator("#tutorial-next").click()
    at_step(page, 14, en["tut_free"])


def test_space_mission_tutorial_from_its_route_to_the_score_sheet(
    browser: Browser, web_server: str
) -> None:
    en = MISSION["en"]
    with new_page(browser, web_server, **DESKTOP) as page:
        table_id = open_tutorial(page, "space-mission")
        shots(page, "mission-welcome")
        mission_script(page, en)
        expect(page.locator("#tutorial .tutorial-card")).to_have_attribute("data-free", "1")
        shots(page, "mission-free")
        moves = 0
        while wait_my_turn_or_over(page) == "turn":  # free play, to the end of round 6
            before = version(page)
            play_simple_step(page)
            wait_moved(page, before)
            moves += 1
            assert moves < 200, "the tutorial's game does not end"
        expect(page.locator("#score-sheet")).to_be_visible()
        expect(page.locator("#tutorial .tutorial-card")).to_have_attribute("data-over", "1")
        expect(page.locator("#tutorial-text")).to_have_text(en["tut_done"])
        shots(page, "mission-over")
        seen = table_json(page, table_id)
        assert seen["table"]["tutorial"] == "space-mission"
        assert seen["table"]["status"] == "over"
        assert [s["bot"] for s in seen["table"]["seats"]] == [None, "easy"]
        page.locator("#tutorial-again").click()  # play it again: a new table, at step 1
        page.wait_for_url(lambda url: not url.endswith(f"/table/{table_id}"))
        at_step(page, 1, en["tut_welcome"])


def test_a_move_the_step_does_not_expect_is_refused_with_its_reason_and_never_sent(
    browser: Browser, web_server: str
) -> None:
    sent: list[str] = []
    with new_page(browser, web_server, **DESKTOP) as page:
        page.on(
            "request",
            lambda r: r.method == "POST" and "/api/tables/" in r.url and sent.append(r.url),
        )
        table_id = open_tutorial(page, "space-mission")
        en = MISSION["en"]

        def refused(reason: str, attempt: Callable[[], Any]) -> None:
            attempt()
            expect(page.locator("#tutorial-refused")).to_have_text(reason)
            expect(page.locator("#move-error")).to_have_text(reason)
            assert sent == [] and table_json(page, table_id)["table"]["version"] == 0

        def jump_to(planet: str) -> None:
            page.locator("#act-jump").click()
            page.locator('#hand button[data-card="B1/G1"]').click()
            page.locator(f'[data-key="planet-{planet}"]').click()

        # the right move, but the step is an explanation: read it first
        refused("First read this step, then press Next.", lambda: jump_to("freezer"))
        for _ in range(3):
            page.locator("#tutorial-next").click()
        refused(en["tut_jump_why"], lambda: jump_to("hazard"))
        refused(en["tut_jump_why"], lambda: top_up_discarding(page))
        shots(page, "mission-refused")
        # in German, the same refusal in German
        choose_language(page, "de")
        refused(MISSION["de"]["tut_jump_why"], lambda: jump_to("hazard"))
        at_step(page, 4, MISSION["de"]["tut_jump"])
        expect(page.locator("#tutorial-next")).to_have_count(0)
        shots(page, "mission-refused-de")
        choose_language(page, "en")
        jump_to("freezer")  # the step's move goes through
        expect(page.locator("#tutorial .tutorial-card")).to_have_attribute("data-step", "5")
        assert len(sent) == 1 and sent[0].endswith(f"/api/tables/{table_id}/moves")
        page.locator("#undo").click()  # a jump may be taken back, but not in this step
        expect(page.locator("#tutorial-refused")).to_have_text("Undo is not part of this step.")
        assert len(sent) == 1 and table_json(page, table_id)["table"]["version"] == 1


def top_up_discarding(page: Page) -> None:
    """Mark a card to discard and top up (the step expects a jump)."""
    page.locator("#act-topup").click()
    page.locator('#hand button[data-card="B4/G2"]').click()
    page.locator("#act-topup").click()


# ---------------------------------------------------------------------------- Space Pioneers


def pioneers_script(page: Page, texts: dict[str, str], upto: int = 14) -> None:
    """Space Pioneers' tutorial's steps, done as each asks, up to step ``upto``."""
    face_up_1 = ".sp-faceup[data-slot='0'] button"

    def card(name: str) -> str:
        return f"#sp-hand button[data-card='{name}']"

    def place(x: int, y: int) -> str:
        return f"#sp-seat-0 .sp-slot[data-x='{x}'][data-y='{y}']"

    steps: list[tuple[str, list[str]]] = [
        ("sp_tut_welcome", ["#tutorial-next"]),
        ("sp_tut_take", [face_up_1]),
        ("sp_tut_first", [card("Tide-1")]),
        ("sp_tut_centre", [place(0, 0)]),
        ("sp_tut_remove", ["#sp-done"]),
        ("sp_tut_take_again", [face_up_1]),
        ("sp_tut_criteria", [card("Aquaris-2")]),
        ("sp_tut_alternate", [place(1, 0)]),
        ("sp_tut_draw", ["#sp-done", "button#sp-deck"]),
        ("sp_tut_symbols", [card("Aurum-8"), place(0, 1)]),
        ("sp_tut_draw_again", ["#sp-done", "button#sp-deck"]),
        ("sp_tut_capture", [card("Aurum-5"), place(0, -1)]),
        ("sp_tut_mission", ["#tutorial-next"]),
    ]  # fmt: skip
    for n, (key, clicks) in enumerate(steps[: upto - 1], 1):
        at_step(page, n, texts[key])
        if key == "sp_tut_alternate":
            shots(page, "pioneers-alternate")
        if key == "sp_tut_capture":
            highlighted(page, "#sp-seat-0 [data-card='Aurum-8']")
        if key == "sp_tut_mission":
            highlighted(page, "#sp-solo")
            expect(page.locator("#sp-solo li[data-done='1']")).to_have_count(1)
            shots(page, "pioneers-mission")
        for selector in clicks:
            if selector == "#tutorial-next":
                page.locator(selector).click()
            else:
                act(page, selector)


def simple_step(legal: list[dict[str, Any]]) -> str:
    """The step ``board_step`` clicks, from the legal actions: draw from the deck, the first
    card that fits (else pass) at its first place, the first capture, end without removing."""
    texts = [str(action["text"]) for action in legal]
    for wanted in ("draw", "choose", "place", "done"):
        found = next((text for text in texts if text.split(" ")[0] == wanted), None)
        if found is not None:
            return found
    return "pass" if "pass" in texts else texts[0]


def test_space_pioneers_tutorial_from_its_route_to_its_score(
    browser: Browser, web_server: str
) -> None:
    en = PIONEERS["en"]
    with new_page(browser, web_server, **DESKTOP) as page:
        table_id = open_tutorial(page, "space-pioneers")
        shots(page, "pioneers-welcome")
        pioneers_script(page, en)
        at_step(page, 14, en["sp_tut_free"])
        # the steps are done: the tutorial offers to end here or to play on
        expect(page.locator("#tutorial-steps-done")).to_contain_text("End it here")
        expect(page.locator("#tutorial-end")).to_have_text("End the tutorial")
        expect(page.locator("#tutorial-play-on")).to_have_text("Play on to the end")
        shots(page, "pioneers-steps-done")
        page.locator("#tutorial-play-on").click()
        expect(page.locator("#tutorial-show")).to_be_visible()
        board_step(page, my_phase(page))  # free play: one step clicked, the rest sent
        steps = 0
        while (seen := table_json(page, table_id))["table"]["status"] != "over":
            if seen["legal"]:  # the clicked game to its end is test_web_pioneers' solo game
                assert page.evaluate(MOVE, [table_id, simple_step(seen["legal"])]) == 200
            steps += 1
            assert steps < 2000, "the game does not end"
        expect(page.locator("#score-sheet")).to_be_visible()
        expect(page.locator("#tutorial-text")).to_have_text(en["sp_tut_done"])
        shots(page, "pioneers-over")
        seen = table_json(page, table_id)
        score = seen["view"]["result"]["scores"][0]
        assert seen["table"]["tutorial"] == "space-pioneers" and score >= 3
        # a tutorial's score is the game's own, and counts for no solo high score: the end
        # says so, not "No solo games yet" under the score; no rematch at a tutorial
        expect(page.locator("#sp-tutorial-score")).to_have_text(
            f"You scored {score} points. A tutorial counts for no solo high score:"
            " start a solo game of your own from the lobby to set one."
        )
        expect(page.locator("#sp-high-scores")).to_have_count(0)
        expect(page.locator("#rematch-card")).to_have_count(0)
        best = page.evaluate(
            "async () => (await fetch('/api/solo-scores?game=space-pioneers')).json()"
        )
        assert all(entry["table"] != table_id for entry in best["mine"] + best["best"])
        # the tutorial's game is in My games, marked as a tutorial, never as my turn
        page.locator("#tutorial-leave").click()
        listed = page.locator(f'#my-games li:has(a[href="#/table/{table_id}"])')
        expect(listed.locator(".tutorial-badge")).to_have_text("tutorial")
        expect(page.locator("#my-games li.my-turn")).to_have_count(0)


def test_a_step_in_japanese_and_a_refusal_in_japanese(browser: Browser, web_server: str) -> None:
    ja = PIONEERS["ja"]
    with new_page(browser, web_server, **PHONE, lang="ja") as page:
        table_id = open_tutorial(page, "space-pioneers")
        at_step(page, 1, ja["sp_tut_welcome"])
        expect(page.locator("#tutorial-step")).to_have_text("ステップ 1 / 14")
        page.locator("#tutorial-next").click()
        at_step(page, 2, ja["sp_tut_take"])
        page.locator(".sp-faceup[data-slot='1'] button").click()  # face-up card 2, not 1
        expect(page.locator("#tutorial-refused")).to_have_text(ja["sp_tut_take_why"])
        assert table_json(page, table_id)["table"]["version"] == 0
        shots(page, "pioneers-refused-ja")
        act(page, ".sp-faceup[data-slot='0'] button")
        at_step(page, 3, ja["sp_tut_first"])
        highlighted(page, "#sp-hand [data-card='Tide-1']")
        shots(page, "pioneers-first-ja")


def test_a_step_in_german_on_a_phone(browser: Browser, web_server: str) -> None:
    de = MISSION["de"]
    with new_page(browser, web_server, **PHONE, lang="de") as page:
        open_tutorial(page, "space-mission")
        at_step(page, 1, de["tut_welcome"])
        page.locator("#tutorial-next").click()
        at_step(page, 2, de["tut_ring"])
        highlighted(page, "#board .ring")
        expect(page.locator("#tutorial-next")).to_have_text("Weiter")
        shots(page, "mission-ring-de")
        page.locator("#tutorial-hide").click()  # out of the way, and back
        expect(page.locator("#tutorial-text")).to_have_count(0)
        expect(page.locator(".tut-target")).to_have_count(0)
        page.locator("#tutorial-show").click()
        at_step(page, 2, de["tut_ring"])
        page.goto("/#/tutorial/chess")  # no such tutorial
        unknown = page.locator("#tutorial-entry .error")
        expect(unknown).to_have_text("Diese Einführung gibt es nicht.")


# ---------------------------------------------------------------------------- leave, restart


def test_leave_and_come_back_at_the_step_or_from_a_step_or_start_over(
    browser: Browser, web_server: str
) -> None:
    en = PIONEERS["en"]
    with new_page(browser, web_server, **DESKTOP) as page:
        first = open_tutorial(page, "space-pioneers")
        pioneers_script(page, en, upto=7)
        at_step(page, 7, en["sp_tut_criteria"])
        page.locator("#tutorial-leave").click()
        expect(page.locator("#tutorial")).to_have_count(0)  # the lobby: no callout
        page.goto("/#/tutorial/space-pioneers")
        expect(page.locator("#tutorial-left")).to_have_text(
            "You left this tutorial at step 7 of 14."
        )
        shots_entry(page)
        page.locator("#tutorial-continue").click()
        at_step(page, 7, en["sp_tut_criteria"])
        assert page.url.endswith(f"#/table/{first}")
        # restart from this step: a new table where this step begins
        act(page, "#sp-hand button[data-card='Aquaris-2']")  # halfway through it
        at_step(page, 8, en["sp_tut_alternate"])
        page.locator("#tutorial-restart").click()
        page.locator("#tutorial-from-step").click()
        page.wait_for_url(lambda url: not url.endswith(f"/table/{first}"))
        at_step(page, 8, en["sp_tut_alternate"])
        again = int(page.url.rsplit("/", 1)[1])
        assert table_json(page, again)["table"]["version"] == 6
        assert page.evaluate(f"fetch('/api/tables/{first}').then(r => r.status)") == 404
        # and from the start
        page.locator("#tutorial-restart").click()
        page.locator("#tutorial-from-start").click()
        page.wait_for_url(lambda url: not url.endswith(f"/table/{again}"))
        at_step(page, 1, en["sp_tut_welcome"])
        fresh = int(page.url.rsplit("/", 1)[1])
        assert table_json(page, fresh)["table"]["version"] == 0


def shots_entry(page: Page) -> None:
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SCREENSHOTS / f"tutorial-pioneers-resume-{label}.png"))
    page.set_viewport_size(DESKTOP)
