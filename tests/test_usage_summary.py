"""Per-seat usage totals at the end of the transcript (issue: LLM seats, item 5)."""

from __future__ import annotations

import asyncio

from agents.random import RandomAgent
from arena.engine import Decision, Observation, Request, run_game
from arena.engine.events import UsageRecord, UsageSummary
from arena.engine.requests import Usage
from arena.presets import load_preset


class Billed(RandomAgent):
    """A random player that reports one model call per decision."""

    async def decide(self, observation: Observation, request: Request) -> Decision:
        decision = await super().decide(observation, request)
        decision.usage = (Usage(model="m", input_tokens=100, cached_tokens=40,
                                output_tokens=7, cost_usd=0.001, latency_s=0.0),)
        return decision


def test_summary_sums_each_seats_calls_and_is_god_only() -> None:
    config = load_preset("classic-8")
    agents = {s: Billed(s) if s <= 2 else RandomAgent(s) for s in range(1, 9)}
    result = asyncio.run(run_game(config, agents, seed=4))
    calls = [e for e in result.events if isinstance(e, UsageRecord)]
    summaries = [e for e in result.events if isinstance(e, UsageSummary)]
    assert len(summaries) == 1 and summaries[0].audience == "god"
    assert result.events[-2] is summaries[0]  # just before game_end
    summary = summaries[0]
    assert set(summary.seats) == {"1", "2"}
    for seat in ("1", "2"):
        made = [c for c in calls if c.seat == int(seat)]
        assert summary.seats[seat]["calls"] == len(made) > 0
        assert summary.seats[seat]["input_tokens"] == 100 * len(made)
        assert summary.seats[seat]["cached_tokens"] == 40 * len(made)
    assert summary.total["calls"] == len(calls)
    assert abs(summary.total["cost_usd"] - 0.001 * len(calls)) < 1e-9


def test_no_summary_without_model_seats() -> None:
    config = load_preset("classic-8")
    result = asyncio.run(run_game(config, {s: RandomAgent(s) for s in range(1, 9)}, seed=4))
    assert not [e for e in result.events if isinstance(e, UsageSummary)]
