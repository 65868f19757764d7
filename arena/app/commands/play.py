"""``arena play``: one game, shown live (a seat's view, or god's), recorded."""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from pathlib import Path

from rich.console import Console

from agents import MODELS, kind_of
from agents.providers.describe import safe_spec
from arena.app.commands._game_setup import add_game_options, build_setup, probe_models
from arena.app.costs import cost_text
from arena.app.session import Setup, play_one
from arena.engine import BaseEvent, GameResult
from arena.engine.game import usage_totals
from arena.errors import UsageError
from arena.fallbacks import MAX_SHARE, FallbackCount


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = sub.add_parser("play", help="play one game, shown live")
    add_game_options(play)
    play.add_argument("--out", help="transcript path (default transcripts/<id>.jsonl)")
    play.add_argument("--god", action="store_true", help="show the night and every secret")
    play.add_argument("--as-seat", type=int, help="show the game as one seat sees it")
    play.add_argument("--max-fallback-share", type=float, default=MAX_SHARE, metavar="SHARE",
                      help="exit 3 when a model seat fell back on more than this share of "
                           f"its decisions (default {MAX_SHARE})")
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
    if not 0 <= args.max_fallback_share <= 1:
        raise UsageError("--max-fallback-share must be between 0 and 1")
    probe_models(setup)
    preset = setup.config.preset or "custom deal"
    console.print(f"[bold]Werewolf Arena[/] · {preset} · {setup.config.players} players · "
                  f"seed {setup.seed}")
    models = FallbackCount(s for s, spec in setup.specs.items() if kind_of(spec) in MODELS)
    view = TerminalView(console, god=args.god, seat=seat, models=models)

    def show(event: BaseEvent) -> None:
        models(event)  # counted first: the view shows the count
        view(event)

    result = play_one(setup, setup.seed, out, show)
    for line in setup.scenario.unused() if setup.scenario else ():
        print(f"arena: warning: {line}", file=sys.stderr)
    _print_costs(console, result)
    failing = _print_fallbacks(console, models, setup, args.max_fallback_share)
    console.print(f"\nTranscript: {out}   (replay: arena replay {out})")
    if failing:
        return 3
    return 0 if result.winner else 1


def _print_fallbacks(console: Console, models: FallbackCount, setup: Setup,
                     max_share: float) -> list[int]:
    """Per model seat that fell back: fallbacks / decisions; the seats over ``max_share``."""
    labels = {seat: safe_spec(spec) for seat, spec in setup.specs.items()}
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


def _print_costs(console: Console, result: GameResult) -> None:
    """Model calls, tokens and cost per seat, when any seat is a model."""
    from rich.table import Table

    totals = usage_totals(result.events)
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
