"""``navcomp analyse``: bots play games, and the analysis judges every decision.

The games are played as ``navcomp tournament`` plays them (the same seats, rotation and
seeds: game i of ``--seed`` s is the tournament's game i), then each is analysed
(:mod:`navcomp.analysis`): every decision valued by paired playouts in worlds drawn from
what its seat knew.  Printed per bot level: the mean regret (winning chance lost per
decision) with its 95% interval, the accuracy, and the count of inaccuracies, mistakes
and blunders; ``--json`` prints one JSON object with the hindsight view ("with every
card shown") and each game too.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from navcomp.analysis import AnalysisSettings, GameAnalysis, analyse_game, summarize
from navcomp.analysis.results import DecisionAnalysis
from navcomp.bots import LEVELS
from navcomp.commands.tournament import (
    DEFAULT_MAX_ROUNDS,
    Settings,
    UsageError,
    game_setup,
    seat_bot,
    seating,
    settings_from,
)
from navcomp.commands.tournament_output import Progress
from navcomp.core import play
from navcomp.games import game_names, get_game

DEFAULT_GAMES = 20
DEFAULT_ROUNDS = AnalysisSettings().rounds
MANY_ROUNDS = 100_000
"""With ``--seconds-per-decision``, the rounds' cap: time decides."""


