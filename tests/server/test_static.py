"""How the browser table's files and the API's answers travel: compressed when the
browser asks (never a tiny answer, never a WebSocket), the static files under a URL that
holds the static tree's version and is cached for good, the page itself revalidated, and
the module graph announced in the page so the browser fetches it in one round."""

from __future__ import annotations

import posixpath
import re
import shutil
from pathlib import Path

from navcomp.games import game_names
from navcomp.server.api import static_files
from server_helpers import Player, new_game, running
from web.test_modules import JS, imports

IMMUTABLE = "public, max-age=31536000, immutable"
GZIP = {"Accept-Encoding": "gzip"}
IDENTITY = {"Accept-Encoding": "identity"}
SCRIPT = re.compile(r'<script type="module" src="(/static/([0-9a-f]{12})/js/main\.js)"></script>')
OWN_FILES = re.compile(r'<(?:link rel="stylesheet" href|script type="module" src)="([^"]+)"')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


def _entry(page: str) -> tuple[str, str]:
    """The page's entry module URL and the version in it."""
    found = SCRIPT.search(page)
    assert found, page
    return found[1], found[2]


def test_static_files_and_json_are_compressed_when_asked(database_url: str) -> None:
    with running(database_url) as client:
        main_js, _ = _entry(client.get("/").text)
        plain = (JS / "main.js").read_bytes()
        for url in (main_js, "/static/js/main.js", "/static/app.css", "/api/games"):
            zipped = client.get(url, headers=GZIP)
            assert zipped.status_code == 200, url
            assert zipped.headers["content-encoding"] == "gzip", url
            assert "accept-encoding" in zipped.headers["vary"].lower(), url
            assert "default-src 'self'" in zipped.headers["content-security-policy"], url
            assert zipped.headers["x-content-type-options"] == "nosniff", url
            as_is = client.get(url, headers=IDENTITY)
            assert "content-encoding" not in as_is.headers, url
            assert zipped.content == as_is.content, url  # httpx undid the gzip
            assert zipped.num_bytes_downloaded < len(as_is.content) / 2, url
        assert client.get(main_js, headers=IDENTITY).content == plain
        tiny = client.get("/api/session", headers=GZIP)  # {"user": null}: not worth it
        assert tiny.status_code == 200 and "content-encoding" not in tiny.headers


def test_a_table_and_its_websocket_work_for_a_client_that_asks_for_gzip(
    database_url: str,
) -> None:
    with running(database_url) as client:
        ann = Player(client)
        table_id = new_game(ann, [], bots={1: "easy"})
        headers = {**ann.headers, **GZIP}
        with client.websocket_connect(f"/api/tables/{table_id}/live", headers=headers) as live:
            state = live.receive_json()  # text frames of JSON, as before
            assert state["type"] == "state"
        answer = client.get(f"/api/tables/{table_id}", headers=headers)
        assert answer.headers["content-encoding"] == "gzip"
        assert answer.json()["table"]["id"] == table_id


def test_versioned_static_urls_are_cached_for_good_and_the_page_is_revalidated(
    database_url: str,
) -> None:
    with running(database_url) as client:
        page = client.get("/")
        assert page.headers["cache-control"] == "no-cache"
        main_js, version = _entry(page.text)
        assert f'href="/static/{version}/app.css"' in page.text
        assert client.get(main_js).headers["cache-control"] == IMMUTABLE
        assert client.get(f"/static/{version}/app.css").headers["cache-control"] == IMMUTABLE
        for unversioned in ("/static/js/main.js", "/static/0123456789ab/js/main.js"):
            answer = client.get(unversioned)  # a link written by hand, a page of another version
            assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache"
        assert client.get(f"/static/{version}/js/no-such.js").status_code == 404
        again = client.get("/", headers={"If-None-Match": page.headers["etag"]})
        assert again.status_code == 304 and again.headers["cache-control"] == "no-cache"


