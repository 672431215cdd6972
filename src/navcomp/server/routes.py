"""The API's routes, gathered; each group lives in its own module and stays thin."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from navcomp.server.api_accounts import add_account_routes
from navcomp.server.api_lobby import add_lobby_routes
from navcomp.server.api_play import add_play_routes
from navcomp.server.websocket import add_live_route

if TYPE_CHECKING:
    from navcomp.server.app import Server


def add_routes(app: FastAPI, server: Server) -> None:
    add_account_routes(app, server)
    add_lobby_routes(app, server)
    add_play_routes(app, server)
    add_live_route(app, server)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home() -> str:
        return (
            "<!doctype html><title>NavComp</title><h1>NavComp</h1>"
            "<p>The table's API is at <a href='/docs'>/docs</a>."
        )
