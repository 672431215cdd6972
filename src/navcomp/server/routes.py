"""The API's routes, gathered; each group lives in its own module and stays thin."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from fastapi import FastAPI
from fastapi.responses import FileResponse
from starlette.staticfiles import StaticFiles

from navcomp.server.api_accounts import add_account_routes
from navcomp.server.api_lobby import add_lobby_routes
from navcomp.server.api_play import add_play_routes
from navcomp.server.websocket import add_live_route

if TYPE_CHECKING:
    from navcomp.server.app import Server

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"


def add_routes(app: FastAPI, server: Server) -> None:
    add_account_routes(app, server)
    add_lobby_routes(app, server)
    add_play_routes(app, server)
    add_live_route(app, server)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def home() -> FileResponse:
        """The browser table: one page, the rest is static files and the API."""
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})
