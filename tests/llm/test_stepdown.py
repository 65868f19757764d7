"""The answer-format step-down: learned once per endpoint and model in the process,
triggered by any 400 naming a structured-output parameter and by llama-cpp-python's
500, and recorded in each call's usage."""

from __future__ import annotations

import asyncio

from agents.providers.base import ChatRequest, Message
from agents.providers.openai import OpenAIProvider
from tests.llm.conftest import FAST
from tests.llm.stub_server import StubServer, decision, status

SCHEMA = {"type": "object", "additionalProperties": False, "required": ["target"],
          "properties": {"target": {"type": "integer", "enum": [2, 4]}}}
REQUEST = ChatRequest(messages=(Message("user", "Vote: 2 or 4?"),), schema_name="vote",
                      schema=SCHEMA)


def seat(stub: StubServer, model: str = "qwen2.5-7b") -> OpenAIProvider:
    return OpenAIProvider(model, base_url=stub.openai_url, options=FAST)


def formats(stub: StubServer) -> list[str | None]:
    return [s.body.get("response_format", {}).get("type") for s in stub.seen]


def test_a_400_naming_strict_steps_down_once_for_every_seat(stub: StubServer) -> None:
    stub.unsupported = {"strict"}
    first = asyncio.run(seat(stub).complete(REQUEST))
    assert first.parsed is not None
    assert first.usage.output_format == "json_object_schema"
    assert formats(stub) == ["json_schema", "json_object"]
    again = asyncio.run(seat(stub).complete(REQUEST))  # another seat, same endpoint and model
    assert again.usage.output_format == "json_object_schema" and len(stub.seen) == 3
    other = asyncio.run(seat(stub, "llama3.1-8b").complete(REQUEST))  # another model
    assert other.usage.output_format == "json_object_schema" and len(stub.seen) == 5


def test_llama_cpp_python_500_is_a_format_rejection_not_a_retry(stub: StubServer) -> None:
    stub.llama_cpp = True
    stub.push(decision({"target": 4}))
    provider = seat(stub)
    reply = asyncio.run(provider.complete(REQUEST))
    assert reply.parsed == {"target": 4} and not reply.failed
    assert formats(stub) == ["json_schema", "json_object"]
    assert stub.seen[1].body["response_format"] == {"type": "json_object", "schema": SCHEMA}
    assert provider.mode == "json_object_schema"


def test_a_500_that_does_not_name_the_format_is_retried_in_the_same_format(
        stub: StubServer) -> None:
    stub.push(status(500, message="out of memory"), decision({"target": 2}))
    provider = seat(stub)
    assert asyncio.run(provider.complete(REQUEST)).parsed == {"target": 2}
    assert formats(stub) == ["json_schema", "json_schema"] and provider.mode == "json_schema"


def test_seats_rejected_at_once_step_down_one_step(stub: StubServer) -> None:
    stub.unsupported = {"strict"}

    async def together() -> list[str]:
        seats = [seat(stub) for _ in range(4)]
        replies = await asyncio.gather(*(s.complete(REQUEST) for s in seats))
        return [r.usage.output_format for r in replies]

    assert asyncio.run(together()) == ["json_object_schema"] * 4
    assert "text" not in formats(stub) and None not in formats(stub)


def test_llama_server_failing_to_read_its_own_output_steps_down(stub: StubServer) -> None:
    """llama.cpp's llama-server answers 500 when it cannot read back the output its
    grammar constrained; the same request with the same seed fails the same way, so it is
    a format rejection, not something to retry."""
    message = "The model produced output that does not match the expected peg-native format"
    stub.push(status(500, message=message), decision({"target": 4}))
    provider = seat(stub)
    assert asyncio.run(provider.complete(REQUEST)).parsed == {"target": 4}
    assert formats(stub) == ["json_schema", "json_object"]
    assert provider.mode == "json_object_schema"


def test_the_belief_pattern_in_the_schema_uses_no_shorthand_classes() -> None:
    """llama.cpp's grammar converter reads no \\s or \\d: the schema spells them out,
    and still takes what the parser takes on one line."""
    import re

    from agents.decisions import BELIEFS, SCHEMA_BELIEFS

    assert "\\s" not in SCHEMA_BELIEFS and "\\d" not in SCHEMA_BELIEFS
    for line in ("2: werewolf 60, seer 40; 3: villager 100", "12:witch 5;"):
        assert re.fullmatch(SCHEMA_BELIEFS, line) and BELIEFS.fullmatch(line)
