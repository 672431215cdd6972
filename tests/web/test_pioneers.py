"""Space Pioneers in the browser: a solo game clicked through the cards to its score and the
solo high scores; a game against an easy bot played from the action list to the score sheet,
its replay and the sheet in three languages; and two people at one table: the highlighted
places are exactly the legal ones, a planet goes into the other's network by a click, and
neither page ever holds the other's hidden hand cards or top-secret card."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from web.web_helpers import (
    SCREENSHOTS,
    choose_language,
    fix_seed,
    guest,
    join,
    new_page,
    table_json,
    version,
    wait_moved,
)

GAME = "space-pioneers"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TWO_PEOPLE_SEED = 1


def new_table(page: Page, seats: int, bots: dict[int, str]) -> int:
    """From the lobby: a Space Pioneers table, ``bots`` by seat (the others wait for people)."""
    page.locator("#new-game").select_option(GAME)
    page.locator("#new-seats").select_option(str(seats))
    for seat in range(1, seats):
        page.locator(f"#new-seat-{seat}").select_option(bots.get(seat, ""))
    page.locator("#create-table").click()
    page.wait_for_url(re.compile(r"#/table/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def two_people(ann: Page, ben: Page, database: Path, seed: int) -> int:
    """Ann (seat 0) sets a table for two, Ben comes by her invite link as a guest, and the
    game starts with the deal of ``seed``: the table's id."""
    guest(ann)
    table_id = new_table(ann, 2, {})
    ben.goto(ann.locator("#invite-link").input_value())
    ben.locator("#guest-here").click()
    join(ben, 1)
    expect(ann.locator("#lobby-seats li").nth(1)).to_contain_text("guest-")
    fix_seed(database, table_id, seed)
    start(ann)
    return table_id


def start(page: Page) -> None:
    page.locator("#start").click()
    expect(page.locator("#board.sp-board")).to_be_visible()


def my_phase(page: Page, timeout: float = 120) -> str:
    """Wait until the page offers me a choice (its phase) or shows the score sheet ("over")."""
    page.wait_for_function(
        """() => document.getElementById('score-sheet')
            || (document.querySelector('#actions[data-mine="1"]')
                && document.body.dataset.busy !== '1')""",
        timeout=timeout * 1000,
    )
    if page.locator("#score-sheet").count():
        return "over"
    return str(page.locator("#actions").get_attribute("data-phase"))


def click(page: Page, target: Locator) -> None:
    before = version(page)
    target.click()
    wait_moved(page, before)


def board_step(page: Page, phase: str, network: int | None = None) -> None:
    """One simple step by clicking the cards: draw from the deck (else a face-up card), the
    first card that fits (else pass) and its first place (in ``network`` if it has one),
    the first planet offered to capture, and end the turn without removing."""
    if phase == "draw":
        deck = page.locator("button#sp-deck")
        click(page, deck if deck.count() else page.locator(".sp-faceup button.sp-card").first)
    elif phase == "choose":
        cards = page.locator("#sp-hand button.sp-card.sp-pick")
        click(page, cards.first if cards.count() else page.locator("#sp-pass"))
    elif phase == "place":
        slots = page.locator("#board button.sp-slot")
        if network is not None and page.locator(f"#sp-seat-{network} button.sp-slot").count():
            slots = page.locator(f"#sp-seat-{network} button.sp-slot")
        click(page, slots.first)
    elif phase == "capture":
        click(page, page.locator("#board button.sp-capturable").first)
    else:
        assert phase == "remove", phase
        click(page, page.locator("#sp-done"))


def list_step(page: Page, phase: str) -> None:
    """One simple step from the plain list of legal actions in the action card."""
    actions = [
        str(a)
        for a in page.locator("#actions button.legal").evaluate_all(
            "bs => bs.map(b => b.dataset.action)"
        )
    ]
    if phase == "draw":
        pick = "draw" if "draw" in actions else actions[0]
    elif phase == "choose":
        pick = next((a for a in actions if a.startswith("choose")), "pass")
    elif phase == "place":
        pick = next(a for a in actions if a.startswith("place"))
    elif phase == "remove":
        pick = "done"
    else:
        pick = actions[0]
    click(page, page.locator(f'#actions button.legal[data-action="{pick}"]'))


