"""An Inspect AI task (the optional ``inspect-ai`` package): arena games with the model
under evaluation in chosen seats, scored with the arena's metrics (docs/metrics.md,
Inspect)::

    inspect eval arena/app/inspect_task.py --model openai/gpt-4o-mini \\
        -T preset=fanlang-9 -T seats=1,5 -T games=10

Each sample is one game, its seed the i-th child of ``numpy.random.SeedSequence(seed)``
(independent streams: neighbouring task seeds share no game); the other seats play
``opponents`` (an agent spec, default the heuristic bot). A sample's score is the share
of the model's seats that won; its metadata holds every metric ``arena eval --by model``
reports for those seats. A game in which the model made none of its seats' decisions
(every one fell back: a dead endpoint) is an error, not a score.
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
from numpy.random import SeedSequence

from agents import make_agent
from agents.base import derive_seed
from agents.llm import LLMAgent
from agents.providers.inspect_model import InspectProvider
from arena.app.session import Session
from arena.presets import load_preset
from evals.metrics import evaluate
from evals.records import load_record
from evals.reliability import fallback_shares


@task
def werewolf(preset: str = "fanlang-9", seats: str | int | list[int | str] = "1",
             opponents: str = "heuristic", games: int = 1, seed: int = 0, rules: str = "",
             lang: str = "en", out_dir: str = "") -> Task:
    """``games`` games of ``preset`` with the model at ``seats`` (seat numbers: ``1,5`` on
    the command line, a list or a comma-separated string in Python); ``rules``:
    ``key=value;key=value`` overrides (e.g. ``eval.vote_probes=true``); ``out_dir``: keep
    the transcripts there for ``arena eval``."""
    overrides = _overrides(rules)
    chosen = seat_numbers(seats, load_preset(preset, overrides=overrides).players)
    samples = [Sample(input=f"{preset} game {i + 1}", id=i + 1, metadata={"seed": game_seed})
               for i, game_seed in enumerate(sample_seeds(int(seed), int(games)))]
    return Task(dataset=samples,
                solver=play(preset, chosen, opponents, overrides, lang, out_dir),
                scorer=arena_metrics())


def seat_numbers(value: str | int | list[int | str], players: int) -> tuple[int, ...]:
    """The seats ``value`` names (``1``, ``"1,5"``, ``[1, 5]``), each between 1 and
    ``players``, at least one; ValueError naming the value otherwise."""
    items = value if isinstance(value, list) else str(value).split(",")
    try:
        seats = tuple(dict.fromkeys(int(str(item).strip()) for item in items))
    except ValueError:
        raise ValueError(f"seats={value!r}: not seat numbers (e.g. seats=1,5)") from None
    if not seats or not all(1 <= seat <= players for seat in seats):
        raise ValueError(f"seats={value!r}: give seats between 1 and {players}")
    return seats


def sample_seeds(seed: int, games: int) -> list[int]:
    """One game seed per sample: the first 32-bit word of each of ``games`` children
    spawned from ``SeedSequence(seed)``."""
    return [int(child.generate_state(1)[0]) for child in SeedSequence(seed).spawn(games)]


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
        if all(fallback_shares(record).get(seat) == 1.0 for seat in seats):
            raise RuntimeError(f"the model made none of its decisions in the game of seed "
                               f"{game_seed} (every one fell back): not scored")
        identity = record.models[seats[0]]
        group = evaluate([record], "model", include_capped=True)["groups"].get(identity, {})
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
