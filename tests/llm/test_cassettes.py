"""Both SDKs replayed from vcrpy cassettes (recorded against the stub server), key-free."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from agents.providers.anthropic import AnthropicProvider
from agents.providers.base import ChatProvider, ChatReply, ChatRequest, Message
from agents.providers.openai import OpenAIProvider
from tests.llm.conftest import CASSETTES, FAKE_KEY, FAST, SECRET_HEADERS
from tests.llm.stub_server import StubServer, decision, status

Cassette = Callable[[str], AbstractContextManager[Any]]
SCHEMA = {"type": "object", "additionalProperties": False, "required": ["target"],
          "properties": {"target": {"type": "integer", "enum": [2, 4]}}}
REQUEST = ChatRequest(messages=(Message("system", "You are seat 1."),
                                Message("user", "Vote: 2 or 4?", cache=True)),
                      schema_name="vote", schema=SCHEMA)


def replay(cassette: Cassette, name: str, stub: StubServer, provider: ChatProvider
           ) -> ChatReply:
    """Run one call inside a cassette; a replay must not reach the server."""
    recorded = (CASSETTES / f"{name}.yaml").exists()
    with cassette(name):
        reply = asyncio.run(provider.complete(REQUEST))
    assert stub.seen == [] if recorded else stub.seen != []
    return reply


def test_openai_structured_answer(stub: StubServer, cassette: Cassette) -> None:
    stub.push(decision({"target": 4}))
    provider = OpenAIProvider("gpt-5.4-mini", base_url=stub.openai_url, options=FAST)
    reply = replay(cassette, "openai_decision", stub, provider)
    assert reply.parsed == {"target": 4} and reply.usage.input_tokens > 0


def test_openai_rate_limit_then_answer(stub: StubServer, cassette: Cassette) -> None:
    stub.push(status(429, retry_after="0.2"), decision({"target": 2}))
    provider = OpenAIProvider("gpt-5.4-mini", base_url=stub.openai_url, options=FAST)
    started = time.perf_counter()
    reply = replay(cassette, "openai_rate_limited", stub, provider)
    assert reply.parsed == {"target": 2} and time.perf_counter() - started >= 0.2


def test_anthropic_tool_answer(stub: StubServer, cassette: Cassette) -> None:
    stub.push(decision({"target": 2}))
    provider = AnthropicProvider("claude-haiku-4-5", base_url=stub.anthropic_url, options=FAST)
    reply = replay(cassette, "anthropic_decision", stub, provider)
    assert reply.parsed == {"target": 2} and reply.usage.output_tokens > 0


def test_anthropic_server_error_then_answer(stub: StubServer, cassette: Cassette) -> None:
    stub.push(status(529), decision({"target": 4}))
    provider = AnthropicProvider("claude-haiku-4-5", base_url=stub.anthropic_url, options=FAST)
    assert replay(cassette, "anthropic_overloaded", stub, provider).parsed == {"target": 4}


def test_cassettes_hold_no_key_and_no_secret_header() -> None:
    files = sorted(CASSETTES.glob("*.yaml"))
    assert {f.stem for f in files} >= {"openai_decision", "openai_rate_limited",
                                       "anthropic_decision", "anthropic_overloaded"}
    for path in files:
        content = path.read_text(encoding="utf-8")
        assert FAKE_KEY not in content and "sk-" not in content, path.name
        lowered = content.lower()
        assert not [h for h in SECRET_HEADERS if f"{h}:" in lowered], path.name
