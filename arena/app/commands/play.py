"""``arena play``: one game, shown live (a seat's view, or god's), recorded."""

from __future__ import annotations

import argparse
import math
import sys
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from agents import MODELS, kind_of
from agents.breaker import FAILURES, SECONDS, Limits
from agents.providers.describe import safe_spec
from arena.app.commands._game_setup import (
    add_game_options,
    build_setup,
    game_inputs,
    probe_models,
)
from arena.app.costs import cost_text
from arena.app.session import Setup, play_one
from arena.engine import BaseEvent, StopGame
from arena.engine.events import Fallback
from arena.engine.game import usage_totals
from arena.errors import ABORTED, UsageError
from arena.fallbacks import MAX_SHARE, MIN_DECISIONS, FallbackCount
from arena.outputs import check_outputs
from arena.text import catalog


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = sub.add_parser("play", help="play one game, shown live")
    add_game_options(play)
    play.add_argument("--out", help="transcript path (default transcripts/<id>.jsonl)")
    play.add_argument("--god", action="store_true", help="show the night and every secret")
    play.add_argument("--as-seat", type=int, help="show the game as one seat sees it")
    play.add_argument("--max-fallback-share", type=float, default=MAX_SHARE, metavar="SHARE",
                      help="exit 3 when a model seat fell back on more than this share of "
                           f"its decisions (default {MAX_SHARE}); past it after "
                           f"{MIN_DECISIONS} decisions, the game stops (aborted)")
    play.add_argument("--budget-usd", type=float, metavar="USD",
                      help="a hard cap on what the game's model calls cost: the game stops "
                           "(aborted, exit 3) before a call that could pass it")
    play.add_argument("--abort-after", type=int, default=FAILURES, metavar="CALLS",
                      help="stop the game (aborted, exit 3) after this many failed calls in a "
                           f"row to one model endpoint (default {FAILURES})")
    play.add_argument("--abort-after-s", type=float, default=SECONDS, metavar="SECONDS",
                      help="... or after this many seconds of failing calls to it "
                           f"(default {SECONDS:g})")
    play.set_defaults(run=cmd_play)


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from agents.terminal_view import TerminalView

    setup = build_setup(args)
    if args.god and args.as_seat is not None:
        raise UsageError("choose --god or --as-seat, not both")
    if args.as_seat is not None and not 1 <= args.as_seat <= setup.config.players:
        raise UsageError(f"--as-seat {args.as_seat}: the table has seats 1 to "
                         f"{setup.config.players}")
    seat = _live_seat(args, setup)
    game_id = f"{time.strftime('%Y%m%d-%H%M%S')}-{uuid.uuid4().hex[:6]}"
    out = Path(args.out) if args.out else Path("transcripts") / f"{game_id}.jsonl"
    if out.is_dir():
        raise UsageError(f"--out {out}: is a folder; give a file path")
    check_outputs({"--out": out}, game_inputs(args))
    if not 0 <= args.max_fallback_share <= 1:
        raise UsageError("--max-fallback-share must be between 0 and 1")
    setup.abort_after = _limits(args)
    if args.budget_usd is not None:
        if not math.isfinite(args.budget_usd) or args.budget_usd <= 0:
            raise UsageError(f"--budget-usd {args.budget_usd}: give a positive amount")
        setup.budget_usd = args.budget_usd
    probe_models(setup)
    words = catalog(args.lang)
    console.print(words.t("play.header", preset=setup.config.preset or words.t("play.custom"),
                          players=setup.config.players, seed=setup.seed), style="bold",
                  markup=False)
    models = FallbackCount(s for s, spec in setup.specs.items() if kind_of(spec) in MODELS)
    view = TerminalView(console, god=args.god, seat=seat, lang=args.lang, models=models)
    labels = {seat: safe_spec(spec) for seat, spec in setup.specs.items()}

    def show(event: BaseEvent) -> None:
        models(event)  # counted first: the view shows the count
        view(event)
        if isinstance(event, Fallback):
            models.stop_if_over(event.seat, args.max_fallback_share, labels[event.seat])

    try:
        result = play_one(setup, setup.seed, out, show)
    except StopGame as stop:
        _print_costs(console, stop.log)
        _print_fallbacks(console, models, labels, args.max_fallback_share)
        print(f"arena: game aborted: {stop.summary()}; transcript {out}", file=sys.stderr)
        return ABORTED
    for line in setup.scenario.unused() if setup.scenario else ():
        print(f"arena: warning: {line}", file=sys.stderr)
    _print_costs(console, result.events)
    failing = _print_fallbacks(console, models, labels, args.max_fallback_share)
    console.print("\n" + words.t("play.transcript", out=out), markup=False)
    if failing:
        return ABORTED
    return 0 if result.winner else 1


def _limits(args: argparse.Namespace) -> Limits:
    if args.abort_after < 1:
        raise UsageError(f"--abort-after {args.abort_after}: give at least 1 call")
    if not math.isfinite(args.abort_after_s) or args.abort_after_s <= 0:
        raise UsageError(f"--abort-after-s {args.abort_after_s}: give a positive number of "
                         "seconds")
    return Limits(args.abort_after, args.abort_after_s)


def _print_fallbacks(console: Console, models: FallbackCount, labels: dict[int, str],
                     max_share: float) -> list[int]:
    """Per model seat that fell back: fallbacks / decisions; the seats over ``max_share``."""
    for line in models.lines(labels):
        console.print(f"Fallbacks: {line}", style="bold red", markup=False)
    failing = models.over(max_share)
    if failing:
        console.print(f"Model seats {', '.join(map(str, failing))} fell back on more than "
                      f"{max_share:.0%} of their decisions: the game says little about "
                      "them (exit code 3)", style="bold red", markup=False)
    return failing


def _live_seat(args: argparse.Namespace, setup: Setup) -> int | None:
    """The seat whose view is shown live: the human seat (who may see nothing else), or
    --as-seat."""
    humans = setup.human_seats()
    if not humans:
        as_seat: int | None = args.as_seat
        return as_seat
    if len(humans) > 1:
        raise UsageError("only one human seat can play at one terminal")
    if args.god or args.as_seat not in (None, humans[0]):
        raise UsageError(f"seat {humans[0]} is human and sees only its own view: "
                         "drop --god / --as-seat")
    return humans[0]


def _print_costs(console: Console, events: Sequence[BaseEvent]) -> None:
    """Model calls, tokens and cost per seat, when any seat is a model."""
    from rich.table import Table

    totals = usage_totals(events)
    if not totals:
        return
    table = Table(title="Model usage")
    for column in ("seat", "calls", "input tokens", "cache reads", "cache writes",
                   "output tokens", "cost"):
        table.add_column(column, justify="right")
    def row(label: str, t: dict[str, float]) -> None:
        table.add_row(label, f"{t['calls']:.0f}", f"{t['input_tokens']:.0f}",
                      f"{t['cached_tokens']:.0f}", f"{t['cache_write_tokens']:.0f}",
                      f"{t['output_tokens']:.0f}",
                      cost_text(t["cost_usd"], t["unpriced_calls"] > 0))

    for seat, t in totals.items():
        row(str(seat), t)
    table.add_section()
    row("total", {k: sum(t[k] for t in totals.values()) for k in next(iter(totals.values()))})
    console.print(table)
