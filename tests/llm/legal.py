"""Legal answers read off a seat's turn message (the schema is the same for every call).

Each turn message holds one line of the legal values as JSON, e.g.
``Legal values (JSON): {"target": [2, 3, null]}``; a retry message repeats it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from typing import Any

LEGAL = re.compile(r'^[^{\n]*(\{"(?:target|targets|answer|text|beliefs)": .*\})\s*$',
                   re.MULTILINE)
UNUSED = {"target": None, "targets": None, "answer": None, "text": None, "claims": None,
          "beliefs": None}


def legal_values(texts: Iterable[str]) -> dict[str, Any]:
    """The legal values of the latest turn among user messages ``texts`` (in order)."""
    for text in reversed(list(texts)):
        found = LEGAL.findall(text)
        if found:
            values: dict[str, Any] = json.loads(found[-1])
            return values
    raise ValueError("no message states the legal values")


def legal_answer(values: dict[str, Any], rng: random.Random | None = None) -> dict[str, Any]:
    """A legal answer with every field of the game's schema: the first options, or a
    seeded random choice with ``rng``."""
    out: dict[str, Any] = {"reasoning": None, **UNUSED}
    if "target" in values:
        options = [o for o in values["target"] if o is not None] or [None]
        out["target"] = rng.choice(options) if rng else options[0]
    elif "answer" in values:
        out["answer"] = rng.random() < 0.5 if rng else False
    elif "targets" in values:
        options, count = values["targets"], values.get("count")
        if rng:
            out["targets"] = rng.sample(options, count or rng.randint(0, len(options)))
        else:
            out["targets"] = options[:count or 0]
    elif "text" in values:
        out["text"], out["claims"] = "I have nothing to add.", []
    else:
        seats, roles = values["beliefs"]["seats"], values["beliefs"]["roles"]
        named = roles if rng else roles[:1]
        out["beliefs"] = "; ".join(
            f"{s}: " + ", ".join(f"{r} {rng.randint(1, 100) if rng else 100}" for r in named)
            for s in seats)
    return out
