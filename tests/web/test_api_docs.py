"""The API's pages (``/docs``: Swagger UI, ``/redoc``: ReDoc) render in Chromium from the
server's own files: no request leaves for another host, and no CSP violation."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, Route, expect

from web.test_csp import _violations, _watched
from web.web_helpers import new_page, screenshot


def _elsewhere(page: Page, base: str) -> list[str]:
    """Every request the page makes to another host is recorded and refused."""
    own = urlsplit(base).netloc
    tried: list[str] = []

    def refuse(route: Route) -> None:
        if urlsplit(route.request.url).netloc in (own, ""):
            route.continue_()
        else:
            tried.append(route.request.url)
            route.abort()

    page.route("**/*", refuse)
    return tried


def test_swagger_ui_shows_the_api_s_operations_from_our_own_files(
    browser: Browser, web_server: str
) -> None:
    with new_page(browser, web_server) as page:
        console = _watched(page)
        elsewhere = _elsewhere(page, web_server)
        answer = page.goto("/docs")
        assert answer is not None
        policy = answer.headers["content-security-policy"]
        assert "http" not in policy and "unsafe-inline" not in policy.split("style-src")[0]
        expect(page.locator(".opblock-summary-path", has_text="/api/accounts/guest")).to_be_visible(
            timeout=20000
        )
        assert page.locator(".opblock").count() > 50
        screenshot(page, "api-docs-swagger")
        assert elsewhere == []
        assert _violations(page, console) == []


def test_redoc_shows_the_api_from_our_own_files(browser: Browser, web_server: str) -> None:
    with new_page(browser, web_server) as page:
        console = _watched(page)
        elsewhere = _elsewhere(page, web_server)
        answer = page.goto("/redoc")
        assert answer is not None
        assert "http" not in answer.headers["content-security-policy"]
        expect(page.locator("h1", has_text="NavComp")).to_be_visible(timeout=20000)
        expect(page.get_by_text("/api/accounts/guest").first).to_be_attached()
        screenshot(page, "api-docs-redoc")
        assert elsewhere == []
        # ReDoc's build always shows its maker's logo from their CDN: the policy blocks
        # it before any request goes out (ReDoc then hides the image), and nothing else
        blocked = [v for v in _violations(page, console) if REDOC_LOGO not in v]
        assert blocked == []


REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
