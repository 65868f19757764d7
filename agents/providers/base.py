"""The interface every model provider implements.

An LLM seat (agents/llm.py) sends a ChatRequest: the messages (a stable system
prefix followed by the seat's growing conversation), and the JSON schema its
answer must follow. The provider returns a ChatReply with the raw text, the
parsed JSON object when it could get one, and the usage of the call. Transport
problems are retried inside the provider; what still fails raises ProviderError.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from arena.engine.requests import Usage


@dataclass(frozen=True, slots=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: str
    cache: bool = False  # mark the end of a stable prefix (providers that cache use it)
    shared: int = 0  # the length of its front every seat of the game sends alike (cached apart)


@dataclass(frozen=True, slots=True)
class ChatRequest:
    messages: tuple[Message, ...]
    schema_name: str
    schema: dict[str, Any]
    temperature: float | None = None
    max_tokens: int | None = None  # None: the model's default (capabilities.toml)
    cache_key: str = ""  # the seats whose prompts share a front (OpenAI's prompt_cache_key)
    seed: int | None = None  # sent to APIs that take one (OpenAI chat completions)
    # in the game's language: the schema's lead-in where it is sent as text, and the
    # description of the answer tool
    schema_hint: str = "Answer with one JSON object (no other text) that follows this JSON schema:"
    tool_description: str = "Give your decision."
    # less reasoning than the model's settings, after an answer cut off by its limit
    reasoning_effort: str | None = None  # OpenAI reasoning models
    thinking_budget: int | None = None  # Claude's extended thinking


@dataclass(frozen=True, slots=True)
class ChatReply:
    text: str
    parsed: dict[str, Any] | None
    usage: Usage
    refusal: bool = False
    raw: dict[str, Any] = field(default_factory=dict)
    cut_off: int | None = None  # the output limit that cut the answer short, if one did
    failed: tuple[Usage, ...] = ()  # the call's failed attempts before this answer

    @property
    def calls(self) -> tuple[Usage, ...]:
        """Every HTTP attempt behind this reply, to bill: the failed ones, then this one."""
        return (*self.failed, self.usage)


class ProviderError(RuntimeError):
    """A call that failed for good (after retries) or a provider that cannot be used.

    ``status`` is the HTTP status that ended it, if any; ``usage`` bills the call's
    failed attempts (the judge records it before the fallback).
    """

    def __init__(self, message: str, *, status: int | None = None,
                 usage: tuple[Usage, ...] = ()) -> None:
        super().__init__(message)
        self.status, self.usage = status, usage

    def reworded(self, message: str, usage: tuple[Usage, ...] | None = None) -> ProviderError:
        """The same failure (of the same class) with another message (e.g. with the key
        masked), and other usage if given."""
        out = copy.copy(self)
        out.args = (message,)
        out.usage = self.usage if usage is None else usage
        return out


class ContextExceeded(ProviderError):
    """The server refused a request longer than its context window; ``window`` and
    ``prompt_tokens`` are its figures where it gave them (agents/providers/windows.py)."""

    def __init__(self, message: str, *, status: int | None = None,
                 usage: tuple[Usage, ...] = (), window: int | None = None,
                 prompt_tokens: int | None = None) -> None:
        super().__init__(message, status=status, usage=usage)
        self.window, self.prompt_tokens = window, prompt_tokens


class BudgetSpent(ProviderError):
    """The call would pass a spending cap: it was not sent. A seat with a stand-in hands
    over to it for the rest of the game."""


class ChatProvider(Protocol):
    """One model endpoint. ``key`` names the concurrency pool it shares with others."""

    model: str
    key: str

    async def complete(self, request: ChatRequest) -> ChatReply: ...