def test_a_changed_file_changes_every_static_url(tmp_path: Path) -> None:
    copy = tmp_path / "static"
    shutil.copytree(static_files.STATIC, copy)
    before = static_files.read_tree(copy, game_names())
    assert before == static_files.read_tree(copy, game_names())  # the same files, the same URLs
    with (copy / "js" / "dom.js").open("a", encoding="utf-8") as dom:
        dom.write("\n// changed\n")
    after = static_files.read_tree(copy, game_names())
    assert after.version != before.version
    assert f"/static/{after.version}/js/main.js" in after.index.decode()
    assert before.version not in after.index.decode()


def test_the_page_announces_every_module_of_its_graph(database_url: str) -> None:
    """Every module main.js imports, at any depth, and every game view's with its own
    imports (the page imports the views as soon as it knows the games): no more, no less."""
    graph = imports(JS)
    entries = [JS / "main.js"] + [JS / "games" / name / "view.js" for name in game_names()]
    wanted: set[Path] = set()
    todo = [entry for entry in entries if entry.is_file()]
    while todo:
        module = todo.pop()
        if module not in wanted:
            wanted.add(module)
            todo.extend(graph[module])
    with running(database_url) as client:
        page = client.get("/").text
        _, version = _entry(page)
        preloaded = PRELOAD.findall(page)
        assert len(preloaded) == len(set(preloaded))
        prefix = f"/static/{version}/js/"
        assert all(url.startswith(prefix) for url in preloaded), preloaded
        # main.js itself is the page's script
        assert {JS / url.removeprefix(prefix) for url in preloaded} == wanted - {JS / "main.js"}
        assert len(wanted) > 60
        head = page[: page.index("</head>")]
        assert all(f'href="{url}"' in head for url in preloaded)
        for first_question in ("/api/session", "/api/games"):  # asked while the modules come
            assert f'<link rel="preload" href="{first_question}" as="fetch" crossorigin>' in head


def test_the_page_preloads_the_english_strings_and_serves_every_language_s(
    database_url: str,
) -> None:
    """English's strings (js/strings/en/<owner>.js) come with the page's graph; another
    language's owners are imported when it is chosen, under the same version, and are there."""
    folders = sorted(path for path in (JS / "strings").iterdir() if path.is_dir())
    owners = sorted(path.name for path in (JS / "strings" / "en").glob("*.js"))
    assert len(folders) >= 3 and len(owners) >= 10
    with running(database_url) as client:
        page = client.get("/").text
        _, version = _entry(page)
        prefix = f"/static/{version}/js/"
        preloaded = {url.removeprefix(prefix) for url in PRELOAD.findall(page)}
        assert {url for url in preloaded if url.startswith("strings/")} == {
            f"strings/en/{owner}" for owner in owners
        }
        for folder in folders:
            assert sorted(path.name for path in folder.glob("*.js")) == owners, folder.name
            for owner in owners:
                answer = client.get(f"{prefix}strings/{folder.name}/{owner}")
                assert answer.status_code == 200, (folder.name, owner)
                assert answer.headers["cache-control"] == IMMUTABLE
                assert "javascript" in answer.headers["content-type"]


def test_the_rules_pages_load_their_files_under_the_version_they_were_opened_with(
    database_url: str,
) -> None:
    """A table links its game's rules page under the tree's version: the page's style and
    script are then found by relative URLs under the same version, cached for good."""
    pages = sorted((JS / "games").glob("*/rules.html"))
    assert pages
    with running(database_url) as client:
        _, version = _entry(client.get("/").text)
        for page in pages:
            text = page.read_text(encoding="utf-8")
            assert '"/static/' not in text, page
            base = f"/static/{version}/{page.relative_to(JS.parent).as_posix()}"
            links = OWN_FILES.findall(text)
            assert len(links) == 2, links
            for link in links:
                url = posixpath.normpath(posixpath.join(posixpath.dirname(base), link))
                answer = client.get(url)
                assert answer.status_code == 200, url
                assert answer.headers["cache-control"] == IMMUTABLE, url
