"""The hidden game state. Private to the engine: agents never import this."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class SeatState:
    number: int
    role: str
    alive: bool = True
    lover: int | None = None
    can_vote: bool = True
    cause: str | None = None
    extra: tuple[str, ...] = ()  # cards whose powers the seat also holds (Double-You, V2/V3)


@dataclass(slots=True)
class NightState:
    """What the night's actions decided, resolved at dawn."""

    wolf_target: int | None = None
    protected: int | None = None
    saved: int | None = None
    poisoned: int | None = None
    extra_attacks: list[tuple[int, str]] = field(default_factory=list)  # (target, source)
    fated: list[tuple[int, str]] = field(default_factory=list)  # (seat, cause): no save
    sheltered: frozenset[int] = frozenset()  # seats the pack may not attack (New Moon)


@dataclass(slots=True)
class Village:
    """Houses by occupant seat (a dead occupant's house stands empty, A20; a burnt one is
    gone), the buildings whose power is once per game, and the houses whose once-per-game
    power is spent (kept by the house)."""

    houses: dict[int, str]
    once: frozenset[str] = frozenset()
    spent: set[int] = field(default_factory=set)
    barred: tuple[int, frozenset[int]] = (0, frozenset())  # (day, seats barred from voting)


@dataclass(slots=True)
class GameState:
    seats: dict[int, SeatState]
    day: int = 0
    sheriff: int | None = None
    night: NightState = field(default_factory=NightState)
    night_deaths: list[int] = field(default_factory=list)
    last_words_given: int = 0
    election_held: bool = False
    silenced: frozenset[str] = frozenset()  # roles that lost their powers (elder penalty)
    powerless: set[int] = field(default_factory=set)  # seats that lost their powers (V6)
    blocked: frozenset[int] = frozenset()  # seats that cannot act tonight (dreamer)
    wounded: set[int] = field(default_factory=set)  # spent their spare life (elder, chief)
    centre: list[str] = field(default_factory=list)  # undealt cards (thief)
    supported: dict[int, int] = field(default_factory=dict)  # hybrid -> supported seat
    hybrid_pair: tuple[int, int] | None = None  # a pair that includes the hybrid
    attributes: dict[int, dict[str, object]] = field(default_factory=dict)
    mixed_lovers: tuple[int, int] | None = None
    role_state: dict[str, Any] = field(default_factory=dict)  # each dealt role's own (RoleSpec)
    village: Village | None = None  # the houses, when the Village is in play (VIL)
    living: list[int] = field(init=False, default_factory=list)  # kept by die()
    by_role: dict[str, list[int]] = field(init=False, default_factory=dict)  # kept by set_role()

    def __post_init__(self) -> None:
        self.living = [n for n, s in self.seats.items() if s.alive]
        self._index_roles()

    def _index_roles(self) -> None:
        self.by_role = {}
        for n, s in self.seats.items():
            for card in (s.role, *s.extra):
                self.by_role.setdefault(card, []).append(n)

    def set_role(self, seat: int, role: str, extra: tuple[str, ...] | None = None) -> None:
        """The one way a seat's cards change (the thief's swap; a second card, V2/V3)."""
        self.seats[seat].role = role
        if extra is not None:
            self.seats[seat].extra = extra
        self._index_roles()

    def cards_of(self, seat: int) -> tuple[str, ...]:
        """The seat's card and the cards whose powers it also holds."""
        info = self.seats[seat]
        return (info.role, *info.extra)

    def die(self, seat: int, cause: str) -> None:
        """The one way a seat dies (keeps ``living`` in step with the seats)."""
        info = self.seats[seat]
        if info.alive:
            self.living.remove(seat)
        info.alive, info.cause = False, cause

    def revive(self, seat: int) -> None:
        """The one way a dead seat lives again (New Moon E1, O11)."""
        info = self.seats[seat]
        if not info.alive:
            self.living = sorted([*self.living, seat])
        info.alive, info.cause = True, None

    def alive(self) -> list[int]:
        """The living seats in seat order (a fresh list the caller may keep)."""
        return self.living.copy()

    def holders(self, role: str, *, alive: bool = True) -> list[int]:
        """The seats holding ``role`` (by default only the living ones), in seat order."""
        held = self.by_role.get(role, [])
        if not alive:
            return held.copy()
        seats = self.seats
        return [n for n in held if seats[n].alive]

    def powered(self, role: str) -> list[int]:
        """Living holders of ``role``, none once the role lost its powers (silenced), and
        not the seats that lost theirs (powerless)."""
        if role in self.silenced:
            return []
        held = self.holders(role)
        return [n for n in held if n not in self.powerless] if self.powerless else held

    def silent(self, seat: int) -> bool:
        """The seat's card has no power any more (its role silenced, or the seat powerless)."""
        return self.seats[seat].role in self.silenced or seat in self.powerless

    def neighbours(self, seat: int) -> tuple[int, ...]:
        """The nearest living seats on the left and on the right of ``seat`` (one seat
        when only two are alive, none when ``seat`` is alone)."""
        ring = sorted(self.living if seat in self.living else [*self.living, seat])
        if len(ring) < 2:
            return ()
        at = ring.index(seat)
        return tuple(sorted({ring[at - 1], ring[(at + 1) % len(ring)]}))

    def actors(self, role: str) -> list[int]:
        """Living holders who may use the role's power now (not silenced, not blocked)."""
        if role in self.silenced:
            return []
        seats, powerless, blocked = self.seats, self.powerless, self.blocked
        return [n for n in self.by_role.get(role, ()) if seats[n].alive
                and n not in powerless and n not in blocked]

    def role_of(self, seat: int) -> str:
        return self.seats[seat].role

    def is_alive(self, seat: int) -> bool:
        return self.seats[seat].alive
