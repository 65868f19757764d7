"""Prompt caching: every call of a seat resends the same schema, system prompt and history
prefix, and the stub's caches follow each provider's rules (hand-computed examples)."""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from typing import Any

import pytest

from agents import SeatOptions, make_agent
from arena.engine import GameResult, run_game
from arena.engine.events import Belief, Fallback, Refused, UsageRecord
from arena.presets import load_preset
from tests.llm.legal import legal_values
from tests.llm.prefix_cache import AnthropicCache, OpenAICache
from tests.llm.stub_server import StubServer


def stub_game(stub: StubServer, lang: str = "en") -> GameResult:
    """A classic-12 game with beliefs: odd seats on OpenAI, even seats on Anthropic."""
    config = load_preset("classic-12", overrides={"eval.beliefs": True})
    agents = {seat: make_agent(f"openai:gpt-5.4-mini@{stub.openai_url}" if seat % 2 else
                               f"anthropic:claude-sonnet-4-5@{stub.anthropic_url}",
                               seat, 3, SeatOptions(max_concurrency=12), lang)
              for seat in range(1, config.players + 1)}
    return asyncio.run(run_game(config, agents, seed=3, timeout_s=10))


def seat_of(body: dict[str, Any]) -> str:
    system = body.get("system") or body["messages"][0]["content"]
    return json.dumps(system)  # the system prompt names the seat and its card


def head(body: dict[str, Any]) -> str:
    """What a provider caches first: the response schema, or the tool and its choice."""
    if "tools" in body:
        return json.dumps([body["tools"], body["tool_choice"]])
    return json.dumps([body["response_format"], body["prompt_cache_key"]])


def test_a_seat_sends_one_schema_and_the_legal_values_every_time(stub: StubServer) -> None:
    result = stub_game(stub)
    assert not [e for e in result.events if isinstance(e, Fallback | Refused)]
    by_seat: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for seen in stub.seen:
        by_seat[seat_of(seen.body)].append(seen.body)
    asked = {e.seat for e in result.events if isinstance(e, UsageRecord)}
    assert len(by_seat) == len(asked) >= 10
    for bodies in by_seat.values():
        assert len({head(b) for b in bodies}) == 1
        for body in bodies:
            users = [m for m in body["messages"] if m["role"] == "user"]
            turn = users[-1]["content"]
            text = turn if isinstance(turn, str) else turn[0]["text"]
            assert legal_values([text])  # stated in the turn itself
    keys = {b["prompt_cache_key"] for b in (s.body for s in stub.seen) if "tools" not in b}
    assert len(keys) == 1  # the OpenAI seats open with the game's rules: one key
    assert [e for e in result.events if isinstance(e, Belief)]


def test_belief_exchanges_leave_the_history(stub: StubServer) -> None:
    stub_game(stub)
    for seen in stub.seen:
        texts = [json.dumps(m["content"], ensure_ascii=False) for m in seen.body["messages"]]
        assert not any('\\"beliefs\\": {\\"seats\\"' in t for t in texts[:-1])
    beliefs = [s for s in stub.seen if '"beliefs": {"seats"'
               in json.dumps(s.body["messages"][-1]["content"], ensure_ascii=False)
               .replace('\\"', '"')]
    assert beliefs
    limits = [s.body.get("max_tokens", s.body.get("max_completion_tokens")) for s in beliefs]
    assert all(isinstance(limit, int) and limit <= 400 for limit in limits)


def test_the_cacheable_share_of_a_game(stub: StubServer) -> None:
    """The figure `make bench` prints: most input tokens are served from a cache. The seats
    share the front of their prompts (schema and rules: OpenAI's key, Claude's breakpoint
    after the rules), so each seat's first call but the provider's first in the game reads
    that front (1,664 and 1,747 tokens here) from the cache."""
    usage = [e for e in stub_game(stub).events if isinstance(e, UsageRecord)]
    first: dict[int, UsageRecord] = {}
    for u in usage:
        first.setdefault(u.seat, u)
    for provider in ("gpt-5.4-mini", "claude-sonnet-4-5"):
        cached = sorted(u.cached_tokens for u in first.values() if u.model == provider)
        assert len(cached) >= 4 and cached[0] == 0 and min(cached[1:]) >= 1024, provider
    for provider in ("gpt-5.4-mini", "claude-sonnet-4-5"):
        calls = [u for u in usage if u.model == provider]
        share = sum(u.cached_tokens for u in calls) / sum(u.input_tokens for u in calls)
        assert share >= 0.8, provider
    writes = [u.cache_write_tokens for u in usage if u.model == "claude-sonnet-4-5"]
    assert sum(writes) > 0 and not [u for u in usage if u.model == "gpt-5.4-mini"
                                    and u.cache_write_tokens]


