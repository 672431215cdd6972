"""``navcomp bench``: speed figures, printed, never asserted.

``bench engine`` runs random playouts on one core the way OpenSpiel's random
simulation does: at every step list all legal actions and apply one chosen
uniformly.  It then times clones and determinizations of positions sampled
from those playouts: ``state.determinize(p, rng)`` from scratch, and worlds
drawn from a kept ``state.determinizer(p)``, which is how search uses it.

``bench bots`` times IS-MCTS iterations, then how long each level in ``--levels`` keeps
the table waiting: its seconds per turn and per decision against medium players.

``bench pageload`` times the browser table's first button on a phone network
(:mod:`navcomp.commands.pageload`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from navcomp.bots.levels import LEVELS
from navcomp.bots.timing import bot_times
from navcomp.commands import bench_reply, pageload
from navcomp.core.protocol import Game, GameState
from navcomp.games import game_names, get_game


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("bench", help="measure speed (prints figures)")
    targets = parser.add_subparsers(dest="target", required=True, metavar="TARGET")
    engine = targets.add_parser("engine", help="random playouts, clones, determinizations")
    engine.add_argument("--game", default="space-mission", choices=game_names())
    engine.add_argument("--players", type=_players, default=4)
    engine.add_argument("--seconds", type=_positive, default=5.0, help="playout time (default 5)")
    engine.add_argument("--seed", type=int, default=0)
    engine.add_argument("--json", action="store_true", help="print one JSON object")
    engine.set_defaults(run=run_engine)
    bots = targets.add_parser("bots", help="IS-MCTS iterations per second on one core")
    bots.add_argument("--game", default="space-mission", choices=game_names())
    bots.add_argument("--players", type=_players, default=2)
    bots.add_argument("--seconds", type=_positive, default=0.5, help="search time per position")
    bots.add_argument("--positions", type=int, default=12, help="positions searched")
    bots.add_argument("--seed", type=int, default=0)
    bots.add_argument("--json", action="store_true", help="print one JSON object")
    bots.add_argument(
        "--levels", default="hard,hard-1s", help="levels timed per turn (default hard,hard-1s)"
    )
    bots.add_argument("--turns", type=int, default=6, help="turns timed per level (0: none)")
    bots.set_defaults(run=run_bots)
    server = targets.add_parser(
        "server", help="scripted players on many tables over HTTP and WebSocket"
    )
    server.add_argument("--tables", type=int, default=50)
    server.add_argument("--seconds", type=_positive, default=20.0)
    server.add_argument(
        "--move-every",
        type=float,
        default=0.4,
        help="seconds between moves at each table (default 0.4; 0: as fast as it goes)",
    )
    server.add_argument("--seed", type=int, default=0)
    server.add_argument("--url", help="a running server (default: start one on SQLite)")
    server.add_argument(
        "--database-url",
        action="append",
        metavar="URL",
        help="start the server on this database: sqlite, or a PostgreSQL server's URL (a new "
        "database on it, dropped after); repeat to measure each in turn, in one table",
    )
    server.add_argument("--json", action="store_true", help="print one JSON object")
    server.set_defaults(run=run_server)
    flood = targets.add_parser(
        "flood", help="other requests' p50 and p99 with and without a login or WebSocket flood"
    )
    flood.add_argument("--kind", choices=("login", "websocket", "both"), default="both")
    flood.add_argument("--seconds", type=_positive, default=10.0, help="per phase (default 10)")
    flood.add_argument("--flooders", type=int, default=4, help="flooding clients (default 4)")
    flood.add_argument("--database-url", help="PostgreSQL for the server (default: SQLite)")
    flood.add_argument(
        "--no-throttle",
        action="store_true",
        help="turn the server's login throttles off (to see the flood's own cost)",
    )
    flood.add_argument("--json", action="store_true", help="print one JSON object")
    flood.set_defaults(run=run_flood)
    pageload.add_parser(targets)
    bench_reply.add_parser(targets)


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("players must be at least 1")
    return value  # the game's own range is checked once the game is known (_check_players)


def _check_players(command: str, args: argparse.Namespace) -> bool:
    """The player count within the chosen game's range; else a message and False."""
    try:
        get_game(args.game).check_player_count(args.players)
    except ValueError as error:
        print(f"navcomp bench {command}: --players: {error}", file=sys.stderr)
        return False
    return True


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("must be positive")
    return value


