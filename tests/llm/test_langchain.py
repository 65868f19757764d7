"""The LangChain provider with fake chat models (tests/llm/lc_models.py)."""

from __future__ import annotations

import asyncio
import time

import pytest

from agents.providers.base import (
    ChatReply,
    ChatRequest,
    ContextExceeded,
    Message,
    ProviderError,
)
from agents.providers.langchain import LangChainProvider
from agents.providers.registry import make_provider
from arena.app.costs import cost_text
from tests.llm.conftest import FAST

REQUEST = ChatRequest(messages=(Message("system", "You are seat 1."), Message("user", "Vote.")),
                      schema_name="vote",
                      schema={"type": "object", "properties": {"target": {"type": "integer"}},
                              "required": ["target"]})


def ask(factory: str) -> tuple[LangChainProvider, ChatReply]:
    provider = make_provider(f"langchain:tests.llm.lc_models:{factory}", FAST)
    assert isinstance(provider, LangChainProvider)
    return provider, asyncio.run(provider.complete(REQUEST))


def test_structured_output_when_the_model_supports_tools() -> None:
    provider, reply = ask("structured")
    assert reply.parsed == {"target": 5} and reply.text == '{"target": 5}'
    assert provider.model == "tests.llm.lc_models:structured"
    usage = reply.usage
    assert (usage.input_tokens, usage.cached_tokens, usage.output_tokens) == (1000, 600, 20)
    assert usage.cost_usd == 0.0 and usage.latency_s >= 0


def test_plain_invoke_and_tolerant_parse_otherwise() -> None:
    _, reply = ask("plain")
    assert reply.parsed == {"target": 3}
    assert reply.text.startswith("My vote:")


def test_refusal() -> None:
    _, reply = ask("refusing")
    assert reply.refusal and reply.parsed is None and reply.text == "I won't play."


def test_timeouts_and_rate_limits_are_retried_honouring_retry_after() -> None:
    started = time.perf_counter()
    _, reply = ask("flaky")
    assert reply.parsed == {"target": 2}
    assert time.perf_counter() - started >= 0.2


def test_other_model_errors_are_provider_errors() -> None:
    with pytest.raises(ProviderError, match=r"^langchain:tests.llm.lc_models:broken: "
                                            r"ValueError: model exploded$"):
        ask("broken")


def test_a_model_without_usage_has_an_unknown_cost_and_the_schema_in_its_system_prompt(
        ) -> None:
    provider, reply = ask("unmetered")
    assert reply.parsed == {"target": 2}
    assert (reply.usage.priced, reply.usage.cost_usd) == (False, 0.0)  # shown as unknown
    assert cost_text(reply.usage.cost_usd, not reply.usage.priced) == "unknown"
    seen = provider.chat_model.seen[0]  # type: ignore[attr-defined]
    assert [type(m).__name__ for m in seen] == ["SystemMessage", "HumanMessage"]
    assert seen[0].content.startswith("You are seat 1.\n\n" + REQUEST.schema_hint)
    assert '"required": ["target"]' in seen[0].content and seen[1].content == "Vote."


def test_a_context_length_error_is_a_context_error() -> None:
    with pytest.raises(ContextExceeded) as exceeded:
        ask("overlong")
    assert (exceeded.value.window, exceeded.value.prompt_tokens) == (8192, 8000)


@pytest.mark.parametrize(("spec", "message"), [
    ("langchain:tests.llm.no_such_module:x", "cannot build the model: No module named"),
    ("langchain:tests.llm.lc_models:missing", "cannot build the model: module"),
    ("langchain:tests.llm.lc_models:not_a_model", "returned int, not a LangChain chat model"),
])
def test_bad_factories(spec: str, message: str) -> None:
    with pytest.raises(ProviderError, match=message):
        make_provider(spec)
