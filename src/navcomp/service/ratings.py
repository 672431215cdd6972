"""Ratings: a rating per player and game, updated when a rated game ends.

The arithmetic is openskill's Plackett-Luce model (the Weng-Lin family that TrueSkill
belongs to): a game of any number of seats is one result with a rank per seat, ties
shared. A seat that resigned, timed out or was taken over by a bot ranks last, below
every seat played to the end (those seats share the last place). An aborted game has no
result and changes nothing, nor does a game stopped by a round cap. The update runs in
the transaction of the move that ends the game, with the ratings' rows locked
(``store/ratings.py``), so two games of one player ending at once both count.

People see the conservative figure ``mu - 3 sigma`` scaled (:func:`shown`), marked
provisional for their first :data:`PROVISIONAL_GAMES` rated games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from navcomp.domain.model import Table
from navcomp.domain.results import TableResult
from navcomp.domain.tables import SeatEnd
from navcomp.store import ratings as store
from navcomp.store.db import Connection

MODEL = PlackettLuce()
SCALE = 40
"""Points shown per unit of ``mu - 3 sigma``: a new player shows 0 and climbs from there."""
PROVISIONAL_GAMES = 5
LEFT_EARLY = frozenset({SeatEnd.RESIGNED, SeatEnd.TIMED_OUT, SeatEnd.TAKEN_OVER})
"""How a seat ended (the table's result, ``seat_ends``) that ranks it last."""


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float
    sigma: float


def shown(mu: float, sigma: float) -> int:
    """The figure people see: the rating's conservative estimate, scaled."""
    return round(SCALE * (mu - 3 * sigma))


def ranks_for_rating(ranks: Sequence[int], seat_ends: Sequence[str] | None) -> list[int]:
    """The game's ranks (1 = first, ties equal), with every seat that left early moved
    below all seats that played on."""
    ends = seat_ends or [SeatEnd.PLAYED.value] * len(ranks)
    stayed = [rank for rank, end in zip(ranks, ends, strict=True) if end not in LEFT_EARLY]
    last = max(stayed, default=0) + 1
    return [last if end in LEFT_EARLY else rank for rank, end in zip(ranks, ends, strict=True)]


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Each seat's rating after one game with these ranks (a seat a team of one)."""
    teams = [[MODEL.create_rating([s.mu, s.sigma])] for s in skills]
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def seat_players(table: Table) -> list[store.Player]:
    """Who each seat's result counts for: the person who sat there (also when a bot took
    the seat over), or the bot level that played it from the start."""
    players = []
    for seat in table.seats:
        user_id = seat.user_id if seat.user_id is not None else seat.former_user_id
        if user_id is not None:
            players.append(store.Player(f"user:{user_id}", user_id, None))
        else:
            players.append(store.Player(f"bot:{seat.bot_level}", None, seat.bot_level))
    return players


def record_game(conn: Connection, table: Table, result: TableResult, at: datetime) -> None:
    """Update the ratings of a rated table's players for its finished game."""
    if not table.rated or table.num_seats < 2 or table.tutorial is not None:
        return
    if result.capped or result.ranks is None:
        return  # stopped by a round cap (not played to its end), or without a result
    players = seat_players(table)
    ranks = ranks_for_rating(result.ranks, result.seat_ends)
    before = store.lock(conn, table.game, players, MODEL.mu, MODEL.sigma, at)
    after = rate([Skill(*before[p.key]) for p in players], ranks)
    store.save(conn, table.game, table.id, merge_seats(players, ranks, after), at)


def merge_seats(
    players: Sequence[store.Player], ranks: Sequence[int], after: Sequence[Skill]
) -> list[store.Change]:
    """One change per rating: a bot level in several seats (two medium bots) takes the
    mean of its seats' new ratings and its best rank."""
    seats: dict[str, list[int]] = {}
    for seat, player in enumerate(players):
        seats.setdefault(player.key, []).append(seat)
    changes = []
    for held in seats.values():
        mu = sum(after[s].mu for s in held) / len(held)
        sigma = sum(after[s].sigma for s in held) / len(held)
        changes.append(store.Change(players[held[0]], min(ranks[s] for s in held), mu, sigma))
    return changes
