"""Pied Piper 吹笛者: charms players each night; wins when every other living
player is charmed (R14, C24, A15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import Enchanted, NightAction
from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def night(judge: Judge) -> None:
    st, rules = judge.state, judge.rules
    for piper in st.actors("piper"):
        if rules.piper__lover_disables and st.seats[piper].lover is not None:
            continue
        options = [s for s in st.alive() if s != piper and s not in st.enchanted]
        if not options:
            continue
        count = min(rules.piper__targets_per_night, len(options))
        choice = await judge.ask(judge.request(piper, "charm", options, count=count))
        judge.emit(NightAction, (piper,), seat=piper, action="charm", target=None,
                   targets=choice.targets)
        st.enchanted = st.enchanted | set(choice.targets)
    awake = tuple(s for s in st.alive() if s in st.enchanted)
    if rules.piper__enchanted_wake and awake and st.holders("piper", alive=False):
        judge.emit(Enchanted, awake, seats=awake)


def won(judge: Judge, piper: int) -> bool:
    st = judge.state
    if judge.rules.piper__must_be_alive and not st.is_alive(piper):
        return False
    others = [s for s in st.alive() if s != piper]
    return bool(others) and all(s in st.enchanted for s in others)


SPEC = RoleSpec(
    name="piper", zh="吹笛者", faction="solo", special=False, night=night, win=won,
    summary="Each night charms players; wins alone when every other living player is charmed.",
)
