"""Witch 女巫: one antidote and one poison (C6-C8, A2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import NightAction, VictimInfo
from arena.engine.roles import little_girl
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.cupid import CupidRules
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class WitchRules(RuleGroup):
    """The witch's rule keys (C6-C8)."""

    witch__total_uses: int = Field(
        2, ge=1, le=2, description="C6: potion uses per game (2: each potion once; 1: one in all)."
    )
    witch__max_per_night: int = Field(2, ge=1, le=2, description="C6: potions usable in one night.")
    witch__self_save: bool = Field(True, description="C7: the witch may save herself.")
    witch__self_poison: bool = Field(True, description="The witch may poison herself.")
    witch__sees_victim: Literal["always", "until_antidote_used"] = Field(
        "always", description="C8: when the witch is told the wolves' target."
    )


@dataclass(slots=True)
class WitchState:
    antidote: bool = True
    poison: bool = True
    used: int = 0  # potions used so far (less the potions given back or extra)
    spare: int = 0  # antidotes held beyond the first (New Moon E17)

    def spend_antidote(self) -> None:
        if self.spare:
            self.spare -= 1
        else:
            self.antidote = False


def _can_use(judge: Judge, mine: WitchState, used_tonight: int) -> bool:
    rules = judge.rules[WitchRules]
    return mine.used < rules.witch__total_uses and used_tonight < rules.witch__max_per_night


async def night(judge: Judge) -> None:
    st, rules = judge.state, judge.rules
    mine: WitchState = st.role_state["witch"]
    await little_girl.peek_at_witch(judge)  # C16, Harvest
    for witch in st.actors("witch"):
        victim = st.night.wolf_target
        sees = rules[WitchRules].witch__sees_victim == "always" or mine.antidote
        if sees:
            judge.emit(VictimInfo, (witch,), seat=witch, victim=victim)
        used = 0
        if (mine.antidote and sees and victim is not None and _can_use(judge, mine, used)
                and (victim != witch or rules[WitchRules].witch__self_save)):
            decision = await judge.ask(judge.request(witch, "save", victim=victim))
            judge.emit(NightAction, (witch,), seat=witch, action="save",
                       target=victim if decision.yes else None)
            if decision.yes:
                mine.spend_antidote()
                st.night.saved = victim
                mine.used += 1
                used += 1
        if mine.poison and _can_use(judge, mine, used):
            options = st.alive()
            if not rules[WitchRules].witch__self_poison:
                options = [s for s in options if s != witch]
            lover = st.seats[witch].lover
            if rules[CupidRules].lovers__lover_target_forbidden and lover is not None:
                options = [s for s in options if s != lover]
            decision = await judge.ask(judge.request(witch, "poison", options, allow_none=True))
            judge.emit(NightAction, (witch,), seat=witch, action="poison", target=decision.target)
            if decision.target is not None:
                mine.poison, st.night.poisoned = False, decision.target
                mine.used += 1


def renewal(judge: Judge, seat: int) -> Callable[[], None] | None:
    """B9: the bone-setter gives back a spent potion (the antidote first)."""
    mine: WitchState = judge.state.role_state["witch"]
    if mine.antidote and mine.poison:
        return None

    def renew() -> None:
        if mine.antidote:
            mine.poison = True
        else:
            mine.antidote = True
        mine.used -= 1

    return renew


SPEC = RoleSpec(
    kinds={"save": "yes_no", "poison": "target"}, night_rank=100, state=WitchState,
    name="witch", zh="女巫", faction="village", special=True, night=night, renewal=renewal,
    summary="Is told the wolves' target; may save it with the antidote or poison anyone, "
    "each potion once per game.",
    rules=WitchRules,
)
