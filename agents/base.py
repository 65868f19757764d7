"""The Agent protocol and the spec strings that name agents on the command line."""

from __future__ import annotations

import hashlib
import random
from typing import Protocol

from arena.engine import Decision, Observation, Request


class Agent(Protocol):
    """A seat's player. ``concurrent`` agents (models, humans) are awaited in parallel."""

    async def decide(self, observation: Observation, request: Request) -> Decision: ...


class SeededAgent:
    """Base for bots: a private RNG derived from the game seed and the seat."""

    concurrent = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)


def derive_seed(game_seed: int, seat: int, salt: str = "") -> int:
    """A stable per-seat seed (independent of Python's hash randomisation)."""
    digest = hashlib.blake2b(f"{game_seed}:{seat}:{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
