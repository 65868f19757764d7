"""Infatuated 情痴: adores a player and dies in his place when he is exiled or
killed by the wolves (R19, C34), until the chief / elder penalty silences him (C25)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import NightAction
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class InfatuatedRules(RuleGroup):
    """The infatuated's rule keys (C34)."""

    infatuated__frequency: Literal["once", "every_night"] = Field(
        "once", description="C34: the infatuated adores once per game or every night."
    )
    infatuated__covers: Literal["vote_and_kill", "vote"] = Field(
        "vote_and_kill", description="C34: deaths of the adored that the infatuated takes instead."
    )


@dataclass(slots=True)
class InfatuatedState:
    adored: dict[int, int] = field(default_factory=dict)  # infatuated seat -> adored seat


async def night(judge: Judge) -> None:
    st = judge.state
    adored: dict[int, int] = st.role_state["infatuated"].adored
    for seat in st.actors("infatuated"):
        if seat in adored and judge.rules[InfatuatedRules].infatuated__frequency == "once":
            continue
        options = [s for s in st.alive() if s != seat]
        choice = await judge.ask(judge.request(seat, "adore", options, allow_none=True))
        judge.emit(NightAction, (seat,), seat=seat, action="adore", target=choice.target)
        if choice.target is not None:
            adored[seat] = choice.target


def substitute(judge: Judge, seat: int, cause: str) -> tuple[int, str]:
    """The death that actually happens: the infatuated's instead of his beloved's,
    unless the elder / chief penalty took his power (C25)."""
    st = judge.state
    mine: InfatuatedState | None = st.role_state.get("infatuated")
    if mine is None:
        return seat, cause
    both = judge.rules[InfatuatedRules].infatuated__covers == "vote_and_kill"
    covered = ("vote", "wolves") if both else ("vote",)
    if cause not in covered:
        return seat, cause
    powered = st.powered("infatuated")
    for lover, adored in mine.adored.items():
        if adored == seat and lover in powered and lover != seat:
            return lover, "infatuated"
    return seat, cause


SPEC = RoleSpec(
    kinds={"adore": "target"}, night_rank=70, state=InfatuatedState,
    name="infatuated", zh="情痴", faction="village", special=True, night=night,
    stand_in=substitute,
    summary="Adores one player; if that player is exiled or killed by the wolves, the "
    "infatuated dies instead.",
    rules=InfatuatedRules,
)
