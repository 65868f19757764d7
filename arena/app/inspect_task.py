"""An Inspect AI task (the optional ``inspect-ai`` package): arena games with the model
under evaluation in chosen seats, scored with the arena's metrics (docs/metrics.md,
Inspect)::

    inspect eval arena/app/inspect_task.py --model openai/gpt-4o-mini \\
        -T preset=fanlang-9 -T seats=1,5 -T games=10

Each sample is one game (seed ``seed + i``); the other seats play ``opponents`` (an agent
spec, default the heuristic bot). A sample's score is the share of the model's seats that
won; its metadata holds every metric ``arena eval --by model`` reports for those seats.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import Sample
from inspect_ai.model import get_model
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import Generate, Solver, TaskState, solver

from agents import make_agent
from agents.base import derive_seed
from agents.llm import LLMAgent
from agents.providers.inspect_model import InspectProvider
from arena.app.session import Session
from arena.presets import load_preset
from evals.metrics import evaluate
from evals.records import load_record


@task
def werewolf(preset: str = "fanlang-9", seats: str = "1", opponents: str = "heuristic",
             games: int = 1, seed: int = 0, rules: str = "", lang: str = "en",
             out_dir: str = "") -> Task:
    """``games`` games of ``preset`` with the model at ``seats`` (comma-separated seat
    numbers); ``rules``: ``key=value;key=value`` overrides (e.g. ``eval.vote_probes=true``);
    ``out_dir``: keep the transcripts there for ``arena eval``."""
    chosen = tuple(int(s) for s in str(seats).split(",") if s.strip())
    samples = [Sample(input=f"{preset} game {i + 1}", id=i + 1,
                      metadata={"seed": int(seed) + i}) for i in range(int(games))]
    return Task(dataset=samples,
                solver=play(preset, chosen, opponents, _overrides(rules), lang, out_dir),
                scorer=arena_metrics())


def _overrides(text: str) -> dict[str, Any]:
    pairs = (item.partition("=") for item in str(text).split(";") if item.strip())
    return {key.strip(): value.strip() for key, _, value in pairs}


@solver
def play(preset: str, seats: tuple[int, ...], opponents: str, overrides: dict[str, Any],
         lang: str, out_dir: str) -> Solver:
    """Play the sample's game; its metrics for the model's seats go into the metadata."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        game_seed = int(state.metadata["seed"])
        config = load_preset(preset, overrides=overrides)
        provider = InspectProvider(get_model())
        agents: dict[int, Any] = {}
        specs: dict[int, str] = {}
        for seat in range(1, config.players + 1):
            if seat in seats:
                agents[seat] = LLMAgent(provider, seed=derive_seed(game_seed, seat), lang=lang)
                specs[seat] = f"inspect:{provider.model}"
            else:
                agents[seat] = make_agent(opponents, seat, game_seed, None, lang)
                specs[seat] = opponents
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(out_dir or scratch)
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{preset}-{game_seed}.jsonl"
            await Session(config, agents, seed=game_seed, specs=specs, out=path).run()
            record = load_record(path)
        if record is None:
            raise RuntimeError(f"the game of seed {game_seed} did not end")
        identity = record.models[seats[0]]
        group = evaluate([record], "model")["groups"].get(identity, {})
        won = [seat in record.winners for seat in seats]
        state.metadata["arena"] = {name: e["value"] for name, e in group.items()}
        state.metadata["won"] = sum(won) / len(won)
        state.metadata["winner"] = record.winner
        return state

    return solve


@scorer(metrics=[mean(), stderr()])
def arena_metrics() -> Scorer:
    """The share of the model's seats that won the game; the arena metrics as metadata."""

    async def score(state: TaskState, target: Target) -> Score:
        won = float(state.metadata["won"])
        return Score(value=won, answer=str(state.metadata["winner"]),
                     explanation=f"{state.metadata['winner']} won; the model's seats won "
                                 f"{won:.0%}", metadata=state.metadata["arena"])

    return score
