"""``arena replay FILE``: show a transcript, or ``--verify`` that the engine reproduces it."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from arena.app import reproduce
from arena.app.commands._seat_view import read_for_seat


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rep = sub.add_parser("replay", help="show or verify a transcript")
    rep.add_argument("file")
    rep.add_argument("--verify", action="store_true")
    rep.add_argument("--seat", type=int, help="show exactly what this seat saw")
    rep.set_defaults(run=cmd_replay)


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    path = Path(args.file)
    if args.verify:
        ok, message = reproduce.verify(path)
        console.print(("OK: " if ok else "MISMATCH: ") + message, markup=False)
        return 0 if ok else 1
    from agents.terminal_view import render_transcript

    record = read_for_seat(path, args.seat)
    render_transcript(record.events, console, god=args.seat is None, seat=args.seat)
    return 0
