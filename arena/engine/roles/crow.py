"""Crow 乌鸦: last at night, curses a player (never a vagrant, B10), who starts the next
vote with two votes against him (R17, A18: announced at daybreak, counts toward ties)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from arena.engine.events import BaseEvent, NightAction, register_event
from arena.engine.houses import housed
from arena.engine.roles.base import RoleSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge

VOTES = 2.0


@register_event
@dataclass(slots=True, kw_only=True)
class Curse(BaseEvent):
    """The crow's curse: two extra votes against ``target`` in today's vote."""

    type: Literal["curse"] = "curse"
    target: int
    votes: int = 2


@dataclass(slots=True)
class CrowState:
    cursed: int | None = None  # the target for today's vote


def _state(judge: Judge) -> CrowState | None:
    state: CrowState | None = judge.state.role_state.get("crow")
    return state


async def night(judge: Judge) -> None:
    st = judge.state
    mine: CrowState = st.role_state["crow"]
    for crow in st.actors("crow"):
        choice = await judge.ask(judge.request(crow, "curse", housed(st, st.alive()),
                                               allow_none=True))
        judge.emit(NightAction, (crow,), seat=crow, action="curse", target=choice.target)
        mine.cursed = choice.target


def announce(judge: Judge) -> None:
    """A18: the curse is announced at daybreak (and lapses if its target died)."""
    mine = _state(judge)
    if mine is None or mine.cursed is None:
        return
    if judge.state.is_alive(mine.cursed):
        judge.emit(Curse, "public", target=mine.cursed)
    else:
        mine.cursed = None


def vote_bonus(judge: Judge) -> dict[int, float]:
    """The cursed seat starts today's exile vote with two votes; the curse is spent."""
    mine = _state(judge)
    if mine is None or mine.cursed is None:
        return {}
    cursed, mine.cursed = mine.cursed, None
    return {cursed: VOTES}


SPEC = RoleSpec(
    kinds={"curse": "target"},
    name="crow", zh="乌鸦", faction="village", special=True, night=night, night_rank=120,
    state=CrowState, at_daybreak=announce, vote_bonus=vote_bonus,
    summary="Each night curses a player, who gets two extra votes against him the next day.",
)
