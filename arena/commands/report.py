"""``arena report RUN_DIR``: ratings with intervals for a run (or any folder of transcripts)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from arena.cli import UsageError
from arena.files import write_text
from arena.tournament import GAMES_DIR
from evals.ratings import RESAMPLES, Interval, Rating
from evals.records import load_records
from evals.report import Report, build, number, span, to_html, to_json
from evals.stats import Estimate


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "report", help="ratings, per-role results and metrics of a run folder",
        description="Rate every finished game under RUN_DIR (RUN_DIR/games when a tournament "
                    "made it): OpenSkill and Elo with bootstrap intervals, win rates, metrics.")
    parser.add_argument("run_dir", metavar="RUN_DIR")
    parser.add_argument("--html", metavar="OUT", help="write one self-contained HTML page")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--resamples", type=int, default=RESAMPLES, metavar="N",
                        help=f"bootstrap resamples of the games (default {RESAMPLES})")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the bootstrap (default 0)")
    parser.set_defaults(run=cmd_report)


def transcripts_folder(run_dir: Path) -> Path:
    """The folder holding the run's transcripts: RUN_DIR/games, else RUN_DIR itself."""
    if not run_dir.is_dir():
        raise UsageError(f"{run_dir}: no such folder")
    games = run_dir / GAMES_DIR
    return games if games.is_dir() else run_dir


def cmd_report(args: argparse.Namespace, console: Console) -> int:
    if args.resamples < 1:
        raise UsageError("--resamples must be at least 1")
    folder = transcripts_folder(Path(args.run_dir))
    skipped: list[Path] = []
    records = load_records([folder], skipped)
    if not records:
        raise UsageError(f"{folder}: no finished game (no transcript with a game_end)")
    report = build(records, source=str(folder), skipped=len(skipped),
                   resamples=args.resamples, seed=args.seed)
    if args.html:
        write_text(Path(args.html), to_html(report), UsageError)
    if args.json:
        print(json.dumps(to_json(report), ensure_ascii=False))
    else:
        show(console, report)
        if args.html:
            console.print(f"Report: {args.html}", markup=False)
    return 0


def _with_ci(estimate: Estimate | Interval, digits: int = 2) -> str:
    return f"{number(estimate.value, digits)} {span(estimate.low, estimate.high, digits)}"


def _table(title: str, ratings: list[Rating], group: str | None) -> Table:
    """Ratings best first; names never cut (numbers wrap first on a narrow terminal)."""
    table = Table(title=title, caption=Text("[low, high]: 95% intervals"), box=box.SIMPLE_HEAD,
                  pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right")
    for name, width in (("model", max(len(r.player) for r in ratings)),
                        *([(group, max(len(r.group) for r in ratings))] if group else [])):
        table.add_column(name, no_wrap=True, min_width=width)
    columns = ("ordinal", *(() if group else ("Elo",)), "games", "win rate")
    for column in columns:
        table.add_column(column, justify="right")
    for rank, r in enumerate(ratings, start=1):
        table.add_row(str(rank), Text(r.player), *([Text(r.group)] if group else []),
                      _with_ci(r.ordinal, 1), *(() if group else (_with_ci(r.elo, 0),)),
                      str(r.games), _with_ci(r.win_rate))
    return table


def show(console: Console, report: Report) -> None:
    """The leaderboard and the ratings per side in the terminal."""
    board = report.leaderboard
    skipped = f", {report.skipped} unfinished left out" if report.skipped else ""
    console.print(f"{report.source}: {board.games} games{skipped}; intervals from "
                  f"{board.resamples} bootstrap resamples (seed {board.seed})", markup=False)
    console.print(_table("Leaderboard (OpenSkill ordinal = μ − 3σ)", board.overall, None))
    console.print(_table("By side", board.side, "side"))
