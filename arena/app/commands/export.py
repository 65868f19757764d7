"""``arena export INPUTS... --csv OUT``: one row per seat per game (docs/metrics.md)."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from arena.app.commands._game_inputs import add_games_command
from arena.app.commands._outputs import check_game_outputs
from arena.app.commands.eval import add_include_capped, load_games
from arena.outputs import write_text
from evals.export import to_csv
from evals.records import keep, left_out_note


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_games_command(
        sub, "export", help="a tidy CSV of finished games: one row per seat per game",
        description="Write one CSV row per seat per game (roles, outcome, usage and each "
                    "metric's numerator and denominator) for pandas or R. Inputs are run "
                    "folders, transcript folders and files.")
    parser.add_argument("--csv", required=True, metavar="OUT", help="the CSV file to write")
    add_include_capped(parser)
    parser.set_defaults(run=cmd_export)


def cmd_export(args: argparse.Namespace, console: Console) -> int:
    check_game_outputs(args.inputs, {"--csv": Path(args.csv)})
    kept = keep(load_games(args.inputs), args.include_capped)
    write_text(Path(args.csv), to_csv(kept.games))
    seats = sum(len(record.roles) for record in kept.games)
    note = left_out_note(kept.left_out)
    console.print(f"{args.csv}: {seats} rows ({len(kept.games)} games)"
                  + (f"; {note}" if note else ""), markup=False)
    return 0
