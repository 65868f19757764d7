"""``arena report RUN_DIR...``: ratings with intervals for runs, transcript folders or files."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from arena.app.commands._bounds import check_resamples
from arena.app.commands._game_inputs import add_games_command
from arena.app.commands._outputs import check_game_outputs
from arena.app.commands.eval import add_include_capped
from arena.errors import UsageError
from arena.outputs import write_text
from evals.ratings import RESAMPLES, Interval, Rating
from evals.records import load_records
from evals.reliability import MAX_FALLBACK_SHARE, RATES
from evals.report import (
    TIED_NOTE,
    Report,
    build,
    counted_note,
    excluded_note,
    number,
    rate_text,
    span,
    tied_mark,
    to_html,
    to_json,
)
from evals.stats import Estimate


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_games_command(
        sub, "report", help="ratings, per-role results and metrics of a run folder",
        description="Rate every finished game in the run folders (their games/), transcript "
                    "folders and files named: OpenSkill and Elo with bootstrap intervals, "
                    "win rates, metrics.",
        metavar="RUN_DIR")
    parser.add_argument("--html", metavar="OUT", help="write one self-contained HTML page")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--resamples", type=int, default=RESAMPLES, metavar="N",
                        help=f"bootstrap resamples of the deals (default {RESAMPLES})")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the bootstrap (default 0)")
    parser.add_argument("--max-fallback-share", type=float, default=MAX_FALLBACK_SHARE,
                        metavar="F", help="leave out of the ratings games in which a seat fell "
                        f"back on more than this share of its decisions (default "
                        f"{MAX_FALLBACK_SHARE}; 1 keeps all)")
    add_include_capped(parser)
    parser.set_defaults(run=cmd_report)


def cmd_report(args: argparse.Namespace, console: Console) -> int:
    check_resamples(args.resamples)
    if not 0 <= args.max_fallback_share <= 1:
        raise UsageError("--max-fallback-share must be between 0 and 1")
    html = Path(args.html) if args.html else None
    check_game_outputs(args.inputs, {"--html": html})
    source = " ".join(args.inputs)
    skipped: list[Path] = []
    records = load_records([Path(p) for p in args.inputs], skipped)
    if not records:
        raise UsageError(f"{source}: no finished game (no transcript with a game_end)")
    report = build(records, source=source, skipped=len(skipped),
                   resamples=args.resamples, seed=args.seed,
                   max_fallback_share=args.max_fallback_share,
                   include_capped=args.include_capped)
    if html is not None:
        write_text(html, to_html(report))
    if args.json:
        print(json.dumps(to_json(report), ensure_ascii=False))
    else:
        show(console, report)
        if args.html:
            console.print(f"Report: {args.html}", markup=False)
    return 0


def _with_ci(estimate: Estimate | Interval, digits: int = 2) -> str:
    return f"{number(estimate.value, digits)} {span(estimate.low, estimate.high, digits)}"


def _table(title: str, ratings: list[Rating], group: str | None,
           rates: dict[str, dict[str, Any]] | None = None) -> Table:
    """Ratings best first, then ``rates`` (fallback and refusal rates) when given; names
    never cut (numbers wrap first on a narrow terminal)."""
    caption = "[low, high]: 95% intervals" + (f"; {TIED_NOTE}" if any(
        r.tied_with for r in ratings) else "")
    table = Table(title=title, caption=Text(caption), box=box.SIMPLE_HEAD,
                  pad_edge=False, collapse_padding=True)
    table.add_column("#", justify="right")
    for name, width in (("model", max(len(r.player) for r in ratings)),
                        *([(group, max(len(r.group) for r in ratings))] if group else [])):
        table.add_column(name, no_wrap=True, min_width=width)
    columns = ("ordinal", *(() if group else ("Elo",)), "games", "seats", "win rate",
               *(name.replace("_rate", "s") for name in RATES if rates is not None))
    for column in columns:
        table.add_column(column, justify="right")
    for rank, r in enumerate(ratings, start=1):
        table.add_row(str(rank), Text(r.player), *([Text(tied_mark(r))] if group else []),
                      _with_ci(r.ordinal, 1), *(() if group else (_with_ci(r.elo, 0),)),
                      str(r.games), str(r.seats), _with_ci(r.win_rate),
                      *(rate_text(rates, r.player, name) for name in RATES if rates is not None))
    return table


def show(console: Console, report: Report) -> None:
    """The leaderboard and the ratings per side in the terminal."""
    board = report.leaderboard
    console.print(f"{report.source}: {counted_note(report)}; intervals from "
                  f"{board.resamples} bootstrap resamples of the deals (seed {board.seed})",
                  markup=False)
    if note := excluded_note(report):
        console.print(f"{note}:", markup=False)
        for e in report.excluded:
            console.print(f"  {e.game_id}  seat {e.seat}  {e.share:.0%}", markup=False)
    if not board.overall:
        console.print("No game was rated: every game was left out (--max-fallback-share "
                      "sets the share).", markup=False)
        return
    console.print(_table("Leaderboard (OpenSkill ordinal = μ − 3σ)", board.overall, None,
                         report.rates()))
    console.print(_table("By side", board.side, "side"))