def shots(page: Page, name: str, focus: str | None = None, top: str = "body") -> None:
    """The viewport at desktop and at phone size: ``top`` at the top of the screen, unless
    that leaves ``focus`` below it; on the phone nothing is wider than the screen (the
    networks scroll inside)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.evaluate(
            """([top, focus]) => new Promise((done) => requestAnimationFrame(() => {
                const y = (sel, edge) =>
                    document.querySelector(sel).getBoundingClientRect()[edge] + scrollY;
                const start = Math.max(0, y(top, "top") - 8);
                const end = focus ? y(focus, "bottom") + 8 - innerHeight : 0;
                window.scrollTo(0, Math.max(start, end));
                requestAnimationFrame(done);
            }))""",
            [top, focus],
        )
        page.screenshot(path=str(SCREENSHOTS / f"pioneers-{name}-{label}.png"))
        if label == "phone":
            width: Any = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], (name, width)
    page.set_viewport_size(DESKTOP)


def rows(page: Page) -> dict[str, list[str]]:
    """The score sheet by row label: the cells."""
    out = {}
    for row in page.locator("#score-sheet table.scores tbody tr").all():
        out[row.locator("th").inner_text().strip()] = row.locator("td").all_inner_texts()
    return out


# ---------------------------------------------------------------------------- solo


def test_a_solo_game_clicked_through_the_cards_to_its_score_and_high_scores(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server, **DESKTOP) as page:
        name = guest(page).split(" ")[0]
        page.locator("#new-game").select_option(GAME)
        page.locator("#new-seats").select_option("1")
        table_id = new_table(page, 1, {})
        expect(page.locator("#solo-note")).to_be_visible()
        expect(page.locator("#lobby-seats li")).to_have_count(1)
        # no seat to invite anyone to: no invite link, no invitation by name
        expect(page.locator("#invite-link")).to_have_count(0)
        expect(page.locator("#invite-name")).to_have_count(0)
        start(page)
        expect(page.locator("#sp-missions")).to_have_count(0)  # the solo card instead
        steps, seen_last_turn, shot = 0, False, False
        while (phase := my_phase(page)) != "over":
            if phase == "choose" and not shot and steps >= 150:
                # the solo card as the server has it: side, both marks, the totals
                solo = table_json(page, table_id)["view"]["solo_card"]
                card = page.locator("#sp-solo")
                expect(card).to_have_attribute("data-side", solo["side"])
                marks = card.locator("li[data-done]").evaluate_all(
                    "ls => ls.map(l => l.dataset.done === '1')"
                )
                assert marks == solo["done"]
                expect(page.locator("#sp-solo-fulfilled")).to_contain_text(str(solo["fulfilled"]))
                expect(page.locator("#sp-solo-completed")).to_contain_text(str(solo["completed"]))
                shots(page, "solo", "#sp-solo", top="#status")
                shot = True
            if not seen_last_turn and page.locator("#sp-last-turn").count():
                assert table_json(page, table_id)["view"]["solo_card"]["last_turn"]
                expect(page.locator("#sp-ending")).to_be_visible()
                seen_last_turn = True
            if phase == "place":  # alone, there is no other network to place in
                expect(page.locator("#sp-prompt")).to_contain_text("in your network.")
            board_step(page, phase)
            steps += 1
            assert steps < 600, "the game does not end"
        assert shot and seen_last_turn
        server = table_json(page, table_id)
        assert server["table"]["status"] == "over"
        result = server["view"]["result"]
        score = result["scores"][0]
        expect(page.locator("#winner")).to_have_text(f"★ {name} (you): {score} points")
        sheet = rows(page)
        assert list(sheet) == ["Captured planets", "Missions", "Total"]  # no rank alone
        assert sheet["Captured planets"] == [str(result["breakdown"][0]["planets"])]
        assert sheet["Missions"] == [str(result["breakdown"][0]["missions"])]
        assert sheet["Total"] == [str(score)]
        solo = server["view"]["solo_card"]
        expect(page.locator("#sp-solo-summary")).to_contain_text(
            f"{solo['fulfilled']} missions fulfilled"
        )
        # the high scores under the sheet: this game among mine, marked
        this_game = page.locator("#sp-high-scores #solo-mine li.this-game")
        expect(this_game).to_have_count(1)
        expect(this_game).to_contain_text(f"{score} points")
        expect(page.locator("#sp-high-scores #solo-best li").first).to_be_visible()
        expect(page.locator("#actions")).to_have_count(0)
        shots(page, "solo-score")
        # and in the lobby's solo high scores for the game
        page.goto("/#/")
        page.locator("#new-game").select_option(GAME)
        expect(page.locator(f"#solo-mine li a[href='#/table/{table_id}']")).to_have_count(1)


# ---------------------------------------------------------------------------- against a bot


def test_a_game_against_an_easy_bot_from_the_action_list_to_the_score_sheet(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server, **DESKTOP) as page:
        guest(page)
        table_id = new_table(page, 2, {1: "easy"})
        start(page)
        steps, ending, shot = 0, False, False
        while (phase := my_phase(page)) != "over":
            if not ending and page.locator("#sp-ending").count():  # "the end has begun"
                assert table_json(page, table_id)["view"]["ending"]
                ending = True
            if phase == "place" and not shot and steps > 60:
                shots(page, "midgame", "#board button.sp-slot", top="#sp-hand-strip")
                shot = True
            list_step(page, phase)
            steps += 1
            assert steps < 600, "the game does not end"
        server = table_json(page, table_id)
        result, view = server["view"]["result"], server["view"]
        sheet = rows(page)
        assert list(sheet) == ["Captured planets", "Missions", "Top-secret tasks", "Total", "Rank"]
        for label, key in (
            ("Captured planets", "planets"),
            ("Missions", "missions"),
            ("Top-secret tasks", "tasks"),
        ):
            assert sheet[label] == [str(b[key]) for b in result["breakdown"]]
        assert sheet["Total"] == [str(s) for s in result["scores"]]
        assert sheet["Rank"] == [str(r) for r in result["ranks"]]
        winners = [server["table"]["seats"][w]["player"] or "Bot" for w in result["winners"]]
        for winner in winners:
            expect(page.locator("#winner")).to_contain_text(winner)
        # every top-secret card and its tasks met, under the sheet
        for seat, entry in enumerate(view["seats"]):
            secret = entry["secret"]
            row = page.locator(f"#sp-tasks-met .sp-task-row[data-seat='{seat}']")
            expect(row).to_contain_text(f"top-secret card {secret['card']}")
            marks = row.locator(".sp-task").all_inner_texts()
            assert [m.startswith("✓") for m in marks] == secret["met"]
        tied = len(set(result["scores"])) < len(result["scores"])  # the tie rule, if any
        expect(page.locator("#sp-score-notes .tie-rule")).to_have_count(1 if tied else 0)
        shots(page, "score")
        # the sheet and the log in German and Japanese
        choose_language(page, "de")
        expect(page.locator("#score-sheet tbody th").first).to_have_text("Eroberte Planeten")
        expect(page.locator("#log-list")).to_contain_text("zog vom Stapel")
        shots(page, "score-german")
        choose_language(page, "ja")
        expect(page.locator("#score-sheet tbody th").first).to_have_text("獲得した惑星")
        expect(page.locator("#log-list")).to_contain_text("山札から引いた")
        shots(page, "score-japanese")
        choose_language(page, "en")
        # the replay: every hand revealed, the networks as they were
        page.locator("#open-replay").click()
        expect(page.locator("#replay-hands .revealed")).to_have_count(2)
        page.locator("#replay-steps button[data-key='step-12']").click()
        expect(page.locator("#replay-step")).to_contain_text("12")
        expect(page.locator("#board.sp-board .sp-seat")).to_have_count(2)
        hands = page.locator("#replay-hands .revealed").first.locator(".sp-chip")
        assert hands.count() >= 1
        shots(page, "replay")


# ---------------------------------------------------------------------------- two people


def hidden_hand(data: Any) -> list[str]:
    """The cards of the player's own hand the others have not seen."""
    view = data["view"]
    known = {c["name"] for c in view["seats"][data["seat"]]["known_hand"]}
    return [c["name"] for c in view["hand"] if c["name"] not in known]


