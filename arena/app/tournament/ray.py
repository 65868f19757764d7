"""The Ray backend: each game a Ray task; the driver writes transcripts and the manifest.

A worker plays its game into a temporary file and returns the file's text with
the outcome, so the run folder (and ``--resume``) works exactly as with the
local backend. With a budget each game gets an allowance, booked in the ledger
when it is sent and corrected by its real spend when it returns; a game whose
model calls would pass its allowance stops aborted (kept, and played again on resume).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from arena.app.budget import Budget
from arena.app.tournament.aborts import AbortedGame
from arena.app.tournament.config import TournamentConfig, TournamentError
from arena.app.tournament.ray_head import LOOPBACK_ONLY
from arena.app.tournament.run import Outcome, Tracker, play_spec
from arena.app.tournament.schedule import GameSpec
from arena.outputs import write_text


def play_remote(config_data: dict[str, Any], spec: GameSpec,
                allowance: float | None) -> tuple[Outcome | AbortedGame, str, float]:
    """Play one game where this runs: its outcome (or what stopped it: out of allowance,
    a failing endpoint), its transcript text and its spend."""
    config = TournamentConfig.model_validate(config_data)
    budget = Budget(allowance)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"{spec.game_id}.jsonl"
        result = asyncio.run(play_spec(config, spec, out, budget))
        text = out.read_text(encoding="utf-8")
    return result, text, budget.spent


def require_ray(local: bool = False) -> Any:
    """The ray module, or a one-line error that says how to install it. ``local``: for
    a local head, which binds to loopback (its driver must then see it there too)."""
    if local:
        os.environ.setdefault(*LOOPBACK_ONLY)
    try:
        import ray
    except ImportError:
        raise TournamentError("--backend ray needs Ray: pip install werewolf-arena[ray]") from None
    return ray


@contextmanager
def local_head(cpus: int) -> Iterator[str]:
    """The address of a local Ray head that stops when this exits or the process dies.

    Its driver joins it by address, so it runs without Ray's token authentication
    (which only a driver that starts Ray itself sets up), as ``ray start`` does.
    """
    head = subprocess.Popen([sys.executable, "-m", "arena.app.tournament.ray_head", str(cpus)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            start_new_session=True,
                            env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    assert head.stdin is not None and head.stdout is not None
    try:
        address = head.stdout.readline().strip()
        if not address:
            raise TournamentError("the local Ray did not start (see the messages above)")
        yield address
    finally:
        head.stdin.close()
        head.wait()


def run_ray(config: TournamentConfig, pending: list[GameSpec], tracker: Tracker,
            workers: int, address: str | None = None) -> None:
    """Play the pending games as Ray tasks, ``workers`` at a time.

    Joins the cluster at ``address``, else starts a local Ray with ``workers``
    CPUs in a process group of its own, stopped at the end, on Ctrl-C and when
    this process is killed; a Ray already initialised here is used as it is.
    """
    ray = require_ray(local=address is None)
    if ray.is_initialized():
        _drive(ray, config, pending, tracker, workers)
        return
    with _address(address, workers) as joined:
        ray.init(address=joined, log_to_driver=False)
        try:
            _drive(ray, config, pending, tracker, workers)
        finally:
            ray.shutdown()


@contextmanager
def _address(address: str | None, workers: int) -> Iterator[str]:
    if address:
        yield address
        return
    with local_head(workers) as local:
        yield local


def _drive(ray: Any, config: TournamentConfig, pending: list[GameSpec], tracker: Tracker,
           workers: int) -> None:
    task = ray.remote(play_remote)
    data = config.model_dump(mode="json")
    budget = tracker.budget
    queue = deque(pending)
    in_flight: dict[Any, tuple[int, float]] = {}  # task -> (game index, allowance booked)
    while True:
        while (len(in_flight) < workers
               and tracker.admits([i for i, _ in in_flight.values()], workers - len(in_flight))
               and (spec := tracker.take(queue)) is not None):
            allowance = None
            if budget.cap is not None:
                allowance = budget.left / (workers - len(in_flight) if in_flight else 1)
                budget.book(spec.index, allowance)
            in_flight[task.remote(data, spec, allowance)] = (spec.index, allowance or 0.0)
        if not in_flight:
            return
        ready, _ = ray.wait(list(in_flight), num_returns=1)
        index, booked = in_flight.pop(ready[0])
        result, text, spent = ray.get(ready[0])
        budget.book(index, spent - booked)
        write_text(tracker.folder.path / result.path, text)
        tracker.settle(result)
