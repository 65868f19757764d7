"""Digests of the heuristic's decisions in seeded games, against a fixture recorded
before the belief was made fast (issue 19): the exact path must decide alike.

Regenerate (only when a change of decisions is intended):
``.venv/bin/python -m tests.heuristic_golden --write``.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
from pathlib import Path

from agents import make_agent
from arena.engine import Decision, GameConfig, Observation, Request, run_game
from arena.engine.judge import SeatAgent
from arena.presets import load_preset, preset_names

FIXTURE = Path(__file__).parent / "fixtures" / "heuristic_decisions.json"
SMALL_SEEDS = range(12)  # tables of up to 12 seats
LARGE_SEEDS = range(4)  # larger tables


class Recorder:
    """A seat's agent, passed through, its every answer written to a shared log."""

    concurrent = False

    def __init__(self, inner: SeatAgent, seat: int, log: list[str]) -> None:
        self.inner, self.seat, self.log = inner, seat, log

    async def decide(self, observation: Observation, request: Request) -> Decision:
        decision = await self.inner.decide(observation, request)
        self.log.append(json.dumps([self.seat, request.kind, decision.to_dict(),
                                    decision.beliefs], sort_keys=True))
        return decision


def digest(config: GameConfig, seed: int) -> str:
    """The sha256 of every decision of one all-heuristic game."""
    log: list[str] = []
    agents: dict[int, SeatAgent] = {
        s: Recorder(make_agent("heuristic", s, seed), s, log)
        for s in range(1, config.players + 1)}
    asyncio.run(run_game(config, agents, seed=seed))
    return hashlib.sha256("\n".join(log).encode()).hexdigest()


def seeds(config: GameConfig) -> range:
    return SMALL_SEEDS if config.players <= 12 else LARGE_SEEDS


def record() -> dict[str, list[str]]:
    """Every preset's digests, per seed."""
    out: dict[str, list[str]] = {}
    for name in preset_names():
        config = load_preset(name)
        out[name] = [digest(config, seed) for seed in seeds(config)]
        print(name, flush=True)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    golden = record()
    if args.write:
        FIXTURE.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")
