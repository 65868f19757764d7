"""``arena eval TRANSCRIPTS...``: deduction, deception, outcome and reliability metrics."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from arena.app.commands._game_inputs import add_games_command
from arena.app.reading import byte_progress
from arena.errors import UsageError
from evals import speech_scores
from evals.metrics import GROUPINGS, SECTIONS, evaluate, section_of
from evals.records import GameRecord, keep, left_out_note, load_records, transcript_paths
from evals.spot_the_ai import spot_the_ai

PROGRESS_FROM = 50  # show a progress bar when reading more files than this


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_games_command(
        sub, "eval", help="metrics of finished games: deduction, deception, outcomes",
        description="Evaluate transcripts (files, folders searched for *.jsonl, tournament "
                    "run folders: their games/); every metric is explained in docs/metrics.md.",
        metavar="TRANSCRIPT", dest="transcripts")
    parser.add_argument("--by", choices=tuple(GROUPINGS),
                        help="group the seat-level metrics by the seats' model, role, ...")
    parser.add_argument("--json", action="store_true", help="print the metrics as JSON")
    parser.add_argument("--speech-scores", "--judged", type=Path, action="append", default=[],
                        metavar="FILE", dest="speech_scores",
                        help="join a speech scores file of `arena score-speeches` by speech "
                             "(repeatable; old name: --judged)")
    add_include_capped(parser)
    parser.set_defaults(run=cmd_eval)


def add_include_capped(parser: argparse.ArgumentParser) -> None:
    """The ``--include-capped`` flag of every command that reads finished games."""
    parser.add_argument("--include-capped", action="store_true",
                        help="keep games stopped by the day limit or aborted (default: left "
                             "out and counted)")


def read_games(paths: Sequence[Path]) -> tuple[list[GameRecord], int]:
    """The finished games among ``paths`` and how many were skipped as unfinished."""
    skipped: list[Path] = []
    with byte_progress(paths, always=len(paths) > PROGRESS_FROM) as on_bytes:
        records = load_records(paths, skipped, on_bytes)
    return records, len(skipped)


def load_games(inputs: Sequence[str]) -> list[GameRecord]:
    """The finished games under ``inputs`` (run folders, transcript folders, files);
    unfinished ones are counted on stderr; UsageError when none is left."""
    paths = transcript_paths(Path(p) for p in inputs)
    if not paths:
        raise UsageError(f"no transcripts (*.jsonl) in {' '.join(inputs)}")
    records, skipped = read_games(paths)
    if skipped:
        Console(stderr=True).print(f"arena: skipped {skipped} unfinished game(s) (no game_end, "
                                   "or torn)", markup=False)
    if not records:
        raise UsageError(f"no finished game among {len(paths)} transcript(s)")
    return records


def cmd_eval(args: argparse.Namespace, console: Console) -> int:
    extra = ((speech_scores.collector(speech_scores.read_speech_scores(args.speech_scores)),)
             if args.speech_scores else ())
    records = load_games(args.transcripts)
    result = evaluate(records, args.by, extra, args.include_capped)
    spotted = spot_the_ai(keep(records, args.include_capped).games)
    if spotted["games"]:
        result["spot_the_ai"] = spotted
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
        return 0
    print_tables(result, console)
    if spotted["games"]:
        print_spot_the_ai(spotted, console)
    return 0


def print_spot_the_ai(spotted: dict[str, Any], console: Console) -> None:
    """Each player's share: models and bots passing for human, people taken for AI."""
    table = Table(title=f"Spot the AI ({spotted['games']} games with guesses)",
                  title_justify="left")
    for column in ("player", "share", "value", "95% interval", "judgements", "games"):
        table.add_column(column, justify="left" if column in ("player", "share") else "right")
    for player, row in spotted["players"].items():
        for share in ("taken_for_ai", "passed_for_human", "named_vs_people"):
            if (estimate := row.get(share)) is not None:
                table.add_row(player, share.replace("_", " "), number(estimate["value"]),
                              interval(estimate), str(estimate["n"]), str(estimate["games"]))
    pooled = spotted["named_vs_people"]
    table.add_row("every model and bot", "named vs people", number(pooled["value"]),
                  interval(pooled), str(pooled["n"]), str(pooled["games"]))
    console.print(table)
    console.print("named vs people: share of the player's seats named as AI minus share of "
                  "people's seats named (0: told apart no better than chance)", markup=False)


def number(value: float | None) -> str:
    if value is None:
        return "–"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3f}" if value == 0 or abs(value) >= 0.001 else f"{value:.1e}"


def interval(estimate: dict[str, Any]) -> str:
    if estimate["low"] is None:
        return ""
    return f"{number(estimate['low'])} – {number(estimate['high'])}"


def print_tables(result: dict[str, Any], console: Console) -> None:
    """One table per section: a row per metric (and group, with --by)."""
    groups: dict[str, dict[str, Any]] = result["groups"]
    names = list(dict.fromkeys(name for metrics in groups.values() for name in metrics))
    by = result["by"]
    used = result["games"] - result["capped"]
    deals = f" in {result['deals']} deals" if result["deals"] < used else ""
    note = left_out_note(result["left_out"])
    counted = f"{used} of {result['games']} games" if note else f"{used} games"
    console.print(Text.assemble((f"{counted}{deals}", "bold"), f"; {note}" if note else "",
                                f" by {by}" if by else "", "  (docs/metrics.md explains each)"))
    for section in SECTIONS:
        rows = [name for name in names if section_of(name) == section]
        if not rows:
            continue
        table = Table(title=section.replace("_", " ").capitalize(), title_justify="left")
        table.add_column("metric", no_wrap=True)
        if by:
            table.add_column(by, overflow="fold")
        table.add_column("value", justify="right")
        table.add_column("95% interval", justify="right")
        table.add_column("n", justify="right")
        table.add_column("deals" if deals else "games", justify="right")  # the clusters
        for name in rows:
            shown = [(key, metrics[name]) for key, metrics in groups.items() if name in metrics]
            for index, (key, estimate) in enumerate(shown):
                table.add_row(Text(name if index == 0 else ""), *((Text(key),) if by else ()),
                              number(estimate["value"]), interval(estimate), str(estimate["n"]),
                              str(estimate["games"]),
                              end_section=index == len(shown) - 1 and bool(by))
        console.print(table)
