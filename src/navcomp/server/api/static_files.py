"""Where the browser table's files are, which games bring a view of their own, and how the
files are sent (docs/web.md, "How the page loads").

When the server starts it reads the static tree once (:func:`read_tree`): its version is
a hash of every file's path and content, and the files are served under
``/static/<version>/`` with ``Cache-Control: immutable``, so a browser keeps them until a
file changes, which changes every URL. The modules import one another by relative URLs,
so the version in the entry's URL carries over to the whole graph with no file rewritten.
``index.html`` is sent with its static URLs under that version and a
``<link rel="modulepreload">`` for every module of the page's import graph (found from
the ``import`` statements), and is revalidated at every visit.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"
GAME_VIEWS = STATIC / "js" / "games"
"""One folder per game that has a view (``<game>/view.js``), named as the game is."""

ENTRY = "js/main.js"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
VERSION = re.compile(r"[0-9a-f]{12}")
# `import ... from "x"`, `export ... from "x"` (over several lines too) and `import "x"`,
# each at the start of a line: what the browser fetches before the module runs
STATIC_IMPORT = re.compile(
    r"""^\s*(?:(?:import|export)\b[^;"'`]*?\bfrom\s*|import\s*)(["'])([^"']+)\1""", re.M
)
STATIC_URL = re.compile(r'((?:href|src)=")/static/')


def has_view(game: str) -> bool:
    return (GAME_VIEWS / game / "view.js").is_file()


@dataclass(frozen=True)
class StaticTree:
    """The static tree as read when the server started."""

    version: str
    preloads: tuple[str, ...]
    """The page's modules, as paths under the tree (``js/dom.js``): the entry and what it
    imports, then the games' views and theirs."""
    index: bytes
    """``index.html`` with versioned URLs and the modules announced."""
    index_etag: str


def read_tree(root: Path, games: Iterable[str]) -> StaticTree:
    """The version of the tree at ``root`` and its page, for the ``games`` the server
    hosts (the page imports the view of each that has one as soon as it knows them)."""
    files = sorted(path for path in root.rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    version = digest.hexdigest()[:12]
    page = module_graph(root, [ENTRY])  # first: main.js runs once these are in
    views = [f"js/games/{game}/view.js" for game in games]
    of_views = module_graph(root, [view for view in views if (root / view).is_file()])
    preloads = page + [module for module in of_views if module not in page]
    index = _page(root / "index.html", version, preloads)
    etag = '"' + hashlib.sha256(index).hexdigest()[:32] + '"'
    return StaticTree(version, tuple(preloads), index, etag)


def module_graph(root: Path, entries: list[str]) -> list[str]:
    """Every module the ``entries`` import statically, at any depth, the entries too:
    paths under ``root`` in the order a breadth-first walk meets them."""
    found = list(dict.fromkeys(entries))
    for module in found:  # grows as it is walked
        text = (root / module).read_text(encoding="utf-8")
        for _quote, target in STATIC_IMPORT.findall(text):
            if not target.startswith("."):
                continue  # a bare or absolute specifier: not a file of the tree
            path = posixpath.normpath(posixpath.join(posixpath.dirname(module), target))
            if path not in found and not path.startswith("..") and (root / path).is_file():
                found.append(path)  # a missing module is the browser's to report
    return found


def _page(index: Path, version: str, preloads: list[str]) -> bytes:
    text = STATIC_URL.sub(rf"\1/static/{version}/", index.read_text(encoding="utf-8"))
    links = "".join(
        f'  <link rel="modulepreload" href="/static/{version}/{module}">\n'
        for module in preloads[1:]  # the entry is the page's own script
    )
    head_end = text.index("</head>")
    return (text[:head_end] + links + text[head_end:]).encode()


class VersionedStaticFiles(StaticFiles):
    """The tree at ``/static``: under the current version for good, and without one (a
    link written by hand, a rules page) or under another version (a page loaded before
    the server was updated) revalidated at every use."""

    def __init__(self, *, directory: Path, version: str) -> None:
        super().__init__(directory=directory)
        self.version = version

    async def get_response(self, path: str, scope: Scope) -> Response:
        first, _, rest = path.partition(os.sep)
        versioned = bool(rest) and VERSION.fullmatch(first) is not None
        response = await super().get_response(rest if versioned else path, scope)
        current = versioned and first == self.version
        response.headers["Cache-Control"] = IMMUTABLE if current else REVALIDATE
        return response


def page_response(tree: StaticTree, if_none_match: str | None) -> Response:
    """``index.html``, or 304 when the browser holds this very page."""
    headers = {"Cache-Control": REVALIDATE, "ETag": tree.index_etag}
    held = {tag.strip().removeprefix("W/") for tag in (if_none_match or "").split(",")}
    if tree.index_etag in held:
        return Response(status_code=304, headers=headers)
    return Response(tree.index, media_type="text/html", headers=headers)
