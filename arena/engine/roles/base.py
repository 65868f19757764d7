"""What every role module declares: its card, faction, night step and hooks."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from arena.engine.judge import Judge

NightStep = Callable[["Judge"], Awaitable[None]]
SoloWin = Callable[["Judge", int], bool]
Faction = Literal["village", "wolves", "solo"]


@dataclass(frozen=True)
class RoleSpec:
    """A role card.

    ``pack``: wakes with the wolves and shares their kill. ``wolf_card``: a seer's
    wolf / good check says wolf, and the holder counts on the wolves' side when the
    win rules count the living. ``special``: a "god" (神) for the 屠城 win rule.
    ``win``: a third party's own victory test, given the holder's seat.
    """

    name: str
    zh: str
    faction: Faction
    special: bool
    summary: str
    unique: bool = True
    first_night_only: bool = False
    night: NightStep | None = None
    pack: bool = False
    wolf_card: bool = False
    win: SoloWin | None = None
