"""White-eyed Wolf 白眼狼: wakes with the wolves and shares their kill, but plays
alone: wins when every wolf and every special, or every wolf and every villager,
is dead (R22, A27). Not counted as a wolf nor as a special by the other rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.roles.base import RoleSpec
from arena.engine.roles.factions import is_special, is_wolf

if TYPE_CHECKING:
    from arena.engine.judge import Judge


def won(judge: Judge, seat: int) -> bool:
    st = judge.state
    alive = [s for s in st.alive() if s != seat]
    if not st.is_alive(seat) or any(is_wolf(st.role_of(s)) for s in alive):
        return False
    villagers = any(st.role_of(s) == "villager" for s in alive)
    specials = any(is_special(st.role_of(s)) for s in alive)
    return not villagers or not specials


SPEC = RoleSpec(
    name="white_eyed_wolf", zh="白眼狼", faction="solo", special=False, pack=True, win=won,
    summary="Wakes and kills with the wolves but wins alone: all wolves dead, and all "
    "villagers or all specials dead.",
)
