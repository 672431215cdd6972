"""The rating arithmetic: openskill's Plackett-Luce model (the Weng-Lin family that
TrueSkill belongs to). A game of any number of seats is one result with a rank per seat,
ties shared. A seat that resigned, timed out or was taken over by a bot ranks last, below
every seat played to the end (those seats share the last place).

People see the conservative figure ``mu - 3 sigma`` scaled (:func:`shown`), marked
provisional for their first :data:`PROVISIONAL_GAMES` rated games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from navcomp.domain.model import Table
from navcomp.domain.tables import SeatEnd


@dataclass(frozen=True, slots=True)
class Player:
    """Whom a seat's result counts for."""

    key: str  # "user:<id>" or "bot:<level>"
    user_id: int | None
    bot_level: str | None


@dataclass(frozen=True, slots=True)
class Change:
    """A rating after a game: its player's rank there, and the new skill."""

    player: Player
    rank: int
    mu: float
    sigma: float


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


def seat_players(table: Table) -> list[Player]:
    """Who each seat's result counts for: the person who sat there (also when a bot took
    the seat over), or the bot level that played it from the start."""
    players = []
    for seat in table.seats:
        user_id = seat.user_id if seat.user_id is not None else seat.former_user_id
        if user_id is not None:
            players.append(Player(f"user:{user_id}", user_id, None))
        else:
            players.append(Player(f"bot:{seat.bot_level}", None, seat.bot_level))
    return players


def merge_seats(
    players: Sequence[Player], ranks: Sequence[int], after: Sequence[Skill]
) -> list[Change]:
    """One change per rating: a bot level in several seats (two medium bots) takes the
    mean of its seats' new ratings and its best rank."""
    seats: dict[str, list[int]] = {}
    for seat, player in enumerate(players):
        seats.setdefault(player.key, []).append(seat)
    changes = []
    for held in seats.values():
        mu = sum(after[s].mu for s in held) / len(held)
        sigma = sum(after[s].sigma for s in held) / len(held)
        changes.append(Change(players[held[0]], min(ranks[s] for s in held), mu, sigma))
    return changes
