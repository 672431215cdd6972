"""The browser's strings against each other and against the server. The table's own strings
(js/strings/<lang>/<owner>.js, one file per owner: the module or modules that use them) and
each game's (js/games/<game>/strings_<lang>.js, beside its view) have every key in every
language, with the same placeholders; a game's keys are its own; a game's rules page has its
headings in its strings. Every error code the server can send has
a text in every language, and the account rules those texts state are the server's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from navcomp.domain import names, refusals
from navcomp.service import accounts

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "src" / "navcomp" / "web" / "static" / "js"
STRINGS = JS / "strings"
LANGUAGES = ("en", "de", "ja")
# codes the page makes itself (js/api.js): no connection to the server
CLIENT_CODES = {"network"}
ENTRY = re.compile(r'  ("[a-z0-9_-]+"|[a-z0-9_]+): ("(?:[^"\\]|\\.)*"),')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read_strings(path: Path) -> dict[str, str]:
    """A strings module: ``export default {`` then one ``key: "text",`` a line (comments
    aside), then ``};``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index("export default {")
    end = lines.index("};", start)
    out = {}
    for line in lines[start + 1 : end]:
        if not line.strip() or line.strip().startswith("//"):
            continue
        entry = ENTRY.fullmatch(line)
        assert entry, (path.name, line)  # nothing the reading would skip
        key = entry.group(1).strip('"')
        assert key not in out, (path.name, key)
        out[key] = json.loads(entry.group(2))
    return out


def strings_in(folder: Path) -> dict[str, dict[str, str]]:
    return {lang: read_strings(folder / f"strings_{lang}.js") for lang in LANGUAGES}


def owners(lang: str) -> dict[str, dict[str, str]]:
    """The table's own strings in ``lang`` by owner (js/strings/<lang>/<owner>.js)."""
    return {path.stem: read_strings(path) for path in sorted((STRINGS / lang).glob("*.js"))}


def tables() -> dict[str, dict[str, str]]:
    """The table's own strings by language, all owners together, no key in two owners."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        merged: dict[str, str] = {}
        for owner, strings in owners(lang).items():
            assert not strings.keys() & merged.keys(), (lang, owner, strings.keys() & merged.keys())
            merged.update(strings)
        out[lang] = merged
    return out


def test_every_language_has_the_same_owners_with_the_same_keys() -> None:
    assert sorted(path.name for path in STRINGS.iterdir()) == sorted(LANGUAGES)
    english = owners("en")
    assert {"page", "table", "lobby", "errors"} <= set(english)
    for lang in LANGUAGES:  # and each owner's keys (below, with their placeholders)
        assert list(owners(lang)) == list(english), lang


def test_every_owner_of_the_strings_is_imported() -> None:
    """English's owners statically (the fallback, always there); another language's are
    fetched when it is in use, by the same owners' names, and i18n.js knows every language."""
    i18n = (JS / "i18n.js").read_text(encoding="utf-8")
    static = re.findall(r'^import (\w+) from "\./strings/en/(\w+)\.js";$', i18n, re.M)
    assert all(name == owner for name, owner in static), static
    assert sorted(owner for _name, owner in static) == sorted(owners("en"))
    listed = re.search(r"^const OWNERS = \{([^}]*)\};$", i18n, re.M)
    assert listed and sorted(re.findall(r"\w+", listed.group(1))) == sorted(owners("en"))
    assert "import(`./strings/${code}/${owner}.js`)" in i18n
    languages = re.search(r"^export const LANGUAGES = \{([^}]*)\};$", i18n, re.M)
    assert languages and re.findall(r"(\w+):", languages.group(1)) == list(LANGUAGES)


def game_folders() -> list[Path]:
    """Each game's view folder with strings of its own (js/games/<game>/strings.js)."""
    return sorted(path.parent for path in (JS / "games").glob("*/strings.js"))


def game_tables() -> dict[str, dict[str, dict[str, str]]]:
    """Each game's own strings by language, by game."""
    return {folder.name: strings_in(folder) for folder in game_folders()}


