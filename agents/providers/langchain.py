"""Any LangChain chat model: ``langchain:MODULE:FACTORY`` calls ``MODULE.FACTORY()``.

Models that support structured output answer through
``with_structured_output(schema, include_raw=True)``; others are invoked plainly
with the schema at the end of the system prompt and their text is parsed
tolerantly. A model that reports no usage is billed ``priced: false`` (its cost
is unknown). The factory
configures the model (its key, temperature and token limit); a request's
temperature and ``max_tokens`` are not applied.
"""

from __future__ import annotations

import importlib
import json
from functools import partial
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, SystemMessage
from langchain_core.runnables import Runnable

from agents.providers.base import ChatReply, ChatRequest, Message, ProviderError
from agents.providers.jsonparse import parse_json_object
from agents.providers.options import ProviderOptions
from agents.providers.prices import PriceTable, charge, price_for
from agents.providers.retry import Transient, call_with_retries, retried, status_failure
from arena.engine.requests import Usage


class LangChainProvider:
    """A chat model built by a factory function (which reads its own keys)."""

    def __init__(self, module: str, factory: str, options: ProviderOptions | None = None,
                 prices: PriceTable | None = None) -> None:
        self.options = options or ProviderOptions()
        self.name = f"langchain:{module}:{factory}"
        self.key = f"langchain@{module}:{factory}"
        self.chat_model = _build(module, factory, self.name)
        self.model = str(getattr(self.chat_model, "model_name", None)
                         or getattr(self.chat_model, "model", None) or f"{module}:{factory}")
        self._price = price_for(self.model, prices)

    def __repr__(self) -> str:
        return f"LangChainProvider({self.name!r})"

    async def complete(self, request: ChatRequest) -> ChatReply:
        (raw, parsed), latency, failed = await call_with_retries(
            partial(self._invoke, request), key=self.key, size=self.options.max_concurrency,
            policy=self.options.retry, what=self.name, model=self.model)
        return retried(self._answer(raw, parsed, latency), failed)

    def _answer(self, raw: AIMessage, parsed: dict[str, Any] | None,
                latency: float) -> ChatReply:
        usage = self._usage(raw, latency)
        text: str = raw.text
        if parsed is not None and not text:
            text = json.dumps(parsed, ensure_ascii=False)
        if raw.additional_kwargs.get("refusal") or raw.response_metadata.get(
                "stop_reason") == "refusal":
            refusal = str(raw.additional_kwargs.get("refusal") or text)
            return ChatReply(text=refusal, parsed=None, usage=usage, refusal=True)
        if parsed is None and text:
            parsed = parse_json_object(text)
        return ChatReply(text=text, parsed=parsed, usage=usage)

    async def _invoke(self, request: ChatRequest) -> tuple[AIMessage, dict[str, Any] | None]:
        structured = self._structured(request)
        try:
            if structured is None:
                out: Any = await self.chat_model.ainvoke(_messages(request, with_schema=True))
            else:
                out = await structured.ainvoke(_messages(request, with_schema=False))
        except Exception as exc:  # a model's own errors: sort into retry or give up
            raise _failure(exc, self.name) from None
        if structured is None:
            return _ai(out, self.name), None
        parsed = out.get("parsed") if isinstance(out, dict) else None
        raw = out.get("raw") if isinstance(out, dict) else None
        return _ai(raw, self.name), parsed if isinstance(parsed, dict) else None

    def _structured(self, request: ChatRequest) -> Runnable[Any, Any] | None:
        schema = {**request.schema, "title": request.schema_name,
                  "description": request.tool_description}
        try:
            return self.chat_model.with_structured_output(schema, include_raw=True)
        except NotImplementedError:
            return None

    def _usage(self, raw: AIMessage, latency: float) -> Usage:
        meta = raw.usage_metadata
        if meta is None:  # the model reported no usage: its cost is unknown, not 0
            return Usage(model=self.model, latency_s=latency, priced=False)
        details = meta.get("input_token_details", {})
        read, written = details.get("cache_read", 0), details.get("cache_creation", 0)
        reasoning = meta.get("output_token_details", {}).get("reasoning", 0)
        return Usage(model=self.model, input_tokens=meta["input_tokens"], cached_tokens=read,
                     cache_write_tokens=written, output_tokens=meta["output_tokens"],
                     reasoning_tokens=reasoning,
                     **charge(self._price, meta["input_tokens"], read, meta["output_tokens"],
                              written), latency_s=latency)


def _build(module: str, factory: str, name: str) -> BaseChatModel:
    try:
        made = getattr(importlib.import_module(module), factory)()
    except (ImportError, AttributeError, TypeError) as exc:
        raise ProviderError(f"{name}: cannot build the model: {exc}") from None
    if not isinstance(made, BaseChatModel):
        raise ProviderError(f"{name}: the factory returned {type(made).__name__}, "
                            "not a LangChain chat model")
    return made


def _messages(request: ChatRequest, *, with_schema: bool) -> list[AnyMessage]:
    """The conversation; ``with_schema``: the schema closes the system prompt (a part of
    the stable prefix, as a tool's schema is), not a message of its own."""
    messages = list(request.messages)
    if with_schema:
        hint = f"{request.schema_hint}\n{json.dumps(request.schema, ensure_ascii=False)}"
        system = next((i for i, m in enumerate(messages) if m.role == "system"), None)
        if system is None:
            messages.insert(0, Message("system", hint))
        else:
            first = messages[system]
            messages[system] = Message("system", f"{first.content}\n\n{hint}", first.cache)
    return [_message(m) for m in messages]


def _message(message: Message) -> AnyMessage:
    if message.role == "system":
        return SystemMessage(message.content)
    if message.role == "assistant":
        return AIMessage(message.content)
    return HumanMessage(message.content)


def _ai(message: object, name: str) -> AIMessage:
    if not isinstance(message, AIMessage):
        raise ProviderError(f"{name}: the model answered {type(message).__name__}, "
                            "not an AI message")
    return message


def _failure(exc: Exception, name: str) -> Exception:
    status = getattr(exc, "status_code", None)
    if isinstance(status, int):
        response = getattr(exc, "response", None)
        headers = getattr(response, "headers", None) or {}
        return status_failure(name, status, str(exc), headers, getattr(exc, "body", None))
    kind = type(exc).__name__
    if isinstance(exc, TimeoutError | ConnectionError) or "Timeout" in kind or (
            "Connection" in kind):
        return Transient(kind)
    return ProviderError(f"{name}: {kind}: {exc}")
