"""Cupid 丘比特: links two lovers on the first night (R6, C17, C18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import Lovers, NightAction, Reveal
from arena.engine.roles import factions
from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def night(judge: Judge) -> None:
    st = judge.state
    for cupid in st.actors("cupid"):
        options = [s for s in st.alive() if judge.rules.cupid__allow_self or s != cupid]
        decision = await judge.ask(judge.request(cupid, "link", options))
        a, b = sorted(decision.targets)
        judge.emit(NightAction, (cupid,), seat=cupid, action="link", target=None, targets=(a, b))
        st.seats[a].lover, st.seats[b].lover = b, a
        judge.emit(Lovers, (a, b), seats=(a, b))
        if judge.rules.lovers__see_roles:
            judge.emit(Reveal, (a,), seat=b, role=st.role_of(b), reason="lover")
            judge.emit(Reveal, (b,), seat=a, role=st.role_of(a), reason="lover")
        if "hybrid" in (st.role_of(a), st.role_of(b)):
            st.hybrid_pair = (a, b)
        elif factions.in_pack(st.role_of(a)) != factions.in_pack(st.role_of(b)):
            st.mixed_lovers = (a, b)


SPEC = RoleSpec(
    name="cupid", zh="丘比特", faction="village", special=True, first_night_only=True, night=night,
    summary="On the first night, links two players as lovers: when one dies, so does the other.",
)
