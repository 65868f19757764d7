"""Model seats end to end: make_agent -> LLMAgent -> OpenAIProvider -> the stub server."""

from __future__ import annotations

import asyncio
from itertools import groupby

from agents import SeatOptions, make_agent
from arena.engine import GameResult, run_game
from arena.engine.events import Fallback, Refused, UsageRecord
from arena.presets import load_preset
from tests.llm.stub_server import StubServer, auto, decision, refusal, text


def play(stub: StubServer, model: str = "gpt-5.4-mini") -> GameResult:
    config = load_preset("classic-12")
    spec = f"openai:{model}@{stub.openai_url}"
    agents = {seat: make_agent(spec, seat, 7, SeatOptions(max_concurrency=12))
              for seat in range(1, config.players + 1)}
    return asyncio.run(run_game(config, agents, seed=7, timeout_s=10))


def test_a_whole_game_of_model_seats(stub: StubServer) -> None:
    result = play(stub)
    usage = [e for e in result.events if isinstance(e, UsageRecord)]
    assert result.winner in ("village", "wolves")
    assert not [e for e in result.events if isinstance(e, Fallback | Refused)]
    assert len(usage) == len(stub.seen)  # every call is accounted for, once
    assert all(u.model == "gpt-5.4-mini" and u.cost_usd > 0 for u in usage)
    assert sum(u.cached_tokens for u in usage) > 0  # the conversations only grow
    assert stub.max_in_flight > 1  # simultaneous requests were asked in parallel


def test_unusable_answers_are_asked_again_then_play_goes_on(stub: StubServer) -> None:
    # first decision: malformed, refused, then fine; second: an illegal seat, then fine
    stub.push(text("let me think..."), refusal(), auto(),
              decision({"reasoning": None, "target": 99, "targets": [99, 98]}), auto())
    result = play(stub)
    usage = [e for e in result.events if isinstance(e, UsageRecord)]
    calls = [len(list(run)) for _, run in groupby(usage, key=lambda u: (u.seat, u.kind))]
    assert calls[:3] == [3, 2, 1]
    assert not [e for e in result.events if isinstance(e, Fallback)]
