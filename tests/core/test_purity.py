"""The engine stays pure: core and games import only the standard library and core."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import navcomp

PACKAGE = Path(navcomp.__file__).parent


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def _allowed(module: str, where: str) -> bool:
    top = module.split(".")[0]
    if top in sys.stdlib_module_names or top == "__future__":
        return True
    if module == "navcomp.core" or module.startswith("navcomp.core."):
        return True
    # a game may import its own package; core may import nothing of games
    return where == "games" and module.startswith("navcomp.games")


def test_core_and_games_import_only_stdlib_and_core() -> None:
    offenders = []
    for where in ("core", "games"):
        for path in sorted((PACKAGE / where).rglob("*.py")):
            for module in _imports(path):
                if not _allowed(module, where):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_games_do_not_import_each_other() -> None:
    offenders = []
    games = PACKAGE / "games"
    for game_dir in (d for d in games.iterdir() if d.is_dir() and d.name != "__pycache__"):
        for path in game_dir.rglob("*.py"):
            for module in _imports(path):
                parts = module.split(".")
                if module.startswith("navcomp.games.") and parts[2] != game_dir.name:
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {module}")
    assert offenders == []


def test_the_check_itself_catches_a_foreign_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import numpy\nfrom navcomp.server import app\nimport json\n")
    found = [m for m in _imports(bad) if not _allowed(m, "games")]
    assert found == ["numpy", "navcomp.server"]
