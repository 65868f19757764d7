"""What a browser may send and see: the answer model (validated, size-limited) and
the JSON form of a pending request."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from arena.app.server.seat import Pending
from arena.engine import Decision
from arena.engine.events import Claim
from arena.engine.requests import CLAIM_KINDS
from arena.engine.roles import ROLES

MAX_SPEECH = 2000
MAX_CLAIMS = 8
MAX_SEATS = 30
Seat = Annotated[int, Field(ge=1, le=MAX_SEATS)]
RESULTS = ("good", "werewolf", *ROLES)
Word = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z_]+$")]


class ClaimIn(BaseModel):
    """A structured claim made with the quick-claim buttons."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["role", "check", "accuse", "vouch"]
    role: Word | None = None
    target: Seat | None = None
    result: Word | None = None

    @model_validator(mode="after")
    def _complete(self) -> ClaimIn:
        if (self.kind == "role") != (self.role is not None):
            raise ValueError("a role claim names a role, and only a role claim does")
        if self.kind != "role" and self.target is None:
            raise ValueError(f"a {self.kind} claim names a seat")
        if self.role is not None and self.role not in ROLES:
            raise ValueError(f"unknown role {self.role!r}")
        if self.result not in (None, *RESULTS):
            raise ValueError("a check result is good, werewolf or a role")
        return self


class Answer(BaseModel):
    """The browser's answer to its seat's pending request (``request`` is its number)."""

    model_config = ConfigDict(extra="forbid")

    request: int = Field(ge=1)
    kind: Word
    target: Seat | None = None
    targets: list[Seat] = Field(default_factory=list, max_length=MAX_SEATS)
    yes: bool | None = None
    text: str = Field(default="", max_length=MAX_SPEECH)
    claims: list[ClaimIn] = Field(default_factory=list, max_length=MAX_CLAIMS)

    def decision(self) -> Decision:
        return Decision(
            kind=self.kind, target=self.target, targets=tuple(self.targets), yes=self.yes,
            text=self.text,
            claims=tuple(Claim(kind=c.kind, role=c.role, target=c.target, result=c.result)
                         for c in self.claims))


def pending_json(pending: Pending) -> dict[str, Any]:
    """A pending request as the seat's page needs it: kind, shape, legal options, time."""
    request = pending.request
    return {
        "number": pending.number, "kind": request.kind, "shape": request.shape,
        "options": list(request.options), "allow_none": request.allow_none,
        "count": request.count, "max_chars": min(request.max_chars, MAX_SPEECH),
        "context": {k: list(v) if isinstance(v, tuple) else v
                    for k, v in request.context.items()},
        "remaining_s": round(pending.remaining(), 1), "claim_kinds": list(CLAIM_KINDS),
    }
