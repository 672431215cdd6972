"""The API's pages, ``/docs`` (Swagger UI) and ``/redoc`` (ReDoc), from the server's own
files: nothing comes from a CDN, so they work on a host without internet and tell no
third party of a visitor.

Swagger UI's and ReDoc's builds come from the ``fastapi-offline`` package (maintained,
depending on FastAPI alone, shipping both), served under ``/api-docs/``; the pages start
them without an inline script (``/api-docs/swagger-start.js``; ReDoc starts itself on
its ``<redoc>`` element), so their Content-Security-Policy takes scripts from this
server only (``security.DOCS_POLICY``).
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, Response
from starlette.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).parent / "static"
ASSETS_PATH = "/api-docs"
OPENAPI = "/openapi.json"

SWAGGER_PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>NavComp API: Swagger UI</title>
<link rel="stylesheet" href="{ASSETS_PATH}/swagger-ui.css">
<link rel="icon" href="{ASSETS_PATH}/favicon.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="{ASSETS_PATH}/swagger-start.js"></script>
</body>
</html>
"""
SWAGGER_START = f"""SwaggerUIBundle({{
  url: "{OPENAPI}",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
}});
"""
REDOC_PAGE = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>NavComp API: ReDoc</title>
<link rel="icon" href="{ASSETS_PATH}/favicon.png">
</head>
<body>
<redoc spec-url="{OPENAPI}"></redoc>
<script src="{ASSETS_PATH}/redoc.standalone.js"></script>
</body>
</html>
"""

pages = APIRouter(include_in_schema=False)


@pages.get("/docs")
async def swagger_ui() -> HTMLResponse:
    return HTMLResponse(SWAGGER_PAGE)


@pages.get(f"{ASSETS_PATH}/swagger-start.js")
async def swagger_start() -> Response:
    return Response(SWAGGER_START, media_type="text/javascript")


@pages.get("/redoc")
async def redoc() -> HTMLResponse:
    return HTMLResponse(REDOC_PAGE)


def add_pages(app: FastAPI) -> None:
    """The two pages and their assets (the app is made with FastAPI's own pages off)."""
    app.include_router(pages)
    app.mount(ASSETS_PATH, StaticFiles(directory=ASSETS), name="api-docs")
