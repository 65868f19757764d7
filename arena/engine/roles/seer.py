"""Seer 预言家: checks one player a night (C1: exact role or wolf / good)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import CheckResult, NightAction
from arena.engine.roles import factions
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class SeerRules(RuleGroup):
    """The seer's rule keys (C1)."""

    seer__result: Literal["exact", "wolf_flag", "three_cards"] = Field(
        "exact", description="C1: a check tells the exact role, or only wolf / not wolf, or "
        "(Harvest) shows the target's and his two living neighbours' cards, unordered."
    )


def check_result(judge: Judge, target: int) -> str:
    """C1: the role, the wolf flag, or (Harvest) the cards of the target and his two
    living neighbours, sorted so their order tells nothing, joined by commas."""
    st, rule = judge.state, judge.rules[SeerRules].seer__result
    role = st.role_of(target)
    if rule == "three_cards":
        return ",".join(sorted(st.role_of(s) for s in (target, *st.neighbours(target))))
    if rule == "exact":
        return role
    return "werewolf" if factions.is_wolf(role) else "good"


async def night(judge: Judge) -> None:
    st = judge.state
    for seer in st.actors("seer"):
        options = [s for s in st.alive() if s != seer]
        decision = await judge.ask(judge.request(seer, "check", options))
        target = decision.target
        judge.emit(NightAction, (seer,), seat=seer, action="check", target=target)
        if target is not None:
            judge.emit(CheckResult, (seer,), seat=seer, target=target,
                       result=check_result(judge, target))


SPEC = RoleSpec(
    kinds={"check": "target"}, night_rank=50,
    name="seer", zh="预言家", faction="village", special=True, night=night,
    summary="Each night, learns one player's role (or only wolf / good, per seer.result).",
    rules=SeerRules,
)
