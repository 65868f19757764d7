"""The scripted agent: answers from scenario entries, then defers to a fallback agent.

A decision asked on night or day N first takes the next entry of the day-N
queue for its kind, then the seat's general queue, then the fallback agent.
An entry that is illegal when its turn comes stops the game (ScenarioError).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from agents.base import Agent
from arena.engine import AbortGame, Claim, Decision, Observation, Request


class ScenarioError(AbortGame):
    """An illegal or malformed scenario entry."""


def to_decision(seat: int, kind: str, entry: Any, shape: str) -> Decision:
    """Turn one scenario entry into a Decision of the request's shape."""
    try:
        if shape == "target":
            return Decision(kind=kind, target=None if entry == "none" else int(entry))
        if shape == "yes_no":
            if not isinstance(entry, bool):
                raise TypeError("expected true or false")
            return Decision(kind=kind, yes=entry)
        if shape in ("pair", "subset"):
            return Decision(kind=kind, targets=tuple(int(x) for x in entry))
        if shape == "speech":
            if isinstance(entry, str):
                return Decision(kind=kind, text=entry)
            if not isinstance(entry, dict):
                raise TypeError("a speech is a string or a table {text, claims}")
            claims = tuple(Claim(**c) for c in entry.get("claims", ()))
            return Decision(kind=kind, text=str(entry.get("text", "")), claims=claims)
        if shape == "belief":
            return Decision(kind=kind, beliefs=dict(entry))
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"seat {seat}: {kind} entry {entry!r} is malformed ({exc})") from None
    raise ScenarioError(f"seat {seat}: no entries are possible for {kind}")


class ScriptedAgent:
    concurrent = False

    def __init__(self, seat: int, queues: dict[str, list[Any]],
                 by_day: dict[int, dict[str, list[Any]]], fallback: Agent) -> None:
        self.seat = seat
        self.queues = {kind: deque(items) for kind, items in queues.items()}
        self.by_day = {day: {k: deque(v) for k, v in kinds.items()}
                       for day, kinds in by_day.items()}
        self.fallback = fallback

    def _next(self, kind: str, day: int) -> tuple[bool, Any]:
        for queue in (self.by_day.get(day, {}).get(kind), self.queues.get(kind)):
            if queue:
                return True, queue.popleft()
        return False, None

    def pending(self) -> dict[str, int]:
        """Entries never used (a scenario that scripts more than happened)."""
        left = {k: len(q) for k, q in self.queues.items() if q}
        for day, kinds in self.by_day.items():
            left.update({f"day{day}.{k}": len(q) for k, q in kinds.items() if q})
        return left

    async def decide(self, observation: Observation, request: Request) -> Decision:
        found, entry = self._next(request.kind, request.day)
        if not found:
            return await self.fallback.decide(observation, request)
        decision = to_decision(self.seat, request.kind, entry, request.shape)
        problem = request.validate(decision)
        if problem is not None:
            legal = list(request.options) + (["none"] if request.allow_none else [])
            raise ScenarioError(
                f"seat {self.seat}: {request.kind} entry {entry!r} on day {request.day} is "
                f"illegal ({problem}); legal options: {legal}")
        return decision
