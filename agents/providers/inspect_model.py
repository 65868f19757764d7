"""A provider backed by an Inspect AI model (the optional ``inspect-ai`` package): the
model under evaluation of an ``inspect eval`` run plays arena seats (arena/app/inspect_task.py).

The answer's schema is sent as text after the last message, and the JSON object is read
from the reply; Inspect does the transport, retries and its own usage accounting.
"""

from __future__ import annotations

import json
import time
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    GenerateConfig,
    Model,
)

from agents.providers.base import ChatReply, ChatRequest, Message, ProviderError
from agents.providers.jsonparse import parse_json_object
from arena.engine.requests import Usage

ROLES: dict[str, Any] = {"system": ChatMessageSystem, "user": ChatMessageUser,
                         "assistant": ChatMessageAssistant}


class InspectProvider:
    """One Inspect model as a ChatProvider (``key`` ``inspect``: one concurrency pool)."""

    key = "inspect"

    def __init__(self, model: Model) -> None:
        self.inspect_model = model
        self.model = str(model)

    async def complete(self, request: ChatRequest) -> ChatReply:
        schema = f"{request.schema_hint}\n{json.dumps(request.schema, ensure_ascii=False)}"
        messages = [*request.messages[:-1],
                    Message(request.messages[-1].role, f"{request.messages[-1].content}\n\n"
                                                       f"{schema}")]
        config = GenerateConfig(temperature=request.temperature, max_tokens=request.max_tokens,
                                seed=request.seed)
        started = time.perf_counter()
        output = await self.inspect_model.generate(_converted(messages), config=config)
        if output.error:
            raise ProviderError(f"inspect:{self.model}: {output.error}")
        usage = output.usage
        text = output.completion
        return ChatReply(text=text, parsed=parse_json_object(text), usage=Usage(
            model=self.model, input_tokens=usage.input_tokens if usage else 0,
            output_tokens=usage.output_tokens if usage else 0, priced=False,
            latency_s=time.perf_counter() - started, output_format="text"))


def _converted(messages: list[Message]) -> list[ChatMessage]:
    out: list[ChatMessage] = [ROLES[m.role](content=m.content) for m in messages]
    return out
