"""The building registry and the calls the flow, the exile vote and the dawn make; each
returns at once when the Village is not in play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

from arena.engine.houses import building, holders
from arena.engine.requests import add_kinds
from arena.engine.village import (
    bailiff,
    baker,
    barber,
    bone_setter,
    confessor,
    farmer,
    noble,
    schoolmistress,
    tavern_keeper,
)
from arena.engine.village.base import BuildingSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.state import GameState

# the order in which holders act in a phase: the bailiff opens the day (A20)
BUILDINGS: dict[str, BuildingSpec] = {
    m.SPEC.name: m.SPEC
    for m in (farmer, bailiff, confessor, bone_setter, baker, tavern_keeper, barber,
              schoolmistress, noble)
}
for _spec in BUILDINGS.values():
    add_kinds(_spec.kinds)
ONCE = frozenset(name for name, spec in BUILDINGS.items() if spec.once)
DAYBREAK = tuple((s.name, s.daybreak) for s in BUILDINGS.values() if s.daybreak is not None)
BEFORE_VOTE = tuple((s.name, s.before_vote) for s in BUILDINGS.values()
                    if s.before_vote is not None)
AFTER_WOLVES = tuple((s.name, s.after_wolves) for s in BUILDINGS.values()
                     if s.after_wolves is not None)
SPARES = tuple((s.name, s.spares) for s in BUILDINGS.values() if s.spares is not None)
AFTER_EXILE = tuple((s.name, s.after_exile) for s in BUILDINGS.values()
                    if s.after_exile is not None)

Hook = TypeVar("Hook")


def _acting(st: GameState, hooks: tuple[tuple[str, Hook], ...]) -> Iterator[tuple[Hook, int]]:
    """Each hook with each living holder of its building, still holding it when his turn
    comes (an earlier act may have killed him)."""
    for name, hook in hooks:
        for seat in holders(st, name):
            if st.is_alive(seat) and building(st, seat) == name:
                yield hook, seat


async def daybreak(judge: Judge) -> None:
    """The buildings that act as the day starts (bailiff, confessor, bone-setter)."""
    if judge.state.village is not None:
        for act, seat in _acting(judge.state, DAYBREAK):
            await act(judge, seat)


async def before_vote(judge: Judge) -> None:
    """The buildings that act before the exile vote (barber, schoolmistress)."""
    if judge.state.village is not None:
        for act, seat in _acting(judge.state, BEFORE_VOTE):
            await act(judge, seat)


def after_step(judge: Judge, role: str) -> None:
    """After a night step: the baker looks when the wolves close their eyes."""
    if judge.state.village is not None and role == "werewolf":
        for look, seat in _acting(judge.state, AFTER_WOLVES):
            look(judge, seat)


def voters(judge: Judge, seats: list[int]) -> list[int]:
    """Today's voters without those the schoolmistress barred (B6)."""
    village = judge.state.village
    if village is None or village.barred[0] != judge.state.day:
        return seats
    return [s for s in seats if s not in village.barred[1]]


async def spares(judge: Judge, exiled: int) -> bool:
    """True when a building saves the exiled seat (tavern keeper, noble)."""
    if judge.state.village is not None:
        for spare, seat in _acting(judge.state, SPARES):
            if await spare(judge, seat, exiled):
                return True
    return False


def after_exile(judge: Judge, exiled: int) -> None:
    """The exile happened (the tavern keeper may lose his power)."""
    if judge.state.village is not None:
        for note, seat in _acting(judge.state, AFTER_EXILE):
            note(judge, seat, exiled)


def shielded(judge: Judge, target: int, source: str) -> bool:
    """True when the target's building stops a night attack from ``source`` (B5)."""
    name = building(judge.state, target)
    shields = BUILDINGS[name].shields if name is not None else None
    return shields is not None and shields(judge, target, source)
