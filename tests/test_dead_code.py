"""No dead code: every function, method, class, property and constant (an upper-case
module or class variable) under ``src/navcomp`` is used by the product (``src`` or
``scripts``), found by ``vulture``.

A name used only by tests is dead in the product and is reported too, unless it is kept
for the tests on purpose (``KEPT``).  Routes and SQLAlchemy event listeners are called
through their decorators; a method that overrides a library's is called by the library.
vulture matches names, not objects: a dead function named like a used one goes unseen.
"""

from __future__ import annotations

from pathlib import Path

from vulture import Vulture

import navcomp

ROOT = Path(navcomp.__file__).resolve().parent.parent.parent
KINDS = frozenset({"function", "method", "class", "property"})
CALLED_THROUGH_DECORATORS = ["@router.*", "@pages.*", "@event.listens_for"]
KEPT = {
    "check_game": "core/conformance.py: the executable specification a game's tests run",
    "check_no_leak_along": "core/conformance.py: the leak check a game's tests run",
    "downgrade": "a migration's way back, which alembic calls by name",
    "get_timestamp": "service/mail/tokens.py: overrides itsdangerous's TimestampSigner",
    "connect_unix_socket": "server/runtime/webhooks.py: overrides httpcore's network backend",
    "UNLISTED": "domain/model.py: a Visibility, read from requests and rows by its value",
    "NOTE": "domain/notices.py: a NoticeKind, read from rows written before kinds by its value",
}


def unused(paths: list[Path], root: Path = ROOT) -> list[str]:
    """Each function, method, class, property or constant defined in ``paths`` and used
    nowhere in them, as ``path:line name`` (the path from ``root``)."""
    scan = Vulture(ignore_decorators=CALLED_THROUGH_DECORATORS, ignore_names=list(KEPT))
    scan.scavenge([str(path) for path in paths])
    return [
        f"{Path(item.filename).relative_to(root)}:{item.first_lineno} {item.name}"
        for item in scan.get_unused_code(min_confidence=60)
        if item.typ in KINDS or (item.typ == "variable" and item.name.isupper())
    ]


def test_nothing_in_src_is_unused() -> None:
    assert unused([ROOT / "src" / "navcomp", ROOT / "scripts"]) == []


def test_the_check_finds_what_nothing_uses(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "LIMIT = 3\nSTALE = 4\n\n\ndef used() -> int:\n    return LIMIT\n\n\n"
        "def forgotten() -> int:\n    return 2\n\n\n"
        "@router.get('/x')\ndef route() -> int:\n    return used()\n"
    )
    assert unused([module], tmp_path) == ["module.py:2 STALE", "module.py:9 forgotten"]
