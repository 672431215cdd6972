"""``navcomp tournament``: bots play many games against each other.

Bots are named by level (easy, medium, hard, cheat, ismcts, ...), one per seat; a shorter
list is repeated to fill the seats.  Seats rotate: game i seats the list
rotated by ``i % players``, so over a multiple of ``players`` games every bot
sits in every position equally often.  Game i takes its seed and every bot's
random generator from ``(--seed, i)`` alone, so the outcome of a game does
not depend on ``--jobs`` or on the order games finish in.  With ``--duplicate``
games are played in groups of ``players`` on one deal (the same board, hands
and draws), one game in each rotation, as in duplicate bridge: the luck of
the deal and of the seat then falls on every bot alike.  With
``--iterations-per-move`` (or bots that do not search) a tournament is
exactly reproducible; with time budgets it depends on how busy the machine is.

Wins are counted per seat-game; a win shared by k players counts 1/k.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from dataclasses import dataclass
from typing import Any

from navcomp.bots import LEVELS, Bot, make_bot
from navcomp.bots.idle import IdleWatch
from navcomp.bots.ismcts import ISMCTS
from navcomp.bots.levels import HARD_SECONDS, NEEDS_HEURISTIC, TURN_BUDGET
from navcomp.bots.rollout import RolloutBot
from navcomp.bots.strength import record as record_strength
from navcomp.commands.tournament_output import Progress, plot, report, summarize
from navcomp.core import ActionError, play
from navcomp.games import game_names, get_game

DEFAULT_MAX_ROUNDS = 50
Record = dict[str, Any]


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "tournament",
        help="bots against bots: win rates and scores",
        description=(__doc__ or "").replace("``", ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--game", default="space-mission", help=f"one of: {', '.join(game_names())}")
    add("--players", type=int, default=2, help="players per game (default 2)")
    add(
        "--bots",
        required=True,
        help=f"levels per seat, comma-separated, e.g. medium,easy: {', '.join(LEVELS)}",
    )
    add("--games", type=int, default=100, help="games to play (default 100)")
    add(
        "--seconds-per-move",
        type=float,
        metavar="S",
        help=f"time a decision of the searching bots but hard (default {HARD_SECONDS:g}); "
        "results then depend on machine load and are not exactly reproducible",
    )
    add("--seconds-per-turn", type=float, metavar="S", help="hard's time for a whole turn")
    add(
        "--iterations-per-move",
        type=int,
        metavar="N",
        help="search iterations (hard: playouts) a move instead of time: results are exactly "
        "reproducible",
    )
    add("--jobs", type=int, help="worker processes (default: CPUs; 1: in this process)")
    add("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    add(
        "--duplicate",
        action="store_true",
        help="play each deal once in every rotation of the seats (--games: a multiple of players)",
    )
    add(
        "--max-rounds",
        type=int,
        default=DEFAULT_MAX_ROUNDS,
        metavar="R",
        help=f"safety cap: score a game after R rounds (default {DEFAULT_MAX_ROUNDS}; 0: none)",
    )
    add("--out", metavar="FILE.json", help="write the full results as JSON")
    add("--plot", metavar="FILE.png", help="draw win rates and points per category")
    add("--strength", metavar="FILE.json", help="add the win rates of a lineup of two levels")
    parser.set_defaults(run=run)


class UsageError(Exception):
    """Bad command-line input: one line for the user, exit status 2."""


class TournamentError(Exception):
    """A game went wrong (a bot chose an illegal action)."""


@dataclass(frozen=True)
class Settings:
    game: str
    players: int
    lineup: tuple[str, ...]
    """Bot level per seat, before rotation."""
    games: int
    seed: int
    seconds: float | None
    iterations: int | None
    max_rounds: int | None
    """None when the game has no ``max_rounds`` option."""
    jobs: int
    duplicate: bool = False
    """Each deal is played ``players`` times, once in every rotation."""
    turn_seconds: float | None = None  # hard's budget per turn (None: its own)

    @property
    def options(self) -> dict[str, Any]:
        return {} if self.max_rounds is None else {"max_rounds": self.max_rounds}


def settings_from(args: argparse.Namespace) -> Settings:
    """Check the command line; raises :class:`UsageError`."""
    try:
        game = get_game(args.game)
    except KeyError:
        known = ", ".join(game_names())
        raise UsageError(f"unknown game {args.game!r}; choose from {known}") from None
    try:
        game.check_player_count(args.players)
    except ValueError as error:
        raise UsageError(f"--players: {error}") from None
    names = [name.strip() for name in args.bots.split(",")]
    for name in names:
        if name not in LEVELS:
            raise UsageError(f"unknown bot {name!r}; choose from {', '.join(LEVELS)}")
        if name in NEEDS_HEURISTIC and game.heuristic is None:
            raise UsageError(f"{game.info.title} has no heuristic player for the {name} bot")
    if len(names) > args.players:
        raise UsageError(f"--bots names {len(names)} bots for {args.players} players")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    jobs = _cpus() if args.jobs is None else args.jobs
    if jobs < 1:
        raise UsageError("--jobs must be at least 1")
    seconds, iterations = args.seconds_per_move, args.iterations_per_move
    for flag, value in (("move", seconds), ("turn", args.seconds_per_turn)):
        if value is not None and iterations is not None:
            raise UsageError(f"give --seconds-per-{flag} or --iterations-per-move, not both")
        if value is not None and not 0 < value < float("inf"):
            raise UsageError(f"--seconds-per-{flag} must be positive")
    if iterations is not None and iterations < 1:
        raise UsageError("--iterations-per-move must be at least 1")
    if args.duplicate and args.games % args.players:
        raise UsageError(
            f"--duplicate: --games must be a multiple of {args.players} players "
            "(each deal is played once in every seating)"
        )
    if args.max_rounds < 0:
        raise UsageError("--max-rounds must be 0 (no cap) or positive")
    if args.plot is not None and not args.plot.lower().endswith(".png"):
        raise UsageError(f"--plot: {args.plot!r} must end in .png")
    _check_writable(args.out, "--out")
    _check_writable(args.plot, "--plot")
    return Settings(
        game=args.game,
        players=args.players,
        lineup=tuple(names[i % len(names)] for i in range(args.players)),
        games=args.games,
        seed=args.seed,
        seconds=HARD_SECONDS if seconds is None and iterations is None else seconds,
        iterations=iterations,
        max_rounds=args.max_rounds if "max_rounds" in game.info.options else None,
        jobs=jobs,
        duplicate=args.duplicate,
        turn_seconds=args.seconds_per_turn,
    )


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _check_writable(path: str | None, flag: str) -> None:
    if path is None:
        return
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise UsageError(f"{flag}: directory {directory} does not exist")
    if os.path.isdir(path):
        raise UsageError(f"{flag}: {path} is a directory")
    if not os.access(directory, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"{flag}: cannot write {path}")


def seating(lineup: tuple[str, ...], index: int) -> list[str]:
    """The bot in each seat of game ``index``: the lineup rotated by ``index % players``."""
    shift = index % len(lineup)
    return list(lineup[shift:] + lineup[:shift])


def deal_of(settings: Settings, index: int) -> int:
    """The deal game ``index`` is played on: its own, or its group's under ``--duplicate``."""
    return index // settings.players if settings.duplicate else index