def assert_no_leak(watcher: Page, owner: dict[str, Any]) -> None:
    """``watcher``'s page holds none of ``owner``'s hidden hand cards nor its top-secret card
    (``owner``: what the server tells the owner, at the version both pages show)."""
    html = watcher.content()
    for card in hidden_hand(owner):
        assert card not in html, f"{card} from the other's hand is in the page"
    secret = owner["view"]["seats"][owner["seat"]]["secret"]
    for task in secret["tasks"]:
        assert f'data-task="{task}"' not in html
    assert f"top-secret card {secret['card']}" not in html.lower()


def settled(pages: list[Page], table_id: int) -> list[dict[str, Any]]:
    """Both pages at the server's version, nothing on its way: what the server tells each."""
    data = [table_json(p, table_id) for p in pages]
    for page in pages:
        page.wait_for_function(
            "v => document.body.dataset.version === v && document.body.dataset.busy !== '1'",
            arg=str(data[0]["table"]["version"]),
        )
    return data


def slots(page: Page) -> set[tuple[int, int, int]]:
    found = page.locator("#board button.sp-slot").evaluate_all(
        """bs => bs.map(b => [+b.dataset.network, +b.dataset.x, +b.dataset.y,
                             +b.closest('.sp-seat').dataset.seat])"""
    )
    for network, _, _, seat in found:
        assert network == seat, "a place drawn in another seat's network"
    return {(n, x, y) for n, x, y, _ in found}


