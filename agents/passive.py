"""The passive agent: passes whenever legal, else the lowest legal option; says nothing."""

from __future__ import annotations

from agents.base import SeededAgent
from arena.engine import Decision, Observation, Request


class PassiveAgent(SeededAgent):
    async def decide(self, observation: Observation, request: Request) -> Decision:
        return request.default()
