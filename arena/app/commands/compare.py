"""``arena compare INPUTS...``: players compared on shared deals (docs/metrics.md)."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from arena.app.commands._bounds import check_resamples
from arena.app.commands._game_inputs import add_games_command
from arena.app.commands.eval import add_include_capped, load_games
from arena.errors import UsageError
from evals.compare import Comparison, Pair, compare
from evals.paired import Difference
from evals.ratings import RESAMPLES
from evals.records import left_out_note
from evals.report import number, span


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_games_command(
        sub, "compare", help="players' differences in win rate, rating and metrics, paired by deal",
        description="Compare players (tournament pool names, else models, else agents) on the "
                    "deals both played: differences with 95%% intervals, p-values "
                    "Holm-corrected over the pairs, breakdowns per preset and role, and a "
                    "power line. Inputs are run folders, transcript folders and files.")
    parser.add_argument("--agents", nargs="+", metavar="PLAYER",
                        help="the players to compare, every pair of them (default: all)")
    parser.add_argument("--effect", type=float, metavar="D",
                        help="win-rate difference of the power line (default: the observed)")
    parser.add_argument("--resamples", type=int, default=RESAMPLES, metavar="N",
                        help=f"bootstrap resamples of the deals for ratings (default {RESAMPLES})")
    parser.add_argument("--seed", type=int, default=0, metavar="S",
                        help="seed of the bootstrap (default 0)")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")
    add_include_capped(parser)
    parser.set_defaults(run=cmd_compare)


def cmd_compare(args: argparse.Namespace, console: Console) -> int:
    check_resamples(args.resamples)
    records = load_games(args.inputs)
    try:
        result = compare(records, args.agents, effect=args.effect, resamples=args.resamples,
                         seed=args.seed, include_capped=args.include_capped)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        show(console, result)
    return 0


def _p(value: float | None) -> str:
    return "–" if value is None else f"{value:.2g}" if value < 0.01 else f"{value:.2f}"


def _signed(diff: Difference, digits: int = 2) -> str:
    return f"{diff.difference:+.{digits}f} {span(diff.low, diff.high, digits)}"


def _flip(diff: Difference) -> Difference:
    """b - a instead of a - b."""
    return replace(diff, a=diff.b, b=diff.a, difference=-diff.difference,
                   low=None if diff.high is None else -diff.high,
                   high=None if diff.low is None else -diff.low)


def _table(title: str, label: str, rows: dict[str, Difference | None], holm: bool) -> Table:
    """A row per measure: A's and B's per-deal means, A − B with its interval, p-values."""
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  collapse_padding=True)
    for column in (label, "A", "B", "A − B", "95% interval", "p",
                   *(("Holm p",) if holm else ()), "deals"):
        table.add_column(column, justify="left" if column == label else "right",
                         no_wrap=column != label, overflow="fold")  # only names fold
    for name, diff in rows.items():
        if diff is None:
            continue
        digits = 1 if name == "rating" else 3
        table.add_row(Text(name), number(diff.a, digits), number(diff.b, digits),
                      f"{diff.difference:+.{digits}f}", span(diff.low, diff.high, digits),
                      _p(diff.p), *((_p(diff.p_holm),) if holm else ()), str(diff.units))
    return table


def _matrix(result: Comparison) -> Table:
    """Row minus column win rate, with its interval and Holm p."""
    table = Table(title="Head to head: win rate, row − column [95%] (Holm p)",
                  title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("")
    for player in result.players:
        table.add_column(Text(player), justify="right")
    cells: dict[tuple[str, str], str] = {}
    for pair in result.pairs:
        if (diff := pair.win_rate) is not None:
            cells[pair.a, pair.b] = f"{_signed(diff)} ({_p(diff.p_holm)})"
            cells[pair.b, pair.a] = f"{_signed(_flip(diff))} ({_p(diff.p_holm)})"
    for row in result.players:
        table.add_row(Text(row), *(cells.get((row, col), "–") for col in result.players))
    return table


def show(console: Console, result: Comparison) -> None:
    """The matrix, then per pair: the measures, the breakdowns and the power line."""
    if note := left_out_note(result.left_out):
        console.print(note, markup=False)
    console.print(
        f"{result.games} games in {result.deals} deals; {result.draws} draw(s) (nobody or "
        f"everybody won: counted in win rates, left out of ratings); p-values Holm-corrected "
        f"over the {len(result.pairs)} pair(s), per measure", markup=False)
    console.print(_matrix(result))
    for pair in result.pairs:
        console.print(Text.assemble(
            (f"A = {pair.a}, B = {pair.b}", "bold"),
            f": {pair.paired_deals} shared deals; {pair.unpaired_deals} deal(s) "
            f"({pair.unpaired_games} games) with only one of them left out"))
        measures = {"win rate": pair.win_rate, "rating": pair.rating, **pair.metrics}
        console.print(_table("Measures", "measure", measures, holm=True))
        if len(pair.by_preset) > 1:
            console.print(_table("Win rate by preset", "preset", dict(pair.by_preset), holm=False))
        console.print(_table("Win rate by role", "role", dict(pair.by_role), holm=False))
        console.print(power_line(pair), markup=False)


def power_line(pair: Pair) -> str:
    """How many games a win-rate difference of ``pair.effect`` needs at this variance."""
    if pair.effect is None or pair.games_needed is None:
        return "Power: not enough spread measured to tell how many games a difference needs."
    more = pair.games_needed - pair.paired_games
    verdict = f"about {more} more games" if more > 0 else "the games played suffice"
    return (f"Power: {verdict} to resolve a win-rate difference of {pair.effect:.3f} at this "
            f"variance (about {pair.games_needed} games in shared deals; 80% power, "
            f"two-sided 5%).")
