"""Pied Piper 吹笛者: charms players each night; wins when every other living
player is charmed (R14, C24, A15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import Field

from arena.engine.events import Enchanted, NightAction
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class PiperRules(RuleGroup):
    """The piper's rule keys (C24, A15)."""

    piper__targets_per_night: int = Field(
        2, ge=1, le=3, description="C24: players charmed a night.")
    piper__enchanted_wake: bool = Field(
        True, description="C24: the enchanted wake each night and see each other."
    )
    piper__must_be_alive: bool = Field(True, description="C24: the piper must be alive to win.")
    piper__lover_disables: bool = Field(
        False, description="C24: a piper made a lover cannot charm."
    )


@dataclass(slots=True)
class PiperState:
    enchanted: frozenset[int] = frozenset()  # the charmed seats


async def night(judge: Judge) -> None:
    st, rules = judge.state, judge.rules[PiperRules]
    mine: PiperState = st.role_state["piper"]
    for piper in st.actors("piper"):
        if rules.piper__lover_disables and st.seats[piper].lover is not None:
            continue
        options = [s for s in st.alive() if s != piper and s not in mine.enchanted]
        if not options:
            continue
        count = min(rules.piper__targets_per_night, len(options))
        choice = await judge.ask(judge.request(piper, "charm", options, count=count))
        judge.emit(NightAction, (piper,), seat=piper, action="charm", target=None,
                   targets=choice.targets)
        mine.enchanted = mine.enchanted | set(choice.targets)
    awake = tuple(s for s in st.alive() if s in mine.enchanted)
    if rules.piper__enchanted_wake and awake and st.holders("piper", alive=False):
        judge.emit(Enchanted, awake, seats=awake)


def won(judge: Judge, piper: int) -> bool:
    st = judge.state
    if judge.rules[PiperRules].piper__must_be_alive and not st.is_alive(piper):
        return False
    enchanted = st.role_state["piper"].enchanted
    others = [s for s in st.alive() if s != piper]
    return bool(others) and all(s in enchanted for s in others)


SPEC = RoleSpec(
    kinds={"charm": "pair"}, night_rank=110, state=PiperState,
    name="piper", zh="吹笛者", faction="solo", special=False, night=night, win=won,
    summary="Each night charms players; wins alone when every other living player is charmed.",
    rules=PiperRules,
)
