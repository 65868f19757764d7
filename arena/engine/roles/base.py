"""What every role module declares: its card, faction and (optional) night step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from arena.engine.judge import Judge

NightStep = Callable[["Judge"], Awaitable[None]]
Faction = Literal["village", "wolves"]


@dataclass(frozen=True)
class RoleSpec:
    name: str
    zh: str
    faction: Faction
    special: bool
    summary: str
    unique: bool = True
    first_night_only: bool = False
    night: NightStep | None = None
