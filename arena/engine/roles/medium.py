"""Medium 灵媒 (AIWolf): each night learns whether the player exiled the day before
was a wolf (the answer follows seer.result); the result reaches the medium only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import CheckResult, Death
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.seer import check_result

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def exiled_yesterday(judge: Judge) -> int | None:
    """The seat exiled on the day before tonight, if any."""
    yesterday = judge.state.day - 1
    for event in reversed(judge.log):
        if event.day < yesterday:
            break
        if isinstance(event, Death) and event.cause == "vote" and event.day == yesterday:
            return event.seat
    return None


async def night(judge: Judge) -> None:
    exiled = exiled_yesterday(judge)
    if exiled is None:
        return
    for medium in judge.state.actors("medium"):
        judge.emit(CheckResult, (medium,), seat=medium, target=exiled,
                   result=check_result(judge, exiled))


SPEC = RoleSpec(
    night_rank=60,
    name="medium", zh="灵媒", faction="village", special=True, night=night,
    summary="Each night learns whether the player exiled the day before was a werewolf.",
)
