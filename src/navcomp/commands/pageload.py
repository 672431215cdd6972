"""``navcomp bench pageload``: how soon the page shows its first button on a phone network.

A server on a temporary SQLite database, Debian's Chromium through Playwright, and the
network of Lighthouse's "slow 4G" profile emulated through the DevTools protocol
(``Network.emulateNetworkConditions``): 150 ms round trip, 1,638.4 kbit/s down and
750 kbit/s up (Lighthouse's ``rttMs`` and ``throughputKbps``, a kbit being 1,024 bits).
The CPU is not slowed.

A visit is timed from the start of the navigation to the first frame in which a button
of the page (``#app button``) has a size: the page's own clock (``performance.now()``),
read in the page, so the driving of the browser adds nothing. A first visit comes in a
fresh browser context (an empty cache); a repeat visit is a new tab of the same context,
once the first visit has loaded all it loads (the cache as a visit leaves it). Requests
and bytes are the page's own Resource Timing entries (the document and every resource
that finished before the button): a request answered from the cache transfers 0 bytes, a
revalidation (304) its headers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import urllib.error
import urllib.request
from typing import Any

LIGHTHOUSE_SLOW_4G = {"rtt_ms": 150.0, "down_kbps": 1638.4, "up_kbps": 750.0}
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PAGES = ("front", "table")
VISIT_TIMEOUT_MS = 60_000
STALL_SECONDS = 20.0


class StalledVisitError(RuntimeError):
    """No request of the visit finished for ``STALL_SECONDS`` and no button showed.

    Seen about once in a few hundred visits on a loaded machine: Chromium's emulated
    network (``Network.emulateNetworkConditions``) sometimes stops delivering a tab's
    responses (playwright#22676). The visit is made again, in a fresh context, once."""


# Installed before the page's own scripts: watches every frame for the first button with
# a size, then keeps the time and what the page had fetched by then.
_WATCH_FIRST_BUTTON = """(() => {
  const shown = () => [...document.querySelectorAll("#app button")].some((button) => {
    const box = button.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(button).visibility !== "hidden";
  });
  const watch = () => {
    if (!shown()) { requestAnimationFrame(watch); return; }
    const at = performance.now();
    const entries = [...performance.getEntriesByType("navigation"),
                     ...performance.getEntriesByType("resource")];
    window.__firstButton = {
      ms: at,
      requests: entries.length,
      from_network: entries.filter((entry) => entry.transferSize > 0).length,
      bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0),
    };
  };
  requestAnimationFrame(watch);
})();"""


def add_parser(targets: Any) -> None:
    pageload = targets.add_parser(
        "pageload", help="first button on Lighthouse's slow 4G, in Chromium (first, repeat visit)"
    )
    pageload.add_argument("--page", choices=(*PAGES, "both"), default="both")
    pageload.add_argument("--visits", type=_visits, default=3, help="visits of each kind")
    pageload.add_argument("--url", help="a running server (default: start one on SQLite)")
    pageload.add_argument("--json", action="store_true", help="print one JSON object")
    pageload.set_defaults(run=run_pageload)


def _visits(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 1 <= value <= 50:
        raise argparse.ArgumentTypeError("visits are 1 to 50")
    return value


def run_pageload(args: argparse.Namespace) -> int:
    from navcomp.commands.loadtest import ONE_ADDRESS, started_server

    pages = PAGES if args.page == "both" else (args.page,)
    if args.url is not None:
        figures = pageload_figures(args.url.rstrip("/"), pages, args.visits)
    else:
        with started_server(options=ONE_ADDRESS) as (base, _process):
            figures = pageload_figures(base, pages, args.visits)
    print(json.dumps(figures) if args.json else "\n".join(pageload_lines(figures)))
    return 0


def pageload_figures(
    base: str, pages: tuple[str, ...], visits: int, chromium_args: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Per page, the median first and repeat visit and every visit's own figures."""
    from playwright.sync_api import sync_playwright

    figures: dict[str, Any] = {
        "network": LIGHTHOUSE_SLOW_4G,
        "visits": visits,
        "stalled_visits": 0,
        "pages": {},
    }
    with sync_playwright() as playwright:
        args = [*CHROMIUM_ARGS, *chromium_args]
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        try:
            for page in pages:
                runs = [_unstalled(browser, base, page, figures) for _ in range(visits)]
                figures["pages"][page] = {
                    kind: _summary([run[kind] for run in runs]) for kind in ("first", "repeat")
                }
        finally:
            browser.close()
    return figures


def _summary(visits: list[dict[str, float]]) -> dict[str, Any]:
    """Each figure's median over ``visits``, and every visit's time."""
    medians = {key: statistics.median(visit[key] for visit in visits) for key in visits[0]}
    return {**medians, "each_ms": [visit["ms"] for visit in visits]}


def _unstalled(
    browser: Any, base: str, page: str, figures: dict[str, Any]
) -> dict[str, dict[str, float]]:
    """A first and repeat visit; made again once if Chromium's emulation stalled one."""
    try:
        return _first_and_repeat(browser, base, page)
    except StalledVisitError:
        figures["stalled_visits"] += 1
        return _first_and_repeat(browser, base, page)


def _first_and_repeat(browser: Any, base: str, page: str) -> dict[str, dict[str, float]]:
    """One fresh context: the first visit, then a repeat visit in a new tab of it."""
    context = browser.new_context(  # a test certificate for the table's API calls
        base_url=base, viewport={"width": 412, "height": 823}, ignore_https_errors=True
    )
    try:
        context.add_init_script(_WATCH_FIRST_BUTTON)
        path = "/" if page == "front" else f"/#/table/{_table_with_a_bot(context, base)}"
        return {"first": _visit(context, path), "repeat": _visit(context, path)}
    finally:
        context.close()


def _table_with_a_bot(context: Any, base: str) -> int:
    """A guest of this context (its cookie) at a started table with an easy bot."""
    request = context.request
    origin = {"Origin": base}
    answer = request.post("/api/accounts/guest", headers=origin, data={})
    _check(answer, "a guest")
    bearer = {**origin, "Authorization": f"Bearer {answer.json()['token']}"}
    table = {"game": "space-mission", "seats": 2, "bots": [{"seat": 1, "level": "easy"}]}
    answer = request.post("/api/tables", headers=bearer, data=table)
    _check(answer, "a table")
    table_id: int = answer.json()["id"]
    _check(request.post(f"/api/tables/{table_id}/start", headers=bearer, data={}), "the start")
    return table_id


def _check(answer: Any, what: str) -> None:
    if not answer.ok:
        raise RuntimeError(f"the server refused {what}: {answer.status} {answer.text()}")


def _visit(context: Any, path: str) -> dict[str, float]:
    """One visit of ``path`` in a new tab on the slow network; its figures."""
    tab = context.new_page()
    trouble: list[str] = []
    tab.on("pageerror", lambda error: trouble.append(f"error: {error}"))
    tab.on("requestfailed", lambda request: trouble.append(f"failed: {request.url}"))
    pending: set[str] = set()
    tab.on("request", lambda request: pending.add(request.url))
    tab.on("requestfinished", lambda request: pending.discard(request.url))
    try:
        devtools = context.new_cdp_session(tab)
        devtools.send("Network.enable")
        devtools.send("Network.emulateNetworkConditions", _conditions())
        tab.goto(path, wait_until="commit", timeout=VISIT_TIMEOUT_MS)
        _wait_for_button(tab, path, pending, trouble)
        shown: dict[str, float] = tab.evaluate("() => window.__firstButton")
        # the rest of the page in before the tab closes: a tab closed with throttled
        # requests under way could leave the next context's requests waiting forever
        tab.wait_for_load_state("networkidle", timeout=VISIT_TIMEOUT_MS)
        return shown
    finally:
        tab.close()


def _wait_for_button(tab: Any, path: str, pending: set[str], trouble: list[str]) -> None:
    """Until the first button shows; ``StalledVisitError`` when the requests stop finishing."""
    deadline = time.monotonic() + VISIT_TIMEOUT_MS / 1000
    last_progress, last_pending = time.monotonic(), frozenset(pending)
    while not tab.evaluate("() => Boolean(window.__firstButton)"):
        now = time.monotonic()
        if frozenset(pending) != last_pending:
            last_progress, last_pending = now, frozenset(pending)
        stalled = pending and now - last_progress > STALL_SECONDS
        if stalled or now > deadline:
            shows = tab.evaluate("() => document.getElementById('app')?.innerText.slice(0, 200)")
            message = (
                f"no button on {path}: it shows {shows!r}; {trouble[:10]}; "
                f"{len(pending)} requests waiting, the server answers "
                f"{_direct_answer(min(pending)) if pending else 'nothing asked'}: "
                f"{sorted(pending)[:10]}"
            )
            raise (StalledVisitError if stalled else RuntimeError)(message)
        tab.wait_for_timeout(200)


def _direct_answer(url: str) -> str:
    """What the server answers for ``url`` outside the browser (is it the server?)."""
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return f"{answer.status} to {url} directly"
    except (OSError, urllib.error.URLError) as error:
        return f"{error!r} to {url} directly"


def _conditions() -> dict[str, Any]:
    """Lighthouse's slow 4G in DevTools' units: milliseconds and bytes per second."""
    return {
        "offline": False,
        "latency": LIGHTHOUSE_SLOW_4G["rtt_ms"],
        "downloadThroughput": LIGHTHOUSE_SLOW_4G["down_kbps"] * 1024 / 8,
        "uploadThroughput": LIGHTHOUSE_SLOW_4G["up_kbps"] * 1024 / 8,
    }


def pageload_lines(figures: dict[str, Any]) -> list[str]:
    network = figures["network"]
    lines = [
        f"first button in Chromium, Lighthouse slow 4G ({network['rtt_ms']:g} ms round trip, "
        f"{network['down_kbps']:g} kbit/s down, {network['up_kbps']:g} kbit/s up), "
        f"median of {figures['visits']} visits"
        + (
            f" ({figures['stalled_visits']} made again: Chromium's emulation stalled)"
            if figures["stalled_visits"]
            else ""
        )
    ]
    for page, kinds in figures["pages"].items():
        lines.append(f"  {'front door' if page == 'front' else 'table page'}")
        for kind, visit in kinds.items():
            each = ", ".join(f"{ms / 1000:.2f}" for ms in visit["each_ms"])
            lines.append(
                f"    {kind + ' visit':<13}{visit['ms'] / 1000:>6.2f} s  "
                f"{visit['requests']:>4.0f} requests ({visit['from_network']:.0f} over the "
                f"network)  {visit['bytes'] / 1024:>7.1f} KiB  (each: {each} s)"
            )
    return lines
