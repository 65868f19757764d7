"""The OpenAI provider against the local stub server."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

import pytest

from agents.providers.base import ChatReply, ChatRequest, Message, ProviderError
from agents.providers.openai import OpenAIProvider, strict_schema
from agents.providers.prices import UnpricedModel, default_prices
from tests.llm.conftest import FAST
from tests.llm.stub_server import (
    StubServer,
    decision,
    drop,
    empty,
    refusal,
    status,
    text,
)

SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["target", "reasoning"],
    "properties": {"target": {"type": ["integer", "null"], "enum": [3, 5, None]},
                   "reasoning": {"type": "string"}},
}
REQUEST = ChatRequest(
    messages=(Message("system", "You are seat 1 in a game of Werewolf. " * 120),
              Message("user", "Day 1 so far: ...", cache=True),
              Message("user", "Vote: choose 3 or 5.")),
    schema_name="vote", schema=SCHEMA, temperature=0.3, max_tokens=200)


def ask(provider: OpenAIProvider, request: ChatRequest = REQUEST) -> ChatReply:
    return asyncio.run(provider.complete(request))


def provider_for(stub: StubServer, model: str = "gpt-4.1-mini", **options: Any
                 ) -> OpenAIProvider:
    return OpenAIProvider(model, base_url=stub.openai_url, options=replace(FAST, **options))


def test_structured_output_is_asked_for_and_parsed(stub: StubServer) -> None:
    stub.push(decision({"target": 5, "reasoning": "quiet"}))
    reply = ask(provider_for(stub))
    assert reply.parsed == {"target": 5, "reasoning": "quiet"}
    assert not reply.refusal and reply.raw["choices"][0]["finish_reason"] == "stop"
    body = stub.seen[0].body
    assert body["response_format"] == {"type": "json_schema", "json_schema": {
        "name": "vote", "schema": SCHEMA, "strict": True}}
    assert body["messages"] == [{"role": "system", "content": REQUEST.messages[0].content},
                                {"role": "user", "content": "Day 1 so far: ..."},
                                {"role": "user", "content": "Vote: choose 3 or 5."}]
    assert (body["temperature"], body["max_tokens"]) == (0.3, 200)


def test_options_fill_in_temperature_and_cap_max_tokens(stub: StubServer) -> None:
    provider = provider_for(stub, temperature=0.9, max_tokens=50)
    ask(provider, replace(REQUEST, temperature=None))
    assert (stub.seen[0].body["temperature"], stub.seen[0].body["max_tokens"]) == (0.9, 50)


def test_strict_schemas_lose_the_keywords_strict_mode_refuses() -> None:
    speech = {"type": "object", "additionalProperties": False, "required": ["text", "seats"],
              "properties": {"text": {"type": "string", "maxLength": 10},
                             "seats": {"type": "array", "uniqueItems": True,
                                       "items": {"type": "integer", "enum": [1, 2]}}}}
    assert strict_schema(speech) == {
        "type": "object", "additionalProperties": False, "required": ["text", "seats"],
        "properties": {"text": {"type": "string"},
                       "seats": {"type": "array", "items": {"type": "integer", "enum": [1, 2]}}}}
    assert strict_schema(SCHEMA) == SCHEMA
    named = {"type": "object", "additionalProperties": False, "required": ["maxLength"],
             "properties": {"maxLength": {"type": "integer"}}}
    assert strict_schema(named) == named  # a property's name is not a keyword


def test_a_loose_schema_is_sent_as_it_is_without_strict(stub: StubServer) -> None:
    loose = {"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}}
    assert strict_schema(loose) is None
    assert strict_schema({**SCHEMA, "properties": {**SCHEMA["properties"], "x": loose}}) is None
    ask(provider_for(stub), replace(REQUEST, schema=loose))
    assert stub.seen[0].body["response_format"]["json_schema"] == {
        "name": "vote", "schema": loose, "strict": False}


def test_rejected_formats_fall_back_and_are_remembered(stub: StubServer) -> None:
    stub.reject_formats = {"json_schema", "json_object"}
    stub.push(text('Here: {"target": 3, "reasoning": "x",}'), text('{"target": 5}'))
    provider = provider_for(stub)
    assert ask(provider).parsed == {"target": 3, "reasoning": "x"}
    assert provider.mode == "text"
    assert [s.body.get("response_format", {}).get("type") for s in stub.seen] == [
        "json_schema", "json_object", "json_object", None]
    assert "schema" in stub.seen[1].body["response_format"]  # llama-cpp-python's form
    last = stub.seen[-1].body["messages"][-1]["content"]
    assert last.startswith("Vote: choose 3 or 5.") and "JSON schema" in last
    assert ask(provider).parsed == {"target": 5}
    assert len(stub.seen) == 5  # the second call went straight to the working mode


def test_json_mode_fallback_stops_at_json_object_with_the_schema(stub: StubServer) -> None:
    stub.reject_formats = {"json_schema"}
    provider = provider_for(stub)
    stub.push(text("```json\n{'target': 3, 'reasoning': 'r'}\n```"))
    reply = ask(provider)
    assert reply.parsed == {"target": 3, "reasoning": "r"}
    assert provider.mode == reply.usage.output_format == "json_object_schema"
    assert stub.seen[-1].body["response_format"] == {"type": "json_object", "schema": SCHEMA}


def test_malformed_and_illegal_answers_pass_through_for_the_agent(stub: StubServer) -> None:
    stub.push(text("I think seat 3 is a wolf."), decision({"target": 12, "reasoning": ""}))
    provider = provider_for(stub)
    malformed = ask(provider)
    assert (malformed.text, malformed.parsed) == ("I think seat 3 is a wolf.", None)
    assert ask(provider).parsed == {"target": 12, "reasoning": ""}  # legality is not its job


def test_refusal_and_empty_answer(stub: StubServer) -> None:
    stub.push(refusal("I can't help with deception games."), empty())
    provider = provider_for(stub)
    refused = ask(provider)
    assert refused.refusal and refused.parsed is None
    assert refused.text == "I can't help with deception games."
    blank = ask(provider)
    assert (blank.text, blank.parsed, blank.refusal) == ("", None, False)


def test_429_waits_for_retry_after(stub: StubServer) -> None:
    stub.push(status(429, retry_after="0.2"), decision({"target": 3, "reasoning": ""}))
    reply = ask(provider_for(stub))
    assert reply.parsed == {"target": 3, "reasoning": ""} and len(stub.seen) == 2
    assert stub.seen[1].at - stub.seen[0].at >= 0.2


def test_429_without_retry_after_uses_the_short_backoff(stub: StubServer) -> None:
    stub.push(status(429), decision({"target": 3, "reasoning": ""}))
    ask(provider_for(stub))
    assert stub.seen[1].at - stub.seen[0].at < 0.15


@pytest.mark.parametrize("failure", [status(500), status(503), drop(),
                                     decision({"target": 5, "reasoning": ""}, delay_s=1.5)],
                         ids=["500", "503", "dropped", "timeout"])
def test_transient_failure_then_success(stub: StubServer, failure: Any) -> None:
    stub.push(failure, decision({"target": 3, "reasoning": ""}))
    started = time.perf_counter()
    reply = ask(provider_for(stub, timeout_s=0.3))
    assert reply.parsed == {"target": 3, "reasoning": ""}
    assert len(stub.seen) == 2 and time.perf_counter() - started < 1.5


def test_retries_exhausted_is_a_provider_error(stub: StubServer) -> None:
    stub.push(*[status(500)] * 4)
    with pytest.raises(ProviderError, match=r"openai:gpt-4.1-mini: gave up after 4 attempts"):
        ask(provider_for(stub))
    assert len(stub.seen) == 4


def test_a_client_error_is_not_retried(stub: StubServer) -> None:
    stub.push(status(404, message="model not found"))
    with pytest.raises(ProviderError, match=r"HTTP 404: .*model not found"):
        ask(provider_for(stub))
    assert len(stub.seen) == 1


def test_usage_and_cost_from_the_price_table(stub: StubServer) -> None:
    provider = provider_for(stub)
    stub.push(decision({"target": 3, "reasoning": ""}), decision({"target": 5, "reasoning": ""}))
    first, second = ask(provider), ask(provider)
    assert first.usage.cached_tokens == 0 and second.usage.cached_tokens > 0  # stub's cache
    price = default_prices().models["gpt-4.1-mini"]
    for reply in (first, second):
        usage = reply.usage
        assert usage.model == "gpt-4.1-mini" and usage.input_tokens > usage.cached_tokens
        assert usage.priced and usage.output_format == "json_schema"
        assert usage.output_tokens > 0 and usage.latency_s > 0
        assert usage.cost_usd == pytest.approx(
            ((usage.input_tokens - usage.cached_tokens) * price.input
             + usage.cached_tokens * price.cached_input + usage.output_tokens * price.output)
            / 1e6)
    assert second.usage.cost_usd < first.usage.cost_usd
    with pytest.warns(UnpricedModel, match="'local-llama'"):
        unknown = provider_for(stub, model="local-llama")
    usage = ask(unknown).usage
    assert (usage.cost_usd, usage.priced) == (0.0, False)


def test_the_concurrency_limit_holds_across_providers_with_one_key(stub: StubServer) -> None:
    stub.delay_s = 0.05

    async def many() -> None:
        seats = [provider_for(stub, max_concurrency=3) for _ in range(4)]
        await asyncio.gather(*(seats[i % 4].complete(REQUEST) for i in range(12)))

    asyncio.run(many())
    assert len(stub.seen) == 12 and stub.max_in_flight == 3


def test_the_limit_is_per_key(stub: StubServer) -> None:
    stub.delay_s = 0.05

    async def two_endpoints() -> None:
        one = provider_for(stub, max_concurrency=2)
        other = OpenAIProvider("m", base_url=stub.openai_url.replace("127.0.0.1", "localhost"),
                               options=replace(FAST, max_concurrency=2))
        await asyncio.gather(*(p.complete(REQUEST) for p in [one, other] * 3))

    asyncio.run(two_endpoints())
    assert stub.max_in_flight == 4


def test_seats_share_a_client_and_a_provider_outlives_its_loop(stub: StubServer) -> None:
    one, two = provider_for(stub), provider_for(stub)

    async def game() -> tuple[object, object]:
        reply = await one.complete(REQUEST)
        assert reply.parsed is not None
        return one._client(), two._client()

    first, same = asyncio.run(game())
    again, _ = asyncio.run(game())  # the next game runs in a new event loop
    assert first is same and again is not first
