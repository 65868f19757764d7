"""A recorded game in engine terms, and the agent that plays its decisions back."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from arena.engine import Decision, Observation, Request

Key = tuple[int, str, str]
"""(day, decision kind, purpose): night N and day N share day N; day 0 means any day."""

QUIET = frozenset({"kill", "explode", "save", "poison", "protect", "shoot", "speak:wolves"})
"""Decisions whose absence from a record just means "no" or "nothing" (no note)."""


class RecordError(ValueError):
    """A source file that cannot be read as a game of its format."""


def purpose(request: Request) -> str:
    """What distinguishes requests of one kind on one day (speech purpose, vote round)."""
    ctx = request.context
    if request.kind == "speak":
        return str(ctx.get("channel") or ctx.get("purpose") or "discussion")
    if request.kind == "vote":
        return str(ctx.get("round", 1))
    if request.kind == "explode":  # the speech a self-destruct cuts off, if any
        return str(ctx.get("during") or "")
    return ""


@dataclass
class Record:
    """The deal, the recorded decisions per seat, and what the record says happened.

    ``deaths`` maps a day (night N and day N are day N; 0: day unknown) to the seats
    the record has dying then; ``order`` the recorded speaking order of each day.
    """

    fmt: str
    preset: str
    roles: list[str]
    winner: str = ""
    names: tuple[str, ...] = ()
    decisions: dict[int, dict[Key, list[Decision]]] = field(default_factory=dict)
    deaths: dict[int, set[int]] = field(default_factory=dict)
    order: dict[int, list[int]] = field(default_factory=dict)
    quiet: frozenset[str] = frozenset()  # decisions the format never records
    rules: dict[str, Any] = field(default_factory=dict)  # the source's rules beyond its preset
    notes: list[str] = field(default_factory=list)  # decisions the parser had to reconstruct

    @property
    def players(self) -> int:
        return len(self.roles)

    @property
    def last_day(self) -> int:
        """The last day the record has a decision or a death on (at least 1)."""
        days = [day for script in self.decisions.values() for day, _, _ in script]
        return max([1, *days, *self.deaths])

    def speaking(self) -> str | None:
        """The recorded speaking orders as a ``speech.order`` value: each day's first
        speaker and direction (a day without speeches is left to the draw); None when the
        record has none."""
        if not self.order:
            return None
        days = range(1, max(self.order) + 1)
        return "recorded:" + ",".join(
            f"{self.order[day][0]}{_way(self.order[day], self.players)}"
            if self.order.get(day) else "*" for day in days)

    def seat(self, raw: Any, what: str) -> int:
        """A seat number from the source, checked against the table."""
        try:
            seat = int(raw)
        except (TypeError, ValueError):
            raise RecordError(f"{what}: {raw!r} is not a seat number") from None
        if not 1 <= seat <= self.players:
            raise RecordError(f"{what}: seat {seat} is not at a {self.players}-seat table")
        return seat

    def add(self, seat: int, day: int, kind: str, decision: Decision, why: str = "") -> None:
        self.decisions.setdefault(seat, {}).setdefault((day, kind, why), []).append(decision)

    def died(self, day: int, seat: int) -> None:
        self.deaths.setdefault(day, set()).add(seat)


class ImportAgent:
    """Answers each request with the seat's recorded decision for that day and kind;
    notes every recorded decision the engine refuses and every one it lacks."""

    concurrent = False

    def __init__(self, seat: int, script: dict[Key, list[Decision]], notes: list[str],
                 quiet: frozenset[str] = frozenset()) -> None:
        self.seat = seat
        self.queues = {key: deque(items) for key, items in script.items()}
        self.notes = notes
        self.quiet = QUIET | quiet

    def _next(self, request: Request) -> Decision | None:
        why = purpose(request)
        for key in ((request.day, request.kind, why), (0, request.kind, why)):
            queue = self.queues.get(key)
            if queue:
                return queue.popleft()
        return None

    async def decide(self, observation: Observation, request: Request) -> Decision:
        label = f"day {request.day}: seat {self.seat} {request.kind}"
        decision = self._next(request)
        if decision is None:
            if not self._quiet(request.kind, purpose(request)):
                self.notes.append(f"{label}: not in the record")
            return request.default()
        if decision.text and len(decision.text) > request.max_chars:
            decision.text = decision.text[:request.max_chars]
        problem = request.validate(decision)
        if problem is not None:
            self.notes.append(f"{label}: the engine refuses {_shown(decision)} ({problem})")
            return request.default()
        return decision

    def unused(self) -> list[str]:
        """Recorded decisions the engine never asked for."""
        return [f"day {day}: seat {self.seat} {kind}{f' ({why})' if why else ''}: "
                f"recorded {_shown(d)} never asked"
                for (day, kind, why), queue in self.queues.items()
                if not self._quiet(kind, why) for d in queue]

    def _quiet(self, kind: str, why: str) -> bool:
        return kind in self.quiet or f"{kind}:{why}" in self.quiet


def _way(seats: list[int], players: int) -> str:
    """+ when the seats go round clockwise from the first (as far as they go round at
    all), else - (counter-clockwise)."""
    first = seats[0]
    clockwise = sorted(seats, key=lambda s: (s - first) % players)
    counter = sorted(seats, key=lambda s: (first - s) % players)
    kept = [sum(a == b for a, b in zip(way, seats, strict=True)) for way in (clockwise, counter)]
    return "+" if kept[0] >= kept[1] else "-"


def _shown(decision: Decision) -> str:
    data = decision.to_dict()
    data.pop("kind")
    if "text" in data:
        data["text"] = data["text"][:30]
    return str(data or "pass")
