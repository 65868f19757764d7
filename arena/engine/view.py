"""The only path from the game's events to what one seat sees.

``visible(event, seat)`` decides membership by the event's audience. A seat's
knowledge is two folds of the events it can see: the public events (shared by
every seat, so the engine folds them once) and the events addressed to it.
``observe(events, seat)`` builds an Observation from scratch; the engine keeps
the same folds incrementally and combines them with the same ``combine``.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from arena.engine.events import (
    BaseEvent,
    CheckResult,
    Death,
    GameEnd,
    House,
    Lovers,
    NewMoon,
    PhaseStart,
    Reveal,
    RoleDealt,
    Setup,
    Sheriff,
    Spared,
)


def visible(event: BaseEvent, seat: int) -> bool:
    """True when ``seat`` is in the event's audience (god-only events are never visible)."""
    audience = event.audience
    if audience == "public":
        return True
    return isinstance(audience, tuple) and seat in audience


@dataclass(slots=True)
class Timeline:
    """A seat's events in order, merged from the public and private folds as needed."""

    public: Fold
    private: Fold
    events: list[BaseEvent] = field(default_factory=list)
    cursors: tuple[int, int] = (0, 0)

    def catch_up(self) -> list[BaseEvent]:
        done_public, done_private = self.cursors
        new_public = self.public.events[done_public:]
        new_private = self.private.events[done_private:]
        if new_public or new_private:
            self.events += heapq.merge(new_public, new_private, key=_seq)
            self.cursors = (len(self.public.events), len(self.private.events))
        return self.events


def _seq(event: BaseEvent) -> int:
    return event.seq


@dataclass(slots=True)
class Fold:
    """Knowledge accumulated from a stream of events (public, or one seat's private ones)."""

    seat: int | None = None
    role: str | None = None
    phase: str = "setup"
    players: int = 0
    names: tuple[str, ...] = ()
    deal: dict[str, int] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    dead: frozenset[int] = frozenset()
    sheriff: int | None = None
    known_roles: dict[int, str] = field(default_factory=dict)
    lovers: tuple[int, ...] = ()
    no_vote: frozenset[int] = frozenset()
    buildings: dict[int, str] = field(default_factory=dict)  # VIL: the public houses
    events: list[BaseEvent] = field(default_factory=list)

    def apply(self, event: BaseEvent) -> None:
        self.events.append(event)
        handler = _HANDLERS.get(event.__class__)
        if handler is not None:
            handler(self, event)

    def _phase(self, event: PhaseStart) -> None:
        self.phase = event.name

    def _setup(self, event: Setup) -> None:
        self.players, self.names = event.players, event.names
        self.deal, self.rules = event.roles, event.rules
        self.buildings = {int(s): str(a["building"]) for s, a in event.attributes.items()
                          if "building" in a}

    def _learn(self, seat: int, role: str) -> None:
        # copy on write: observations share these dicts without copying them
        self.known_roles = {**self.known_roles, seat: role}

    def _role(self, event: RoleDealt) -> None:
        self._learn(event.seat, event.role)
        if event.seat == self.seat:
            self.role = event.role

    def _reveal(self, event: Reveal) -> None:
        self._learn(event.seat, event.role)

    def _check(self, event: CheckResult) -> None:
        if event.result != "good":
            self._learn(event.target, event.result)

    def _death(self, event: Death) -> None:
        self.dead = self.dead | {event.seat}
        if event.revealed_role:
            self._learn(event.seat, event.revealed_role)

    def _sheriff(self, event: Sheriff) -> None:
        self.sheriff = event.seat

    def _lovers(self, event: Lovers) -> None:
        self.lovers = event.seats

    def _spared(self, event: Spared) -> None:
        self.no_vote = self.no_vote | {event.seat}

    def _moon(self, event: NewMoon) -> None:
        """New Moon effects on what a seat knows: the revived live, broken lovers part."""
        if event.step == "revived":
            self.dead = self.dead - set(event.seats)
        elif event.step == "broken_up":
            self.lovers = ()

    def _house(self, event: House) -> None:
        """A house burnt (its owner is a vagrant) or taken over (copy on write)."""
        houses = dict(self.buildings)
        if event.how == "burnt":
            houses.pop(event.seat, None)
        elif event.how == "moved_in" and event.house is not None:
            houses.pop(event.house, None)
            houses[event.seat] = event.building
        self.buildings = dict(sorted(houses.items()))

    def _end(self, event: GameEnd) -> None:
        self.known_roles = {**self.known_roles, **{int(k): v for k, v in event.roles.items()}}


_HANDLERS: dict[type[BaseEvent], Callable[[Fold, Any], None]] = {
    PhaseStart: Fold._phase, Setup: Fold._setup, RoleDealt: Fold._role,
    Reveal: Fold._reveal, CheckResult: Fold._check, Death: Fold._death,
    Sheriff: Fold._sheriff, Lovers: Fold._lovers, Spared: Fold._spared, GameEnd: Fold._end,
    NewMoon: Fold._moon, House: Fold._house,
}


class Observation:
    """Everything one seat may know at one moment, built only from events it can see.

    Cheap to build: it keeps references to the (append-only, copy-on-write)
    folds and the lengths they had, and materialises lists only when read.
    """

    __slots__ = ("__dict__", "_private", "_public", "_timeline", "buildings", "deal", "lovers",
                 "names",
                 "phase",
                 "players", "role", "rules", "seat", "sheriff")

    def __init__(self, seat: int, public: Fold, private: Fold,
                 timeline: Timeline | None = None) -> None:
        self.seat = seat
        self.role = private.role
        self.players, self.names = public.players, public.names
        self.deal, self.rules = public.deal, public.rules
        self.phase = public.phase
        self.sheriff = public.sheriff
        self.buildings = public.buildings  # seat -> building (VIL; vagrants are absent)
        self.lovers = private.lovers
        self._public = (public, len(public.events), public.dead, public.known_roles,
                        public.no_vote)
        self._private = (private, len(private.events), private.known_roles)
        self._timeline = timeline

    @cached_property
    def alive(self) -> tuple[int, ...]:
        dead = self._public[2]
        return tuple(s for s in range(1, self.players + 1) if s not in dead)

    @cached_property
    def known_roles(self) -> dict[int, str]:
        """Roles this seat knows for sure: its own, its pack, checks, reveals."""
        return {**self._public[3], **self._private[2]}

    @cached_property
    def no_vote(self) -> tuple[int, ...]:
        return tuple(sorted(self._public[4]))

    @cached_property
    def events(self) -> tuple[BaseEvent, ...]:
        """Every event this seat has seen, in order."""
        public, n_public = self._public[0], self._public[1]
        private, n_private = self._private[0], self._private[1]
        if self._timeline is not None:
            return tuple(self._timeline.catch_up()[:n_public + n_private])
        return tuple(heapq.merge(public.events[:n_public], private.events[:n_private],
                                 key=lambda e: e.seq))

    @property
    def day(self) -> int:
        events = self.events
        return events[-1].day if events else 0

    def name(self, seat: int) -> str:
        return self.names[seat - 1] if 0 < seat <= len(self.names) else f"seat {seat}"


def observe(events: Iterable[BaseEvent], seat: int) -> Observation:
    """What ``seat`` sees after ``events``: the one function from hidden state to a seat."""
    public, private = Fold(), Fold(seat)
    for event in events:
        if event.audience == "public":
            public.apply(event)
        elif visible(event, seat):
            private.apply(event)
    return Observation(seat, public, private)
