"""The rules pages for players in German and Japanese keep in step with the English page.

``docs/rules/<game>.md`` is the English page; ``<game>.de.md`` and ``<game>.ja.md`` are its
translations. A translation has the same outline: the same headings at the same levels in
the same order, each with the English heading's anchor written out (``## Aufbau {#setup}``),
the same decision numbers, the same tables with the same rows and columns, and the same
``code`` spans (the spellings of commands and names in the logs), and its links lead to
anchors the page has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

RULES = Path(__file__).resolve().parent.parent / "docs" / "rules"
GAMES = ("space-mission", "space-pioneers")
TRANSLATIONS = ("de", "ja")
ANCHOR = re.compile(r"\s*\{#([a-z0-9-]+)\}$")
DECISION_LABEL = re.compile(r"\*\*([DE]\d+)\.")
DECISION_REFERENCE = re.compile(r"(?<![A-Za-z0-9])([DE]\d{1,2})(?![A-Za-z0-9])")
"""``D17`` in any script: Japanese letters count as word characters, so no ``\\b``."""

PARSER = MarkdownIt("commonmark").enable("table")


def slug(text: str) -> str:
    """The anchor the rules pages give an English heading."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Outline:
    headings: list[tuple[int, str | None]]
    """(level, anchor) of every heading, in order."""
    decisions: list[str]
    """The labels of the listed decisions, in order: ``D1``, ``E3`` or an item's number."""
    references: set[str]
    """Decisions named in the text (``D17``, ``E5``)."""
    tables: list[tuple[int, int]]
    """(columns, body rows) of every table, in order."""
    code: set[str]
    links: set[str]
    """The in-page link targets, without ``#``."""


def heading_anchor(text: str, translated: bool) -> str | None:
    """An English heading's anchor is made from its text; a translation writes it out."""
    if not translated:
        return slug(text)
    found = ANCHOR.search(text)
    return found.group(1) if found else None


def outline(markdown: str, translated: bool) -> Outline:
    tokens = PARSER.parse(markdown)
    headings: list[tuple[int, str | None]] = []
    decisions: list[str] = []
    references: set[str] = set()
    tables: list[tuple[int, int]] = []
    code: set[str] = set()
    links: set[str] = set()
    in_decisions = False
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            level = int(token.tag[1])
            anchor = heading_anchor(tokens[i + 1].content, translated)
            headings.append((level, anchor))
            if level <= 2:
                in_decisions = anchor == "decisions"
        elif token.type == "table_open":
            tables.append(table_shape(tokens[i:]))
        elif token.type == "list_item_open" and in_decisions:
            label = decision_label(token, tokens[i + 1 :])
            if label:
                decisions.append(label)
        elif token.type == "inline":
            for child in token.children or []:
                if child.type == "code_inline":
                    code.add(child.content)
                elif child.type == "text":
                    references.update(DECISION_REFERENCE.findall(child.content))
                elif child.type == "link_open":
                    href = str(child.attrs.get("href", ""))
                    if href.startswith("#"):
                        links.add(href[1:])
    return Outline(headings, decisions, references, tables, code, links)


def decision_label(item: Token, rest: list[Token]) -> str | None:
    """A decision is a list item opening with a bold label (``**D5.``) or numbered."""
    first = next(token for token in rest if token.type == "inline")
    labelled = DECISION_LABEL.match(first.content)
    if labelled:
        return labelled.group(1)
    return item.info or None


def table_shape(tokens: list[Token]) -> tuple[int, int]:
    columns = rows = 0
    in_body = False
    for token in tokens:
        if token.type == "table_close":
            break
        if token.type == "th_open":
            columns += 1
        elif token.type == "tbody_open":
            in_body = True
        elif token.type == "tr_open" and in_body:
            rows += 1
    return columns, rows


def page(game: str, language: str) -> str:
    name = f"{game}.md" if language == "en" else f"{game}.{language}.md"
    return (RULES / name).read_text(encoding="utf-8")


