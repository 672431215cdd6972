"""``navcomp bench pageload`` prints its figures (a benchmark: it asserts no speed)."""

from __future__ import annotations

import json

import pytest

from navcomp.commands.cli import main


def test_bench_pageload_prints_the_documented_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pageload", "--visits", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["network"] == {"rtt_ms": 150.0, "down_kbps": 1638.4, "up_kbps": 750.0}
    assert set(figures["pages"]) == {"front", "table"}
    for page in figures["pages"].values():
        for kind in ("first", "repeat"):
            visit = page[kind]
            assert visit["ms"] > 150 and visit["each_ms"] == [visit["ms"]]
            assert visit["requests"] >= visit["from_network"] >= 1
            assert visit["bytes"] > 0


def test_bench_pageload_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "pageload", "--page", "front", "--visits", "1"]) == 0
    out = capsys.readouterr().out
    assert "slow 4G (150 ms round trip, 1638.4 kbit/s down, 750 kbit/s up)" in out
    assert "front door" in out and "table page" not in out
    assert "first visit" in out and "repeat visit" in out and "requests" in out and "KiB" in out


def test_bench_pageload_refuses_a_bad_visit_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "pageload", "--visits", "0"])
    assert "visits are 1 to 50" in capsys.readouterr().err
