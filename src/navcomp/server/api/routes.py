"""The API's routes, gathered; each group is a router of its own module and stays thin."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI, Request
from starlette.responses import Response

from navcomp.games import game_names
from navcomp.server.api import account as api_account
from navcomp.server.api import accounts as api_accounts
from navcomp.server.api import chat as api_chat
from navcomp.server.api import endings as api_endings
from navcomp.server.api import lobby as api_lobby
from navcomp.server.api import operations as api_operations
from navcomp.server.api import play as api_play
from navcomp.server.api import profile as api_profile
from navcomp.server.api import ratings as api_ratings
from navcomp.server.api import social as api_social
from navcomp.server.api import tutorials as api_tutorials
from navcomp.server.api import websocket
from navcomp.server.api.static_files import STATIC, VersionedStaticFiles, page_response, read_tree

pages = APIRouter()


@pages.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
async def home(request: Request) -> Response:
    """The browser table: one page, the rest is static files and the API."""
    return page_response(request.app.state.static_tree, request.headers.get("if-none-match"))


ROUTERS = (
    api_accounts.router,
    api_account.router,
    api_lobby.router,
    api_play.router,
    api_endings.router,
    api_ratings.router,
    api_profile.router,
    api_social.router,
    api_tutorials.router,
    api_chat.router,
    api_operations.router,
    websocket.router,
    pages,
)


def add_routes(app: FastAPI) -> None:
    for router in ROUTERS[:-1]:
        app.include_router(router)
    tree = app.state.static_tree = read_tree(STATIC, game_names())
    app.mount(
        "/static", VersionedStaticFiles(directory=STATIC, version=tree.version), name="static"
    )
    app.include_router(pages)
    # Every route with its methods, for the Allow header of a 405 (http.py): the app's
    # own list holds the included routers, not their routes.
    app.state.routes = [*app.router.routes, *(r for router in ROUTERS for r in router.routes)]