# --- the providers' rules, by hand ---------------------------------------------------------


def openai_body(content: str, key: str = "seat-1") -> dict[str, Any]:
    """A prompt of ``2 + 31 + len(content)`` characters: ``""`` (no schema) then the
    message ``{"role": "user", "content": "..."}``."""
    return {"messages": [{"role": "user", "content": content}], "prompt_cache_key": key}


def test_openai_caches_whole_128_token_blocks_from_1024_tokens() -> None:
    cache = OpenAICache()
    first = cache.count(openai_body("a" * 4967))  # 5,000 characters: 1,250 tokens
    assert (first.input, first.cached, first.written) == (1250, 0, 0)
    # the same first 4,800 characters: 9 blocks of 512 characters (128 tokens) match
    again = cache.count(openai_body("a" * 4767 + "b" * 400))
    assert (again.input, again.cached) == (1300, 9 * 128)
    # 3,000 characters in common: 5 blocks, under the 1,024-token minimum
    assert cache.count(openai_body("a" * 2967 + "c" * 2000)).cached == 0
    # another seat's key has its own cache
    assert cache.count(openai_body("a" * 4967, key="seat-2")).cached == 0
    # a prompt under 1,024 tokens is never cached
    short = OpenAICache()
    short.count(openai_body("d" * 3000))
    assert short.count(openai_body("d" * 3000)).cached == 0


def block(text: str, mark: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "text", "text": text}
    if mark:
        out["cache_control"] = {"type": "ephemeral"}
    return out


def anthropic_body(system: str, *turns: str) -> dict[str, Any]:
    """Tools, then the system block, then the turns; the system block and the last turn
    are breakpoints."""
    messages = [{"role": "user" if i % 2 == 0 else "assistant",
                 "content": [block(t, mark=i == len(turns) - 1)]} for i, t in enumerate(turns)]
    return {"tools": [{"name": "decision"}], "system": [block(system, mark=True)],
            "messages": messages}


def size(*parts: dict[str, Any]) -> int:
    return sum(len(json.dumps(p)) for p in parts)


def test_anthropic_reads_and_writes_at_breakpoints() -> None:
    cache = AnthropicCache(minimum=1024)
    tool, system = {"name": "decision"}, "s" * 5000
    prefix = size(tool, block(system))  # 20 + 5,028 characters
    assert prefix == 5048
    first = cache.count(anthropic_body(system, "u" * 400))
    # nothing to read; written up to the last breakpoint (the whole prompt)
    total = -(-(prefix + size(block("u" * 400))) // 4)
    assert (first.input, first.cached, first.written) == (total, 0, total)
    second = cache.count(anthropic_body(system, "u" * 400, "a" * 100, "v" * 200))
    # the first request's last breakpoint is found two blocks back (the marker is no
    # part of the text): read; the rest up to the new breakpoint written
    assert second.cached == total and second.written == second.input - total
    # a changed system prompt: nothing before it can be read
    other = cache.count(anthropic_body("t" * 5000, "u" * 400))
    assert other.cached == 0


def test_anthropic_minimum_and_breakpoint_limit() -> None:
    cache = AnthropicCache(minimum=4096)  # Haiku 4.5
    body = anthropic_body("s" * 5000, "u" * 400)
    assert cache.count(body).written == 0
    assert cache.count(body).cached == 0
    body["messages"] = [{"role": "user", "content": [block("x", mark=True)] * 4}]
    with pytest.raises(ValueError, match="at most 4"):
        cache.count(body)
