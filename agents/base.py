"""The Agent protocol and the spec strings that name agents on the command line."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from arena.engine import Decision, Observation, Request


class Agent(Protocol):
    """A seat's player. ``concurrent`` agents (models, humans) are awaited in parallel."""

    async def decide(self, observation: Observation, request: Request) -> Decision: ...


class SeededAgent:
    """Base for bots: a private RNG derived from the game seed and the seat."""

    concurrent = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)


Decide = TypeVar("Decide", bound=Callable[..., Awaitable[Decision]])


def blind(decide: Decide) -> Decide:
    """Mark a ``decide`` that never reads its observation: the engine then hands it an
    empty one instead of building the seat's view for every request. The mark belongs
    to the method, so an override that looks at the observation is shown everything."""
    decide.reads_observation = False  # type: ignore[attr-defined]
    return decide


def derive_seed(game_seed: int, seat: int, salt: str = "") -> int:
    """A stable per-seat seed (independent of Python's hash randomisation)."""
    digest = hashlib.blake2b(f"{game_seed}:{seat}:{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
