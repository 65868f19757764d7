"""Confessor 忏悔者 (B2): once per game, by day, points at a player and secretly sees his
card (the pointing is public, the card is shown to the confessor alone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import CheckResult
from arena.engine.houses import ready, use
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def daybreak(judge: Judge, seat: int) -> None:
    st = judge.state
    if seat not in ready(st, "confessor"):
        return
    options = [s for s in st.alive() if s != seat]
    choice = await judge.ask(judge.request(seat, "confess", options, allow_none=True))
    if choice.target is None:
        return
    use(judge, seat, "confess", target=choice.target)
    judge.emit(CheckResult, (seat,), seat=seat, target=choice.target,
               result=st.role_of(choice.target))


SPEC = BuildingSpec(
    name="confessor", zh="忏悔者", once=True, kinds={"confess": "target"}, daybreak=daybreak,
    summary="Once per game, by day, secretly sees the card of a player he points at.",
)
