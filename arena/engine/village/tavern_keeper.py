"""Tavern keeper 酒吧老板 (B5): the wolves cannot kill him and a vote cannot exile him,
until a player he voted for is exiled (A21: that day's execution), which ends the
power for good."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import Vote
from arena.engine.houses import ready, use
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge

WOLF_SOURCES = frozenset({"wolves", "white_wolf"})


def shields(judge: Judge, seat: int, source: str) -> bool:
    return source in WOLF_SOURCES and seat in ready(judge.state, "tavern_keeper")


async def spares(judge: Judge, seat: int, exiled: int) -> bool:
    if exiled != seat or seat not in ready(judge.state, "tavern_keeper"):
        return False
    use(judge, seat, "immune", target=seat, spend=False)
    return True


def _ballot(judge: Judge, seat: int) -> int | None:
    """The seat's last exile ballot of today (a revote's, else the first round's)."""
    day = judge.state.day
    for event in reversed(judge.log):
        if event.day != day:
            return None
        if isinstance(event, Vote) and event.seat == seat and event.ballot in (
                "exile", "tiebreak"):
            return event.target
    return None


def after_exile(judge: Judge, seat: int, exiled: int) -> None:
    if seat in ready(judge.state, "tavern_keeper") and _ballot(judge, seat) == exiled:
        use(judge, seat, "lost", target=exiled)


SPEC = BuildingSpec(
    name="tavern_keeper", zh="酒吧老板", shields=shields, spares=spares, after_exile=after_exile,
    summary="Cannot be killed by the wolves nor voted out, until a player he voted for is "
    "exiled.",
)
