"""A local model server with OpenAI- and Anthropic-shaped endpoints, for tests and benchmarks.

Answers come from a queue each test fills (``server.push(...)``): decisions,
malformed text, refusals, empty answers, HTTP errors, slow or dropped
replies. With the queue empty it answers with a minimal legal decision: the
legal values a seat's turn message states (tests/llm/legal.py), else an
instance of the request's JSON schema. Token usage is counted roughly (four
characters a token); prompt caching follows each provider's rules
(tests/llm/prefix_cache.py: ``openai_cache``, ``anthropic_cache``).

Server quirks to emulate: ``reject_formats`` (a 400 naming the format),
``unsupported`` (a 400 "Unsupported parameter" for body or json_schema keys,
as reasoning models answer to ``temperature``), ``llama_cpp`` (llama-cpp-python:
500 to json_schema, json_object with a schema accepted) and ``reasoning_tokens``
(spent before the answer, counted against the request's limit: over it, the
answer is cut off; an OpenAI request spends all of them at a high or unset
``reasoning_effort``, half at medium, a quarter at low, an eighth at minimal;
Claude thinks only with ``thinking`` on, up to twice its ``budget_tokens``;
Anthropic-style thinking is refused with a forced tool) and ``context_window``
(a prompt whose tokens and the reply's limit exceed it gets the provider's 400
"context length exceeded", worded as ``context_style`` says for OpenAI-shaped
requests; ``over_window`` counts them). ``advertise`` states the window as vLLM
(``/v1/models`` ``max_model_len``) or llama.cpp (``/props`` ``n_ctx``) do.

``answers_left`` emulates a server killed mid-game; ``omit_every`` a model that, not
held to a schema, sometimes leaves out the field a request needs.

``python -m tests.llm.stub_server --max-context 6000`` serves until interrupted,
printing its two base URLs (``--help`` for the options).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from tests.llm.legal import legal_answer, legal_values
from tests.llm.prefix_cache import AnthropicCache, OpenAICache

ReplyKind = Literal["json", "text", "refusal", "empty", "status", "drop", "auto"]
ContextStyle = Literal["openai", "openai-new", "llama.cpp", "ollama"]
Advertise = Literal["vllm", "llama.cpp"]
# the share of ``reasoning_tokens`` an OpenAI request spends at each reasoning effort
EFFORT_SHARE = {None: 1.0, "xhigh": 1.0, "high": 1.0, "medium": 0.5, "low": 0.25,
                "minimal": 0.125, "none": 0.0}


@dataclass(frozen=True, slots=True)
class Reply:
    """One scripted answer; build them with the helpers below."""

    kind: ReplyKind
    body: Any = None
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


def decision(answer: dict[str, Any], delay_s: float = 0.0) -> Reply:
    return Reply("json", answer, delay_s=delay_s)


def text(content: str) -> Reply:
    return Reply("text", content)


def refusal(message: str = "I can't help with that.") -> Reply:
    return Reply("refusal", message)


def empty() -> Reply:
    return Reply("empty")


def status(code: int, retry_after: str | None = None, message: str = "stub error") -> Reply:
    headers = {} if retry_after is None else {"Retry-After": retry_after}
    return Reply("status", message, status=code, headers=headers)


def drop() -> Reply:
    return Reply("drop")


def auto(delay_s: float = 0.0) -> Reply:
    return Reply("auto", delay_s=delay_s)


Shape = Callable[[dict[str, Any], Reply, dict[str, int]], dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Seen:
    """A request the server received."""

    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    at: float  # time.perf_counter() on arrival


class StubServer:
    """Serves on 127.0.0.1 (a free port) from a background thread."""

    def __init__(self, delay_s: float = 0.0, port: int = 0) -> None:
        self.delay_s = delay_s
        self.replies: deque[Reply] = deque()
        self.seen: list[Seen] = []
        self.reject_formats: set[str] = set()
        self.keys: set[str] | None = None  # when set: any other key gets HTTP 401
        self.models: set[str] | None = None  # when set: any other model gets HTTP 404
        self.unsupported: set[str] = set()
        self.llama_cpp = False
        self.reasoning_tokens = 0
        self.context_window: int | None = None  # when set: longer requests get HTTP 400
        self.context_style: ContextStyle = "openai"
        self.advertise: Advertise | None = None  # where the server states its window
        self.over_window = 0  # the requests refused for their length
        # when set: the answers left before the server is gone (later requests are cut
        # off unanswered, as a killed server's are)
        self.answers_left: int | None = None
        # when set: every n-th automatic answer to a request not held to a JSON schema
        # leaves out the field it needs (as a model in JSON mode may)
        self.omit_every = 0
        self.unheld = 0  # automatic answers to requests not held to a JSON schema
        self.in_flight = self.max_in_flight = 0
        self.port = port
        self.openai_cache, self.anthropic_cache = OpenAICache(), AnthropicCache()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None

    @property
    def openai_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def anthropic_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def push(self, *replies: Reply) -> None:
        self.replies.extend(replies)

    def start(self) -> StubServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=10)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._openai)
        app.router.add_post("/v1/messages", self._anthropic)
        app.router.add_get("/v1/models", self._models)
        app.router.add_get("/props", self._props)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", self.port))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    # --- the endpoints
    async def _models(self, _request: web.Request) -> web.Response:
        """vLLM's model list (the models served, else those asked for so far), with
        ``max_model_len`` when it advertises the window."""
        if self.advertise != "vllm" or self.context_window is None:
            return _error(404, "Not Found")
        served = self.models or {str(s.body.get("model")) for s in self.seen}
        return web.json_response({"object": "list", "data": [
            {"id": model, "object": "model", "max_model_len": self.context_window}
            for model in sorted(served)]})

    async def _props(self, _request: web.Request) -> web.Response:
        """llama.cpp's server properties (its ``n_ctx``)."""
        if self.advertise != "llama.cpp" or self.context_window is None:
            return _error(404, "Not Found")
        return web.json_response({"default_generation_settings": {
            "n_ctx": self.context_window}, "total_slots": 1})

    async def _openai(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.seen.append(Seen(request.path, body, dict(request.headers), time.perf_counter()))
        fmt = (body.get("response_format") or {}).get("type", "none")
        if fmt in self.reject_formats:
            return _error(400, f"response_format {fmt} is not supported by this server")
        rejected = self._quirk(body)
        if rejected is not None:
            return rejected
        spec = body.get("response_format") or {}
        schema = (spec.get("json_schema") or {}).get("schema") or spec.get("schema")
        return await self._serve(request, body, schema, _openai_answer)

    def _quirk(self, body: dict[str, Any]) -> web.Response | None:
        """The refusal an emulated server gives to what it does not take, if any."""
        spec = body.get("response_format") or {}
        given = {*body, *(spec.get("json_schema") or {})}
        bad = sorted(self.unsupported & given)
        if bad:
            return _error(400, f"Unsupported parameter: '{bad[0]}' is not supported with "
                               "this model.")
        if self.llama_cpp and spec.get("type") == "json_schema":
            detail = [{"type": "literal_error", "loc": ["body", "response_format", "type"],
                       "msg": "Input should be 'text' or 'json_object'",
                       "input": "json_schema"}]
            return web.json_response({"detail": detail}, status=500)
        return None

    async def _anthropic(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        self.seen.append(Seen(request.path, body, dict(request.headers), time.perf_counter()))
        tools = body.get("tools") or [{}]
        if body.get("thinking") and (body.get("tool_choice") or {}).get("type") == "tool":
            return _error(400, "Thinking may not be enabled when tool_choice forces tool use.")
        return await self._serve(request, body, tools[0].get("input_schema"), _anthropic_answer)

    async def _serve(self, request: web.Request, body: dict[str, Any],
                     schema: dict[str, Any] | None, shape: Shape) -> web.StreamResponse:
        key = (request.headers.get("x-api-key")
               or request.headers.get("authorization", "").removeprefix("Bearer "))
        if self.keys is not None and key not in self.keys:
            return _error(401, "invalid x-api-key")
        if self.models is not None and body.get("model") not in self.models:
            return _error(404, f"model {body.get('model')!r} not found")
        too_long = self._too_long(request.path, body)
        if too_long is not None:
            return too_long
        if self.answers_left is not None:
            if self.answers_left <= 0:
                assert request.transport is not None
                request.transport.close()
                return web.Response()
            self.answers_left -= 1
        reply = self.replies.popleft() if self.replies else auto()
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.delay_s + reply.delay_s)
            if reply.kind == "drop":
                assert request.transport is not None
                request.transport.close()
                return web.Response()
            if reply.kind == "status":
                return _error(reply.status, str(reply.body), reply.headers)
            if reply.kind == "auto":
                reply = decision(self._omitting(body, _auto(body, schema)))
            usage = {**self._usage(request.path, body), "reasoning": self._reasoning(body)}
            return web.json_response(shape(body, reply, usage))
        finally:
            self.in_flight -= 1

    def _omitting(self, body: dict[str, Any], answer: Any) -> Any:
        """``answer``, or without its fields that hold a value (``omit_every``)."""
        if (not self.omit_every or not isinstance(answer, dict)
                or (body.get("response_format") or {}).get("type") == "json_schema"):
            return answer
        self.unheld += 1
        if self.unheld % self.omit_every:
            return answer
        return {name: value for name, value in answer.items() if value is None}

    def _reasoning(self, body: dict[str, Any]) -> int:
        """The tokens this request reasons: by its effort (OpenAI), by its thinking
        budget (Claude, up to twice the budget)."""
        thinking = body.get("thinking")
        if "tools" in body:  # Anthropic's Messages API
            budget = thinking.get("budget_tokens", 0) if isinstance(thinking, dict) else 0
            return min(self.reasoning_tokens, 2 * budget)
        share = EFFORT_SHARE.get(body.get("reasoning_effort"), 1.0)
        return math.floor(self.reasoning_tokens * share)

    def _too_long(self, path: str, body: dict[str, Any]) -> web.Response | None:
        """A 400 as each provider words it when the prompt and the reply's limit exceed
        ``context_window`` (counted as the caches count, without touching them)."""
        if self.context_window is None:
            return None
        anthropic = path.endswith("/messages")
        prompt = (AnthropicCache() if anthropic else OpenAICache()).count(body).input
        reply = body.get("max_completion_tokens") or body.get("max_tokens") or 0
        window = self.context_window
        if prompt + reply <= window:
            return None
        self.over_window += 1
        if anthropic:
            return _error(400, f"input length and `max_tokens` exceed context limit: {prompt} "
                               f"+ {reply} > {window}, decrease input length or `max_tokens` "
                               "and try again")
        return _context_error(self.context_style, window, prompt, reply)

    def _usage(self, path: str, body: dict[str, Any]) -> dict[str, int]:
        """Total, cached and newly cached input tokens of a request, by its provider's
        caching rules."""
        cache = self.anthropic_cache if path.endswith("/messages") else self.openai_cache
        counted = cache.count(body)
        return {"input": counted.input, "cached": counted.cached, "written": counted.written}


def tokens(content: str) -> int:
    return math.ceil(len(content) / 4)


def _error(status_code: int, message: str, headers: dict[str, str] | None = None,
           **fields: Any) -> web.Response:
    payload = {"type": "error", "error": {"type": "stub_error", "message": message, **fields}}
    return web.json_response(payload, status=status_code, headers=headers or {})


def _context_error(style: ContextStyle, window: int, prompt: int, reply: int) -> web.Response:
    """An OpenAI-shaped request over the window refused as each server words it."""
    if style == "openai-new":
        return _error(400, "Your input exceeds the context window of this model. Please "
                           "adjust your input and try again.", code="context_length_exceeded")
    if style == "llama.cpp":
        return _error(400, f"request ({prompt} tokens) exceeds the available context size "
                           f"({window} tokens), try increasing it",
                      type="exceed_context_size_error", n_prompt_tokens=prompt, n_ctx=window)
    if style == "ollama":
        return _error(400, "the input length exceeds the context length")
    return _error(400, f"This model's maximum context length is {window} tokens. However, "
                       f"you requested {prompt + reply} tokens ({prompt} in the messages, "
                       f"{reply} in the completion). Please reduce the length of the "
                       "messages or completion.", code="context_length_exceeded")


def _openai_answer(body: dict[str, Any], reply: Reply, usage: dict[str, int]) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": None}
    if reply.kind == "json":
        message["content"] = json.dumps(reply.body)
    elif reply.kind == "text":
        message["content"] = reply.body
    elif reply.kind == "refusal":
        message["refusal"] = reply.body
    elif reply.kind == "empty":
        message["content"] = ""
    output = tokens(message["content"] or message.get("refusal") or "") + usage["reasoning"]
    limit = body.get("max_completion_tokens") or body.get("max_tokens") or output
    finish = "stop"
    if output > limit:  # reasoning used the room: the answer is cut
        message["content"], output, finish = "", limit, "length"
    return {
        "id": "chatcmpl-stub", "object": "chat.completion", "created": 0,
        "model": body["model"],
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": usage["input"], "completion_tokens": output,
                  "total_tokens": usage["input"] + output,
                  "prompt_tokens_details": {"cached_tokens": usage["cached"]},
                  "completion_tokens_details": {"reasoning_tokens": min(usage["reasoning"],
                                                                        output)}},
    }


