"""A decision missing the field its request needs is refused with the field's name and
asked again, on every path an answer takes; null is a pass only where the model wrote
it. (Before, a vote without ``target`` was read as an abstention.)"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace

import pytest

from agents import make_agent
from agents.llm import LLMAgent
from agents.providers.anthropic import AnthropicProvider
from agents.providers.base import ChatProvider
from agents.providers.openai import OpenAIProvider
from arena.engine import Game, Observation
from arena.engine.requests import UnusableAnswer
from arena.presets import load_preset
from tests.llm.conftest import FAST
from tests.llm.stub_server import StubServer, decision
from tests.llm.test_agent import day_one, vote

MISSING = {"reasoning": "I would rather not say"}  # no "target"
PASS = {"reasoning": "no one stands out", "target": None}  # an explicit pass


@pytest.fixture(scope="module")
def seen_day_one() -> Observation:
    config = load_preset("classic-12")
    agents = {s: make_agent("random", s, 3) for s in range(1, config.players + 1)}
    return day_one(list(asyncio.run(Game(config, agents, seed=3).run()).events), 1)


def refused_then_passes(provider: ChatProvider, observation: Observation) -> str:
    """The reason the first answer (no target) is refused; the retry's explicit null is a
    pass. Returns the answer format the calls used."""
    agent, request = LLMAgent(provider, seed=1), vote(1)
    with pytest.raises(UnusableAnswer) as refused:
        asyncio.run(agent.decide(observation, request))
    assert refused.value.reason == "missing field target"
    again = replace(request, context={**request.context, "error": refused.value.reason})
    decision_ = asyncio.run(agent.decide(observation, again))
    assert decision_.target is None and not decision_.fallback
    return decision_.usage[-1].output_format


Quirk = Callable[[StubServer], None]
OPENAI_PATHS: dict[str, tuple[Quirk, str]] = {
    "strict schema": (lambda stub: None, "json_schema"),
    "JSON mode after a step-down": (
        lambda stub: stub.reject_formats.add("json_schema"), "json_object_schema"),
    "schema in the prompt": (
        lambda stub: stub.reject_formats.update({"json_schema", "json_object"}), "text"),
    "llama-cpp-python": (lambda stub: setattr(stub, "llama_cpp", True), "json_object_schema"),
}


@pytest.mark.parametrize("path", list(OPENAI_PATHS))
def test_openai_compatible_paths_refuse_a_missing_target(
        stub: StubServer, seen_day_one: Observation, path: str) -> None:
    quirk, mode = OPENAI_PATHS[path]
    quirk(stub)
    stub.push(decision(MISSING), decision(PASS))
    provider = OpenAIProvider("qwen2.5-7b", base_url=stub.openai_url, options=FAST)
    assert refused_then_passes(provider, seen_day_one) == mode
    sent = [s for s in stub.seen if s.path.endswith("/chat/completions")]
    retry = sent[-1].body["messages"][-1]["content"]
    assert "missing field target" in retry  # the reason goes back to the model


def test_anthropic_tool_answers_refuse_a_missing_target(
        stub: StubServer, seen_day_one: Observation) -> None:
    stub.push(decision(MISSING), decision(PASS))
    provider = AnthropicProvider("claude-sonnet-4-5", base_url=stub.anthropic_url,
                                 options=FAST)
    assert refused_then_passes(provider, seen_day_one) == "tool"  # no thinking: a forced tool


def test_langchain_seats_refuse_a_missing_target(seen_day_one: Observation) -> None:
    agent = make_agent("langchain:tests.llm.lc_models:forgetful", 1, 1)
    assert isinstance(agent, LLMAgent)
    assert refused_then_passes(agent.provider, seen_day_one) == ""  # LangChain names none
