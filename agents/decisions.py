"""The answer schema a model seat follows, and the parser that reads its answers.

``game_schema`` is ONE schema for every decision of a game (a provider caches
the schema or tool at the very front of the prompt, so it must never change):
one nullable field per decision shape, seats and roles as the game's fixed
enums, targets as plain numbers. The turn message names the field to fill and
the legal values; ``parse(request, data)`` enforces them, raising AnswerError
with a one-line reason (an English form of agents/reasons.py) that is sent back
to the model, in its language, when it is asked again. The field a request needs
must be there ("missing field target"): a strict schema guarantees it, JSON mode,
a schema in the prompt or a tool call do not, and a missing target is no pass.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Sequence
from typing import Any, Literal, TypeAlias

from agents.prompts import Text
from agents.reasons import english
from arena.engine import Claim, Decision, Request
from arena.engine.requests import CLAIM_KINDS
from arena.engine.roles import ROLES

ClaimKind: TypeAlias = Literal["role", "check", "accuse", "vouch"]
ALL_ROLES = tuple(ROLES)
CHECK_RESULTS = ("good",)
SHAPE_FIELD = {"target": "target", "pair": "targets", "subset": "targets",
               "yes_no": "answer", "speech": "text", "belief": "beliefs"}
NEEDS = {"role": ("role",), "check": ("target", "result"), "accuse": ("target",),
         "vouch": ("target",)}
# beliefs: "seat: role percent, role percent; seat: ..."
ENTRY = r"\s*\d{1,2}\s*:\s*[a-z_]+\s+\d{1,3}(?:\s*,\s*[a-z_]+\s+\d{1,3})*\s*"
BELIEFS = re.compile(rf"^(?:{ENTRY};)*{ENTRY};?\s*$")
# the same form for the schema, in the classes every grammar engine reads (llama.cpp's
# has no \s or \d); the parser above also takes tabs and newlines
SCHEMA_BELIEFS = BELIEFS.pattern.replace(r"\s", " ").replace(r"\d", "[0-9]")
SEAT_ROW = re.compile(r"^\s*(\d+)\s*:(.*)$")
ROLE_PERCENT = re.compile(r"^\s*([a-z_]+)\s+(\d+)\s*$")


class AnswerError(ValueError):
    """An answer that cannot be used; the message is one line, meant for the model."""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# --- the schema ------------------------------------------------------------------------


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


def _claims(roles: Sequence[str], seats: list[int]) -> list[dict[str, Any]]:
    """One branch per claim kind, each with exactly the fields that kind needs."""
    seat = {"type": "integer", "enum": seats}
    return [
        _object({"kind": {"type": "string", "enum": ["role"]},
                 "role": {"type": "string", "enum": list(roles)}}),
        _object({"kind": {"type": "string", "enum": ["check"]}, "target": seat,
                 "result": {"type": "string", "enum": [*roles, *CHECK_RESULTS]}}),
        _object({"kind": {"type": "string", "enum": ["accuse", "vouch"]}, "target": seat}),
    ]


def game_schema(roles: Sequence[str], players: int, text: Text) -> dict[str, Any]:
    """The answer schema of every decision of a game with these roles and seats.

    Every field is present (null when the decision does not use it), so OpenAI's
    strict mode takes it; bounds a grammar may ignore are checked by ``parse``.
    """
    seats = list(range(1, players + 1))

    def field(kind: str | list[str], key: str, **extra: Any) -> dict[str, Any]:
        kinds = [kind] if isinstance(kind, str) else kind
        return {"type": [*kinds, "null"], "description": text(f"schema.{key}"), **extra}

    return _object({
        "reasoning": field("string", "reasoning"),
        # a seat, or the number of a centre card (at most 3) for the thief
        "target": field("integer", "target", enum=[*range(1, max(players, 3) + 1), None]),
        "targets": field("array", "targets", items={"type": "integer", "enum": seats},
                         uniqueItems=True),
        "answer": field("boolean", "answer"),
        "text": field("string", "text"),
        "claims": field("array", "claims", items={"anyOf": _claims(roles, seats)}),
        "beliefs": field("string", "beliefs", pattern=SCHEMA_BELIEFS),
    })


# --- parsing -----------------------------------------------------------------------------


def _integer(value: Any, where: str) -> int:
    if isinstance(value, bool) or value is None:
        raise AnswerError(english("number", where=where))
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    raise AnswerError(english("number", where=where))


def _field(data: dict[str, Any], name: str) -> Any:
    """The value of a field the request needs: missing is refused, never read as a pass
    (null is one only where the model wrote it, and the request allows it)."""
    if name not in data:
        raise AnswerError(english("missing", field=name))
    return data[name]


def _target(request: Request, data: dict[str, Any], roles: Collection[str]) -> Decision:
    value = _field(data, "target")
    return Decision(kind=request.kind,
                    target=None if value is None else _integer(value, "target"))


def _answer(request: Request, data: dict[str, Any], roles: Collection[str]) -> Decision:
    value = _field(data, "answer")
    if not isinstance(value, bool):
        raise AnswerError(english("boolean"))
    return Decision(kind=request.kind, yes=value)


def _targets(request: Request, data: dict[str, Any], roles: Collection[str]) -> Decision:
    value = _field(data, "targets")
    if not isinstance(value, list):
        raise AnswerError(english("seat_list"))
    return Decision(kind=request.kind,
                    targets=tuple(_integer(v, "targets") for v in value))


def _claim(number: int, raw: Any, roles: Collection[str]) -> Claim:
    if not isinstance(raw, dict) or raw.get("kind") not in CLAIM_KINDS:
        raise AnswerError(english("claim_what", n=number, kinds=", ".join(CLAIM_KINDS)))
    kind: ClaimKind = raw["kind"]
    missing = [name for name in NEEDS[kind] if raw.get(name) is None]
    if missing:
        raise AnswerError(english("claim_needs", n=number, kind=kind,
                                  fields=" and ".join(missing)))
    role, result = raw.get("role"), raw.get("result")
    if kind == "role" and role not in roles:
        raise AnswerError(english("claim_role", n=number, role=_short(role)))
    if kind == "check" and result not in (*roles, *CHECK_RESULTS):
        raise AnswerError(english("claim_result", n=number, result=_short(result)))
    target = None if kind == "role" else _integer(raw["target"], f"claims[{number}].target")
    return Claim(kind=kind, role=role if kind == "role" else None, target=target,
                 result=result if kind == "check" else None)


def _speech(request: Request, data: dict[str, Any], roles: Collection[str]) -> Decision:
    text, claims = _field(data, "text"), data.get("claims") or []
    if not isinstance(text, str):
        raise AnswerError(english("string"))
    if not isinstance(claims, list):
        raise AnswerError(english("claim_list"))
    return Decision(kind=request.kind, text=text,
                    claims=tuple(_claim(n, c, roles) for n, c in enumerate(claims, 1)))


def _beliefs(request: Request, data: dict[str, Any], roles: Collection[str]) -> Decision:
    value = _field(data, "beliefs")
    if not isinstance(value, str) or not value.strip():
        raise AnswerError(english("beliefs_form"))
    seats = request.context.get("seats", ())
    beliefs: dict[str, dict[str, float]] = {}
    for entry in filter(str.strip, value.split(";")):
        row = SEAT_ROW.match(entry)
        pairs = [ROLE_PERCENT.match(part) for part in row.group(2).split(",")] if row else []
        if row is None or not all(pairs):
            raise AnswerError(english("beliefs_read", entry=_short(entry.strip())))
        seat = int(row.group(1))
        if seat not in seats or seat == request.seat:
            raise AnswerError(english("beliefs_seat", seat=seat))
        percents: dict[str, float] = {}
        for match in pairs:
            assert match is not None
            role, percent = match.group(1), int(match.group(2))
            if role not in roles:
                raise AnswerError(english("beliefs_role", role=_short(role)))
            if not 0 <= percent <= 100:
                raise AnswerError(english("beliefs_percent", seat=seat, percent=percent))
            percents[role] = percents.get(role, 0) + percent
        total = sum(percents.values())
        if total <= 0 or not math.isfinite(total):
            raise AnswerError(english("beliefs_zero", seat=seat))
        beliefs[str(seat)] = {role: p / total for role, p in percents.items()}
    return Decision(kind=request.kind, beliefs=dict(sorted(beliefs.items(),
                                                           key=lambda kv: int(kv[0]))))


READERS = {"target": _target, "yes_no": _answer, "pair": _targets, "subset": _targets,
           "speech": _speech, "belief": _beliefs}


def parse(request: Request, data: Any, roles: Collection[str] = ALL_ROLES) -> Decision:
    """The Decision in a model's answer, checked against the request (AnswerError if not)."""
    if not isinstance(data, dict):
        raise AnswerError(english("not_object"))
    decision = READERS[request.shape](request, data, roles)
    problem = request.validate(decision)
    if problem is not None:
        raise AnswerError(problem)
    reasoning = data.get("reasoning")
    decision.reasoning = reasoning if isinstance(reasoning, str) and reasoning else None
    return decision