def _anthropic_answer(body: dict[str, Any], reply: Reply, usage: dict[str, int]
                      ) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    stop = "end_turn"
    if body.get("thinking"):
        content.append({"type": "thinking", "thinking": "Let me think.", "signature": "sig"})
    if reply.kind == "json":
        name = (body.get("tool_choice") or {}).get("name") or body["tools"][0]["name"]
        content.append({"type": "tool_use", "id": "toolu_stub", "name": name,
                        "input": reply.body})
        stop = "tool_use"
    elif reply.kind in ("text", "refusal"):
        content.append({"type": "text", "text": reply.body})
        stop = "refusal" if reply.kind == "refusal" else stop
    output = tokens(json.dumps(content)) + usage["reasoning"]
    if output > body["max_tokens"]:  # thinking used the room: the answer is cut
        content = [block for block in content if block["type"] == "thinking"]
        output, stop = body["max_tokens"], "max_tokens"
    fresh = usage["input"] - usage["cached"] - usage["written"]
    return {
        "id": "msg_stub", "type": "message", "role": "assistant", "model": body["model"],
        "content": content, "stop_reason": stop, "stop_sequence": None,
        "usage": {"input_tokens": fresh, "output_tokens": output,
                  "cache_read_input_tokens": usage["cached"],
                  "cache_creation_input_tokens": usage["written"]},
    }


