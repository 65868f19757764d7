"""``arena export INPUTS... --csv OUT``: one row per seat per game (docs/metrics.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from arena.app.commands.eval import load_games
from arena.errors import UsageError
from arena.files import write_text
from evals.export import to_csv


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "export", help="a tidy CSV of finished games: one row per seat per game",
        description="Write one CSV row per seat per game (roles, outcome, usage and each "
                    "metric's numerator and denominator) for pandas or R. Inputs are run "
                    "folders, transcript folders and files.")
    parser.add_argument("inputs", nargs="+", metavar="RUN_DIR|TRANSCRIPT")
    parser.add_argument("--csv", required=True, metavar="OUT", help="the CSV file to write")
    parser.set_defaults(run=cmd_export)


def cmd_export(args: argparse.Namespace, console: Console) -> int:
    records = load_games(args.inputs)
    write_text(Path(args.csv), to_csv(records), UsageError)
    seats = sum(len(record.roles) for record in records)
    console.print(f"{args.csv}: {seats} rows ({len(records)} games)", markup=False)
    return 0
