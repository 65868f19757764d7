"""`arena play --budget-usd X`: one game's model spend under a hard cap.

Every call of the game's model seats goes through the tournament's ``CappedProvider``,
paid from one ``Budget`` for the game (arena/app/budget.py): before it
starts it reserves a bound on its cost (a token per byte sent, every output token
allowed); when it returns, the reservation becomes its real cost. A call that does not
fit waits for the calls in flight to settle; if it still does not fit, the game stops
as ``aborted`` with cause ``budget`` (``OutOfBudget``) rather than go on with stand-in
bots: a game whose seats change players halfway measures neither. So the spend never
passes the cap, as long as providers honour ``max_tokens``.
"""

from __future__ import annotations

from collections.abc import Mapping

from agents.base import Agent
from agents.llm import LLMAgent
from agents.providers.prices import price_for
from arena.app.budget import Budget, capped
from arena.errors import UsageError


def check_prices(agents: Mapping[int, Agent]) -> None:
    """UsageError (one line) for a model seat without a price, whose spend no cap bounds."""
    for seat, agent in sorted(agents.items()):
        if isinstance(agent, LLMAgent) and price_for(agent.provider.model) is None:
            raise UsageError(f"--budget-usd: seat {seat}'s model {agent.provider.model} has "
                             "no price: add it to agents/providers/prices.toml (a local one "
                             "at 0.0), or drop --budget-usd")


def cap_seats(agents: Mapping[int, Agent], cap: float) -> Budget:
    """Put the model seats among ``agents`` under one budget of ``cap`` dollars."""
    budget = Budget(cap)
    for seat, agent in agents.items():
        if isinstance(agent, LLMAgent):
            agent.provider = capped(agent.provider, budget, seat)
    return budget
