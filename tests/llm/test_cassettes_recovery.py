"""A seat's recoveries replayed from vcrpy cassettes (recorded once against the stub,
key-free): a prompt refused as too long is folded and sent again; an answer cut off while
reasoning is asked again with a lower effort (OpenAI) or half the thinking budget
(Claude); an answer missing its field is refused and the field named when asked again.

A replayed request must match a recorded one in what these paths change (``essentials``),
not in the prompts' wording: were a seat to stop folding, lowering its reasoning or
naming the field, no recorded request would match and the test fails. After such a
change is meant, delete the cassette and run the tests locally to record it again."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import pytest
import vcr  # type: ignore[import-untyped]

from arena.engine.requests import UnusableAnswer
from tests.llm.conftest import CASSETTES, SECRET_HEADERS, record_mode
from tests.llm.stub_server import StubServer, decision
from tests.llm.test_reasoning_budget import VOTE, reasoning_seat, vote
from tests.llm.test_windows import OPENAI, between, two_days
from tests.llm.test_windows import seat as small_seat

pytestmark = pytest.mark.filterwarnings("ignore::agents.providers.prices.UnpricedModel")


def _text(content: Any) -> str:
    if isinstance(content, list):  # content blocks
        return " ".join(str(block.get("text") or block.get("input") or "")
                        for block in content if isinstance(block, dict))
    return str(content or "")


def _answer(message: dict[str, Any]) -> bool:
    """An assistant message holding an earlier answer (folded away, it is not one)."""
    try:
        return isinstance(json.loads(_text(message["content"])), dict)
    except ValueError:
        return False


def essentials(body: dict[str, Any]) -> dict[str, Any]:
    """What the recoveries change in a request: the conversation's shape (earlier answers
    kept or folded), the output limit, the reasoning asked for, the answer format, and
    the fields a retry names as missing."""
    messages = body.get("messages", [])
    users = [m for m in messages if m["role"] == "user"]
    return {
        "model": body.get("model"),
        "roles": [m["role"] for m in messages],
        "answers": sum(_answer(m) for m in messages if m["role"] == "assistant"),
        "limit": body.get("max_completion_tokens") or body.get("max_tokens"),
        "effort": body.get("reasoning_effort"),
        "thinking": (body.get("thinking") or {}).get("budget_tokens"),
        "format": (body.get("response_format") or {}).get("type"),
        "tools": [tool.get("name") for tool in body.get("tools", [])],
        "missing": re.findall(r"missing field \w+", _text(users[-1]["content"]) if users
                              else ""),
    }


def _body(request: Any) -> dict[str, Any]:
    raw = request.body
    return dict(json.loads(raw.decode() if isinstance(raw, bytes) else raw))


def _essentials_match(live: Any, recorded: Any) -> None:
    assert essentials(_body(live)) == essentials(_body(recorded))


def sent(held: Any) -> list[dict[str, Any]]:
    """The essentials of the model calls a cassette holds, in order."""
    return [essentials(_body(r)) for r in held.requests
            if r.path.endswith(("/chat/completions", "/messages"))]


def recorded(name: str) -> bool:
    return (CASSETTES / f"{name}.yaml").exists()


@contextmanager
def cassette(name: str, stub: StubServer) -> Iterator[Any]:
    """Record ``name`` against the stub, or replay it without reaching the stub."""
    recorder = vcr.VCR(cassette_library_dir=str(CASSETTES), record_mode=record_mode(),
                       filter_headers=list(SECRET_HEADERS), decode_compressed_response=True,
                       match_on=("method", "path", "essentials"))
    recorder.register_matcher("essentials", _essentials_match)
    replaying = recorded(name)
    with recorder.use_cassette(f"{name}.yaml") as held:
        yield held
    assert stub.seen == [] if replaying else stub.seen != []


def test_a_prompt_refused_as_too_long_is_folded_and_sent_again(stub: StubServer) -> None:
    if not recorded("openai_context_fold"):  # the stub refuses the second prompt
        stub.context_window = between(stub, OPENAI)
        stub.seen.clear()
    with cassette("openai_context_fold", stub) as held:
        agent = small_seat(stub, OPENAI)
        first, second = two_days(agent)
    assert [e["answers"] for e in sent(held)] == [0, 1, 0]  # day 1's answer folded away
    assert not first.fallback and second.target in (1, 3, 6)
    assert [u.error for u in second.usage] == ["HTTP 400", None]  # both tries billed
    assert agent.window is not None and agent.window.folds == 1


@pytest.mark.parametrize(("name", "spec", "options", "asked"), [
    ("openai_reasoning_cut_off", "openai:o4-mini", {},
     [{"effort": None, "thinking": None}, {"effort": "low", "thinking": None}]),
    ("anthropic_thinking_cut_off", "anthropic:claude-sonnet-4-5", {"thinking_budget": 2048},
     [{"effort": None, "thinking": 2048}, {"effort": None, "thinking": 1024}]),
])
def test_an_answer_cut_off_while_reasoning_is_asked_again_with_less(
        stub: StubServer, name: str, spec: str, options: dict[str, Any],
        asked: list[dict[str, Any]]) -> None:
    stub.reasoning_tokens = 20000 if spec.startswith("openai") else 5000
    with cassette(name, stub) as held:
        answer = vote(reasoning_seat(stub, spec, **options))
    assert answer.target in (1, 3) and len(answer.usage) == 2  # the cut-off call billed
    cut_off = answer.usage[0]
    assert cut_off.output_tokens > answer.usage[1].output_tokens
    assert [{k: e[k] for k in ("effort", "thinking")} for e in sent(held)] == asked


MISSING = {"reasoning": "I would rather not say"}  # no "target"


@pytest.mark.parametrize(("name", "spec", "quirk"), [
    ("openai_json_mode_missing_field", OPENAI,
     lambda stub: stub.reject_formats.add("json_schema")),
    ("anthropic_tool_missing_field", "anthropic:claude-haiku-4-5", lambda stub: None),
])
def test_an_answer_missing_its_field_is_refused_and_the_field_named(
        stub: StubServer, name: str, spec: str, quirk: Callable[[StubServer], None]) -> None:
    quirk(stub)
    stub.push(decision(MISSING), decision({"reasoning": "seat 3 hedged", "target": 3}))
    with cassette(name, stub) as held:
        agent = reasoning_seat(stub, spec)
        with pytest.raises(UnusableAnswer) as refused:
            vote(agent)
        answer = vote(agent, replace(VOTE, context={"error": refused.value.reason}))
    assert refused.value.reason == "missing field target"
    assert answer.target == 3 and not answer.fallback
    assert sent(held)[-1]["missing"] == ["missing field target"]

