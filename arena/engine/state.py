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


@dataclass(slots=True)
class NightState:
    """What the night's actions decided, resolved at dawn."""

    wolf_target: int | None = None
    protected: int | None = None
    saved: int | None = None
    poisoned: int | None = None
    extra_attacks: list[tuple[int, str]] = field(default_factory=list)  # (target, source)


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
    blocked: frozenset[int] = frozenset()  # seats that cannot act tonight (dreamer)
    wounded: set[int] = field(default_factory=set)  # spent their spare life (elder, chief)
    centre: list[str] = field(default_factory=list)  # undealt cards (thief)
    supported: dict[int, int] = field(default_factory=dict)  # hybrid -> supported seat
    hybrid_pair: tuple[int, int] | None = None  # a pair that includes the hybrid
    attributes: dict[int, dict[str, object]] = field(default_factory=dict)
    mixed_lovers: tuple[int, int] | None = None
    role_state: dict[str, Any] = field(default_factory=dict)  # each dealt role's own (RoleSpec)
    living: list[int] = field(init=False, default_factory=list)  # kept by die()
    by_role: dict[str, list[int]] = field(init=False, default_factory=dict)  # kept by set_role()

    def __post_init__(self) -> None:
        self.living = [n for n, s in self.seats.items() if s.alive]
        self._index_roles()

    def _index_roles(self) -> None:
        self.by_role = {}
        for n, s in self.seats.items():
            self.by_role.setdefault(s.role, []).append(n)

    def set_role(self, seat: int, role: str) -> None:
        """The one way a seat's card changes (the thief's swap)."""
        self.seats[seat].role = role
        self._index_roles()

    def die(self, seat: int, cause: str) -> None:
        """The one way a seat dies (keeps ``living`` in step with the seats)."""
        info = self.seats[seat]
        if info.alive:
            self.living.remove(seat)
        info.alive, info.cause = False, cause

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
        """Living holders of ``role``, none once the role lost its powers (silenced)."""
        return [] if role in self.silenced else self.holders(role)

    def actors(self, role: str) -> list[int]:
        """Living holders who may use the role's power now (not silenced, not blocked)."""
        return [n for n in self.powered(role) if n not in self.blocked]

    def role_of(self, seat: int) -> str:
        return self.seats[seat].role

    def is_alive(self, seat: int) -> bool:
        return self.seats[seat].alive
