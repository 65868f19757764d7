"""The Anthropic provider against the local stub server."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import pytest

from agents.providers.anthropic import AnthropicProvider, tool_name
from agents.providers.base import ChatReply, ChatRequest, Message, ProviderError
from agents.providers.prices import default_prices
from agents.providers.registry import check_keys, make_provider
from tests.llm.conftest import FAKE_KEY, FAST
from tests.llm.stub_server import StubServer, decision, drop, empty, refusal, status, text

SCHEMA: dict[str, Any] = {"type": "object", "required": ["target"],
                          "properties": {"target": {"type": "integer", "enum": [3, 5]}}}
RULES = "Rules of the game. " * 250  # over the 1,024 tokens a cached prefix needs
REQUEST = ChatRequest(
    messages=(Message("system", RULES), Message("system", "You are seat 1."),
              Message("user", "Night 1 ..."), Message("assistant", '{"target": 3}'),
              Message("user", "Day 1 so far ...", cache=True),
              Message("user", "Vote: choose 3 or 5.")),
    schema_name="vote", schema=SCHEMA, max_tokens=300)
MODEL = "claude-sonnet-4-6"


def ask(provider: AnthropicProvider, *requests: ChatRequest) -> list[ChatReply]:
    async def run() -> list[ChatReply]:
        return [await provider.complete(r) for r in requests or (REQUEST,)]

    return asyncio.run(run())


def provider_for(stub: StubServer, **options: Any) -> AnthropicProvider:
    return AnthropicProvider(MODEL, base_url=stub.anthropic_url,
                             options=replace(FAST, **options))


def test_decision_through_a_forced_tool_call(stub: StubServer) -> None:
    stub.push(decision({"target": 5}))
    [reply] = ask(provider_for(stub))
    assert reply.parsed == {"target": 5} and reply.text == '{"target": 5}'
    body = stub.seen[0].body
    assert body["tools"] == [{"name": "vote", "description": "Give your decision.",
                              "input_schema": SCHEMA}]
    assert body["tool_choice"] == {"type": "tool", "name": "vote"}
    assert (body["model"], body["max_tokens"]) == (MODEL, 300)


def test_cache_breakpoints_on_the_last_system_block_and_the_marked_message(
        stub: StubServer) -> None:
    ask(provider_for(stub))
    body = stub.seen[0].body
    assert body["system"] == [
        {"type": "text", "text": RULES},
        {"type": "text", "text": "You are seat 1.", "cache_control": {"type": "ephemeral"}}]
    marked = [i for i, m in enumerate(body["messages"])
              if "cache_control" in m["content"][0]]
    assert marked == [2]
    assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user", "user"]


def test_usage_counts_cache_reads_and_prices_them(stub: StubServer) -> None:
    first, second = ask(provider_for(stub), REQUEST, REQUEST)
    assert first.usage.cached_tokens == 0 and second.usage.cached_tokens > 0
    assert second.usage.input_tokens == first.usage.input_tokens
    raw = second.raw["usage"]
    assert second.usage.cached_tokens == raw["cache_read_input_tokens"]
    assert second.usage.input_tokens == (raw["input_tokens"] + raw["cache_read_input_tokens"]
                                         + raw["cache_creation_input_tokens"])
    price = default_prices().models["claude-sonnet-4"]
    written = first.raw["usage"]["cache_creation_input_tokens"]
    assert written > 0
    assert first.usage.cost_usd == pytest.approx(
        ((first.usage.input_tokens - written) * price.input + written * price.cache_write
         + first.usage.output_tokens * price.output) / 1e6)
    assert second.usage.cost_usd < first.usage.cost_usd


def test_text_instead_of_a_tool_call_is_parsed_tolerantly(stub: StubServer) -> None:
    stub.push(text("I pick ```json\n{'target': 3,}\n```"), text("no idea"))
    tolerant, hopeless = ask(provider_for(stub), REQUEST, REQUEST)
    assert tolerant.parsed == {"target": 3}
    assert (hopeless.parsed, hopeless.text) == (None, "no idea")


def test_refusal_and_empty_answer(stub: StubServer) -> None:
    stub.push(refusal("I won't."), empty())
    refused, blank = ask(provider_for(stub), REQUEST, REQUEST)
    assert refused.refusal and refused.parsed is None and refused.text == "I won't."
    assert (blank.text, blank.parsed, blank.refusal) == ("", None, False)


def test_429_waits_for_retry_after(stub: StubServer) -> None:
    stub.push(status(429, retry_after="0.2"), decision({"target": 3}))
    [reply] = ask(provider_for(stub))
    assert reply.parsed == {"target": 3} and stub.seen[1].at - stub.seen[0].at >= 0.2


@pytest.mark.parametrize("failure", [status(500), status(529), drop(),
                                     decision({"target": 5}, delay_s=1.5)],
                         ids=["500", "overloaded", "dropped", "timeout"])
def test_transient_failure_then_success(stub: StubServer, failure: Any) -> None:
    stub.push(failure, decision({"target": 3}))
    [reply] = ask(provider_for(stub, timeout_s=0.3))
    assert reply.parsed == {"target": 3} and len(stub.seen) == 2


def test_retries_exhausted_is_a_provider_error(stub: StubServer) -> None:
    stub.push(*[status(503)] * 4)
    with pytest.raises(ProviderError, match=r"^anthropic:claude-sonnet-4-6: gave up after 4"):
        ask(provider_for(stub))


def test_the_concurrency_limit_holds(stub: StubServer) -> None:
    stub.delay_s = 0.05

    async def many() -> None:
        seats = [provider_for(stub, max_concurrency=2) for _ in range(3)]
        await asyncio.gather(*(seats[i % 3].complete(REQUEST) for i in range(9)))

    asyncio.run(many())
    assert stub.max_in_flight == 2


@pytest.mark.parametrize(("name", "expected"), [("vote", "vote"), ("投票 now!", "___now_"),
                                                ("", "decision"), ("x" * 80, "x" * 64)])
def test_tool_names_are_valid(name: str, expected: str) -> None:
    assert tool_name(name) == expected


def test_a_local_anthropic_base_url_needs_no_key(stub: StubServer,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.anthropic_url)
    check_keys({2: "anthropic:claude-haiku-4-5"})
    provider = make_provider("anthropic:claude-haiku-4-5", FAST)
    assert isinstance(provider, AnthropicProvider)
    [reply] = ask(provider)
    assert reply.parsed is not None and len(stub.seen) == 1
    assert FAKE_KEY not in str(stub.seen[0].headers)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "https://proxy.example.com")
    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY is not set"):
        check_keys({2: "anthropic:claude-haiku-4-5"})