def _positive_int(text: str) -> int:
    """``text`` as a whole number of at least 1; argparse's refusal otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _positive_float(text: str) -> float:
    """``text`` as a positive finite number; argparse's refusal otherwise."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def add_parser(commands: Any) -> None:
    """Add ``analyse`` to the ``navcomp`` command's subcommands."""
    parser = commands.add_parser(
        "analyse",
        help="bots play games; the analysis marks their mistakes",
        description=(__doc__ or "").replace("``", ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--game", default="space-mission", help=f"one of: {', '.join(game_names())}")
    add("--players", type=_positive_int, default=2, help="players per game (default 2)")
    add("--bots", required=True, help=f"levels per seat, e.g. hard,easy: {', '.join(LEVELS)}")
    add("--games", type=_positive_int, default=DEFAULT_GAMES, help="games (default 20)")
    add("--seed", type=int, default=0, help="the games' and the analysis's seed (default 0)")
    add("--json", action="store_true", help="print one JSON object")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument(
        "--seconds-per-decision", type=_positive_float, metavar="S", help="analysis time cap"
    )
    budget.add_argument(
        "--rounds",
        type=_positive_int,
        metavar="N",
        help=f"paired rounds per decision (default {DEFAULT_ROUNDS})",
    )
    add("--candidates", type=_positive_int, default=4, help="actions compared (default 4)")
    add(
        "--lead-scale",
        type=_positive_float,
        metavar="P",
        help="value a finished playout half by its result, half by its lead at this scale "
        "in points (default: winning chance only)",
    )
    add("--no-hindsight", action="store_true", help="skip the view with every card shown")
    add(
        "--bot-iterations",
        type=_positive_int,
        metavar="N",
        help="the searching bots play by N playouts a move (reproducible) instead of time",
    )
    parser.set_defaults(run=run, analyse_parser=parser)


def _settings(args: argparse.Namespace) -> tuple[Settings, AnalysisSettings]:
    """The games to play and the analysis's settings; raises :class:`UsageError`."""
    tournament = argparse.Namespace(
        game=args.game,
        players=args.players,
        bots=args.bots,
        games=args.games,
        jobs=1,
        seconds_per_move=None,
        seconds_per_turn=None,
        iterations_per_move=args.bot_iterations,
        duplicate=False,
        max_rounds=DEFAULT_MAX_ROUNDS,
        plot=None,
        out=None,
        seed=args.seed,
    )
    games = settings_from(tournament)
    if get_game(args.game).heuristic is None:
        raise UsageError(f"{args.game} has no heuristic player to analyse with")
    if args.rounds is not None and args.rounds < 2:
        raise UsageError("--rounds must be at least 2 (a paired interval needs two)")
    timed = args.seconds_per_decision is not None
    rounds = MANY_ROUNDS if timed else args.rounds or DEFAULT_ROUNDS
    if args.candidates < 2:
        raise UsageError("--candidates must be at least 2 (the action played and another)")
    analysis = AnalysisSettings(
        rounds=rounds,
        min_rounds=min(AnalysisSettings().min_rounds, rounds),
        seconds=args.seconds_per_decision,
        candidates=args.candidates,
        hindsight=not args.no_hindsight,
        lead_scale=args.lead_scale,
    )
    return games, analysis


def play_recorded(settings: Settings, index: int) -> tuple[list[str], int, list[int]]:
    """Game ``index`` played as the tournament plays it: its seats, seed and actions."""
    seats = seating(settings.lineup, index)
    game_seed, rngs = game_setup(settings.seed, index, settings.players)
    bots = [seat_bot(level, settings) for level in seats]
    state = get_game(settings.game).new_initial_state(settings.players, game_seed, settings.options)
    actions = []
    while (player := state.current_player) is not None:
        actions.append(play(state, player, bots[player].choose(state.clone(), rngs[player])))
    return seats, game_seed, actions


def by_level(
    analyses: list[tuple[list[str], GameAnalysis]], hindsight: bool
) -> dict[str, list[DecisionAnalysis]]:
    """Every decision of every game, grouped by the level of the bot that took it."""
    grouped: dict[str, list[DecisionAnalysis]] = {}
    for seats, analysis in analyses:
        view = analysis.hindsight if hindsight else analysis.main
        grouped |= {level: grouped.get(level, []) for level in seats}
        for decision in view.decisions if view is not None else ():
            grouped[seats[decision.seat]].append(decision)
    return grouped


def level_figures(
    analyses: list[tuple[list[str], GameAnalysis]], settings: AnalysisSettings
) -> dict[str, Any]:
    """Per bot level, the summary of its decisions in the main view and in hindsight
    (None when the hindsight view was not asked for)."""
    main = by_level(analyses, hindsight=False)
    hind = by_level(analyses, hindsight=True)
    return {
        level: {
            **summarize(main[level], settings.z).to_json(),
            "hindsight": summarize(hind[level], settings.z).to_json()
            if settings.hindsight
            else None,
        }
        for level in main
    }


def table(figures: dict[str, Any]) -> str:
    """The per-level figures as a text table."""
    head = f"{'level':<10} {'decisions':>9} {'mean_regret':>11} {'95% interval':>17} "
    head += f"{'accuracy':>8} {'inacc.':>6} {'mistakes':>8} {'blunders':>8} {'width':>6}"
    lines = [head]
    for level, row in figures.items():
        low, high = row["mean_regret_interval"]
        marks = row["marks"]
        lines.append(
            f"{level:<10} {row['decisions']:>9} {row['mean_regret']:>11.4f} "
            f"{f'[{low:.4f}, {high:.4f}]':>17} {row['accuracy']:>8.1f} "
            f"{marks['inaccuracy']:>6} {marks['mistake']:>8} {marks['blunder']:>8} "
            f"{row['regret_interval_width']:>6.3f}"
        )
    return "\n".join(lines)


def analyse_all(
    games: Settings, analysis: AnalysisSettings, seed: int
) -> tuple[list[tuple[list[str], GameAnalysis]], list[dict[str, Any]]]:
    """Each game played and analysed (with a progress bar on a terminal's stderr): the
    analyses with their seats, and a record of each game."""
    progress = Progress(games.games, sys.stderr) if sys.stderr.isatty() else None
    analyses = []
    records = []
    for index in range(games.games):
        start = time.perf_counter()
        seats, game_seed, actions = play_recorded(games, index)
        played = time.perf_counter() - start
        found = analyse_game(
            games.game, games.options, games.players, game_seed, actions, analysis, seed
        )
        analyses.append((seats, found))
        records.append(
            {
                "index": index,
                "seed": game_seed,
                "seats": seats,
                "rewards": list(found.rewards),
                "actions": len(actions),
                "decisions": len(found.main.decisions),
                "play_seconds": round(played, 2),
                "analysis_seconds": round(time.perf_counter() - start - played, 2),
            }
        )
        if progress is not None:
            progress.advance()
    return analyses, records


def run(args: argparse.Namespace) -> int:
    """The command: 0 once the figures are printed (argparse exits with 2 on bad input)."""
    try:
        games, analysis = _settings(args)
    except UsageError as error:
        args.analyse_parser.error(str(error))
    analyses, records = analyse_all(games, analysis, args.seed)
    figures = level_figures(analyses, analysis)
    if args.json:
        setup = {key: getattr(games, key) for key in ("game", "players", "games", "seed")}
        budget = {"rounds": analysis.rounds, "seconds": analysis.seconds}
        budget |= {"candidates": analysis.candidates, "hindsight": analysis.hindsight}
        budget |= {"lead_scale": analysis.lead_scale}
        thresholds = {
            name: getattr(analysis, name) for name in ("inaccuracy", "mistake", "blunder")
        }
        report = {**setup, "lineup": list(games.lineup), "analysis": budget}
        report |= {"thresholds": thresholds, "levels": figures, "records": records}
        print(json.dumps(report, indent=1))
    else:
        print(table(figures))
        seconds = sum(r["analysis_seconds"] for r in records) / len(records)
        print(f"analysis: {seconds:.1f} s a game on average over {len(records)} game(s)")
    return 0