def playouts(
    game: Game[Any], players: int, seconds: float, rnd: random.Random, keep_every: int = 97
) -> tuple[int, int, float, list[GameState]]:
    """Random playouts for about ``seconds``; returns (actions, games, elapsed, sample)."""
    sample: list[GameState] = []
    actions = games = 0
    random_ = rnd.random
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(players, rnd.getrandbits(32))
        legal_actions = state.legal_actions
        apply_action = state.apply_action
        steps = 0
        while True:
            legal = legal_actions()
            if not legal:
                break
            apply_action(legal[int(random_() * len(legal))])
            steps += 1
            if steps % keep_every == 0 and len(sample) < 2000:
                sample.append(state.clone())
        actions += steps
        games += 1
    return actions, games, time.perf_counter() - start, sample


def _seat(state: GameState) -> int:
    """The player to move, or seat 0 in a finished game."""
    return state.current_player or 0


def _rate(work: Any, items: list[Any], seconds: float) -> float:
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for item in items:
            work(item)
        count += len(items)
    return count / (time.perf_counter() - start)


def engine_figures(game_name: str, players: int, seconds: float, seed: int) -> dict[str, float]:
    game = get_game(game_name)
    rnd = random.Random(seed)
    actions, games, elapsed, sample = playouts(game, players, seconds, rnd)
    live = [s for s in sample if s.current_player is not None] or sample
    share = max(seconds / 2, 0.5)
    det_rnd = random.Random(seed + 1)
    return {
        "actions_per_s": actions / elapsed,
        "games_per_s": games / elapsed,
        "actions_per_game": actions / max(games, 1),
        "clones_per_s": _rate(lambda s: s.clone(), live, share),
        "determinizations_per_s": _rate(lambda s: s.determinize(_seat(s), det_rnd), live, share),
        "determinizer_samples_per_s": _rate(
            lambda d: d.sample(det_rnd), [s.determinizer(_seat(s)) for s in live], share
        ),
    }


ENGINE_LINES = (
    ("actions/s", "actions_per_s", ",.0f"),
    ("games/s", "games_per_s", ",.1f"),
    ("actions per game", "actions_per_game", ",.1f"),
    ("clones/s", "clones_per_s", ",.0f"),
    ("determinizations/s", "determinizations_per_s", ",.0f"),
    ("worlds/s, kept determinizer", "determinizer_samples_per_s", ",.0f"),
)
SERVER_LINES = (
    ("moves offered/s", "offered_moves_per_s", ",.1f"),
    ("moves", "moves", ",.0f"),
    ("moves/s", "moves_per_s", ",.1f"),
    ("round trip p50 (ms)", "p50_ms", ",.1f"),
    ("round trip p99 (ms)", "p99_ms", ",.1f"),
    ("refused moves", "errors", ",.0f"),
    ("server CPU per move (ms)", "server_cpu_ms_per_move", ",.2f"),
    ("bench client CPU per move (ms)", "client_cpu_ms_per_move", ",.2f"),
)
BOTS_LINES = (
    ("positions searched", "positions", ",.0f"),
    ("iterations/s", "iterations_per_s", ",.0f"),
)
TIME_LINES = (
    ("per turn, p50", "turn_p50_s", ".2f"),
    ("per turn, p95", "turn_p95_s", ".2f"),
    ("per turn, longest", "turn_max_s", ".2f"),
    ("per decision, mean", "decision_mean_s", ".2f"),
    ("per decision, p50", "decision_p50_s", ".2f"),
    ("per decision, p95", "decision_p95_s", ".2f"),
    ("decisions per turn", "decisions_per_turn", ".1f"),
    ("rounds per searched decision", "rounds_mean", ".1f"),
    ("of them carried in", "rounds_carried", ".0%"),
)


def _report(title: str, figures: dict[str, float], lines: Any, as_json: bool) -> int:
    if as_json:
        print(json.dumps(figures))
        return 0
    print(title)
    for label, key, spec in lines:
        if key in figures:  # the server's CPU is known only for a server the bench started
            print(f"  {label:<31}{figures[key]:>9{spec}}")
    return 0


def run_engine(args: argparse.Namespace) -> int:
    if not _check_players("engine", args):
        return 2
    figures = engine_figures(args.game, args.players, args.seconds, args.seed)
    title = f"{args.game}, {args.players} players, random playouts on one core"
    return _report(title, figures, ENGINE_LINES, args.json)


