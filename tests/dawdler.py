"""Seats that answer late: a seeded random delay under a short time limit, some answers
billed like a model's, some unusable. ``Dawdler`` really sleeps (the judge's time limit
cuts it off); ``Stickler`` answers in line and raises the time-out itself, so its games
are the same on every run (the transcripts have the same shape)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from agents.random import RandomAgent
from arena.app.session import Session
from arena.engine import Decision, Observation, Request
from arena.engine.requests import SHAPES, UnusableAnswer, Usage
from arena.presets import load_preset

LIMIT_S = 0.004  # the judge's time limit; delays run to 1.5 times it, so some miss it


class Dawdler:
    """A seat that answers after a seeded random delay: a random legal answer (a
    self-destruct now and then), sometimes billed like a model's, sometimes unusable."""

    concurrent = True

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"dawdler:{seed}")
        self.bot = RandomAgent(seed)

    async def wait(self, delay: float) -> None:
        await asyncio.sleep(delay)

    async def decide(self, observation: Observation, request: Request) -> Decision:
        rng = self.rng
        delay, billed, unusable = rng.uniform(0, 1.5 * LIMIT_S), rng.random(), rng.random()
        await self.wait(delay)
        calls = (Usage(model="m", input_tokens=1 + int(delay * 1e6)),) if billed < 0.5 else ()
        if unusable < 0.1:
            raise UnusableAnswer("?", "no JSON object", calls)
        decision = (Decision(request.kind, yes=rng.random() < 0.1)
                    if SHAPES[request.kind] == "yes_no" else self.bot.pick(request))
        decision.usage = calls
        return decision


class Stickler(Dawdler):
    """A Dawdler that never sleeps: an answer later than the limit is a time-out."""

    concurrent = False

    async def wait(self, delay: float) -> None:
        if delay > LIMIT_S:
            raise TimeoutError


def play(preset: str, seed: int, out: Path, seat: type[Dawdler] = Dawdler,
         overrides: dict[str, Any] | None = None) -> None:
    """One game of ``preset`` (with rule ``overrides``) between late seats."""
    config = load_preset(preset, overrides=overrides)
    seats = range(1, config.players + 1)
    agents = {number: seat(seed * 100 + number) for number in seats}
    session = Session(config, dict(agents), seed=seed, specs=dict.fromkeys(seats, "dawdler"),
                      out=out, timeout_s=LIMIT_S)
    asyncio.run(session.run())
