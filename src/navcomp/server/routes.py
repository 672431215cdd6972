"""The API's routes, gathered; each group is a router of its own module and stays thin."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from starlette.staticfiles import StaticFiles

from navcomp.server import api_accounts, api_lobby, api_play, websocket

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"

pages = APIRouter()


@pages.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
async def home() -> FileResponse:
    """The browser table: one page, the rest is static files and the API."""
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


def add_routes(app: FastAPI) -> None:
    for router in (api_accounts.router, api_lobby.router, api_play.router, websocket.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages)
