"""The browser's strings (js/i18n.js) against the server: every error code the server can
send has a text in every language, and the account rules those texts state are the
server's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from navcomp.server import accounts, error_codes

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "src" / "navcomp" / "web" / "static" / "js" / "i18n.js"
LANGUAGES = ("en", "de", "ja")
# codes the page makes itself (js/api.js): no connection to the server
CLIENT_CODES = {"network"}


def tables() -> dict[str, dict[str, str]]:
    """i18n.js's tables by language: ``key: "text",`` lines between ``const xx = {`` and ``};``."""
    source = I18N.read_text()
    out = {}
    for lang in LANGUAGES:
        start = source.index(f"const {lang} = {{")
        block = source[start : source.index("\n};", start)]
        out[lang] = {
            key: json.loads(text)
            for key, text in re.findall(r'^  ([a-z0-9_]+): ("(?:[^"\\]|\\.)*"),$', block, re.M)
        }
    return out


def server_codes() -> set[str]:
    """Every code the server can send: its registry of error codes."""
    return set(error_codes.REGISTRY)


def documented_codes() -> set[str]:
    """The codes of docs/server.md's error table."""
    text = (ROOT / "docs" / "server.md").read_text()
    section = text[text.index("### Errors") : text.index("## Speed")]
    rows = [line for line in section.splitlines() if re.match(r"\| \d{3} \|", line)]
    return {code for row in rows for code in re.findall(r"`([a-z_]+)`", row)}


def test_the_registry_is_read() -> None:
    codes = server_codes()
    assert {"game_not_over", "invalid_name", "table_not_found", "stale_version"} <= codes
    assert {"not_found", "method_not_allowed", "internal_error"} <= codes


def test_docs_list_every_error_code_the_server_sends() -> None:
    assert documented_codes() == server_codes()


def test_every_error_code_has_a_text_in_every_language() -> None:
    strings = tables()
    assert set(strings["en"]) == set(strings["de"]) == set(strings["ja"])
    for lang in LANGUAGES:
        missing = sorted(
            code
            for code in server_codes() | documented_codes() | CLIENT_CODES
            if not strings[lang].get(f"err_{code}")
        )
        assert missing == [], (lang, missing)


def test_the_account_rules_in_every_language_are_the_servers() -> None:
    low, high = re.search(r"\{(\d+),(\d+)\}", accounts.NAME_PATTERN.pattern).groups()  # type: ignore[union-attr]
    strings = tables()
    for lang in LANGUAGES:
        name, password = strings[lang]["err_invalid_name"], strings[lang]["err_invalid_password"]
        assert re.search(rf"(?<!\d){low}\D+{high}(?!\d)", name), (lang, name)
        assert "-" in name and "_" in name and "guest-" in name, (lang, name)
        assert re.search(
            rf"(?<!\d){accounts.MIN_PASSWORD}\D+{accounts.MAX_PASSWORD}(?!\d)", password
        ), (lang, password)
