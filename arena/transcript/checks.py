"""The structure every reader checks as it reads a transcript (docs/transcript.md, "What
reading checks"): a header that agrees with itself, a body that agrees with the header,
``seq`` counting up from 0, seat numbers among the header's seats, exactly one
``game_end`` and nothing after it. Whether the events are the ones the rules produce
from the recorded decisions is ``arena replay --verify``'s job (``arena.app.reproduce``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any

from arena.engine.events import BaseEvent, GameEnd, NightAction, RoleDealt, Setup
from arena.errors import TranscriptError
from arena.header import TranscriptHeader

SEAT_FIELDS = ("seat", "target", "victim", "by", "during", "eliminated", "house")
SEATS_FIELDS = ("seats", "targets", "tie", "winners")
QUESTION = "question"  # the night action whose target is a question's number, not a seat


Getter = Callable[[BaseEvent], tuple[Any, ...]]


_GETTERS: dict[type[BaseEvent], tuple[Getter, Getter]] = {}


def seat_fields(cls: type[BaseEvent]) -> tuple[Getter, Getter]:
    """Getters of an event class's fields that name a seat, and of those that list seats."""
    getters = _GETTERS.get(cls)
    if getters is None:
        # a field named like a seat list but typed a mapping (usage_summary's ``seats``,
        # keyed by seat number as text) is checked by its own event, not here
        names = {f.name for f in fields(cls) if not str(f.type).startswith("dict")}
        getters = _GETTERS[cls] = (_getter(tuple(n for n in SEAT_FIELDS if n in names)),
                                   _getter(tuple(n for n in SEATS_FIELDS if n in names)))
    return getters


def _getter(names: tuple[str, ...]) -> Getter:
    """The values of the named fields, as a tuple (read in C: reading stays fast)."""
    if len(names) > 1:
        return attrgetter(*names)
    return (lambda event: (getattr(event, names[0]),)) if names else (lambda event: ())


def check_header(header: TranscriptHeader) -> None:
    """TranscriptError when the header contradicts itself: seats not numbered 1 to n,
    cards dealt to other seats than its own, or cards that are not its deal."""
    numbers = [seat.seat for seat in header.seats]
    if numbers != list(range(1, len(numbers) + 1)):
        raise TranscriptError(f"the header's seats are numbered {numbers[:13]}, "
                              f"not 1 to {len(numbers)}")
    seats = {str(n) for n in numbers}
    if header.roles and header.seats and set(header.roles) != seats:
        extra = sorted(set(header.roles) - seats)
        raise TranscriptError(f"the header deals cards to seats {', '.join(extra[:5])} beyond "
                              f"its seats 1 to {len(numbers)}" if extra else
                              "the header's roles do not name every seat")
    cards = Counter(header.roles.values()) + Counter(header.centre)
    if header.deal and header.roles and cards != Counter(header.deal):
        raise TranscriptError("the header's roles and centre are not its deal")


class BodyCheck:
    """Checks the events of one transcript in order; ``event`` raises TranscriptError
    for the first one that breaks the structure; ``ended``: the ``game_end`` was read."""

    def __init__(self, header: TranscriptHeader) -> None:
        self.header = header
        self.players = len(header.seats)
        self.next_seq = 0
        self.ended = False
        self.in_setup = True
        self.dealt: dict[int, tuple[str, int]] = {}  # seat -> (card, seq) told at setup

    def event(self, event: BaseEvent) -> None:
        if self.ended:
            raise TranscriptError(f"a {event_name(event)} event after the game_end")
        if event.seq != self.next_seq:
            raise TranscriptError(f"seq {event.seq} where seq {self.next_seq} comes next "
                                  "(events missing, repeated or out of order)")
        self.next_seq += 1
        if self.in_setup:
            self._during_setup(event)
        players = self.players
        if players:
            seat, seats = seat_fields(type(event))
            for value in seat(event):
                if value is not None and not 0 < value <= players:
                    self._not_a_seat(event)
            for values in seats(event):
                for value in values:
                    if not 0 < value <= players:
                        self._not_a_seat(event)
            if type(event.audience) is tuple:
                for value in event.audience:
                    if not 0 < value <= players:
                        self._not_a_seat(event)
        if type(event) is GameEnd:
            self.ended = True
            if not set(event.roles) <= {str(n) for n in range(1, players + 1)}:
                self._not_a_seat(event)

    def _during_setup(self, event: BaseEvent) -> None:
        if isinstance(event, Setup):
            self._setup(event)
        elif isinstance(event, RoleDealt) and event.phase == "setup":
            self.dealt[event.seat] = (event.role, event.seq)
        elif event.phase != "setup":
            self.in_setup = False
            self._check_dealt()

    def _not_a_seat(self, event: BaseEvent) -> None:
        """TranscriptError naming the field of ``event`` that names no seat (a question's
        number as a night action's target is no seat and no defect)."""
        data = event.to_dict()
        if isinstance(event, NightAction) and event.action == QUESTION:
            data.pop("target")
        named = [(name, value) for name in (*SEAT_FIELDS, *SEATS_FIELDS, "audience", "roles")
                 for value in _listed(data.get(name))]
        for name, value in named:
            if not (str(value).isdigit() and 0 < int(value) <= self.players):
                raise TranscriptError(f"{name} names seat {value}, not one of the seats 1 to "
                                      f"{self.players}")

    def _setup(self, setup: Setup) -> None:
        header = self.header
        if not self.players:
            self.players = setup.players
            return
        if setup.players != self.players:
            raise TranscriptError(f"the setup has {setup.players} players, the header "
                                  f"{self.players} seats (a header of another game?)")
        if tuple(seat.name for seat in header.seats) != setup.names:
            raise TranscriptError("the setup's names are not the header's (a header of "
                                  "another game?)")
        if header.deal and setup.roles != header.deal:
            raise TranscriptError("the setup's deal is not the header's (a header of "
                                  "another game?)")

    def _check_dealt(self) -> None:
        """The cards the setup dealt are the header's, unless a variant's setup changed
        which cards are in play (then only ``replay --verify`` can tell)."""
        header = {int(seat): role for seat, role in self.header.roles.items()}
        dealt, self.dealt = self.dealt, {}
        shown = {seat: header[seat] for seat in dealt if seat in header}
        if sorted(shown.values()) != sorted(role for role, _ in dealt.values()):
            return
        for seat, (role, seq) in sorted(dealt.items()):
            if shown.get(seat, role) != role:
                raise TranscriptError(f"line {seq + 2} deals seat {seat} {role}, the header "
                                      f"{shown[seat]} (a header of another game?)")


def _listed(value: Any) -> list[Any]:
    """A field's seats: none for null or a word (``public``), its items for a list."""
    if value is None or isinstance(value, str):
        return []
    return list(value) if isinstance(value, list | dict) else [value]


def event_name(event: BaseEvent) -> str:
    return str(getattr(event, "type", type(event).__name__))
