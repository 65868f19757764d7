"""The Ray backend: each game a Ray task; the driver writes transcripts and the manifest.

A worker plays its game into a temporary file and returns the file's text with
the outcome, so the run folder (and ``--resume``) works exactly as with the
local backend. Spend is counted as games finish.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from arena.tournament import Outcome, Tracker, play_spec
from arena.tournament_config import TournamentConfig, TournamentError
from arena.tournament_schedule import GameSpec


def play_remote(config_data: dict[str, Any], spec: GameSpec) -> tuple[str, Outcome]:
    """Play one game where this runs; its transcript text and its outcome."""
    config = TournamentConfig.model_validate(config_data)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"{spec.game_id}.jsonl"
        outcome = asyncio.run(play_spec(config, spec, out))
        return out.read_text(encoding="utf-8"), outcome


def require_ray() -> Any:
    """The ray module, or a one-line error that says how to install it."""
    try:
        import ray
    except ImportError:
        raise TournamentError("--backend ray needs Ray: pip install werewolf-arena[ray]") from None
    return ray


def run_ray(config: TournamentConfig, pending: list[GameSpec], tracker: Tracker,
            workers: int, address: str | None = None) -> None:
    """Play the pending games as Ray tasks, ``workers`` at a time.

    Joins the cluster at ``address``, else starts (and stops) a local Ray with
    ``workers`` CPUs; a Ray already initialised in this process is used as it is.
    """
    ray = require_ray()
    started_here = not ray.is_initialized()
    if started_here:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        _drive(ray, config, pending, tracker, workers)
    finally:
        if started_here:
            ray.shutdown()


def _drive(ray: Any, config: TournamentConfig, pending: list[GameSpec], tracker: Tracker,
           workers: int) -> None:
    task = ray.remote(play_remote)
    data = config.model_dump(mode="json")
    queue = iter(pending)
    in_flight: list[Any] = []
    while True:
        while len(in_flight) < workers and not tracker.over_budget():
            spec = next(queue, None)
            if spec is None:
                break
            in_flight.append(task.remote(data, spec))
        if not in_flight:
            return
        ready, in_flight = ray.wait(in_flight, num_returns=1)
        text, outcome = ray.get(ready[0])
        path = tracker.folder.path / outcome.path
        path.write_text(text, encoding="utf-8")
        tracker.finish(outcome)
