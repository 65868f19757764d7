"""Guard 守卫: protects one player a night from the wolves, never twice running (R8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import NightAction
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup
from arena.engine.shared_rules import VariantRules

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class GuardRules(RuleGroup):
    """The guard's rule keys (R8) and a double save (A2)."""

    save__double_save: Literal["survives", "dies"] = Field(
        "survives", description="A2: a target both guarded and saved by the witch."
    )
    guard__allow_self: bool = Field(True, description="R8: the guard may protect himself.")
    guard__allow_repeat: bool = Field(
        False, description="R8: the guard may protect the same player two nights running."
    )


@dataclass(slots=True)
class GuardState:
    last: int | None = None  # whom he protected last night


async def night(judge: Judge) -> None:
    st, rules = judge.state, judge.rules
    mine: GuardState = st.role_state["guard"]
    for guard in st.actors("guard"):
        options = st.alive()
        if not rules[GuardRules].guard__allow_self:
            options = [s for s in options if s != guard]
        if not rules[GuardRules].guard__allow_repeat and mine.last is not None:
            options = [s for s in options if s != mine.last]
        if rules[VariantRules].harvest__neighbours:  # V4: himself or a neighbour
            options = [s for s in options if s == guard or s in st.neighbours(guard)]
        decision = await judge.ask(judge.request(guard, "protect", options, allow_none=True,
                                                 last=mine.last))
        judge.emit(NightAction, (guard,), seat=guard, action="protect", target=decision.target)
        st.night.protected = mine.last = decision.target


SPEC = RoleSpec(
    kinds={"protect": "target"}, night_rank=40, state=GuardState,
    name="guard", zh="守卫", faction="village", special=True, night=night,
    summary="Each night, protects one player from the wolves; not the same player twice running.",
    rules=GuardRules,
)