def game_setup(
    seed: int, index: int, players: int, deal: int | None = None
) -> tuple[int, list[random.Random]]:
    """Game ``index``'s seed and one random generator per seat, from (seed, index) only;
    with ``deal``, the game's seed is that deal's (the bots' generators stay the game's)."""
    master = random.Random(f"navcomp-tournament/{seed}/{index}")
    game_seed = master.getrandbits(32)  # drawn even when replaced: the bots' draws come after
    rngs = [random.Random(master.getrandbits(64)) for _ in range(players)]
    if deal is not None:
        game_seed = random.Random(f"navcomp-tournament/{seed}/deal/{deal}").getrandbits(32)
    return game_seed, rngs


def seat_bot(level: str, settings: Settings) -> Bot:
    """A fresh bot; searching ones get the iteration budget if one was given, and keep
    every other setting of their level."""
    bot = make_bot(level, settings.turn_seconds if level in TURN_BUDGET else settings.seconds)
    if settings.iterations is not None and isinstance(bot, ISMCTS | RolloutBot):
        bot.seconds, bot.iterations = None, settings.iterations
        if isinstance(bot, RolloutBot):
            bot.turn_seconds = None
    return bot


def play_game(settings: Settings, index: int) -> Record:
    """Play game ``index`` (every move through the checked path) and return its record."""
    seats = seating(settings.lineup, index)
    deal = deal_of(settings, index)
    game_seed, rngs = game_setup(
        settings.seed, index, settings.players, deal if settings.duplicate else None
    )
    bots = [seat_bot(level, settings) for level in seats]
    state = get_game(settings.game).new_initial_state(settings.players, game_seed, settings.options)
    actions = 0
    watch = IdleWatch(settings.players)
    while (player := state.current_player) is not None:
        action = bots[player].choose(state.clone(), rngs[player])
        watch.see(state, action)
        try:
            play(state, player, action)
        except ActionError as error:
            raise TournamentError(
                f"game {index} (seed {game_seed}): bot {seats[player]!r} in seat {player} "
                f"chose action {action!r}: {error}"
            ) from None
        actions += 1
    result = state.result()
    assert result is not None
    view = state.view(None)
    rounds = view.get("round") if isinstance(view, dict) else None
    return {
        "index": index,
        "deal": deal,
        "seed": game_seed,
        "seats": seats,
        "scores": list(result.scores),
        "breakdown": [dict(b) for b in result.breakdown],
        "winners": list(result.winners),
        "actions": actions,
        "rounds": rounds if isinstance(rounds, int) else None,
        "capped": result.capped,
        "idle_seats": watch.finish(),
    }


