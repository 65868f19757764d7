"""Prompt caches as the providers describe them, for the stub server.

A prompt is read as the provider lays it out: OpenAI puts the response schema
(or tools) first, then the messages; Anthropic puts tools, then system, then
messages. Tokens are counted roughly (four characters a token).

- OpenAI: automatic. Only prompts of at least 1,024 tokens are cached, and a hit
  covers the longest earlier prefix in whole 128-token blocks. Caches are kept
  per ``prompt_cache_key`` (a request without one shares the unnamed cache).
- Anthropic: explicit. A ``cache_control`` breakpoint writes the prefix up to
  and including its block, if that prefix reaches the model's minimum (1,024
  tokens for Sonnet 4.5; Haiku 4.5 and Opus 4.5 need 4,096). A breakpoint reads
  the longest prefix written before that ends at one of the 20 block boundaries
  up to it. At most four breakpoints. Written tokens are billed at 1.25x input.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

CHARS_PER_TOKEN = 4
OPENAI_MINIMUM, OPENAI_BLOCK = 1024, 128
ANTHROPIC_MINIMUM, LOOKBACK, MAX_BREAKPOINTS = 1024, 20, 4


@dataclass(frozen=True, slots=True)
class Counted:
    """A request's input tokens: in all, read from the cache, written to it."""

    input: int
    cached: int = 0
    written: int = 0


def tokens(chars: int) -> int:
    return math.ceil(chars / CHARS_PER_TOKEN)


def _digests(text: str, ends: list[int]) -> list[str]:
    """The digest of ``text[:end]`` for each of the (ascending) ``ends``."""
    h, start, out = hashlib.sha256(), 0, []
    for end in ends:
        h.update(text[start:end].encode())
        out.append(h.copy().hexdigest())
        start = end
    return out


@dataclass
class OpenAICache:
    seen: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def count(self, body: dict[str, Any]) -> Counted:
        head = body.get("response_format") or body.get("tools") or ""
        text = json.dumps(head) + "".join(json.dumps(m) for m in body["messages"])
        total = tokens(len(text))
        block = OPENAI_BLOCK * CHARS_PER_TOKEN
        ends = list(range(block, len(text) + 1, block))
        digests = _digests(text, ends)
        known = self.seen[body.get("prompt_cache_key", "")]
        hits = [i for i, d in enumerate(digests) if d in known]
        cached = (hits[-1] + 1) * OPENAI_BLOCK if hits else 0
        if total >= OPENAI_MINIMUM:
            known.update(digests)
        return Counted(total, cached if cached >= OPENAI_MINIMUM else 0)


@dataclass
class AnthropicCache:
    minimum: int = ANTHROPIC_MINIMUM
    written: set[str] = field(default_factory=set)

    def count(self, body: dict[str, Any]) -> Counted:
        blocks = [*body.get("tools", ()), *_blocks(body.get("system")),
                  *(b for m in body["messages"] for b in _blocks(m["content"]))]
        # the breakpoint marker itself is not part of the cached text
        texts = [json.dumps({k: v for k, v in b.items() if k != "cache_control"})
                 for b in blocks]
        ends, chars = [], 0
        for t in texts:
            chars += len(t)
            ends.append(chars)
        digests = _digests("".join(texts), ends)
        marks = [i for i, b in enumerate(blocks) if "cache_control" in b]
        if len(marks) > MAX_BREAKPOINTS:
            raise ValueError(f"{len(marks)} cache breakpoints (at most {MAX_BREAKPOINTS})")
        cached = 0
        for mark in marks:
            for i in range(mark, max(-1, mark - LOOKBACK), -1):
                if digests[i] in self.written:
                    cached = max(cached, tokens(ends[i]))
                    break
        lasting = [m for m in marks if tokens(ends[m]) >= self.minimum]
        self.written.update(digests[m] for m in lasting)
        written = max(0, tokens(ends[lasting[-1]]) - cached) if lasting else 0
        return Counted(tokens(chars), cached, written)


def _blocks(content: Any) -> list[dict[str, Any]]:
    if not content:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return list(content)
