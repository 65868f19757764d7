"""``arena simulate``: many games of bots and models in one event loop, wins counted."""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections import Counter
from pathlib import Path

from rich.console import Console

from arena.app.commands._game_setup import (
    add_game_options,
    build_setup,
    game_inputs,
    probe_models,
)
from arena.app.seeds import game_seed
from arena.app.session import play_game
from arena.errors import UsageError
from arena.outputs import check_outputs, make_folder


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sim = sub.add_parser("simulate", help="play many games and count the wins")
    add_game_options(sim)
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--json", action="store_true",
                     help="print the summary as one line of JSON (it holds the seed)")
    sim.add_argument("--out-dir", help="write every transcript here")
    sim.set_defaults(run=cmd_simulate)


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    from rich.progress import Progress

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    setup = build_setup(args)
    humans = setup.human_seats()
    if humans:
        raise UsageError(f"seat {humans[0]} is human: simulate plays bots and models only "
                         "(use `arena play --seat N=human`)")
    out_dir = Path(args.out_dir) if args.out_dir else None
    check_outputs({"--out-dir": out_dir}, game_inputs(args))
    if out_dir is not None:
        make_folder(out_dir)  # before any game is played
    probe_models(setup)
    wins: Counter[str] = Counter()
    days = 0
    started = time.perf_counter()
    err = Console(stderr=True)
    with Progress(console=err, disable=args.games < 50 or not err.is_terminal) as progress:
        task = progress.add_task("games", total=args.games)

        async def play_all() -> None:  # one event loop for every game
            nonlocal days
            for index in range(args.games):
                seed = game_seed(setup.seed, index)
                out = out_dir / f"game-{index:04d}-{seed}.jsonl" if out_dir else None
                result = await play_game(setup, seed, out)
                wins[result.winner] += 1
                days += result.days
                progress.advance(task)

        asyncio.run(play_all())
    elapsed = time.perf_counter() - started
    summary = {
        "games": args.games, "preset": setup.config.preset, "seed": setup.seed,
        "wins": dict(sorted(wins.items())), "mean_days": round(days / max(args.games, 1), 3),
        "games_per_second": round(args.games / elapsed, 2) if elapsed else None,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        console.print(f"{args.games} games of {summary['preset'] or 'custom deal'}, "
                      f"base seed {setup.seed}, {summary['games_per_second']} games/s, "
                      f"mean {summary['mean_days']} days")
        for side, count in summary["wins"].items():
            console.print(f"  {side:<10} {count:>6}  {count / args.games:6.1%}")
    return 0
