"""Routes: the tutorials, my table of one, and a new tutorial table (``tutorials.py``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, status
from pydantic import Field

from navcomp.domain.tables import DB_INT_MAX
from navcomp.server.api.deps import MaybeSignedIn, ServerDep, SignedIn
from navcomp.server.api.errors import Body
from navcomp.server.api.fields import DbInt
from navcomp.server.api.schemas import BODY, DB, MAYBE_SIGNED_IN, SIGNED_IN, errors
from navcomp.server.runtime.dispatch import carry_out
from navcomp.service import tutorials
from navcomp.service.answers import MyTutorial, Table, TutorialInfo
from navcomp.service.effects import PushClosed, StartBot
from navcomp.service.views import table_json

router = APIRouter(tags=["tutorials"])

TutorialName = Annotated[
    str, Path(max_length=40, pattern=r"^[a-z0-9-]+$", description="a tutorial's name")
]


class RestartAt(Body):
    table: int = Field(ge=1, le=DB_INT_MAX, description="my earlier table of the tutorial")
    version: DbInt = Field(description="the version of that table to start from")


class NewTutorial(Body):
    restart: RestartAt | None = Field(
        default=None, description="start where that table stood; none: from the start"
    )


@router.get("/api/tutorials", response_model=list[TutorialInfo])
async def listing() -> list[dict[str, Any]]:
    """Every tutorial (the games whose view brings a script)."""
    return tutorials.listing()


@router.get(
    "/api/tutorials/{name}",
    response_model=MyTutorial,
    openapi_extra=MAYBE_SIGNED_IN,
    responses=errors(status.HTTP_404_NOT_FOUND, status.HTTP_422_UNPROCESSABLE_CONTENT, DB),
)
async def my_tutorial(
    name: TutorialName, server: ServerDep, session: MaybeSignedIn
) -> dict[str, Any]:
    """A tutorial, with my table of it if I have one."""
    script = tutorials.script_of(name)
    user = None if session is None else session.user
    table = await server.read(lambda c: tutorials.mine(c, user, name))
    return {
        "name": name,
        "game": script.game,
        "table": None if table is None else table_json(table, server.settings.now()),
    }


@router.post(
    "/api/tutorials/{name}/tables",
    status_code=status.HTTP_201_CREATED,
    response_model=Table,
    openapi_extra=SIGNED_IN,
    responses=errors(
        *BODY,
        status.HTTP_401_UNAUTHORIZED,
        status.HTTP_403_FORBIDDEN,
        status.HTTP_404_NOT_FOUND,
        DB,
    ),
)
async def new_table(
    name: TutorialName, server: ServerDep, session: SignedIn, body: NewTutorial | None = None
) -> dict[str, Any]:
    """A new table of the tutorial, started: from the start, or from a step of my earlier
    table of it (``restart``: that table's log up to ``version``). My earlier tables of the
    tutorial are closed."""
    restart = None if body is None or body.restart is None else body.restart
    restart_at = None if restart is None else tutorials.RestartAt(restart.table, restart.version)
    at = server.settings.now()
    made = await server.tx(lambda c: tutorials.create(c, session.user, name, restart_at, at))
    closed = [PushClosed(old) for old in made.replaced]
    await carry_out(server, [*closed, StartBot(made.table.id)])
    return table_json(made.table, at)