def _auto(body: dict[str, Any], schema: dict[str, Any] | None) -> Any:
    """The legal answer the latest turn message states, else an instance of the schema."""
    said = [_text(m.get("content")) for m in body["messages"] if m.get("role") == "user"]
    try:
        return legal_answer(legal_values(said))
    except ValueError:
        return example(schema or {})


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content if isinstance(b, dict))
    return str(content or "")


def example(schema: dict[str, Any]) -> Any:
    """A simple instance of a JSON schema: first enum values, required fields only,
    numbers at their maximum (so probability rows never sum to zero)."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        values = [v for v in schema["enum"] if v is not None]
        return values[0] if values else None
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"] or schema[key]
            return example(options[0])
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        props = schema.get("properties", {})
        return {k: example(props[k]) for k in schema.get("required", ()) if k in props}
    if kind == "array":
        items, count = schema.get("items", {}), schema.get("minItems", 0)
        if "enum" in items:
            return [v for v in items["enum"] if v is not None][:count]
        return [example(items) for _ in range(count)]
    if kind == "string":
        return "x" * schema.get("minLength", 0) or "I have nothing to add."
    if kind in ("integer", "number"):
        return schema.get("maximum", schema.get("minimum", 0))
    if kind == "boolean":
        return False
    return None


def main() -> None:
    """Serve until interrupted (for measuring ``arena play`` against the stub)."""
    parser = argparse.ArgumentParser(description="the test model server (tests/llm)")
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before each answer")
    parser.add_argument("--max-context", type=int, default=None, metavar="N",
                        help="refuse a request whose prompt and reply limit exceed N tokens")
    parser.add_argument("--context-style", choices=("openai", "openai-new", "llama.cpp",
                                                    "ollama"), default="openai",
                        help="how an OpenAI-shaped request over the window is refused")
    parser.add_argument("--advertise-window", choices=("vllm", "llama.cpp"), default=None,
                        help="state the window as vLLM (/v1/models) or llama.cpp (/props) do")
    parser.add_argument("--reasoning", type=int, default=0, metavar="N",
                        help="reasoning tokens spent before each answer (at full effort)")
    parser.add_argument("--reject-schema", action="store_true",
                        help="answer 400 to response_format json_schema (seats step down to "
                             "JSON mode)")
    parser.add_argument("--omit-every", type=int, default=0, metavar="N",
                        help="every N-th answer not held to a JSON schema leaves out the "
                             "field its request needs")
    parser.add_argument("--die-after", type=float, default=None, metavar="SECONDS",
                        help="exit this many seconds after it serves, as a killed server")
    args = parser.parse_args()
    stub = StubServer(delay_s=args.delay, port=args.port)
    stub.reject_formats = {"json_schema"} if args.reject_schema else set()
    stub.omit_every = args.omit_every
    stub.context_window, stub.context_style = args.max_context, args.context_style
    stub.advertise, stub.reasoning_tokens = args.advertise_window, args.reasoning
    with stub:
        print(f"openai: {stub.openai_url}\nanthropic: {stub.anthropic_url}", flush=True)
        if args.die_after is not None:  # counted from here: the server is up
            threading.Timer(args.die_after, os._exit, (0,)).start()
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
