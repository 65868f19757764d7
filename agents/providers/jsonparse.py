"""A tolerant reader for the JSON object inside a model's free-text answer.

It accepts code fences, prose around the object, trailing commas, single-quoted
strings (when they hold no quote that would make the meaning ambiguous) and the
Python literals True/False/None. It never guesses beyond that: text with no
readable object gives None.
"""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.DOTALL)
_WORDS = {"True": "true", "False": "false", "None": "null"}


def parse_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in ``text``, or None when nothing parses."""
    for block in [*_FENCE.findall(text), text]:
        found = _first_object(block)
        if found is not None:
            return found
    return None


def _first_object(text: str) -> dict[str, Any] | None:
    start = text.find("{")
    while start != -1:
        end = _matching_brace(text, start)
        if end is None:  # unbalanced (e.g. a truncated answer): nothing safe to read
            return None
        found = _load(text[start:end + 1])
        if found is not None:
            return found
        start = text.find("{", end + 1)
    return None


def _matching_brace(text: str, start: int) -> int | None:
    """Index of the brace closing the one at ``start``, skipping quoted strings."""
    depth, quote, i = 0, "", start
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'" and (ch == '"' or _opens_single(text, i)):
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None


def _opens_single(text: str, i: int) -> bool:
    """A single quote starts a string only where a JSON value or key may start."""
    j = i - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j < 0 or text[j] in "{[,:"


def _load(candidate: str) -> dict[str, Any] | None:
    for attempt in (candidate, _repair(candidate)):
        if attempt is None:
            continue
        try:
            value = json.loads(attempt)
        except ValueError:
            continue
        return value if isinstance(value, dict) else None
    return None


def _repair(text: str) -> str | None:
    """Rewrite single-quoted strings, Python literals and trailing commas; None if unsafe."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            end = _string_end(text, i, '"')
            if end is None:
                return None
            out.append(text[i:end + 1])
            i = end + 1
        elif ch == "'" and _opens_single(text, i):
            end = _string_end(text, i, "'")
            if end is None:
                return None
            body = text[i + 1:end]
            if '"' in body:  # ambiguous quoting: refuse rather than guess
                return None
            out.append(json.dumps(body.replace("\\'", "'")))
            i = end + 1
        elif ch == ",":
            rest = text[i + 1:].lstrip()
            if not rest or rest[0] not in "}]":
                out.append(ch)
            i += 1
        elif ch.isalpha():
            word = re.match(r"[A-Za-z]+", text[i:])
            token = word.group(0) if word else ch
            out.append(_WORDS.get(token, token))
            i += len(token)
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _string_end(text: str, start: int, quote: str) -> int | None:
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            return i
        i += 1
    return None
