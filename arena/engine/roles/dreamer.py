"""Dreamer 梦中人: exiled, the next night no player of the other gender may act
(R21, A26); they can still be targeted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def on_death(judge: Judge, seat: int, cause: str, _revealed: bool) -> None:
    if cause != "vote" or judge.state.silent(seat):  # silenced (R12, A7, V6): no ban
        return
    st = judge.state
    gender = st.attributes.get(seat, {}).get("gender")
    st.blocked = frozenset(
        s for s in st.alive() if st.attributes.get(s, {}).get("gender") not in (None, gender))


SPEC = RoleSpec(
    name="dreamer", zh="梦中人", faction="village", special=True, on_death=on_death,
    summary="If exiled, the next night no player of the other gender can act.",
)
