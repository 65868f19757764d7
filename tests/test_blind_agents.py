"""A ``decide`` marked blind is handed an empty observation; an unmarked override of it
(a subclass that does look) is shown its seat's full view."""

from __future__ import annotations

import asyncio

from agents.base import blind, derive_seed
from agents.random import RandomAgent
from arena.engine import Decision, Observation, Request, run_game
from arena.engine.judge import SeatAgent
from arena.presets import load_preset


class Looker(RandomAgent):
    """Overrides the blind random decide and reads its observation."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shown: list[Observation] = []

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.shown.append(observation)
        return await super().decide(observation, request)


class BlindLooker(Looker):
    """Records what it is shown, but declares that it does not look."""

    @blind
    async def decide(self, observation: Observation, request: Request) -> Decision:
        return await super().decide(observation, request)


def test_blind_decides_get_an_empty_view_and_overrides_see_their_seat() -> None:
    config = load_preset("classic-8")
    agents: dict[int, Looker] = {
        s: (Looker if s % 2 else BlindLooker)(derive_seed(5, s)) for s in range(1, 9)}
    seats: dict[int, SeatAgent] = dict(agents)
    result = asyncio.run(run_game(config, seats, seed=5))
    for seat, agent in agents.items():
        assert agent.shown, f"seat {seat} was never asked"
        if isinstance(agent, BlindLooker):
            assert all(o.role is None and o.events == () for o in agent.shown)
        else:
            assert all(o.seat == seat and o.role == result.roles[seat] for o in agent.shown)
            assert all(o.events for o in agent.shown)
