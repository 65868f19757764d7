"""Arsonist 纵火犯 (VIL): once per game, after the wolves, burns a house; it leaves the
game and its owner becomes a vagrant. If the pack attacked that owner tonight, he lives
and the first living wolf on his right burns instead (R16, A17: owned houses only, his
own allowed; "right" is the seat-1 direction; only the pack's attack is redirected)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.engine.events import NightAction
from arena.engine.houses import burn
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.factions import is_wolf

if TYPE_CHECKING:
    from arena.engine.judge import Judge


@dataclass(slots=True)
class ArsonistState:
    spent: bool = False


def right_wolf(judge: Judge, seat: int) -> int | None:
    """The first living wolf on the right of ``seat`` (seat - 1, - 2, ... around)."""
    st = judge.state
    n = len(st.seats)
    for step in range(1, n):
        other = (seat - 1 - step) % n + 1
        if st.is_alive(other) and is_wolf(st.role_of(other)):
            return other
    return None


async def night(judge: Judge) -> None:
    st = judge.state
    mine: ArsonistState = st.role_state["arsonist"]
    if mine.spent or st.village is None:
        return
    for arsonist in st.actors("arsonist"):
        options = sorted(s for s in st.village.houses if st.is_alive(s))
        choice = await judge.ask(judge.request(arsonist, "burn", options, allow_none=True))
        judge.emit(NightAction, (arsonist,), seat=arsonist, action="burn", target=choice.target)
        owner = choice.target
        if owner is None:
            continue
        mine.spent = True
        burn(judge, owner)
        if st.night.wolf_target == owner:
            st.night.wolf_target = None
            wolf = right_wolf(judge, owner)
            if wolf is not None:
                st.night.fated.append((wolf, "fire"))
        return


def renewal(judge: Judge, seat: int) -> Callable[[], None] | None:
    """B9: the bone-setter may give back the spent fire."""
    mine: ArsonistState = judge.state.role_state["arsonist"]

    def renew() -> None:
        mine.spent = False

    return renew if mine.spent else None


SPEC = RoleSpec(
    kinds={"burn": "target"}, night_rank=95, state=ArsonistState, renewal=renewal,
    name="arsonist", zh="纵火犯", faction="village", special=True, night=night,
    summary="Once per game burns a house at night: its owner becomes a vagrant; if the "
    "wolves attacked him, the first wolf on his right dies instead.",
)
