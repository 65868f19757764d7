"""The scripted agent: answers from scenario entries, then defers to a fallback agent.

A decision asked on night or day N first takes the next entry of the day-N
queue for its kind, then the seat's general queue, then the fallback agent.
Entries are checked by type when the scenario is read (``to_decision``); one
that is illegal when its turn comes stops the game (ScenarioError).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Strict, StrictBool, TypeAdapter, ValidationError

from agents.base import Agent
from arena.engine import AbortGame, Claim, Decision, Observation, Request
from arena.engine.requests import Shape, shape_of

Seat = Annotated[int, Strict()]  # a whole number: not true, not 3.7, not "3"


class ScenarioError(AbortGame):
    """An illegal or malformed scenario entry."""


class _Claim(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: str  # checked against the claim kinds by the request, as for any agent
    role: str | None = None
    target: Seat | None = None
    result: str | None = None


class _Speech(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    text: str = ""
    claims: list[_Claim] = []


_SEATS = TypeAdapter(list[Seat])
ENTRIES: dict[Shape, tuple[TypeAdapter[Any], str]] = {
    "target": (TypeAdapter(Seat | Literal["none"]), 'a seat number or "none"'),
    "yes_no": (TypeAdapter(StrictBool), "true or false"),
    "pair": (_SEATS, "a list of seat numbers"),
    "subset": (_SEATS, "a list of seat numbers"),
    "speech": (TypeAdapter(Annotated[str, Strict()] | _Speech),
               'a string or a table {text = "...", claims = [{kind, role, target, result}]}'),
    "belief": (TypeAdapter(dict[str, dict[str, Annotated[float, Strict()]]]),
               "a table {seat = {role = probability}}"),
}


def to_decision(kind: str, entry: Any) -> Decision:
    """One scenario entry as a Decision of ``kind``; ValueError saying what it should be."""
    shape = shape_of(kind)
    adapter, expected = ENTRIES[shape]
    try:
        value = adapter.validate_python(entry)
    except ValidationError:
        raise ValueError(f"entry {entry!r} is not {expected}") from None
    if shape == "target":
        return Decision(kind=kind, target=None if value == "none" else value)
    if shape == "yes_no":
        return Decision(kind=kind, yes=value)
    if shape in ("pair", "subset"):
        return Decision(kind=kind, targets=tuple(value))
    if isinstance(value, str):
        return Decision(kind=kind, text=value)
    if isinstance(value, _Speech):
        claims = tuple(Claim(**c.model_dump()) for c in value.claims)
        return Decision(kind=kind, text=value.text, claims=claims)
    return Decision(kind=kind, beliefs=value)


@dataclass(frozen=True)
class Entry:
    """One scripted answer: its place in the file (``day3.vote #2``), as written, decoded."""

    label: str
    raw: Any
    decision: Decision


Queues = dict[str, list[Entry]]


class ScriptedAgent:
    concurrent = False

    def __init__(self, seat: int, queues: Queues, by_day: dict[int, Queues],
                 fallback: Agent) -> None:
        self.seat = seat
        self.queues = {kind: deque(items) for kind, items in queues.items()}
        self.by_day = {day: {k: deque(v) for k, v in kinds.items()}
                       for day, kinds in by_day.items()}
        self.fallback = fallback

    def _next(self, kind: str, day: int) -> Entry | None:
        for queue in (self.by_day.get(day, {}).get(kind), self.queues.get(kind)):
            if queue:
                return queue.popleft()
        return None

    def unused(self) -> str | None:
        """A warning naming the entries never asked for (a script longer than the game)."""
        queues = [*self.queues.values(), *(q for k in self.by_day.values() for q in k.values())]
        left = [entry.label for queue in queues for entry in queue]
        if not left:
            return None
        noun = "entry" if len(left) == 1 else "entries"
        return f"seat {self.seat}: {len(left)} scripted {noun} never used: {', '.join(left)}"

    async def decide(self, observation: Observation, request: Request) -> Decision:
        entry = self._next(request.kind, request.day)
        if entry is None:
            return await self.fallback.decide(observation, request)
        problem = request.validate(entry.decision)
        if problem is not None:
            legal = list(request.options) + (["none"] if request.allow_none else [])
            raise ScenarioError(
                f"seat {self.seat}: {request.kind} entry {entry.raw!r} on day {request.day} is "
                f"illegal ({problem}); legal options: {legal}")
        return entry.decision
