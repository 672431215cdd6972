"""How a tournament shows itself: a progress bar, the JSON summary, the text report and
the chart."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, TextIO

from navcomp.bots.idle import IDLE_TURNS
from navcomp.bots.stats import mean_interval, wilson_interval
from navcomp.bots.strength import budget_text

if TYPE_CHECKING:
    from navcomp.commands.tournament import Settings


class Progress:
    """Games done, elapsed and ETA on ``stream``: redrawn in place on a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.done = 0
        self.start = time.monotonic()
        self.tty = stream.isatty()
        self.step = max(1, total // 10)
        self.stream.write(self.line() + ("" if self.tty else "\n"))
        self.stream.flush()

    def advance(self) -> None:
        self.done += 1
        if self.tty:
            end = "\n" if self.done == self.total else ""
            self.stream.write(f"\r{self.line()}\x1b[K{end}")
        elif self.done % self.step == 0 or self.done == self.total:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def line(self) -> str:
        elapsed = time.monotonic() - self.start
        eta = _clock(elapsed / self.done * (self.total - self.done)) if self.done else "--"
        filled = 24 * self.done // self.total
        bar = "#" * filled + "-" * (24 - filled)
        return f"[{bar}] {self.done}/{self.total} games  elapsed {_clock(elapsed)}  eta {eta}"


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def summarize(settings: Settings, records: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON report: setup, per-bot figures (aggregated by level name), game records."""
    names = list(dict.fromkeys(settings.lineup))
    totals: dict[str, dict[str, Any]] = {
        name: {
            "games": 0,
            "wins": 0.0,
            "score": 0,
            "parts": {},
            "seats": [0] * settings.players,
            "by_deal": {},
        }
        for name in names
    }
    for record in records:
        share = 1.0 / len(record["winners"])
        for seat, name in enumerate(record["seats"]):
            total = totals[name]
            total["games"] += 1
            total["seats"][seat] += 1
            won = share if seat in record["winners"] else 0.0
            total["wins"] += won
            total["by_deal"].setdefault(record["deal"], []).append(won)
            total["score"] += record["scores"][seat]
            for category, points in record["breakdown"][seat].items():
                total["parts"][category] = total["parts"].get(category, 0) + points
    paired = settings.duplicate and settings.games > settings.players
    bots = {name: _figures(name, total, records, paired) for name, total in totals.items()}
    rounds = [r["rounds"] for r in records]
    return {
        "game": settings.game,
        "players": settings.players,
        "lineup": list(settings.lineup),
        "games": settings.games,
        "seed": settings.seed,
        "budget": {
            "seconds_per_move": settings.seconds,
            "iterations_per_move": settings.iterations,
            "seconds_per_turn": settings.turn_seconds,
        },
        "max_rounds": settings.max_rounds,
        "jobs": settings.jobs,
        "duplicate": settings.duplicate,
        "bots": bots,
        "mean_actions": sum(r["actions"] for r in records) / len(records),
        "mean_rounds": None if None in rounds else sum(rounds) / len(rounds),
        "capped": sum(1 for r in records if r["capped"]),
        "records": records,
    }


def _figures(
    name: str, total: dict[str, Any], records: list[dict[str, Any]], paired: bool
) -> dict[str, Any]:
    """One bot's figures from its ``total`` over the games; ``paired``: a duplicate run,
    whose games of a deal are paired (their mean takes the deal's luck out)."""
    n = total["games"]
    figures = {
        "games": n,
        "wins": total["wins"],
        "win_rate": total["wins"] / n,
        "ci95": list(wilson_interval(min(total["wins"], n), n)),
        "mean_score": total["score"] / n,
        "mean_breakdown": {c: p / n for c, p in total["parts"].items()},
        "seat_games": total["seats"],
        "idle_seats": sum(r["seats"][i] == name for r in records for i in r["idle_seats"]),
    }
    if paired:
        deals = total["by_deal"].values()
        figures["deal_ci95"] = list(mean_interval([sum(g) / len(g) for g in deals]))
    return figures


def report(summary: dict[str, Any]) -> str:
    """The summary as text for people."""
    s = summary
    searching = budget_text(s["budget"], list(s["bots"]))
    col = max(8, *(len(name) + 2 for name in s["bots"]))  # the bot column: names line up
    lines = [
        f"{s['game']}: {s['games']} games, {s['players']} players, seed {s['seed']}; "
        f"seats {', '.join(s['lineup'])} rotating"
        + ("; each deal played in every rotation" if s["duplicate"] else "")
        + (f"; searching bots {searching}" if searching else ""),
        f"win rate per seat-game (shared wins count 1/k); an even share is {1 / s['players']:.1%}",
        "",
        f"{'bot':<{col}}{'games':>7}{'wins':>9}{'win rate':>10}  {'95% CI':<17}{'mean score':>10}",
    ]
    for name, b in s["bots"].items():
        ci = f"[{b['ci95'][0]:.1%}, {b['ci95'][1]:.1%}]"
        lines.append(
            f"{name:<{col}}{b['games']:>7}{b['wins']:>9.2f}{b['win_rate']:>10.1%}  "
            f"{ci:<17}{b['mean_score']:>10.2f}"
        )
    paired = [(name, b["deal_ci95"]) for name, b in s["bots"].items() if "deal_ci95" in b]
    if paired:
        lines.append(
            f"95% CI over the {s['games'] // s['players']} deals (each deal's games paired): "
            + "; ".join(f"{name} [{lo:.1%}, {hi:.1%}]" for name, (lo, hi) in paired)
        )
    categories = list(dict.fromkeys(c for b in s["bots"].values() for c in b["mean_breakdown"]))
    widths = [max(len(c), 5) + 2 for c in categories]
    lines += [
        "",
        "mean points per category",
        f"{'bot':<{col}}" + "".join(f"{c:>{w}}" for c, w in zip(categories, widths, strict=True)),
    ]
    for name, b in s["bots"].items():
        parts = b["mean_breakdown"]
        row = "".join(f"{parts.get(c, 0):>{w}.2f}" for c, w in zip(categories, widths, strict=True))
        lines.append(f"{name:<{col}}{row}")
    rounds = "" if s["mean_rounds"] is None else f", {s['mean_rounds']:.1f} rounds"
    lines += [
        "",
        f"mean game length: {s['mean_actions']:.1f} actions{rounds}",
        f"idle seats (no progress for {IDLE_TURNS} turns in a row while progress was possible): "
        + ", ".join(f"{name} {b['idle_seats']} of {b['games']}" for name, b in s["bots"].items()),
    ]
    if s["max_rounds"] is not None:  # a game without rounds has none to cap
        capped = (
            f"capped games (stopped at {s['max_rounds']} rounds): {s['capped']} of {s['games']}"
        )
        lines.insert(-1, capped)
    if s["games"] % s["players"]:
        counts = "; ".join(f"{n} {b['seat_games']}" for n, b in s["bots"].items())
        lines.append(
            f"note: {s['games']} games is not a multiple of {s['players']} players, "
            f"so seats are unevenly rotated (seat-games by seat: {counts})"
        )
    return "\n".join(lines)


def plot(summary: dict[str, Any], path: str) -> None:
    """A PNG: win rate per bot with 95% CIs, and mean points per category stacked."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    bots = summary["bots"]
    names = list(bots)
    fig = Figure(figsize=(10, 4.5), layout="constrained")
    FigureCanvasAgg(fig)
    rates_ax, parts_ax = fig.subplots(1, 2)
    rates = [bots[n]["win_rate"] for n in names]
    errors = [
        [r - bots[n]["ci95"][0] for n, r in zip(names, rates, strict=True)],
        [bots[n]["ci95"][1] - r for n, r in zip(names, rates, strict=True)],
    ]
    rates_ax.bar(names, rates, yerr=errors, capsize=8, color="tab:blue")
    rates_ax.axhline(1 / summary["players"], linestyle="--", color="grey", label="even share")
    rates_ax.set(ylim=(0, 1.05), ylabel="win rate per seat-game", title="Win rate (95% CI)")
    rates_ax.legend(loc="upper left")
    categories = list(dict.fromkeys(c for n in names for c in bots[n]["mean_breakdown"]))
    bottom = [0.0] * len(names)
    for category in categories:
        values = [bots[n]["mean_breakdown"].get(category, 0.0) for n in names]
        if any(values):
            parts_ax.bar(names, values, bottom=bottom, label=category)
            bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    parts_ax.set(ylabel="mean points", title="Mean points by category")
    parts_ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    fig.suptitle(
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
        f"seed {summary['seed']}"
    )
    fig.savefig(path, dpi=100)
