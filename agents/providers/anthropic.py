"""Anthropic models via the async SDK: decisions through one forced tool call.

The stable prefix is cached: a cache breakpoint goes after the rules every seat
of the game shares (the front of the system prompt, ``Message.shared``), on the last
system block and on the (last) message marked ``cache=True``. The Messages API of this SDK
takes no sampling temperature, so a requested one is not sent.

With a thinking budget (capabilities.toml or the seat's ``thinking_budget``)
Claude thinks first: the tool is offered, not forced (a forced tool rules out
extended thinking), and an answer in text is parsed instead; ``max_tokens`` is
then the budget plus the answer's limit. Claude counts thinking inside its
output tokens and reports no separate figure. After an answer cut off while
thinking, ``less_reasoning`` halves the budget (agents/llm.py asks again). A
request over the context window raises ContextExceeded (agents/providers/windows.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from agents.providers.base import ChatReply, ChatRequest, Message
from agents.providers.jsonparse import parse_json_object
from agents.providers.prices import charge
from agents.providers.retry import Transient, retried, status_failure
from agents.providers.sdk_provider import SdkProvider
from arena.engine.requests import Usage

if TYPE_CHECKING:  # the SDK is imported when a seat first calls (it takes seconds)
    import anthropic
    from anthropic.types import Message as AnthropicMessage
    from anthropic.types import (
        MessageParam,
        TextBlockParam,
        ThinkingConfigParam,
        ToolChoiceParam,
        ToolParam,
    )

DEFAULT_URL = "https://api.anthropic.com"
MIN_THINKING = 1024  # the API's smallest thinking budget


class AnthropicProvider(SdkProvider):
    """One Claude model on one endpoint."""

    vendor, default_url, key_env = "anthropic", DEFAULT_URL, "ANTHROPIC_API_KEY"

    def _client(self) -> anthropic.AsyncAnthropic:
        import anthropic

        return self._sdk_client(anthropic.AsyncAnthropic, anthropic.DefaultAsyncHttpxClient)

    async def complete(self, request: ChatRequest) -> ChatReply:
        message, latency, failed = await self._with_retries(partial(self._create, request))
        name = tool_name(request.schema_name)
        return retried(self._reply(message, name, latency, self._limit(request)), failed)

    def _limit(self, request: ChatRequest) -> int:
        """The request's max_tokens: the answer's limit, plus the thinking budget if any."""
        return self._answer_limit(request) + (self._budget(request) or 0)

    def _answer_limit(self, request: ChatRequest) -> int:
        return self.caps.limit(request.max_tokens, self.options.max_tokens)

    def _budget(self, request: ChatRequest) -> int | None:
        """The thinking budget: the request's (lowered), else the model's; None: no thinking."""
        return request.thinking_budget or self.caps.thinking_budget

    def less_reasoning(self, request: ChatRequest, reply: ChatReply, room: int
                       ) -> ChatRequest | None:
        """``request`` with half the thinking budget (at least MIN_THINKING) and the
        answer's limit within ``room`` output tokens; None without thinking, at the
        minimum, or with no room left for an answer."""
        budget = self._budget(request)
        if budget is None or budget // 2 < MIN_THINKING or reply.cut_off is None:
            return None
        answer = min(self._answer_limit(request), room - budget // 2)
        if answer < 1:
            return None
        return replace(request, thinking_budget=budget // 2, max_tokens=answer)

    async def _create(self, request: ChatRequest) -> AnthropicMessage:
        import anthropic

        name = tool_name(request.schema_name)
        tool: ToolParam = {"name": name, "description": request.tool_description,
                           "input_schema": request.schema}
        system = _system(request.messages)
        budget = self._budget(request)
        thinking: ThinkingConfigParam = {"type": "enabled", "budget_tokens": budget or 0}
        choice: ToolChoiceParam = ({"type": "auto"} if budget
                                   else {"type": "tool", "name": name})
        try:
            return await self._client().messages.create(
                model=self.model,
                max_tokens=self._limit(request),
                system=system if system else anthropic.omit,
                messages=_conversation(request.messages),
                tools=[tool],
                tool_choice=choice,
                thinking=thinking if budget else anthropic.omit,
            )
        except anthropic.APIStatusError as exc:
            raise status_failure(f"anthropic:{self.model}", exc.status_code, exc.message,
                                 exc.response.headers, exc.body) from None
        except anthropic.APITimeoutError:
            raise Transient("timeout") from None
        except anthropic.APIConnectionError:
            raise Transient("connection failed") from None

    def _reply(self, message: AnthropicMessage, name: str, latency: float, limit: int
               ) -> ChatReply:
        usage = self._usage(message, latency)
        raw = message.model_dump(mode="json", exclude_none=True)
        texts = [block.text for block in message.content if block.type == "text"]
        if message.stop_reason == "refusal":
            return ChatReply(text="\n".join(texts), parsed=None, usage=usage, refusal=True,
                             raw=raw)
        if message.stop_reason == "max_tokens":  # a half answer is no answer
            return ChatReply(text="\n".join(texts), parsed=None, usage=usage, raw=raw,
                             cut_off=limit)
        for block in message.content:
            if block.type == "tool_use" and block.name == name:
                answer = dict(block.input)
                return ChatReply(text=json.dumps(answer, ensure_ascii=False), parsed=answer,
                                 usage=usage, raw=raw)
        text = "\n".join(texts)
        return ChatReply(text=text, parsed=parse_json_object(text), usage=usage, raw=raw)

    def _usage(self, message: AnthropicMessage, latency: float) -> Usage:
        counts = message.usage
        read = counts.cache_read_input_tokens or 0
        written = counts.cache_creation_input_tokens or 0
        total = counts.input_tokens + read + written
        return Usage(model=self.model, input_tokens=total, cached_tokens=read,
                     cache_write_tokens=written, output_tokens=counts.output_tokens,
                     **charge(self._price, total, read, counts.output_tokens, written),
                     latency_s=latency,
                     output_format="tool_auto" if self.caps.thinking_budget else "tool")


def tool_name(schema_name: str) -> str:
    """A valid tool name (letters, digits, ``_`` and ``-``; at most 64)."""
    return re.sub(r"[^a-zA-Z0-9_-]", "_", schema_name)[:64] or "decision"


def _system(messages: tuple[Message, ...]) -> list[TextBlockParam]:
    """The system blocks, a breakpoint after the last; a front every seat sends alike
    (``Message.shared``: the rules) is a block of its own with a breakpoint, so another
    seat's first call reads it from the cache."""
    blocks: list[TextBlockParam] = []
    for m in (m for m in messages if m.role == "system"):
        if 0 < m.shared < len(m.content):
            blocks.append({"type": "text", "text": m.content[:m.shared],
                           "cache_control": {"type": "ephemeral"}})
            blocks.append({"type": "text", "text": m.content[m.shared:]})
        else:
            blocks.append({"type": "text", "text": m.content})
    if blocks:
        blocks[-1]["cache_control"] = {"type": "ephemeral"}
    return blocks


def _conversation(messages: tuple[Message, ...]) -> list[MessageParam]:
    turns = [m for m in messages if m.role != "system"]
    marked = max((i for i, m in enumerate(turns) if m.cache), default=-1)
    out: list[MessageParam] = []
    for i, m in enumerate(turns):
        block: TextBlockParam = {"type": "text", "text": m.content}
        if i == marked:
            block["cache_control"] = {"type": "ephemeral"}
        if m.role == "assistant":
            out.append({"role": "assistant", "content": [block]})
        else:
            out.append({"role": "user", "content": [block]})
    return out