def run_games(settings: Settings, progress: Progress) -> list[Record]:
    """All games' records, in game order whatever order they finish in."""
    records: list[Record] = [{}] * settings.games
    jobs = [(settings, index) for index in range(settings.games)]
    if settings.jobs == 1:
        for job in jobs:
            records[job[1]] = play_game(*job)
            progress.advance()
        return records
    # Workers ignore Ctrl-C; leaving the block (done, an error or Ctrl-C) terminates them.
    workers = min(settings.jobs, settings.games)
    with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:
        for index, record in pool.imap_unordered(_play_job, jobs):
            records[index] = record
            progress.advance()
    return records


def _play_job(job: tuple[Settings, int]) -> tuple[int, Record]:
    return job[1], play_game(*job)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(args: argparse.Namespace) -> int:
    try:
        settings = settings_from(args)
    except UsageError as error:
        print(f"navcomp tournament: {error}", file=sys.stderr)
        return 2
    start = time.monotonic()
    try:
        records = run_games(settings, Progress(settings.games, sys.stderr))
    except TournamentError as error:
        print(f"navcomp tournament: {error}", file=sys.stderr)
        return 1
    summary = summarize(settings, records)
    written = []
    try:  # files first: the report may go to a reader that stops early
        if args.out is not None:
            with open(args.out, "w", encoding="utf-8") as file:
                json.dump(summary, file, indent=1)
                file.write("\n")
            written.append(f"results written to {args.out}")
        if args.plot is not None:
            plot(summary, args.plot)
            written.append(f"chart written to {args.plot}")
        if args.strength is not None:
            written.append(record_strength(summary, args.strength))
    except OSError as error:
        print(f"navcomp tournament: cannot write results: {error}", file=sys.stderr)
        return 1
    print(report(summary))
    print(f"elapsed {time.monotonic() - start:.1f} s with {settings.jobs} job(s)")
    for line in written:
        print(line)
    return 0
