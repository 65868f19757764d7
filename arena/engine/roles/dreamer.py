"""Dreamer 梦中人: exiled, the next night no player of the other gender may act
(R21, A26); they can still be targeted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def on_exile(judge: Judge, seat: int) -> None:
    st = judge.state
    gender = st.attributes.get(seat, {}).get("gender")
    st.blocked = frozenset(
        s for s in st.alive() if st.attributes.get(s, {}).get("gender") not in (None, gender))


SPEC = RoleSpec(
    name="dreamer", zh="梦中人", faction="village", special=True,
    summary="If exiled, the next night no player of the other gender can act.",
)