def legal_places(data: dict[str, Any]) -> set[tuple[int, int, int]]:
    return {
        (e["json"]["network"], e["json"]["x"], e["json"]["y"])
        for e in data["legal"]
        if e["json"]["type"] == "place"
    }


def grid_error(page: Page, network: int) -> float:
    """How far (px) the cards and slots of a network are from a regular grid of their x, y."""
    error: Any = page.evaluate(
        """(n) => {
            const items = [...document.querySelectorAll(`#sp-seat-${n} .sp-net > [data-x]`)]
                .map((e) => ({ x: +e.dataset.x, y: +e.dataset.y, r: e.getBoundingClientRect() }));
            const pitch = (axis, pos) => {
                const a = items.reduce((m, i) => (i[axis] < m[axis] ? i : m));
                const b = items.reduce((m, i) => (i[axis] > m[axis] ? i : m));
                const span = b[axis] - a[axis];
                return [a, span ? (b.r[pos] - a.r[pos]) / span : 0];
            };
            const [ax, px] = pitch("x", "left");
            const [ay, py] = pitch("y", "top");
            let worst = 0;
            for (const i of items) {
                worst = Math.max(worst, Math.abs(i.r.left - ax.r.left - (i.x - ax.x) * px));
                worst = Math.max(worst, Math.abs(i.r.top - ay.r.top - (i.y - ay.y) * py));
            }
            return px >= 0 && py >= 0 ? worst : 1e9;
        }""",
        network,
    )
    return float(error)