def server_codes() -> set[str]:
    """Every code the server can send: its registry of error codes."""
    return set(refusals.REGISTRY)


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
    for lang in LANGUAGES:
        missing = sorted(
            code
            for code in server_codes() | documented_codes() | CLIENT_CODES
            if not strings[lang].get(f"err_{code}")
        )
        assert missing == [], (lang, missing)


def test_the_account_rules_in_every_language_are_the_servers() -> None:
    low, high = names.MIN_LENGTH, names.MAX_LENGTH
    front_door = (JS / "front_door.js").read_text()
    assert f"{{{low},{high}}}" in front_door  # the name field's pattern
    strings = tables()
    for lang in LANGUAGES:
        name, password = strings[lang]["err_invalid_name"], strings[lang]["err_invalid_password"]
        assert re.search(rf"(?<!\d){low}\D+{high}(?!\d)", name), (lang, name)
        assert "-" in name and "_" in name and "guest-" in name, (lang, name)
        rule = strings[lang]["name_rule"]  # shown under the field before submitting
        assert re.search(rf"(?<!\d){low}\D+{high}(?!\d)", rule), (lang, rule)
        assert "-" in rule and "_" in rule, (lang, rule)
        assert re.search(
            rf"(?<!\d){accounts.MIN_PASSWORD}\D+{accounts.MAX_PASSWORD}(?!\d)", password
        ), (lang, password)


def test_both_games_bring_their_strings() -> None:
    games = game_tables()
    assert {"space-mission", "space-pioneers"} <= set(games)
    assert games["space-mission"]["en"]["act_jump"] == "Jump"
    assert games["space-pioneers"]["de"]["sp_do_pass"] == "Passen"
    assert tables()["ja"]["log"] == "ゲームログ"


def test_every_key_is_in_every_language_with_the_same_placeholders() -> None:
    every = {
        f"the table's {owner}": {lang: owners(lang)[owner] for lang in LANGUAGES}
        for owner in owners("en")
    } | game_tables()
    for owner, strings in every.items():
        assert list(strings["en"]) == list(strings["de"]) == list(strings["ja"]), owner
        for key, text in strings["en"].items():
            wanted = set(PLACEHOLDER.findall(text))
            for lang in LANGUAGES:
                assert strings[lang][key].strip(), (owner, lang, key)
                found = set(PLACEHOLDER.findall(strings[lang][key]))
                assert found == wanted, (owner, lang, key, found, wanted)


def test_a_games_keys_are_its_own() -> None:
    """A game's key never repeats one of the table's (which text is shown would be unclear)."""
    own = set(tables()["en"])
    for game, strings in game_tables().items():
        assert sorted(own & set(strings["en"])) == [], game


def test_every_rules_page_heading_has_its_strings() -> None:
    own = set(tables()["en"])
    for folder in game_folders():
        page = folder / "rules.html"
        if not page.is_file():
            continue
        keys = set(re.findall(r'data-i18n="([a-z0-9_]+)"', page.read_text(encoding="utf-8")))
        assert any(key.startswith("rules_h_") for key in keys), folder.name
        assert sorted(keys - own - set(strings_in(folder)["en"])) == [], folder.name


POINTER_WORDS = re.compile(r"click|klick|クリック", re.IGNORECASE)
NOT_AN_INSTRUCTION = re.compile(r"clickable|anklickbar|クリックできません")


def test_no_string_tells_a_phone_to_click() -> None:
    """A phone is tapped, not clicked: the words say choose, press, or what leads where."""
    every = [tables(), *game_tables().values()]
    for by_lang in every:
        for lang, strings in by_lang.items():
            for key, text in strings.items():
                told = NOT_AN_INSTRUCTION.sub("", text)
                assert not POINTER_WORDS.search(told), (lang, key, text)


def test_the_tutorial_names_the_bot_s_level_as_the_seats_do() -> None:
    """Space Mission's tutorial seats an easy bot and says so with the seats' word for it."""
    table = tables()
    welcome = game_tables()["space-mission"]
    for lang in LANGUAGES:
        level = table[lang]["level_easy"]
        assert level in welcome[lang]["tut_welcome"], (lang, level)
