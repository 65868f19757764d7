"""A model provider driven by a Python function (no network), and a legal answerer.

``FakeProvider(answer)`` calls ``answer(request)`` for every ChatRequest; the
function returns a ChatReply, a dict (a structured answer) or a str (raw text
the agent must parse). Usage is made up from the message sizes; the tokens of
the messages before the last cache mark count as cached.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from agents.providers.base import ChatReply, ChatRequest
from arena.engine.requests import Usage
from tests.llm.legal import legal_answer, legal_values

Answer = Callable[[ChatRequest], ChatReply | dict[str, Any] | str]


def tokens(text: str) -> int:
    return len(text) // 4 + 1


class FakeProvider:
    model = "fake-model"
    key = "fake"

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.calls: list[ChatRequest] = []

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.calls.append(request)
        out = self.answer(request)
        if isinstance(out, ChatReply):
            return out
        text = out if isinstance(out, str) else json.dumps(out)
        return ChatReply(text=text, parsed=out if isinstance(out, dict) else None,
                         usage=usage_of(request, text))


def usage_of(request: ChatRequest, text: str) -> Usage:
    sizes = [tokens(m.content) for m in request.messages]
    marks = [i for i, m in enumerate(request.messages) if m.cache]
    cached = sum(sizes[: marks[-1]]) if marks else 0
    return Usage(model=FakeProvider.model, input_tokens=sum(sizes), cached_tokens=cached,
                 output_tokens=tokens(text), cost_usd=1e-6 * sum(sizes), latency_s=0.01)


def legal(seed: int) -> Callable[[ChatRequest], dict[str, Any]]:
    """Answers every request legally, from the legal values its turn message states (a
    seeded choice)."""
    rng = random.Random(seed)

    def answer(request: ChatRequest) -> dict[str, Any]:
        values = legal_values(m.content for m in request.messages if m.role == "user")
        return {**legal_answer(values, rng), "reasoning": f"thinking about {next(iter(values))}"}

    return answer