def differences(english: Outline, translation: Outline) -> list[str]:
    """What keeps a translation from matching the English outline (nothing when it does)."""
    found = []
    for field in ("headings", "decisions", "tables"):
        want, have = getattr(english, field), getattr(translation, field)
        if want != have:
            at = next(i for i, pair in enumerate(zip_longest(want, have)) if pair[0] != pair[1])
            found.append(
                f"{field} {at + 1} of {len(want)}: English {want[at : at + 2]},"
                f" translation {have[at : at + 2]} (of {len(have)})"
            )
    for field in ("references", "code"):
        want, have = getattr(english, field), getattr(translation, field)
        if want != have:
            found.append(f"{field}: missing {sorted(want - have)}, extra {sorted(have - want)}")
    return found


@pytest.mark.parametrize("language", TRANSLATIONS)
@pytest.mark.parametrize("game", GAMES)
def test_a_translation_has_the_outline_of_the_english_page(game: str, language: str) -> None:
    english = outline(page(game, "en"), translated=False)
    translation = outline(page(game, language), translated=True)
    assert differences(english, translation) == []


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
@pytest.mark.parametrize("game", GAMES)
def test_every_link_on_a_page_leads_to_one_of_its_headings(game: str, language: str) -> None:
    found = outline(page(game, language), translated=language != "en")
    anchors = {anchor for _, anchor in found.headings}
    assert found.links, "each page links to its decisions"
    assert found.links <= anchors


@pytest.mark.parametrize("language", ("en", *TRANSLATIONS))
@pytest.mark.parametrize("game", GAMES)
def test_every_emphasis_mark_on_a_page_renders(game: str, language: str) -> None:
    """A ``**`` beside Japanese punctuation can fail to open or close bold in CommonMark and
    show as two stars: none is left over as text."""
    leftover = [
        child.content
        for token in PARSER.parse(page(game, language))
        if token.type == "inline"
        for child in token.children or []
        if child.type == "text" and "*" in child.content
    ]
    assert leftover == []


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_list_their_decisions(game: str) -> None:
    found = outline(page(game, "en"), translated=False)
    assert len(found.decisions) >= 20
    assert len(set(found.decisions)) == len(found.decisions)
    assert len(found.tables) >= 3
    assert "decisions" in {anchor for _, anchor in found.headings}


def drop_first(lines: list[str], pattern: str, after: str = "") -> str:
    """The page without the first line matching ``pattern`` below the line ``after``."""
    start = next(i for i, line in enumerate(lines) if re.match(after, line))
    index = next(i for i, line in enumerate(lines) if i > start and re.match(pattern, line))
    return "\n".join(lines[:index] + lines[index + 1 :])


MUTATIONS = {
    "a missing section": lambda lines: drop_first(lines, r"## "),
    "a missing subsection": lambda lines: drop_first(lines, r"### "),
    "a missing table row": lambda lines: drop_first(lines, r"\|", after=r"\|[-: |]+\|$"),
    "a missing decision": lambda lines: drop_first(
        lines, r"(- \*\*[DE]\d+\.|\d+\. )", after=r"## .*\{#decisions\}"
    ),
}


@pytest.mark.parametrize("mutation", MUTATIONS)
@pytest.mark.parametrize("game", GAMES)
def test_a_translation_that_lost_a_part_no_longer_matches(game: str, mutation: str) -> None:
    english = outline(page(game, "en"), translated=False)
    damaged = MUTATIONS[mutation](page(game, "de").splitlines())
    assert differences(english, outline(damaged, translated=True))


def test_a_code_span_translated_by_mistake_no_longer_matches() -> None:
    english = outline(page("space-pioneers", "en"), translated=False)
    damaged = page("space-pioneers", "ja").replace("`seek`", "`探す`")
    assert differences(english, outline(damaged, translated=True))
