"""Context windows as servers state them: in a context-length error, or when asked.

A request longer than the window gets a 400 whose wording each server has its
own of; ``context_error`` reads the window and the prompt's tokens from it where
it states them:

- OpenAI and vLLM: "This model's maximum context length is N tokens. However,
  you requested T tokens (P in the messages, R in the completion)..." (code
  ``context_length_exceeded``), newer vLLM "... and your request has P input
  tokens ...", newer OpenAI "Your input exceeds the context window of this model";
- Anthropic: "prompt is too long: P tokens > N maximum", "input length and
  `max_tokens` exceed context limit: P + R > N";
- llama.cpp's llama-server: "request (P tokens) exceeds the available context
  size (N tokens)" (type ``exceed_context_size_error``, ``n_prompt_tokens`` and
  ``n_ctx`` in the body), older builds "the request exceeds the available context
  size, try increasing it";
- Ollama: "the input length exceeds the context length".

Before a game the probe asks an OpenAI-compatible server for the window
(``server_window``): vLLM's ``max_model_len`` in ``/v1/models``, llama.cpp's
``n_ctx`` in ``/props``. What is learned is kept per endpoint and model for the
process, so every seat on it folds to fit (agents/context.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx2

from agents.providers.base import ContextExceeded

MARKERS = ("context_length_exceeded", "exceed_context_size_error", "maximum context length",
           "context window", "context limit", "prompt is too long",
           "exceeds the available context size", "exceeds the context length")
WINDOW_PATTERNS = (r"maximum context length is (\d+)", r"tokens > (\d+) maximum",
                   r"exceed context limit: \d+ \+ \d+ > (\d+)",
                   r"available context size \((\d+) tokens\)")
PROMPT_PATTERNS = (r"\((\d+) in the messages", r"request has (\d+) input tokens",
                   r"prompt is too long: (\d+) tokens", r"exceed context limit: (\d+) \+",
                   r"request \((\d+) tokens\)")
_LEARNED: dict[tuple[str, str], int] = {}  # (endpoint, model) -> its window


def context_error(what: str, status: int, message: str, body: object = None
                  ) -> ContextExceeded | None:
    """The ContextExceeded a server's error states, or None for any other error."""
    text = f"{message} {body if body is not None else ''}"
    if not any(marker in text.lower() for marker in MARKERS):
        return None
    fields = dict(_numbers(body))
    window = _first(WINDOW_PATTERNS, text) or fields.get("n_ctx")
    prompt = _first(PROMPT_PATTERNS, text) or fields.get("n_prompt_tokens")
    return ContextExceeded(f"{what}: HTTP {status}: {message}", status=status, window=window,
                           prompt_tokens=prompt)


def _first(patterns: tuple[str, ...], text: str) -> int | None:
    for pattern in patterns:
        found = re.search(pattern, text, re.IGNORECASE)
        if found:
            return int(found.group(1))
    return None


def _numbers(node: object) -> Iterator[tuple[str, int]]:
    """Every integer field in a JSON body, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, int) and not isinstance(value, bool):
                yield str(key), value
            else:
                yield from _numbers(value)
    elif isinstance(node, list):
        for item in node:
            yield from _numbers(item)


def learn(key: str, model: str, window: int) -> None:
    """Keep ``window`` for the endpoint and model (the smallest one heard)."""
    known = _LEARNED.get((key, model))
    _LEARNED[(key, model)] = window if known is None else min(known, window)


def learned(key: str, model: str) -> int | None:
    """The window learned for the endpoint and model in this process, if any."""
    return _LEARNED.get((key, model))


async def server_window(base_url: str, model: str, secret: str, timeout_s: float,
                        verify: Any = True) -> int | None:
    """The window an OpenAI-compatible server states for ``model``: vLLM's
    ``max_model_len`` (``/v1/models``), llama.cpp's ``n_ctx`` (``/props``); None when
    neither says (or the server cannot be asked)."""
    root = base_url.rstrip("/").removesuffix("/v1")
    headers = {"Authorization": f"Bearer {secret}"}
    async with httpx2.AsyncClient(timeout=timeout_s, headers=headers, verify=verify) as client:
        for url, read in ((f"{base_url.rstrip('/')}/models", _models_window),
                          (f"{root}/props", _props_window)):
            try:
                response = await client.get(url)
                found = read(response.json(), model) if response.status_code == 200 else None
            except (httpx2.HTTPError, ValueError):
                found = None
            if found:
                return found
    return None


def _models_window(data: Any, model: str) -> int | None:
    entries = data.get("data") if isinstance(data, dict) else None
    for entry in entries if isinstance(entries, list) else ():
        if isinstance(entry, dict) and entry.get("id") == model:
            size = entry.get("max_model_len")
            return size if isinstance(size, int) and size > 0 else None
    return None


def _props_window(data: Any, _model: str) -> int | None:
    if not isinstance(data, dict):
        return None
    settings = data.get("default_generation_settings")
    for size in (data.get("n_ctx"), settings.get("n_ctx") if isinstance(settings, dict)
                 else None):
        if isinstance(size, int) and size > 0:
            return size
    return None
