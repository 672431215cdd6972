"""A player's profile: per game the games played and won, the averages of the score
sheet's categories, the best solo scores; and the last games with their outcome.

Only games that are over count (a running game shows nowhere), tutorials never.  What
counts:

- *played*: a game of two or more seats that ended with a result (played to its end,
  or forfeited); an aborted or abandoned game is listed among the recent games but
  counts for nothing;
- *won*: the seat is among the game's winners: a tie for first is a win for each tied
  seat; a seat that left early (resigned, timed out, taken over) never won, even when
  the bot that took it over went on to win;
- *rated rank*: where the game was rated, the seat's place as the rating counted it: a
  seat that left early ranks last, so the one who lost to the bot that took it over may
  rank first;
- *averages*: each score category's mean over the games the seat played to their end
  (solo games aside: their best scores are listed instead).

A private profile (and its rating history) is shown to its owner alone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from navcomp.core.errors import quoted
from navcomp.core.registry import game_names, get_game
from navcomp.domain import refusals
from navcomp.domain.model import Session
from navcomp.domain.ratings import LEFT_EARLY, ranks_for_rating
from navcomp.domain.refusals import Refusal
from navcomp.domain.tables import TableEnd
from navcomp.service import lobby
from navcomp.service.accounts import user_id_by_name
from navcomp.store import accounts, profiles, scores
from navcomp.store.db import Connection
from navcomp.store.profiles import PlayedSeat

RECENT = 20
BEST_SOLO = 10
WITH_RESULT = frozenset({TableEnd.FINISHED, TableEnd.FORFEIT})


def visible_player(conn: Connection, name: str, viewer: Session | None) -> int:
    """The account called ``name``, if its profile may be shown to ``viewer``."""
    user_id = user_id_by_name(conn, name)
    mine = viewer is not None and viewer.user.id == user_id
    if not mine and accounts.profile_private(conn, user_id):
        raise Refusal(refusals.PROFILE_PRIVATE, f"{quoted(name)} keeps their profile private")
    return user_id


def outcome(played: PlayedSeat) -> dict[str, Any]:
    """How the game went for the seat: its rank and score where the game has them, and
    ``won``, ``lost``, ``left`` (ended early), ``solo`` or ``no_result`` (aborted)."""
    game = None if played.result is None else played.result.played
    rank = game.ranks[played.seat] if game else None
    score = game.scores[played.seat] if game else None
    if played.end_reason not in WITH_RESULT:
        kind = "no_result"
    elif played.num_seats == 1:
        kind = "solo"
    elif played.ended in LEFT_EARLY:
        kind = "left"
    elif played.result is not None and played.seat in played.result.winners:
        kind = "won"
    else:
        kind = "lost"
    if rank is None and played.end_reason is TableEnd.FORFEIT:
        rank = 1 if kind == "won" else 2
    return {
        "outcome": kind,
        "rank": rank,
        "score": score,
        "ended": None if played.ended is None else played.ended.value,
        "rated_rank": _rated_rank(played, rank),
    }


def _rated_rank(played: PlayedSeat, rank: int | None) -> int | None:
    """The seat's place as its rating counted it (None: the game changed no rating),
    which differs from the game's where a seat that left early ranks last."""
    result = played.result
    counted = played.end_reason in WITH_RESULT and not (result and result.capped)
    if not (played.rated and counted and played.num_seats > 1) or rank is None:
        return None
    if result is None or result.played is None:  # forfeited: the winner first, the others after
        return rank
    rated = ranks_for_rating(result.played.ranks, result.seat_ends)
    return 1 + sum(other < rated[played.seat] for other in rated)


def _recent(played: PlayedSeat) -> dict[str, Any]:
    return {
        "table": played.table_id,
        "game": played.game,
        "date": played.at.isoformat(),
        "seats": played.num_seats,
        "rated": played.rated,
        "end": None if played.end_reason is None else played.end_reason.value,
        **outcome(played),
    }


def _game_figures(game: str, seats: list[PlayedSeat], best: list[Any]) -> dict[str, Any]:
    played = won = solo = 0
    sums: dict[str, float] = defaultdict(float)
    counted = 0
    for seat in seats:
        kind = outcome(seat)["outcome"]
        solo += kind == "solo"
        if kind in ("won", "lost", "left"):
            played += 1
            won += kind == "won"
        played_out = seat.result.played if seat.result else None
        breakdown = played_out.breakdown if played_out else None
        if kind in ("won", "lost") and breakdown and seat.end_reason is TableEnd.FINISHED:
            counted += 1
            for category, points in breakdown[seat.seat].items():
                sums[category] += points
    averages = {category: round(total / counted, 1) for category, total in sums.items()}
    return {
        "game": game,
        "played": played,
        "won": won,
        "solo_played": solo,
        "averaged_games": counted,
        "averages": averages,
        "best_solo": [
            {"score": s.score, "table": s.table_id, "date": s.created_at.isoformat()} for s in best
        ],
    }


def _seen(conn: Connection, seats: list[PlayedSeat], viewer: int | None) -> list[PlayedSeat]:
    """The newest :data:`RECENT` of ``seats`` at tables ``viewer`` may see."""
    seen: list[PlayedSeat] = []
    for seat in seats:
        if len(seen) == RECENT:
            break
        if lobby.may_see(conn, seat.table_id, viewer):
            seen.append(seat)
    return seen


def profile(conn: Connection, user_id: int, name: str, viewer: int | None) -> dict[str, Any]:
    """The profile of ``user_id`` (shown as ``name``), from its games that are over, as
    ``viewer`` (None: nobody signed in) sees it: its counts and averages are of every
    game, its lists name only the tables the viewer may see."""
    seats = profiles.finished_seats(conn, user_id)
    by_game: dict[str, list[PlayedSeat]] = defaultdict(list)
    for seat in seats:
        by_game[seat.game].append(seat)
    best = {
        game: [
            s
            for s in scores.best_of(conn, game, user_id, BEST_SOLO)
            if lobby.may_see(conn, s.table_id, viewer)
        ]
        for game in game_names()
        if get_game(game).info.min_players == 1
    }
    games = sorted(set(by_game) | {game for game, found in best.items() if found})
    return {
        "player": name,
        "private": accounts.profile_private(conn, user_id),
        "games": [_game_figures(g, by_game.get(g, []), best.get(g, [])) for g in games],
        "recent": [_recent(seat) for seat in _seen(conn, seats, viewer)],
    }