def bots_figures(
    game_name: str, players: int, seconds: float, positions: int, seed: int
) -> dict[str, float]:
    """IS-MCTS searches from positions along one random game; iterations per second."""
    from navcomp.bots.ismcts import ISMCTS
    from navcomp.core.conformance import random_walk

    game = get_game(game_name)
    states = [s.clone() for s, _ in random_walk(game, players, seed) if len(s.legal_actions()) > 1]
    step = max(1, len(states) // positions)
    chosen = states[::step][:positions]
    bot = ISMCTS(seconds=seconds)
    rnd = random.Random(seed)
    iterations = 0
    start = time.perf_counter()
    for state in chosen:
        bot.choose(state, rnd)
        iterations += bot.last_iterations
    elapsed = time.perf_counter() - start
    return {"iterations_per_s": iterations / elapsed, "positions": float(len(chosen))}


def run_bots(args: argparse.Namespace) -> int:
    if args.positions < 1:
        print("navcomp bench bots: --positions must be at least 1", file=sys.stderr)
        return 2
    if not _check_players("bots", args):
        return 2
    levels = [level for level in args.levels.split(",") if level] if args.turns > 0 else []
    if unknown := [level for level in levels if level not in LEVELS]:
        print(f"navcomp bench bots: unknown level {unknown[0]!r}", file=sys.stderr)
        return 2
    figures = bots_figures(args.game, args.players, args.seconds, args.positions, args.seed)
    times = {level: bot_times(args.game, args.players, level, args.turns, args.seed)
             for level in levels}  # fmt: skip
    if args.json:
        print(json.dumps({**figures, "times": times}))
        return 0
    _report(f"{args.game}, {args.players} players: IS-MCTS on one core", figures, BOTS_LINES, False)
    for level, timed in times.items():
        print(f"{level} in seat 0 against medium, {timed['turns']:.0f} turns, seconds")
        for label, key, spec in TIME_LINES:
            if key in timed:  # rounds: rollout bots only
                print(f"  {label:<31}{timed[key]:>9{spec}}")
    return 0


def run_server(args: argparse.Namespace) -> int:
    from navcomp.commands import scratch
    from navcomp.commands.loadtest import LoadRefusedError, server_figures

    databases: list[str] = args.database_url or []
    problem = next(filter(None, map(scratch.check, databases)), None)
    if args.tables < 1:
        problem = "--tables must be at least 1"
    elif args.move_every < 0:
        problem = "--move-every must not be negative"
    elif databases and args.url:
        problem = "give --url (a running server) or --database-url, not both"
    if problem:
        print(f"navcomp bench server: {problem}", file=sys.stderr)
        return 2
    runs: dict[str, dict[str, float]] = {}
    try:
        for database in databases or [scratch.SQLITE]:
            with scratch.scratch_database(database) as url:
                runs[scratch.label(database)] = server_figures(
                    args.tables, args.seconds, args.move_every, args.seed, args.url, database=url
                )
    except LoadRefusedError as refused:
        print(f"navcomp bench server: {refused}", file=sys.stderr)
        return 1
    title = (
        f"server: {args.tables} tables of two scripted players over loopback, "
        f"a move every {args.move_every:g} s at each"
    )
    if len(runs) == 1:
        return _report(title, next(iter(runs.values())), SERVER_LINES, args.json)
    if args.json:
        print(json.dumps(runs))
        return 0
    print(title)
    width = max(len(name) for name in runs) + 2
    print(f"  {'':<31}" + "".join(f"{name:>{width}}" for name in runs))
    for line_label, key, spec in SERVER_LINES:
        row = "".join(f"{figures.get(key, 0.0):>{width}{spec}}" for figures in runs.values())
        print(f"  {line_label:<31}{row}")
    return 0


def run_flood(args: argparse.Namespace) -> int:
    from navcomp.commands.flood import KINDS, MAX_FLOODERS, MAX_SECONDS, flood_figures, flood_lines

    if not 1 <= args.flooders <= MAX_FLOODERS:
        print(f"navcomp bench flood: --flooders is 1 to {MAX_FLOODERS}", file=sys.stderr)
        return 2
    if args.seconds > MAX_SECONDS:
        print(f"navcomp bench flood: --seconds is at most {MAX_SECONDS:g}", file=sys.stderr)
        return 2
    kinds = KINDS if args.kind == "both" else (args.kind,)
    throttles_off = ("--logins-per-name", "0", "--logins-per-address", "0")
    server_options = throttles_off if args.no_throttle else ()
    figures = flood_figures(kinds, args.seconds, args.flooders, args.database_url, server_options)
    print(json.dumps(figures) if args.json else "\n".join(flood_lines(figures)))
    return 0
