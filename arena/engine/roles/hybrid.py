"""Hybrid 混血儿: supports a player on night 1 and wins with that player's camp.
Linked by Cupid, the pair and Cupid form a third party; with a good partner the
hybrid kills once, on night 2 (R18, A29, A30)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import NightAction
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.factions import in_pack

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def night(judge: Judge) -> None:
    st = judge.state
    for hybrid in st.actors("hybrid"):
        if st.day == 1:
            options = [s for s in st.alive() if s != hybrid]
            choice = await judge.ask(judge.request(hybrid, "support", options, allow_none=True))
            supported = choice.target if choice.target is not None else min(options)
            judge.emit(NightAction, (hybrid,), seat=hybrid, action="support",
                       target=choice.target)
            st.supported[hybrid] = supported
        elif st.day == 2 and may_kill(judge, hybrid):
            options = [s for s in st.alive() if s != hybrid]
            choice = await judge.ask(judge.request(hybrid, "kill", options, allow_none=True,
                                                   hybrid=True))
            judge.emit(NightAction, (hybrid,), seat=hybrid, action="kill",
                       target=choice.target, final=False)
            if choice.target is not None:
                st.night.extra_attacks.append((choice.target, "hybrid"))


def may_kill(judge: Judge, hybrid: int) -> bool:
    """Only a hybrid whose lover is a good player kills (on night 2)."""
    lover = judge.state.seats[hybrid].lover
    return lover is not None and not in_pack(judge.state.role_of(lover))


SPEC = RoleSpec(
    kinds={"support": "target", "kill": "target"}, night_rank=30,
    name="hybrid", zh="混血儿", faction="village", special=False, night=night,
    summary="On night 1 secretly supports a player and wins if that player's camp wins.",
)
