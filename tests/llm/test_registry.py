"""Provider specs, keys from the environment, and the check before a game starts."""

from __future__ import annotations

import asyncio
import traceback

import pytest

from agents.providers.anthropic import AnthropicProvider
from agents.providers.base import ChatRequest, Message, ProviderError
from agents.providers.langchain import LangChainProvider
from agents.providers.openai import OpenAIProvider
from agents.providers.registry import (
    ProviderOptions,
    ProviderSpec,
    check_keys,
    is_local,
    make_provider,
    parse_spec,
)
from tests.llm.conftest import FAKE_KEY, FAST
from tests.llm.stub_server import StubServer, status

REQUEST = ChatRequest(messages=(Message("user", "Vote."),), schema_name="vote",
                      schema={"type": "object"})


@pytest.mark.parametrize(("spec", "expected"), [
    ("openai:gpt-4o-mini", ProviderSpec("openai", model="gpt-4o-mini")),
    ("openai:llama3.1:8b@http://localhost:11434/v1",
     ProviderSpec("openai", model="llama3.1:8b", base_url="http://localhost:11434/v1")),
    ("anthropic:claude-haiku-4-5", ProviderSpec("anthropic", model="claude-haiku-4-5")),
    ("anthropic:claude-x@http://127.0.0.1:9/", ProviderSpec(
        "anthropic", model="claude-x", base_url="http://127.0.0.1:9/")),
    ("langchain:my.models:make_chat", ProviderSpec("langchain", module="my.models",
                                                   factory="make_chat")),
])
def test_parse_spec(spec: str, expected: ProviderSpec) -> None:
    assert parse_spec(spec) == expected


@pytest.mark.parametrize("spec", ["openai:", "openai:@http://x", "langchain:only", "gemini:x",
                                  "heuristic"])
def test_bad_specs_are_provider_errors(spec: str) -> None:
    with pytest.raises(ProviderError, match=r"expected|unknown provider"):
        parse_spec(spec)


@pytest.mark.parametrize(("url", "local"), [
    ("http://localhost:8000/v1", True), ("http://127.0.0.1:1", True),
    ("http://[::1]:8080", True), ("http://api.localhost", True),
    ("https://api.openai.com/v1", False), ("http://gpu-box:8000/v1", False), (None, False),
])
def test_is_local(url: str | None, local: bool) -> None:
    assert is_local(url) is local


def test_make_provider_builds_each_kind() -> None:
    assert isinstance(make_provider("openai:gpt-4o-mini"), OpenAIProvider)
    assert isinstance(make_provider("anthropic:claude-haiku-4-5"), AnthropicProvider)
    made = make_provider("langchain:tests.llm.lc_models:plain")
    assert isinstance(made, LangChainProvider)


def test_spec_base_url_and_key_env_override_the_options(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    monkeypatch.setenv("MY_KEY", "sk-other-0000000000")
    options = ProviderOptions(base_url="http://127.0.0.1:1/v1", api_key_env="MY_KEY")
    provider = make_provider("openai:m@http://127.0.0.1:2/v1", options)
    assert isinstance(provider, OpenAIProvider)
    assert provider.key == "openai@http://127.0.0.1:2/v1"
    assert make_provider("openai:m", options).key == "openai@http://127.0.0.1:1/v1"


def test_missing_key_for_the_real_api_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ProviderError, match=r"^OPENAI_API_KEY is not set$"):
        make_provider("openai:gpt-4o-mini")


def test_a_local_server_needs_no_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    assert make_provider("openai:llama3@http://localhost:11434/v1").model == "llama3"
    assert make_provider("anthropic:c@http://127.0.0.1:9").model == "c"


def test_check_keys_names_the_seats_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    seats = {1: "heuristic", 3: "openai:gpt-4o-mini", 4: "openai:m@http://localhost:1/v1",
             5: "anthropic:claude-haiku-4-5", 6: "langchain:a.b:c", 7: "openai:gpt-4o"}
    with pytest.raises(ProviderError) as caught:
        check_keys(seats)
    assert str(caught.value) == (
        "OPENAI_API_KEY is not set (needed by seat 3: openai:gpt-4o-mini; "
        "seat 7: openai:gpt-4o); ANTHROPIC_API_KEY is not set "
        "(needed by seat 5: anthropic:claude-haiku-4-5)")
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "y")
    check_keys(seats)


def test_check_keys_one_seat_message(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY")
    with pytest.raises(ProviderError) as caught:
        check_keys({3: "openai:gpt-4o-mini"})
    assert str(caught.value) == "OPENAI_API_KEY is not set (needed by seat 3: openai:gpt-4o-mini)"


def test_the_key_appears_in_no_repr_or_error(stub: StubServer) -> None:
    openai_provider = OpenAIProvider("m", base_url=stub.openai_url, options=FAST)
    claude = AnthropicProvider("m", base_url=stub.anthropic_url, options=FAST)
    stub.push(status(401, message=f"Incorrect API key provided: {FAKE_KEY}"),
              status(401, message=f"invalid x-api-key {FAKE_KEY}"))
    for provider in (openai_provider, claude):
        assert FAKE_KEY not in repr(provider)
        with pytest.raises(ProviderError) as caught:
            asyncio.run(provider.complete(REQUEST))
        assert "HTTP 401" in str(caught.value) and "***" in str(caught.value)
        shown = "".join(traceback.format_exception(caught.value))
        assert FAKE_KEY not in shown and FAKE_KEY not in repr(caught.value)
    assert FAKE_KEY not in repr(ProviderOptions())
    sent = [s.headers.get("Authorization") or s.headers.get("X-Api-Key") for s in stub.seen]
    assert sent == [f"Bearer {FAKE_KEY}"] * 2  # the key did go where it belongs
