"""OpenAI and OpenAI-compatible servers (vLLM, Ollama, llama.cpp) via the async SDK.

Answers are asked for as structured output (``response_format`` json_schema).
A server that rejects that format (a 400 naming a parameter of it, such as
``strict``, or a 5xx naming the response format, as llama-cpp-python's server
answers) gets the next step: JSON mode with the schema (llama-cpp-python's
form), plain JSON mode, then no format at all, with the schema spelled out in
the prompt and a tolerant parser reading the reply. The step is learned once
per endpoint and model in the process, and each call's usage records it.

Request parameters follow the model's capabilities (capabilities.toml): the
limit parameter's name, no temperature where refused, ``reasoning_effort``
(one step lower after an answer cut off while reasoning: ``less_reasoning``).
A request over the context window raises ContextExceeded; a compatible server
is asked for its window at the probe (agents/providers/windows.py).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import partial
from typing import Any, Literal

import openai
from openai.types.chat import ChatCompletion

from agents.providers.base import ChatReply, ChatRequest, ContextExceeded, Message
from agents.providers.jsonparse import parse_json_object
from agents.providers.prices import charge
from agents.providers.retry import Transient, retried, status_failure, tls_context
from agents.providers.sdk_provider import SdkProvider
from agents.providers.windows import server_window
from arena.engine.requests import Usage

Mode = Literal["json_schema", "json_object_schema", "json_object", "text"]
MODES: tuple[Mode, ...] = ("json_schema", "json_object_schema", "json_object", "text")
# a 5xx naming these (llama.cpp's llama-server: "The model produced output that does not
# match the expected ... format" when it cannot read back its own constrained output)
FORMAT_WORDS = ("response_format", "json_schema", "json_object", "does not match the expected")
PARAMETER_WORDS = ("response_format", "json_schema", "json_object", "strict",
                   "schema")  # a 400 naming these
_LEARNED: dict[tuple[str, str], Mode] = {}  # (endpoint, model) -> the format it takes
DEFAULT_URL = "https://api.openai.com/v1"
# the next lower reasoning effort after an answer cut off while reasoning (None: the API's
# default, medium); "low" and below have none
LOWER_EFFORT: dict[str | None, str] = {"xhigh": "high", "high": "medium", "medium": "low",
                                       None: "low"}
NOT_STRICT = frozenset({"minLength", "maxLength", "uniqueItems", "minProperties",
                        "maxProperties", "patternProperties", "propertyNames"})


class OpenAIProvider(SdkProvider):
    """One model on one OpenAI-compatible endpoint."""

    vendor, default_url, key_env = "openai", DEFAULT_URL, "OPENAI_API_KEY"

    @property
    def mode(self) -> Mode:
        """The answer format this endpoint and model take, as learned in this process."""
        return _LEARNED.get((self.key, self.model), "json_schema")

    def _step_down(self, rejected: Mode) -> None:
        later = MODES[MODES.index(rejected) + 1]
        if MODES.index(later) > MODES.index(self.mode):  # seats asking at once: step once
            _LEARNED[(self.key, self.model)] = later

    def _client(self) -> openai.AsyncOpenAI:
        return self._sdk_client(openai.AsyncOpenAI, openai.DefaultAsyncHttpxClient)

    async def complete(self, request: ChatRequest) -> ChatReply:
        (completion, mode), latency, failed = await self._with_retries(
            partial(self._create, request))
        return retried(self._reply(completion, latency, mode, self._limit(request)), failed)

    async def _create(self, request: ChatRequest) -> tuple[ChatCompletion, Mode]:
        while True:
            mode = self.mode
            try:
                return await self._send(request, mode), mode
            except openai.APIStatusError as exc:
                failure = status_failure(f"openai:{self.model}", exc.status_code, exc.message,
                                         exc.response.headers, exc.body)
                if (mode != "text" and not isinstance(failure, ContextExceeded)
                        and _rejects_format(exc)):
                    self._step_down(mode)
                    continue
                raise failure from None
            except openai.APITimeoutError:
                raise Transient("timeout") from None
            except openai.APIConnectionError:
                raise Transient("connection failed") from None

    async def _send(self, request: ChatRequest, mode: Mode) -> ChatCompletion:
        """POST the body as built here: the SDK's typed ``create`` re-walks every message
        and the schema on each call (tens of ms of CPU for a long game), which would
        serialise seats that ask at the same time."""
        caps = self.caps
        temperature = request.temperature
        if temperature is None:
            temperature = self.options.temperature
        # the real API wants the newer limit parameter; compatible servers the older one
        limit_name = caps.limit_parameter or (
            "max_completion_tokens" if self.base_url is None else "max_tokens")
        body: dict[str, Any] = {"model": self.model, "messages": _messages(request, mode),
                                limit_name: self._limit(request)}
        if temperature is not None and caps.supports_temperature:
            body["temperature"] = temperature
        effort = request.reasoning_effort or caps.reasoning_effort
        if effort is not None:
            body["reasoning_effort"] = effort
        if request.cache_key:  # routes the calls to the servers holding their shared front
            body["prompt_cache_key"] = request.cache_key
        if request.seed is not None:
            body["seed"] = request.seed
        if mode != "text":
            body["response_format"] = _format(request, mode)
        return await self._client().post("/chat/completions", body=body, cast_to=ChatCompletion,
                                         options={"security": {"bearer_auth": True}})

    def _limit(self, request: ChatRequest) -> int:
        return self.caps.limit(request.max_tokens, self.options.max_tokens)

    async def server_window(self, timeout_s: float) -> int | None:
        """The context window a compatible server (vLLM, llama.cpp) states; None for
        api.openai.com (capabilities.toml knows its models) or a server that does not say."""
        if self.base_url is None:
            return None
        return await server_window(self.base_url, self.model, self._secret,
                                   min(timeout_s, self.options.timeout_s), tls_context())

    def less_reasoning(self, request: ChatRequest, reply: ChatReply, room: int
                       ) -> ChatRequest | None:
        """``request`` at the next lower reasoning effort (the API's default counts as
        medium) within ``room`` output tokens, after ``reply`` was cut off while
        reasoning; None when it did not reason or no lower effort is left."""
        lower = LOWER_EFFORT.get(request.reasoning_effort or self.caps.reasoning_effort)
        if lower is None or not reply.usage.reasoning_tokens:
            return None
        return replace(request, reasoning_effort=lower,
                       max_tokens=min(self._limit(request), room))

    def _reply(self, completion: ChatCompletion, latency: float, mode: Mode, limit: int
               ) -> ChatReply:
        usage = self._usage(completion, latency, mode)
        raw = completion.model_dump(mode="json", exclude_none=True)
        if not completion.choices:
            return ChatReply(text="", parsed=None, usage=usage, raw=raw)
        choice = completion.choices[0]
        message = choice.message
        if message.refusal or choice.finish_reason == "content_filter":
            return ChatReply(text=message.refusal or "", parsed=None, usage=usage, refusal=True,
                             raw=raw)
        text = message.content or ""
        if choice.finish_reason == "length":  # a half answer is no answer
            return ChatReply(text=text, parsed=None, usage=usage, raw=raw, cut_off=limit)
        return ChatReply(text=text, parsed=parse_json_object(text), usage=usage, raw=raw)

    def _usage(self, completion: ChatCompletion, latency: float, mode: Mode) -> Usage:
        counts = completion.usage
        prompt = counts.prompt_tokens if counts else 0
        output = counts.completion_tokens if counts else 0
        details = counts.prompt_tokens_details if counts else None
        cached = (details.cached_tokens or 0) if details else 0
        made = counts.completion_tokens_details if counts else None
        reasoning = (made.reasoning_tokens or 0) if made else 0
        return Usage(model=self.model, input_tokens=prompt, cached_tokens=cached,
                     output_tokens=output, reasoning_tokens=reasoning,
                     **charge(self._price, prompt, cached, output), latency_s=latency,
                     output_format=mode)


def _rejects_format(exc: openai.APIStatusError) -> bool:
    """A 400/422 naming a parameter of the structured-output request, or a 5xx naming the
    response format (llama-cpp-python's server answers 500 to json_schema)."""
    text = f"{exc.message} {exc.body}".lower()
    if exc.status_code in (400, 422):
        return any(word in text for word in PARAMETER_WORDS)
    return exc.status_code >= 500 and any(word in text for word in FORMAT_WORDS)


def _messages(request: ChatRequest, mode: Mode) -> list[dict[str, str]]:
    messages = list(request.messages)
    if mode not in ("json_schema", "json_object_schema"):
        hint = f"{request.schema_hint}\n{json.dumps(request.schema, ensure_ascii=False)}"
        last = messages[-1] if messages else None
        if last is not None and last.role == "user":
            messages[-1] = Message("user", f"{last.content}\n\n{hint}", last.cache)
        else:
            messages.append(Message("user", hint))
    return [{"role": m.role, "content": m.content} for m in messages]


def _format(request: ChatRequest, mode: Mode) -> dict[str, Any]:
    if mode == "json_object":
        return {"type": "json_object"}
    if mode == "json_object_schema":
        return {"type": "json_object", "schema": request.schema}
    strict = strict_schema(request.schema)
    return {"type": "json_schema", "json_schema": {
        "name": request.schema_name, "schema": request.schema if strict is None else strict,
        "strict": strict is not None}}


def strict_schema(schema: dict[str, Any]) -> dict[str, Any] | None:
    """The schema as OpenAI's strict mode takes it, or None when its shape does not fit.

    Strict mode needs closed objects whose properties are all required; keywords
    it does not take (length limits, ``uniqueItems``) are dropped, which the
    caller's own validation of the answer covers. A schema that does not fit is
    sent as it is, without ``strict``.
    """
    def fix(node: Any) -> Any:
        if isinstance(node, list):
            return [fix(item) for item in node]
        if not isinstance(node, dict):
            return node
        properties = node.get("properties")
        if isinstance(properties, dict) and (
                node.get("additionalProperties") is not False
                or set(node.get("required", ())) != set(properties)):
            raise ValueError("not strict")
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in NOT_STRICT:
                continue
            if key in ("properties", "$defs") and isinstance(value, dict):
                out[key] = {name: fix(sub) for name, sub in value.items()}
            else:
                out[key] = value if key in ("enum", "const", "required") else fix(value)
        return out

    try:
        fixed: dict[str, Any] = fix(schema)
    except ValueError:
        return None
    return fixed
