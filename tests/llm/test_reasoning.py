"""Reasoning models: capabilities by model family, table overrides, reasoning tokens,
Claude's extended thinking and answers cut off at the output limit."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from agents import SeatOptions, provider_options
from agents.decisions import AnswerError
from agents.llm import read_reply
from agents.providers.anthropic import AnthropicProvider
from agents.providers.base import ChatProvider, ChatReply, ChatRequest, Message
from agents.providers.capabilities import Capabilities, capabilities_for
from agents.providers.registry import make_provider
from arena.engine import Request
from tests.llm.conftest import FAST
from tests.llm.stub_server import StubServer, decision

SCHEMA: dict[str, Any] = {"type": "object", "additionalProperties": False,
                          "required": ["target"],
                          "properties": {"target": {"type": "integer", "enum": [3, 5]}}}
REQUEST = ChatRequest(messages=(Message("system", "You are seat 1."),
                                Message("user", "Vote: 3 or 5?")),
                      schema_name="vote", schema=SCHEMA, temperature=0.3)


def ask(provider: ChatProvider, request: ChatRequest = REQUEST) -> ChatReply:
    return asyncio.run(provider.complete(request))


def seat(stub: StubServer, spec: str, **settings: Any) -> ChatProvider:
    url = stub.anthropic_url if spec.startswith("anthropic") else stub.openai_url
    options = provider_options(SeatOptions(**settings))
    return make_provider(f"{spec}@{url}", replace(FAST, capabilities=options.capabilities))


@pytest.mark.parametrize(("model", "reasoning"), [
    ("o1", True), ("o3", True), ("o3-mini-2025-01-31", True), ("o4-mini", True),
    ("gpt-5", True), ("gpt-5-nano", True), ("gpt-5.4-mini", True),
    ("gpt-4.1-mini", False), ("gpt-4o", False), ("qwen2.5-7b", False)])
def test_reasoning_families_take_no_temperature_and_room_to_think(model: str,
                                                                  reasoning: bool) -> None:
    caps = capabilities_for(model)
    assert caps.supports_temperature is not reasoning
    assert (caps.limit_parameter == "max_completion_tokens") is reasoning
    assert caps.max_tokens >= (8192 if reasoning else 1024)


def test_a_reasoning_model_gets_its_parameters_and_reports_reasoning_tokens(
        stub: StubServer) -> None:
    stub.reasoning_tokens = 700
    stub.push(decision({"target": 5}))
    reply = ask(seat(stub, "openai:o4-mini", reasoning_effort="low"))
    body = stub.seen[0].body
    assert "temperature" not in body and "max_tokens" not in body
    assert (body["max_completion_tokens"], body["reasoning_effort"]) == (16384, "low")
    assert reply.parsed == {"target": 5} and reply.cut_off is None
    assert reply.usage.reasoning_tokens == 700 // 4 < reply.usage.output_tokens  # low effort


def test_a_table_overrides_the_capabilities(stub: StubServer) -> None:
    ask(seat(stub, "openai:gpt-5-mini", supports_temperature=True, limit_parameter="max_tokens"),
        replace(REQUEST, max_tokens=4000))
    body = stub.seen[0].body
    assert (body["temperature"], body["max_tokens"]) == (0.3, 4000)
    assert "max_completion_tokens" not in body and "reasoning_effort" not in body
    assert provider_options(SeatOptions()).capabilities is None


def test_a_refused_temperature_is_never_sent(stub: StubServer) -> None:
    stub.unsupported = {"temperature"}  # as o-series and gpt-5 models answer
    assert ask(seat(stub, "openai:o3")).parsed is not None
    assert len(stub.seen) == 1


def test_an_answer_cut_off_by_reasoning_names_the_limit(stub: StubServer) -> None:
    stub.reasoning_tokens = 5000
    reply = ask(seat(stub, "openai:gpt-5-nano"), replace(REQUEST, max_tokens=1024))
    assert (reply.cut_off, reply.parsed, reply.raw["choices"][0]["finish_reason"]) == (
        1024, None, "length")
    assert reply.usage.output_tokens == 1024
    vote = Request(seat=1, kind="vote", day=1, options=(3, 5))
    with pytest.raises(AnswerError, match="cut off at the limit of 1024 output tokens"):
        read_reply(vote, reply, ())


def test_claude_thinks_with_the_tool_offered_not_forced(stub: StubServer) -> None:
    stub.push(decision({"target": 3}))
    provider = seat(stub, "anthropic:claude-sonnet-4-5", thinking_budget=2048)
    reply = ask(provider)
    body = stub.seen[0].body
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert body["tool_choice"] == {"type": "auto"} and "temperature" not in body
    assert body["max_tokens"] == 2048 + capabilities_for("claude-sonnet-4-5").max_tokens
    assert reply.parsed == {"target": 3} and reply.usage.output_format == "tool_auto"


def test_claude_without_a_budget_is_forced_to_the_tool(stub: StubServer) -> None:
    reply = ask(AnthropicProvider("claude-haiku-4-5", base_url=stub.anthropic_url,
                                  options=FAST))
    body = stub.seen[0].body
    assert "thinking" not in body and body["tool_choice"]["type"] == "tool"
    assert reply.usage.output_format == "tool"


def test_claude_cut_off_while_thinking_names_the_limit(stub: StubServer) -> None:
    stub.reasoning_tokens = 9000
    reply = ask(seat(stub, "anthropic:claude-opus-4-5", thinking_budget=4096),
                replace(REQUEST, max_tokens=1000))
    assert (reply.cut_off, reply.parsed) == (5096, None)
    assert reply.raw["stop_reason"] == "max_tokens"


def test_a_budget_below_the_minimum_is_refused() -> None:
    with pytest.raises(ValueError, match="thinking_budget"):
        SeatOptions(thinking_budget=500)
    with pytest.raises(ValueError, match="reasoning_effort"):
        SeatOptions.model_validate({"reasoning_effort": "extreme"})
    assert Capabilities(max_tokens=10).over(capabilities_for("o3")).max_tokens == 10

