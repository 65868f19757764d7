"""Faction queries shared by the role modules (looked up from each role's spec)."""

from __future__ import annotations

from functools import cache


@cache
def _flags(role: str) -> tuple[bool, bool, str, bool]:
    from arena.engine.roles import ROLES  # the registry imports the role modules

    spec = ROLES[role]
    return spec.pack, spec.wolf_card, spec.faction, spec.special


@cache
def pack_roles() -> frozenset[str]:
    """The roles that wake with the wolves (for filtering many seats at once)."""
    from arena.engine.roles import ROLES

    return frozenset(name for name, spec in ROLES.items() if spec.pack)


def is_wolf(role: str) -> bool:
    """A wolf card: seen as a wolf by the seer and counted with the wolves."""
    return _flags(role)[1]


def in_pack(role: str) -> bool:
    """Wakes with the wolves at night and shares their kill."""
    return _flags(role)[0]


def faction(role: str) -> str:
    return _flags(role)[2]


def is_special(role: str) -> bool:
    return _flags(role)[3]
