"""Answer models per decision shape: the JSON schema a model follows, and parsing.

``schema_for(request)`` lists the legal options as enums; ``parse(request, data)``
turns a model's JSON object into a Decision, or raises AnswerError with a
one-line reason that is sent back to the model when it is asked again.
Every answer may carry a private ``reasoning``.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Collection
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from arena.engine import Claim, Decision, Request
from arena.engine.requests import CLAIM_KINDS, Shape
from arena.engine.roles import ROLES

ALL_ROLES = tuple(ROLES)
CHECK_RESULTS = ("good",)


class AnswerError(ValueError):
    """An answer that cannot be used; the message is one line, meant for the model."""


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Answer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    reasoning: str | None = None

    @abstractmethod
    def decision(self, request: Request, roles: Collection[str]) -> Decision:
        """The Decision this answer makes (before the request's legality check)."""


class TargetAnswer(Answer):
    target: int | None

    def decision(self, request: Request, roles: Collection[str]) -> Decision:
        return Decision(kind=request.kind, target=self.target)


class YesNoAnswer(Answer):
    answer: bool

    def decision(self, request: Request, roles: Collection[str]) -> Decision:
        return Decision(kind=request.kind, yes=self.answer)


class SeatsAnswer(Answer):
    targets: list[int]

    def decision(self, request: Request, roles: Collection[str]) -> Decision:
        return Decision(kind=request.kind, targets=tuple(self.targets))


class ClaimAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    kind: Literal["role", "check", "accuse", "vouch"]
    role: str | None = None
    target: int | None = None
    result: str | None = None

    def claim(self, roles: Collection[str]) -> Claim:
        needs = {"role": ("role",), "check": ("target", "result")}.get(self.kind, ("target",))
        missing = [name for name in needs if getattr(self, name) is None]
        if missing:
            raise AnswerError(f"a {self.kind} claim needs {' and '.join(missing)}")
        if self.role is not None and self.role not in roles:
            raise AnswerError(f"claim role {_short(self.role)} is not a role in this game")
        if self.result is not None and self.result not in (*roles, *CHECK_RESULTS):
            raise AnswerError(f"check result {_short(self.result)} is not a role or 'good'")
        return Claim(kind=self.kind, role=self.role if self.kind == "role" else None,
                     target=None if self.kind == "role" else self.target,
                     result=self.result if self.kind == "check" else None)


class SpeechAnswer(Answer):
    text: str
    claims: list[ClaimAnswer] = []

    def decision(self, request: Request, roles: Collection[str]) -> Decision:
        return Decision(kind=request.kind, text=self.text,
                        claims=tuple(c.claim(roles) for c in self.claims))


class BeliefAnswer(Answer):
    probabilities: dict[int, dict[str, float]]

    def decision(self, request: Request, roles: Collection[str]) -> Decision:
        seats = request.context.get("seats", ())
        beliefs: dict[str, dict[str, float]] = {}
        for seat, row in sorted(self.probabilities.items()):
            if seat not in seats or seat == request.seat:
                raise AnswerError(f"beliefs name seat {seat}, which is not another seat")
            for role, p in row.items():
                if role not in roles:
                    raise AnswerError(f"beliefs name {_short(role)}, which is not a role here")
                if not (math.isfinite(p) and 0 <= p <= 1):
                    raise AnswerError(f"seat {seat}: probability {p} is not between 0 and 1")
            total = sum(row.values())
            if total <= 0:
                raise AnswerError(f"seat {seat}: the probabilities add up to 0")
            beliefs[str(seat)] = {role: p / total for role, p in row.items()}
        return Decision(kind=request.kind, beliefs=beliefs)


ANSWERS: dict[Shape, type[Answer]] = {
    "target": TargetAnswer, "yes_no": YesNoAnswer, "pair": SeatsAnswer, "subset": SeatsAnswer,
    "speech": SpeechAnswer, "belief": BeliefAnswer,
}


def _problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])


def parse(request: Request, data: Any, roles: Collection[str] = ALL_ROLES) -> Decision:
    """The Decision in a model's answer, checked against the request (AnswerError if not)."""
    if not isinstance(data, dict):
        raise AnswerError("the answer must be one JSON object")
    try:
        answer = ANSWERS[request.shape].model_validate(data)
    except ValidationError as exc:
        raise AnswerError(_problem(exc)) from None
    decision = answer.decision(request, roles)
    problem = request.validate(decision)
    if problem is not None:
        raise AnswerError(problem)
    decision.reasoning = answer.reasoning or None
    return decision


def _nullable(kind: str, values: list[Any], allow_none: bool) -> dict[str, Any]:
    if not allow_none:
        return {"type": kind, "enum": values}
    return {"type": [kind, "null"] if values else "null", "enum": [*values, None]}


def _fields(request: Request, roles: Collection[str]) -> dict[str, Any]:
    shape = request.shape
    if shape == "target":
        return {"target": _nullable("integer", list(request.options), request.allow_none)}
    if shape == "yes_no":
        return {"answer": {"type": "boolean"}}
    if shape in ("pair", "subset"):
        seats: dict[str, Any] = {"type": "array", "uniqueItems": True,
                                 "items": {"type": "integer", "enum": list(request.options)}}
        if shape == "pair":
            seats |= {"minItems": request.count, "maxItems": request.count}
        return {"targets": seats}
    table = list(request.context.get("seats", ()))
    if shape == "speech":
        claim = _object({
            "kind": {"type": "string", "enum": list(CLAIM_KINDS)},
            "role": _nullable("string", list(roles), True),
            "target": _nullable("integer", table, True),
            "result": _nullable("string", [*roles, *CHECK_RESULTS], True),
        })
        return {"text": {"type": "string", "maxLength": request.max_chars},
                "claims": {"type": "array", "items": claim}}
    row = _object({role: {"type": "number", "minimum": 0, "maximum": 1} for role in roles})
    return {"probabilities": _object({str(s): row for s in table if s != request.seat})}


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}


def schema_for(request: Request, roles: Collection[str] = ALL_ROLES) -> dict[str, Any]:
    """The JSON schema of an answer to ``request``: private reasoning first, then the choice."""
    reasoning = {"type": ["string", "null"],
                 "description": "private reasoning, brief; no other player sees it"}
    return _object({"reasoning": reasoning, **_fields(request, roles)})
