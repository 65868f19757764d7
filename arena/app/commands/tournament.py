"""``arena tournament CONFIG.toml``: many games of a pool of agents into a run folder."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from arena.app.costs import cost_text
from arena.app.tournament.config import load_config
from arena.app.tournament.lock import run_lock
from arena.app.tournament.pause import Pauses
from arena.app.tournament.ray import require_ray, run_ray
from arena.app.tournament.run import (
    RunFolder,
    Tracker,
    check_agents,
    run_local,
    summary,
)
from arena.app.tournament.schedule import schedule
from arena.errors import UsageError
from arena.files import read_text
from arena.outputs import WriteError, check_outputs
from arena.run_layout import CONFIG_FILE

PAUSED_EXIT = 3  # a model endpoint was paused (as `arena play` exits 3 on fallbacks)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("tournament", help="play a pool of agents against each other")
    parser.add_argument("config", help="tournament config (TOML), or a run folder with --resume")
    parser.add_argument("--out", help="run folder (default runs/<name>)")
    parser.add_argument("--resume", action="store_true",
                        help="finish the run in the folder: play only the games it lacks")
    parser.add_argument("--backend", choices=("local", "ray"), default="local")
    parser.add_argument("--workers", type=int,
                        help="Ray: games at a time and local CPUs (default: concurrency)")
    parser.add_argument("--ray-address", help="Ray: join this cluster instead of a local Ray")
    parser.add_argument("--quiet", action="store_true", help="no progress view")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(run=cmd_tournament)


def _paths(args: argparse.Namespace) -> tuple[Path, Path | None]:
    """The config file and the run folder the arguments name (None: runs/<name>)."""
    given = Path(args.config)
    if given.is_dir():
        if not args.resume:
            raise UsageError(f"{given} is a folder: give a config file, or add --resume")
        if not (given / CONFIG_FILE).exists():
            raise UsageError(f"{given}: no run to resume (no {CONFIG_FILE})")
        return given / CONFIG_FILE, Path(args.out) if args.out else given
    return given, Path(args.out) if args.out else None


def cmd_tournament(args: argparse.Namespace, console: Console) -> int:
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.backend != "ray" and (args.workers or args.ray_address):
        raise UsageError("--workers and --ray-address go with --backend ray")
    config_path, out = _paths(args)
    config = load_config(config_path)
    folder = RunFolder(out or Path("runs") / config.name)
    check_outputs({"--out": folder.path}, [config_path])
    games = schedule(config)
    unpriced = check_agents(config)
    if args.backend == "ray":
        require_ray(local=args.ray_address is None)
    with run_lock(folder.path):
        if args.resume:
            done = folder.resume(config)
        else:
            folder.start(read_text(config_path, UsageError), config)
            done = {}
        pending = [g for g in games if g.index not in done]
        with _progress(console, len(games), len(done), args.quiet, bool(unpriced)) as update:
            tracker = Tracker(folder, config.budget_usd, done, update, Pauses(config))
            update(tracker)
            try:
                if args.backend == "ray":
                    run_ray(config, pending, tracker, args.workers or config.concurrency,
                            args.ray_address)
                else:
                    asyncio.run(run_local(config, pending, tracker))
            except KeyboardInterrupt:
                print(f"arena: {_left(tracker, len(games), unpriced)}", file=sys.stderr)
                raise
            except WriteError as exc:  # the games already finished are kept
                raise WriteError(f"{exc}; {_left(tracker, len(games), unpriced)}") from None
    result = summary(tracker, len(games), unpriced)
    if args.json:
        print(json.dumps(result))
    else:
        console.print(f"{result['games']} of {result['total']} games in {result['folder']}, "
                      f"spent {cost_text(tracker.spent, bool(unpriced))}", markup=False)
        if unpriced:
            console.print(f"No price for the models of {', '.join(unpriced)}: their calls "
                          "are not counted (agents/providers/prices.toml)", markup=False)
        if result["stopped"]:
            console.print(f"Stopped: {result['stopped']}", markup=False)
        for endpoint, why in result["paused"].items():  # plain text: "openai:m:" is no emoji
            console.print(f"Paused {endpoint}: {why}", markup=False, emoji=False)
        if result["aborted"]:
            console.print(f"Aborted (played again on --resume): {len(result['aborted'])} "
                          f"games, spent {cost_text(result['aborted_usd'], bool(unpriced))} "
                          "of the total", markup=False)
        for game in result["aborted"]:
            console.print(f"  {game['path']}: seat {game['seat']} ({game['endpoint']}): "
                          f"{game['cause']}", markup=False, emoji=False)
    return PAUSED_EXIT if result["paused"] else 0


def _left(tracker: Tracker, total: int, unpriced: list[str]) -> str:
    """What a stopped run did and how to finish it."""
    return (f"{len(tracker.done)} of {total} games finished, spent "
            f"{cost_text(tracker.spent, bool(unpriced))}; the rest: arena tournament "
            f"{tracker.folder.path} --resume")


@contextmanager
def _progress(console: Console, total: int, done: int, quiet: bool,
              unpriced: bool) -> Iterator[Callable[[Tracker], None]]:
    """A live view of games done, ETA and spend (``unpriced``: some calls have no price);
    its update function for the tracker."""
    columns = (TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("ETA"), TimeRemainingColumn(), TextColumn("{task.fields[spent]}"))
    with Progress(*columns, console=console,
                  disable=quiet or not console.is_terminal) as progress:
        task = progress.add_task("games", total=total, completed=done,
                                 spent=cost_text(0.0, unpriced))

        def update(tracker: Tracker) -> None:
            progress.update(task, completed=len(tracker.done),
                            spent=cost_text(tracker.spent, unpriced))

        yield update
