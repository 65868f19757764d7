"""The passive agent: passes whenever legal, else the lowest legal option; says nothing."""

from __future__ import annotations

from agents.base import SeededAgent, blind
from arena.engine import Decision, Request


class PassiveAgent(SeededAgent):
    @blind
    def decide(self, request: Request) -> Decision:
        return request.default()
