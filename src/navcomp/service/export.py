"""All of one's data, as ``GET /api/account/export`` hands it out (a JSON download).

The account, its mail settings (never a link's token or the link key), its ratings with
their whole history, its solo scores, its notices, whom it blocked, and every table it
sat at with the moves as its seat read them, its friends and friend requests, and the chat
messages it wrote.  A game that is over is there in full (its result and log); of a
running game only what its seat may see now: its own view and the log as it reads it; a
seat a bot took over reads it as a spectator does.  Never a seed, never another seat's
hidden cards, never another person's chat message.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from navcomp.core.registry import get_game
from navcomp.domain.model import Table
from navcomp.domain.ratings import shown
from navcomp.domain.tables import TableStatus
from navcomp.service import lobby
from navcomp.service.games import LiveGames
from navcomp.service.views import public_log, table_json
from navcomp.store import (
    accounts,
    blocks,
    chat,
    friends,
    mail_settings,
    notices,
    profiles,
    ratings,
    scores,
    tables,
)
from navcomp.store.db import Connection

ALL = 100_000


def export(conn: Connection, games: LiveGames, user_id: int, at: datetime) -> dict[str, Any]:
    account = profiles.account(conn, user_id)
    return {
        "exported_at": at.isoformat(),
        "account": {
            "name": account.name,
            "guest": account.is_guest,
            "created_at": account.created_at.isoformat(),
            "webhook": account.webhook_url,
            "profile_private": account.profile_private,
        },
        "mail": _mail(conn, user_id),
        "ratings": _ratings(conn, user_id),
        "solo_scores": [
            {"game": game, "score": s.score, "table": s.table_id, "date": s.created_at.isoformat()}
            for game, s in scores.all_of(conn, user_id)
        ],
        "games": [
            _game(conn, games, lobby.get(conn, table_id), user_id, at)
            for table_id in profiles.tables_sat_at(conn, user_id)
        ],
        "notices": [
            {
                "table": n.table_id,
                "kind": n.kind.value,
                "about": n.about,
                "text": n.text,
                "read": n.read,
                "at": n.created_at.isoformat(),
            }
            for n in notices.newest(conn, user_id, False, ALL)
        ],
        "blocked": sorted(
            accounts.name_of(conn, other) for other in blocks.blocked_by(conn, user_id)
        ),
        "friends": _friends(conn, user_id),
        "chat": [
            {
                "table": m.table_id,
                "channel": m.channel,
                "text": m.text,
                "at": m.at.isoformat(),
            }
            for m in chat.written_by(conn, user_id)
        ],
    }


def _friends(conn: Connection, user_id: int) -> dict[str, list[str]]:
    mine = friends.of(conn, user_id)
    return {
        "friends": [f.name for f in mine.friends],
        "asked_me": [f.name for f in mine.incoming],
        "asked_by_me": [f.name for f in mine.outgoing],
    }


def _mail(conn: Connection, user_id: int) -> dict[str, Any]:
    settings = mail_settings.get(conn, user_id)
    return {
        "address": settings.address,
        "verified": settings.verified,
        "turn": settings.turn.value,
        "digest_hours": settings.digest_hours,
        "invites": settings.invites,
        "time_low": settings.time_low,
        "game_over": settings.game_over,
        "language": settings.language,
    }


def _ratings(conn: Connection, user_id: int) -> list[dict[str, Any]]:
    key = f"user:{user_id}"
    return [
        {
            "game": r.game,
            "rating": shown(r.mu, r.sigma),
            "mu": r.mu,
            "sigma": r.sigma,
            "games": r.games,
            "history": [
                {
                    "table": p.table_id,
                    "rank": p.rank,
                    "rating": shown(p.mu, p.sigma),
                    "mu": p.mu,
                    "sigma": p.sigma,
                    "at": p.at.isoformat(),
                }
                for p in ratings.history(conn, key, r.game, ALL)
            ],
        }
        for r in ratings.of_player(conn, key)
    ]


def _game(
    conn: Connection, games: LiveGames, table: Table, user_id: int, at: datetime
) -> dict[str, Any]:
    """A table the account sat at, as its seat may read it now."""
    seat = next(s.seat for s in table.seats if user_id in (s.user_id, s.former_user_id))
    entry: dict[str, Any] = {"table": table_json(table, at), "seat": seat}
    if table.status is TableStatus.OPEN:
        return entry
    viewer = seat if table.status is TableStatus.OVER or table.seat_of(user_id) == seat else None
    initial = get_game(table.game).new_initial_state(table.num_seats, table.seed, table.options)
    entry["log"] = public_log(initial, tables.log(conn, table.id, table.version), viewer)
    if table.status is TableStatus.PLAYING:
        entry["reads_as"] = "seat" if viewer is not None else "spectator"
        entry["view"] = games.load(conn, table).state.view(viewer)
    return entry
