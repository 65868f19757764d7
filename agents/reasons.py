"""Refusal reasons in the seat's language.

The parser, the agent and the engine write a refused answer's reason in fixed
English forms, the ``[reasons]`` templates of the English lines. ``explain``
reads a reason back by those forms and writes it with the same template of the
seat's language (a decision kind inside it in words); a reason of no known form
is shown as it is.
"""

from __future__ import annotations

import re
from functools import cache
from string import Template

from agents.prompts import Text, lines

FIELD = re.compile(r"\$(\w+)")
KIND_FIELDS = ("kind", "want", "got")


@cache
def _forms() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each reason's key and the pattern of its English form."""
    forms = []
    for key, template in lines("en")["reasons"].items():
        parts = FIELD.split(template)  # literal, name, literal, name, ...
        pattern = "".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                          for i, part in enumerate(parts))
        forms.append((key, re.compile(pattern, re.DOTALL)))
    return tuple(forms)


def explain(text: Text, reason: str) -> str:
    """``reason`` (an English refusal reason) in the language of ``text``."""
    if text.lang == "en":
        return reason
    for key, pattern in _forms():
        match = pattern.fullmatch(reason)
        if match is not None:
            fields = {name: text.kind(value) if name in KIND_FIELDS else value
                      for name, value in match.groupdict().items()}
            return Template(text.raw(f"reasons.{key}")).substitute(fields)
    return reason


def english(key: str, /, **fields: object) -> str:
    """A reason in its English form (what the parser raises)."""
    return Text("en")(f"reasons.{key}", **fields)
