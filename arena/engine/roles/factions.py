"""Faction queries shared by the role modules."""

from __future__ import annotations

WOLF_ROLES = frozenset({"werewolf"})


def is_wolf(role: str) -> bool:
    return role in WOLF_ROLES
