"""``arena fork GAME.jsonl --at SEQ [--seat N=SPEC ...] [--prompts DIR ...]``: replay a
recorded game up to one of its events, then play on with other agents; the new
transcript names its parent game and the fork point."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from rich.console import Console

from arena.app.commands._game_setup import parse_seats
from arena.app.fork import fork_game, fork_point
from arena.outputs import check_outputs
from arena.transcript import read


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("fork", help="replay a game up to an event, then play on with "
                                         "other agents")
    parser.add_argument("game", metavar="GAME.jsonl")
    parser.add_argument("--at", type=int, required=True, metavar="SEQ",
                        help="the parent's last event whose decisions are replayed")
    parser.add_argument("--seat", action="append", default=[], metavar="N=SPEC",
                        help="the agent that plays seat N from the fork point (default: a "
                             "fresh agent of the seat's recorded spec; a langchain seat, or "
                             "a model at a URL not on this machine, must be named again)")
    parser.add_argument("--prompts", action="append", default=[], metavar="DIR",
                        help="a prompt set the parent's model seats may have read (repeat "
                             "for several); each model seat plays on the set, this or the "
                             "shipped one, whose texts its header entry records")
    parser.add_argument("--out", help="the new transcript (default: GAME-fork-SEQ.jsonl "
                                      "beside the parent)")
    parser.set_defaults(run=cmd_fork)


def cmd_fork(args: argparse.Namespace, console: Console) -> int:
    parent = Path(args.game)
    recorded = read(parent)
    at = fork_point(recorded.events, args.at)
    out = Path(args.out) if args.out else parent.with_name(f"{parent.stem}-fork-{at}.jsonl")
    check_outputs({"--out": out}, [parent])
    specs = parse_seats(args.seat, len(recorded.header.seats))
    result = asyncio.run(fork_game(parent, at, specs, out,
                                   [Path(folder) for folder in args.prompts]))
    console.print(f"forked {parent.name} at event {at}: {result.winner} won; "
                  f"transcript {out}", markup=False)
    return 0
