"""Modules small enough to read in one sitting, functions short enough to hold in mind.

Every Python and JavaScript module under ``src/`` stays within ``MAX_MODULE_LINES`` and
every Python function (methods and nested functions too) within ``MAX_FUNCTION_LINES``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import navcomp

PACKAGE = Path(navcomp.__file__).parent
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def _modules() -> list[Path]:
    return sorted([*PACKAGE.rglob("*.py"), *(PACKAGE / "web").rglob("*.js")])


def long_functions(source: str) -> list[tuple[str, int]]:
    """Each function of ``source`` longer than the limit, with its length in lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MAX_FUNCTION_LINES:
                found.append((node.name, length))
    return found


def test_no_module_is_over_the_limit() -> None:
    over = {
        str(path.relative_to(PACKAGE)): lines
        for path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert over == {}


def test_no_function_is_over_the_limit() -> None:
    over = {
        f"{path.relative_to(PACKAGE)}:{name}": length
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, length in long_functions(path.read_text(encoding="utf-8"))
    }
    assert over == {}


def test_the_measure_counts_a_long_function_and_its_decorators() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES - 2))
    at_limit = f"@decorator\ndef f():\n{body}\n"
    assert long_functions(at_limit) == []
    one_more = f"@decorator\ndef f():\n{body}\n    return x0\n"
    assert long_functions(one_more) == [("f", MAX_FUNCTION_LINES + 1)]
