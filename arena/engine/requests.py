"""What a seat is asked (a Request with its legal options) and what it answers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from arena.engine.events import Claim

CLAIM_KINDS = ("role", "check", "accuse", "vouch")

Shape: TypeAlias = Literal["target", "yes_no", "speech", "pair", "subset", "belief"]

# the table's own decisions; each role adds its kinds (RoleSpec.kinds) via add_kinds
SHAPES: dict[str, Shape] = {
    "vote": "target", "elect": "target", "badge": "target", "run": "yes_no",
    "explode": "yes_no", "speak": "speech", "last_words": "speech", "belief": "belief",
    "probe": "target",
}
KINDS = SHAPES.keys()  # every decision kind, a live view


def add_kinds(kinds: Mapping[str, Shape]) -> None:
    """Register a role's decision kinds; a kind shared by roles keeps one shape."""
    for kind, shape in kinds.items():
        if SHAPES.setdefault(kind, shape) != shape:
            raise ValueError(f"decision kind {kind!r} declared as {SHAPES[kind]} and {shape}")


def shape_of(kind: str) -> Shape:
    try:
        return SHAPES[kind]
    except KeyError:
        raise ValueError(f"unknown decision kind {kind!r}") from None


@dataclass(slots=True)
class Request:
    """One decision due from one seat.

    ``options`` are the legal targets (target, pair and subset kinds); ``allow_none``
    says whether passing is legal; ``count`` is how many distinct seats a pair kind
    names (link 2, charm 2 or 1). ``context`` carries facts the seat already knows
    that make the question readable (e.g. ``{"round": 2, "ballot": "tiebreak"}``).
    """

    seat: int
    kind: str
    day: int
    options: tuple[int, ...] = ()
    allow_none: bool = False
    context: dict[str, Any] = field(default_factory=dict)
    timeout_s: float = 60.0
    max_chars: int = 2000
    count: int = 2

    @property
    def shape(self) -> Shape:
        return SHAPES[self.kind]

    def validate(self, decision: Decision) -> str | None:
        """None when legal, else a one-line reason."""
        if decision.kind != self.kind:
            return f"expected a {self.kind!r} decision, got {decision.kind!r}"
        shape = SHAPES[self.kind]
        if shape == "target":
            if decision.target is None:
                return None if self.allow_none else f"{self.kind}: passing is not allowed here"
            if decision.target not in self.options:
                return f"{self.kind}: {decision.target} is not one of {list(self.options)}"
        elif shape in ("pair", "subset"):
            picks = decision.targets
            if len(set(picks)) != len(picks):
                return f"{self.kind}: name each seat once"
            if shape == "pair" and len(picks) != self.count:
                return f"{self.kind}: name {self.count} different seats"
            bad = [p for p in picks if p not in self.options]
            if bad:
                return f"{self.kind}: {bad} not among {list(self.options)}"
        elif shape == "yes_no":
            if decision.yes is None:
                return f"{self.kind}: answer yes or no"
        elif shape == "speech":
            if len(decision.text) > self.max_chars:
                return f"{self.kind}: speech longer than {self.max_chars} characters"
            for claim in decision.claims:
                if claim.kind not in CLAIM_KINDS:
                    return f"unknown claim kind {claim.kind!r} (use {', '.join(CLAIM_KINDS)})"
                if claim.target is not None and claim.target not in self.context.get("seats", ()):
                    return f"claim names seat {claim.target}, which is not at the table"
        return None

    def default(self) -> Decision:
        """The deterministic fallback: pass/abstain/no when legal, else the lowest option."""
        shape = self.shape
        if shape == "target":
            if self.allow_none or not self.options:
                return Decision(kind=self.kind)
            return Decision(kind=self.kind, target=min(self.options))
        if shape == "pair":
            return Decision(kind=self.kind, targets=tuple(sorted(self.options)[:self.count]))
        if shape == "yes_no":
            return Decision(kind=self.kind, yes=False)
        return Decision(kind=self.kind)


@dataclass(slots=True, kw_only=True)
class Usage:
    """One model call behind a decision: tokens, cost and latency.

    ``cached_tokens`` of ``input_tokens`` were read from the provider's prompt cache,
    ``cache_write_tokens`` written to it (billed above the input price);
    ``reasoning_tokens`` are the part of ``output_tokens`` spent reasoning;
    ``priced`` is False when the price table does not know the model (its
    ``cost_usd`` is then 0.0, not a real cost); ``output_format`` is how the
    answer was asked for (``json_schema``, ``json_object``, ``tool``, ...).
    Each HTTP attempt is one Usage: ``attempt`` counts the tries of one call (1
    unless retried); a failed try has zero tokens and its ``error``.
    """

    model: str = ""
    input_tokens: int = 0
    cached_tokens: int = 0
    cache_write_tokens: int = 0
    output_tokens: int = 0
    reasoning_tokens: int = 0
    cost_usd: float = 0.0
    priced: bool = True
    latency_s: float = 0.0
    output_format: str = ""
    attempt: int = 1
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "input_tokens": self.input_tokens,
                "cached_tokens": self.cached_tokens,
                "cache_write_tokens": self.cache_write_tokens, "output_tokens": self.output_tokens,
                "reasoning_tokens": self.reasoning_tokens, "cost_usd": self.cost_usd,
                "priced": self.priced, "latency_s": self.latency_s,
                "output_format": self.output_format, "attempt": self.attempt,
                "error": self.error}


@dataclass(slots=True)
class Decision:
    """A seat's answer. Which field matters depends on the request's shape."""

    kind: str
    target: int | None = None
    targets: tuple[int, ...] = ()
    yes: bool | None = None
    text: str = ""
    claims: tuple[Claim, ...] = ()
    beliefs: dict[str, dict[str, float]] = field(default_factory=dict)
    reasoning: str | None = None
    usage: tuple[Usage, ...] = ()
    fallback: bool = False  # the judge's default for a seat that gave no valid answer

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.target is not None:
            out["target"] = self.target
        if self.targets:
            out["targets"] = list(self.targets)
        if self.yes is not None:
            out["yes"] = self.yes
        if self.text:
            out["text"] = self.text
        if self.claims:
            out["claims"] = [
                {k: v for k, v in (("kind", c.kind), ("role", c.role), ("target", c.target),
                                   ("result", c.result)) if v is not None}
                for c in self.claims
            ]
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Decision:
        claims = tuple(Claim(**c) for c in data.get("claims", ()))
        return Decision(
            kind=data["kind"], target=data.get("target"), targets=tuple(data.get("targets", ())),
            yes=data.get("yes"), text=data.get("text", ""), claims=claims,
        )


class UnusableAnswer(Exception):
    """Raised by an agent whose answer holds no decision (no JSON, a refusal, a bad field):
    the judge refuses it like an illegal decision, recording ``answer`` (the raw text) and
    ``reason``, bills ``usage`` and asks again."""

    def __init__(self, answer: str, reason: str, usage: tuple[Usage, ...] = ()) -> None:
        super().__init__(reason)
        self.answer, self.reason, self.usage = answer, reason, usage
