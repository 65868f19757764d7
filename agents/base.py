"""The Agent protocol and the spec strings that name agents on the command line."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Coroutine
from typing import Any, Protocol, TypeVar

from arena.engine import Decision, Observation, Request


class Agent(Protocol):
    """A seat's player. ``concurrent`` agents (models, humans) are awaited in parallel
    (the attribute is read at each request)."""

    async def decide(self, observation: Observation, request: Request) -> Decision: ...


class SeededAgent:
    """Base for bots: a private RNG derived from the game seed and the seat."""

    concurrent = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.aside_rng = random.Random(f"aside:{seed}")

    def aside(self, decide: Callable[[], Decision]) -> Decision:
        """``decide()`` drawing from a stream of its own, the game's RNG left untouched, so
        the answer changes nothing in the rest of the game (a vote probe)."""
        main, self.rng = self.rng, self.aside_rng
        try:
            return decide()
        finally:
            self.rng = main


Self = TypeVar("Self")


def blind(
    choose: Callable[[Self, Request], Decision],
) -> Callable[[Self, Observation, Request], Coroutine[Any, Any, Decision]]:
    """Make an agent's ``decide`` from a synchronous ``choose(self, request)`` that never
    reads the observation. The engine sees the mark and calls ``choose`` in line: no
    view built, no coroutine per request. The mark belongs to the method, so a subclass
    that overrides ``decide`` to look at the observation is shown everything."""

    async def decide(self: Self, observation: Observation, request: Request) -> Decision:
        return choose(self, request)

    decide.choose = choose  # type: ignore[attr-defined]
    return decide


def derive_seed(game_seed: int, seat: int, salt: str = "") -> int:
    """A stable per-seat seed (independent of Python's hash randomisation)."""
    digest = hashlib.blake2b(f"{game_seed}:{seat}:{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")