def test_two_people_highlights_placing_into_the_other_network_and_no_leak(
    browser: Browser, web_server: str, web_database: Path
) -> None:
    with (
        new_page(browser, web_server, **DESKTOP) as ann,
        new_page(browser, web_server, **DESKTOP) as ben,
    ):
        # a known deal: with a random one the game could end before every step below came
        # up (the end shows both top-secret cards, as it should)
        table_id = two_people(ann, ben, web_database, TWO_PEOPLE_SEED)
        expect(ben.locator("#board.sp-board")).to_be_visible()
        expect(ben.locator("#rules-link")).to_have_attribute(  # under the static tree's version
            "href", re.compile(r"^/static/[0-9a-f]{12}/js/games/space-pioneers/rules\.html$")
        )
        pages = {table_json(p, table_id)["seat"]: p for p in (ann, ben)}
        checked_places = placed_elsewhere = 0
        tried: dict[int, set[str]] = {}
        shot_remove = looking = False
        for _ in range(400):
            data = settled([pages[0], pages[1]], table_id)
            for seat in (0, 1):
                assert_no_leak(pages[1 - seat], data[seat])
            if placed_elsewhere and checked_places >= 3 and shot_remove:
                break
            mover = data[0]["table"]["to_move"]
            page, mine = pages[mover], data[mover]
            other = 1 - mover
            phase = my_phase(page)
            view = mine["view"]
            if phase == "choose":
                # the clickable hand cards are exactly the legal choices
                choosable = {
                    e["text"].split(" ", 1)[1]
                    for e in mine["legal"]
                    if e["json"]["type"] == "choose"
                }
                shown = page.locator("#sp-hand button.sp-card").evaluate_all(
                    "bs => bs.map(b => b.dataset.card)"
                )
                assert set(shown) == choosable
                if mover == 0 and not placed_elsewhere:
                    # Ann looks for a planet that fits into Ben's network, card by card
                    left = [c for c in shown if c not in tried.setdefault(view["turn"], set())]
                    looking = bool(left)
                    if left:
                        tried[view["turn"]].add(left[0])
                        click(page, page.locator(f'#sp-hand button.sp-card[data-card="{left[0]}"]'))
                        continue
            if phase == "place":
                expect(
                    page.locator(
                        f'#sp-hand .sp-card.sp-chosen[data-card="{view["selected"]["name"]}"]'
                    )
                ).to_have_count(1)
                assert slots(page) == legal_places(mine)  # highlighted exactly where legal
                for network in {n for n, _, _ in legal_places(mine)}:
                    assert grid_error(page, network) < 1.5
                checked_places += 1
                into_other = page.locator(f"#sp-seat-{other} button.sp-slot")
                if mover == 0 and looking and not placed_elsewhere:
                    if not into_other.count():
                        click(page, page.locator("#sp-back"))
                        continue
                    shots(page, "place", f"#sp-seat-{other} button.sp-slot", top="#sp-hand-strip")
                    target = into_other.first
                    x, y = target.get_attribute("data-x"), target.get_attribute("data-y")
                    card = view["selected"]["name"]
                    click(page, target)
                    now = table_json(page, table_id)["view"]
                    after = now["seats"][other]["network"]
                    assert {"x": int(str(x)), "y": int(str(y)), "name": card} in [
                        {"x": e["x"], "y": e["y"], "name": e["card"]["name"]} for e in after
                    ]
                    for watcher in (ann, ben):  # both pages show it there
                        expect(
                            watcher.locator(
                                f'#sp-seat-{other} .sp-net > .sp-card[data-card="{card}"]'
                            )
                        ).to_have_attribute("data-x", str(x))
                    # mission 1 asks for a capture there too: the mark follows the server
                    met = "1" if now["seats"][0]["missions"][0] else "0"
                    expect(ann.locator("#sp-seat-0 .sp-mmark").first).to_have_attribute(
                        "data-met", met
                    )
                    # the log says which card went where, in words: Ben's network is
                    # "your network" to him
                    at = "({}, {})".format(*(str(v).replace("-", "\u2212") for v in (x, y)))
                    ben_name = ben.locator("#me-name").inner_text().split(" ")[0]
                    expect(ann.locator("#log-list")).to_contain_text(
                        f"placed {card} in {ben_name}'s network at {at}"
                    )
                    expect(ben.locator("#log-list")).to_contain_text(
                        f"placed {card} in your network at {at}"
                    )
                    placed_elsewhere += 1
                    continue
            if (
                phase == "remove"
                and not shot_remove
                and view["turn"] >= 10
                and page.locator(f"#sp-seat-{mover} .sp-removable").count()
            ):
                shots(page, "remove", f"#sp-seat-{mover} .sp-removable", top="#status")
                shot_remove = True
            if phase == "capture":
                shots(page, "capture", "#board .sp-capturable", top="#status")
            board_step(page, phase, network=mover)  # Ben builds his own network
        assert placed_elsewhere and checked_places >= 3 and shot_remove
        # someone without a seat watches: every network, no hand, no choices, no secrets
        watcher_context = browser.new_context(base_url=web_server)
        try:
            watcher = watcher_context.new_page()
            watcher.goto(f"/#/table/{table_id}")
            expect(watcher.locator("#board.sp-board .sp-seat")).to_have_count(2)
            expect(watcher.locator("#sp-hand-strip")).to_have_count(0)
            expect(watcher.locator("#actions")).to_have_count(0)
            expect(watcher.locator("#sp-secret")).to_have_count(0)
            for seat, mine in enumerate(settled([pages[0], pages[1]], table_id)):
                networks = watcher.locator(f"#sp-seat-{seat} .sp-net > .sp-card")
                expect(networks).to_have_count(len(mine["view"]["seats"][seat]["network"]))
                assert_no_leak(watcher, mine)
        finally:
            watcher_context.close()
