"""Reasoning within a budget: an answer cut off while reasoning is asked again with a lower
effort (OpenAI) or half the thinking budget (Claude), and a decision's calls produce at
most SPEND times the output limit before the seat falls back."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents import SeatOptions, describe_agent, make_agent
from agents.llm import SPEND, LLMAgent, OutputSpent
from arena.engine import Decision, Request, observe
from arena.engine.requests import UnusableAnswer
from tests.llm.stub_server import StubServer
from tests.llm.test_context import seer_log

O4_LIMIT = 16384  # o4-mini's output limit (capabilities.toml)
VOTE = Request(seat=4, kind="vote", day=1, options=(1, 3))


def reasoning_seat(stub: StubServer, spec: str, **options: Any) -> LLMAgent:
    url = stub.anthropic_url if spec.startswith("anthropic") else stub.openai_url
    agent = make_agent(f"{spec}@{url}", 4, 1, SeatOptions(**options))
    assert isinstance(agent, LLMAgent)
    return agent


def vote(agent: LLMAgent, request: Request = VOTE) -> Decision:
    return asyncio.run(agent.decide(observe(seer_log()[:10], 4), request))


def output(usage: Any) -> int:
    return sum(u.output_tokens for u in usage)


def test_a_cut_off_answer_is_asked_again_at_a_lower_effort(stub: StubServer) -> None:
    """o4-mini cut off at 16,384 while reasoning 20,000 tokens: asked again at low effort
    (a quarter of the reasoning on the stub), it answers within twice its limit."""
    stub.reasoning_tokens = 20000
    decision = vote(reasoning_seat(stub, "openai:o4-mini"))
    efforts = [s.body.get("reasoning_effort") for s in stub.seen]
    limits = [s.body["max_completion_tokens"] for s in stub.seen]
    assert (efforts, limits) == ([None, "low"], [O4_LIMIT, O4_LIMIT])
    assert decision.target in (1, 3) and len(decision.usage) == 2  # the cut-off one billed
    assert decision.usage[0].output_tokens == O4_LIMIT
    assert output(decision.usage) <= SPEND * O4_LIMIT


def test_later_decisions_start_at_the_lowered_effort(stub: StubServer) -> None:
    """The cut-off is paid once a seat, not once a decision."""
    stub.reasoning_tokens = 20000
    agent = reasoning_seat(stub, "openai:o4-mini")
    vote(agent)
    later = vote(agent)
    assert [s.body.get("reasoning_effort") for s in stub.seen] == [None, "low", "low"]
    assert stub.seen[-1].body["max_completion_tokens"] == O4_LIMIT  # the full limit again
    assert len(later.usage) == 1 and later.usage[0].output_tokens < O4_LIMIT


def test_efforts_step_down_from_high(stub: StubServer) -> None:
    stub.reasoning_tokens = 24000  # high: 24,000; medium: 12,000
    decision = vote(reasoning_seat(stub, "openai:o4-mini", reasoning_effort="high"))
    assert [s.body["reasoning_effort"] for s in stub.seen] == ["high", "medium"]
    assert decision.target in (1, 3) and output(decision.usage) <= SPEND * O4_LIMIT


def test_the_budget_lasts_through_the_judges_tries(stub: StubServer) -> None:
    """At the lowest effort there is no lower step: the judge asks again once (the budget
    holds one more try), then the seat raises OutputSpent: the judge falls back."""
    stub.reasoning_tokens = 80000  # low: 20,000, over the limit
    agent = reasoning_seat(stub, "openai:o4-mini", reasoning_effort="low")
    with pytest.raises(UnusableAnswer, match="cut off") as refused:
        vote(agent)
    with pytest.raises(OutputSpent, match=f"{SPEND * O4_LIMIT}") as spent:
        vote(agent, Request(seat=4, kind="vote", day=1, options=(1, 3),
                            context={"error": refused.value.reason}))
    assert output(refused.value.usage) + output(spent.value.usage) == SPEND * O4_LIMIT
    assert len(stub.seen) == 2


def test_claude_thinks_again_on_half_the_budget(stub: StubServer) -> None:
    """The stub's Claude thinks up to twice its budget: at 2,048 it runs past the limit of
    4,096; on 1,024 it answers."""
    stub.reasoning_tokens = 5000
    decision = vote(reasoning_seat(stub, "anthropic:claude-sonnet-4-5", thinking_budget=2048))
    assert [s.body["thinking"]["budget_tokens"] for s in stub.seen] == [2048, 1024]
    assert [s.body["max_tokens"] for s in stub.seen] == [2048 + 2048, 1024 + 2048]
    assert decision.target in (1, 3) and output(decision.usage) <= SPEND * 4096


def test_claude_out_of_budget_falls_back(stub: StubServer) -> None:
    stub.reasoning_tokens = 9000
    agent = reasoning_seat(stub, "anthropic:claude-sonnet-4-5", thinking_budget=4096,
                           max_tokens=1000)
    with pytest.raises(OutputSpent) as spent:
        vote(agent)
    assert [s.body["thinking"]["budget_tokens"] for s in stub.seen] == [4096, 2048, 1024]
    assert output(spent.value.usage) <= SPEND * (4096 + 1000)


def test_a_seats_decision_budget_is_in_its_description(stub: StubServer) -> None:
    agent = reasoning_seat(stub, "openai:o4-mini")
    assert describe_agent(agent)["decision_output_tokens"] == SPEND * O4_LIMIT
