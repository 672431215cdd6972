"""``navcomp bench pageload`` prints its figures (a benchmark: it asserts no speed).

It runs as the command does, in a process of its own: Playwright's sync API refuses to
start in a process where another one (the browser tests' Chromium) already runs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from navcomp.commands.cli import main
from navcomp.commands.pageload import pageload_lines


def _bench(*args: str) -> str:
    command = [sys.executable, "-m", "navcomp", "bench", "pageload", *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_bench_pageload_prints_the_documented_json() -> None:
    figures = json.loads(_bench("--visits", "1", "--json"))
    assert figures["network"] == {"rtt_ms": 150.0, "down_kbps": 1638.4, "up_kbps": 750.0}
    assert set(figures["pages"]) == {"front", "table"}
    for page in figures["pages"].values():
        for kind in ("first", "repeat"):
            visit = page[kind]
            assert visit["ms"] > 150 and visit["each_ms"] == [visit["ms"]]
            assert visit["requests"] >= visit["from_network"] >= 1
            assert visit["bytes"] > 0


def test_bench_pageload_prints_a_table() -> None:
    out = _bench("--page", "front", "--visits", "1")
    assert "slow 4G (150 ms round trip, 1638.4 kbit/s down, 750 kbit/s up)" in out
    assert "front door" in out and "table page" not in out
    assert "first visit" in out and "repeat visit" in out and "requests" in out and "KiB" in out


def test_bench_pageload_refuses_a_bad_visit_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "pageload", "--visits", "0"])
    assert "visits are 1 to 50" in capsys.readouterr().err


_STALLING_SITE = """
import http.server, json, sys, threading
from navcomp.commands import pageload

pageload.STALL_SECONDS = 2.0
asked = []

class Site(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        asked.append(self.path)
        if self.path == "/late.js" and asked.count("/late.js") == 1:
            threading.Event().wait(30)  # the first script never comes: a stalled visit
            return
        body = (b"document.getElementById('app').innerHTML = '<button>go</button>';"
                if self.path == "/late.js"
                else b"<div id=app></div><script src=/late.js></script>")
        self.send_response(200)
        kind = "text/javascript" if self.path == "/late.js" else "text/html"
        self.send_header("Content-Type", kind)
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass

site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Site)
site.daemon_threads = True
threading.Thread(target=site.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{site.server_address[1]}"
figures = pageload.pageload_figures(base, ("front",), 1)
print(json.dumps({"figures": figures, "asked": asked}))
"""


def test_a_visit_whose_requests_stop_coming_is_made_again_once_and_counted() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _STALLING_SITE], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["figures"]["stalled_visits"] == 1
    assert result["figures"]["pages"]["front"]["first"]["ms"] > 0
    # the stalled visit, the server asked directly, then the visit made again (first, repeat)
    assert result["asked"].count("/late.js") == 4
    lines = "\n".join(pageload_lines(result["figures"]))
    assert "(1 made again: Chromium's emulation stalled)" in lines
