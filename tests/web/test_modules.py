"""The browser table's ES modules (src/navcomp/web/static/js): every static import names a
module that exists, no modules import each other in a circle, a game's view never reaches
into the table's pages, and no module is over 400 lines. Read from the source, no browser."""

from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[2] / "src" / "navcomp" / "web" / "static" / "js"
MAX_LINES = 400
# `import ... from "x"`, `export ... from "x"` (over several lines too) and `import "x"`
IMPORT = re.compile(r'^\s*(?:(?:import|export)\b[^;"\']*?\bfrom\s*|import\s*)"([^"]+)"', re.M)
# the page's own screens and their state: a game's view is drawn by them, never the reverse
PAGES = {"main.js", "lobby.js", "replay.js", "table.js", "table_lobby.js"}
PAGES |= {"table_log.js", "table_state.js", "tutorial.js", "tutorial_runner.js"}
PAGES |= {"front_door.js", "account.js", "account_page.js", "mail_links.js", "turns.js"}


def imports(root: Path) -> dict[Path, set[Path]]:
    """Each module under ``root`` and the modules it imports statically."""
    graph = {}
    for module in sorted(root.rglob("*.js")):
        text = module.read_text(encoding="utf-8")
        graph[module] = {(module.parent / target).resolve() for target in IMPORT.findall(text)}
    return graph


def cycles(graph: dict[Path, set[Path]]) -> list[list[Path]]:
    """The import circles of ``graph`` (depth first: each found once, from where it closed)."""
    found: list[list[Path]] = []
    done: set[Path] = set()

    def visit(module: Path, path: list[Path]) -> None:
        if module in path:
            found.append([*path[path.index(module) :], module])
            return
        if module in done:
            return
        for target in sorted(graph.get(module, ())):
            visit(target, [*path, module])
        done.add(module)

    for module in graph:
        visit(module, [])
    return found


def names(circle: list[Path]) -> list[str]:
    return [str(module.relative_to(JS)) for module in circle]


def test_the_modules_are_read() -> None:
    graph = imports(JS)
    table = graph[JS / "table.js"]
    assert {JS / "table_state.js", JS / "table_lobby.js", JS / "i18n.js"} <= table
    assert {JS / "strings" / "en" / "page.js", JS / "strings" / "en" / "table.js"} <= graph[
        JS / "i18n.js"
    ]
    mission = JS / "games" / "space-mission"
    assert mission / "strings.js" in graph[mission / "view.js"]


def test_no_shared_module_names_a_game() -> None:
    """A game's folder is imported by no module outside it: the page loads a game's view
    by the name the server gives (games/index.js, loadViews), so a new game edits nothing."""
    games = [folder for folder in (JS / "games").iterdir() if folder.is_dir()]
    naming = [
        (names([module])[0], names([target])[0])
        for module, targets in imports(JS).items()
        for target in targets
        for folder in games
        if folder in target.parents and folder not in module.parents
    ]
    assert games and naming == []


def test_every_import_names_a_module_that_exists() -> None:
    missing = [
        (str(module.relative_to(JS)), str(target))
        for module, targets in imports(JS).items()
        for target in targets
        if not target.is_file()
    ]
    assert missing == []


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert [names(circle) for circle in cycles(imports(JS))] == []


def test_a_circle_is_found(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport const a = 1;\n')
    (tmp_path / "b.js").write_text('export {\n  c,\n} from "./sub/c.js";\nexport const b = 2;\n')
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.js").write_text('import "../a.js";\nexport const c = 3;\n')
    (tmp_path / "d.js").write_text('import { a } from "./a.js";\n')
    circle = cycles(imports(tmp_path))
    assert [[str(m.relative_to(tmp_path)) for m in c] for c in circle] == [
        ["a.js", "b.js", "sub/c.js", "a.js"]
    ]


def test_a_games_view_never_imports_the_tables_pages() -> None:
    pages = {JS / name for name in PAGES}
    reaching = [
        (str(module.relative_to(JS)), sorted(str(p.relative_to(JS)) for p in targets & pages))
        for module, targets in imports(JS).items()
        if JS / "games" in module.parents and targets & pages
    ]
    assert reaching == []


def test_no_module_is_over_400_lines() -> None:
    long = {
        str(module.relative_to(JS)): lines
        for module in JS.rglob("*.js")
        if (lines := len(module.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
