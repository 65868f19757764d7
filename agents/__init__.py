"""Agents behind one async interface, named by spec strings (design.md section 3)."""

from __future__ import annotations

from agents.base import Agent, derive_seed

BUILT_IN = ("random", "passive", "heuristic")
PLANNED = ("human", "web", "openai", "anthropic", "langchain")


class AgentSpecError(ValueError):
    """An agent spec that names no agent available here."""


def make_agent(spec: str, seat: int, game_seed: int) -> Agent:
    """Build the agent a spec names, seeded from the game seed and the seat."""
    name = spec.split(":", 1)[0].strip()
    seed = derive_seed(game_seed, seat, name)
    if name == "random":
        from agents.random import RandomAgent

        return RandomAgent(seed)
    if name == "passive":
        from agents.passive import PassiveAgent

        return PassiveAgent(seed)
    if name == "heuristic":
        from agents.heuristic import HeuristicAgent

        return HeuristicAgent(seed)
    if name in PLANNED:
        raise AgentSpecError(f"agent {spec!r} is not available in this version yet")
    raise AgentSpecError(f"unknown agent {spec!r} (built in: {', '.join(BUILT_IN)})")


__all__ = ["Agent", "AgentSpecError", "make_agent"]
