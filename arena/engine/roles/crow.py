"""Crow 乌鸦: last at night, curses a player, who starts the next vote with two
votes against him (R17, A18: announced at daybreak, counts toward ties)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import NightAction
from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def night(judge: Judge) -> None:
    st = judge.state
    for crow in st.actors("crow"):
        choice = await judge.ask(judge.request(crow, "curse", st.alive(), allow_none=True))
        judge.emit(NightAction, (crow,), seat=crow, action="curse", target=choice.target)
        st.cursed = choice.target


SPEC = RoleSpec(
    name="crow", zh="乌鸦", faction="village", special=True, night=night,
    summary="Each night curses a player, who gets two extra votes against him the next day.",
)
