"""What every building module declares: its name, its power's decisions and hooks.

A building is a plugin like a role (``roles/base.py``): ``hooks.py`` registers each
module and the flow calls the hooks of the living holders; no caller names a building.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.requests import Shape

Act = Callable[["Judge", int], Awaitable[None]]


@dataclass(frozen=True)
class BuildingSpec:
    """A building type (B1-B9).

    ``once``: its power is used once per game (the bone-setter may renew it). ``kinds``:
    the decision kinds it asks, with their shapes. Hooks, each given the judge and the
    living holder: ``daybreak``: acts as the day starts; ``before_vote``: acts after the
    discussion, before the exile vote; ``after_wolves``: when the wolves close their
    eyes; ``spares(judge, holder, exiled)``: True when the exiled seat is not put to
    death; ``after_exile(judge, holder, exiled)``: the exile happened; ``shields(judge,
    holder, source)``: True when the holder survives a night attack from ``source``.
    """

    name: str
    zh: str
    summary: str
    once: bool = False
    kinds: Mapping[str, Shape] = field(default_factory=dict)
    daybreak: Act | None = None
    before_vote: Act | None = None
    after_wolves: Callable[[Judge, int], None] | None = None
    spares: Callable[[Judge, int, int], Awaitable[bool]] | None = None
    after_exile: Callable[[Judge, int, int], None] | None = None
    shields: Callable[[Judge, int, str], bool] | None = None
