"""Context windows learned: every server's context-length error read, the window taken
from the error or from the server at the probe, the conversation folded and sent again;
a default window for a model nobody declared one for; the probe billed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from agents import SeatOptions, make_agent, probe_agents
from agents.context import DEFAULT_WINDOW
from agents.llm import LLMAgent
from agents.providers.windows import context_error, learned
from arena.engine import Decision, Request, observe
from tests.llm.stub_server import StubServer
from tests.llm.test_context import seer_log

OPENAI = "openai:qwen2.5-7b-instruct"
ANTHROPIC = "anthropic:claude-haiku-4-5"
REPLY = 100  # the seats' output limit: small, so that the windows are small too
pytestmark = pytest.mark.filterwarnings("ignore::agents.providers.prices.UnpricedModel")


@pytest.mark.parametrize(("message", "body", "window", "prompt"), [
    ("This model's maximum context length is 4097 tokens. However, you requested 4120 tokens "
     "(3120 in the messages, 1000 in the completion). Please reduce the length of the "
     "messages or completion.", {"code": "context_length_exceeded"}, 4097, 3120),
    ("'max_tokens' or 'max_completion_tokens' is too large: 10000. This model's maximum "
     "context length is 16384 tokens and your request has 6400 input tokens "
     "(10000 > 16384 - 6400).", None, 16384, 6400),  # vLLM, newer
    ("Your input exceeds the context window of this model. Please adjust your input and try "
     "again.", {"code": "context_length_exceeded"}, None, None),  # OpenAI, newer
    ("prompt is too long: 208656 tokens > 200000 maximum", None, 200000, 208656),
    ("input length and `max_tokens` exceed context limit: 174167 + 64000 > 200000, decrease "
     "input length or `max_tokens` and try again", None, 200000, 174167),
    ("request (4476 tokens) exceeds the available context size (4096 tokens)",
     {"error": {"type": "exceed_context_size_error", "n_prompt_tokens": 4476, "n_ctx": 4096}},
     4096, 4476),  # llama.cpp's llama-server
    ("the request exceeds the available context size, try increasing it",
     {"error": {"code": 400, "type": "exceed_context_size_error", "n_prompt_tokens": 9000,
                "n_ctx": 8192}}, 8192, 9000),  # older llama-server: the figures in the body
    ("the input length exceeds the context length", None, None, None),  # Ollama
])
def test_every_servers_context_error_is_read(message: str, body: Any, window: int | None,
                                             prompt: int | None) -> None:
    found = context_error("openai:m", 400, message, body)
    assert found is not None and (found.window, found.prompt_tokens) == (window, prompt)
    assert found.status == 400 and message in str(found)


@pytest.mark.parametrize("message", [
    "Unsupported parameter: 'temperature' is not supported with this model.",
    "response_format json_schema is not supported by this server", "invalid x-api-key",
    "model 'm' not found"])
def test_other_errors_are_not_context_errors(message: str) -> None:
    assert context_error("openai:m", 400, message, {"type": "invalid_request_error"}) is None


def two_days(agent: Any) -> tuple[Decision, Decision]:
    """The seer's day-1 vote, then its night-2 check (whose request holds day 1's turn)."""
    log = seer_log()
    first = asyncio.run(agent.decide(observe(log[:10], 4),
                                     Request(seat=4, kind="vote", day=1, options=(1, 3))))
    second = asyncio.run(agent.decide(observe(log, 4),
                                      Request(seat=4, kind="check", day=2, options=(1, 3, 6))))
    return first, second


def seat(stub: StubServer, spec: str) -> LLMAgent:
    url = stub.anthropic_url if spec.startswith("anthropic") else stub.openai_url
    agent = make_agent(f"{spec}@{url}", 4, 1, SeatOptions(max_tokens=REPLY))
    assert isinstance(agent, LLMAgent)
    return agent


def between(stub: StubServer, spec: str) -> int:
    """A window the first request fits and the second (unfolded) does not."""
    first, second = two_days(seat(stub, spec))
    sizes = [d.usage[-1].input_tokens + REPLY for d in (first, second)]
    assert sizes[0] < sizes[1]
    return sum(sizes) // 2


@pytest.mark.parametrize(("spec", "style", "stated"), [
    (OPENAI, "openai", True), (OPENAI, "openai-new", False), (OPENAI, "llama.cpp", True),
    (OPENAI, "ollama", False), (ANTHROPIC, "openai", True)])
def test_a_request_over_the_window_is_folded_and_sent_again(stub: StubServer, spec: str,
                                                            style: Any, stated: bool) -> None:
    """Each server's refusal (Anthropic's its own) teaches the seat a window, declared
    (claude's 200,000) or not: the seat folds day 1 and the same decision is answered."""
    window = between(stub, spec)
    stub.context_window, stub.context_style = window, style
    agent = seat(stub, spec)
    first, second = two_days(agent)
    assert not first.fallback and second.target in (1, 3, 6)
    assert [u.error for u in second.usage] == ["HTTP 400", None]  # both tries billed
    assert stub.over_window == 1 and agent.window.folds == 1
    key = agent.provider.key, agent.provider.model
    assert learned(*key) == window if stated else learned(*key) < window


@pytest.mark.parametrize("server", ["vllm", "llama.cpp"])
def test_the_probe_takes_the_window_the_server_states(stub: StubServer, server: Any) -> None:
    """vLLM's max_model_len or llama.cpp's n_ctx, read at the probe: the seat folds before
    the server has to refuse anything; the probe's call is billed with its first decision."""
    window = between(stub, OPENAI)
    stub.context_window, stub.advertise = window, server
    agent = seat(stub, OPENAI)
    probe_agents({"seat 4": agent})
    assert learned(agent.provider.key, agent.provider.model) == window
    first, second = two_days(agent)
    assert stub.over_window == 0 and agent.window.folds == 1
    assert [u.output_format for u in first.usage] == ["probe", "json_schema"]
    assert first.usage[0].output_tokens >= 1 and "probe" not in {
        u.output_format for u in second.usage}


def test_an_undeclared_window_folds_at_the_default(stub: StubServer) -> None:
    """A model nobody declared a window for folds at DEFAULT_WINDOW, so a long game's
    prompts stay bounded; a server's statement replaces the default, larger or not."""
    agent = seat(stub, OPENAI)
    assert (agent.window.window, agent.window.declared) == (DEFAULT_WINDOW, False)
    agent.window.stated(2 * DEFAULT_WINDOW)
    assert agent.window.window == 2 * DEFAULT_WINDOW and agent.window.declared
    agent.window.stated(3 * DEFAULT_WINDOW)  # once stated, only a smaller one counts
    assert agent.window.window == 2 * DEFAULT_WINDOW
