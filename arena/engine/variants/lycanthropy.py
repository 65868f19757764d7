"""Lycanthropic Fascination (V6) and Temptation (4.2.6), conflict C32: the wolves'
victim does not die but is hypnotised (infected), told so by the judge's touch, and
loses every power of his card for good. Fascination: when a hypnotised player is
exiled, every other hypnotised player dies with him. Both: the wolves win when only
one non-wolf is left untouched (the same count as "the second-to-last villager")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from arena.engine.events import BaseEvent, register_event
from arena.engine.expansion import Outcome
from arena.engine.roles import ROLES
from arena.engine.roles.factions import faction, is_wolf
from arena.engine.shared_rules import VariantRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge
    from arena.engine.state import NightState


@register_event
@dataclass(slots=True, kw_only=True)
class Touched(BaseEvent):
    """The wolves' victim is hypnotised or infected (``how``) instead of killed."""

    type: Literal["touched"] = "touched"
    seat: int
    how: str


@dataclass(slots=True)
class TouchedState:
    seats: list[int] = field(default_factory=list)  # hypnotised / infected, in order


def _touched(judge: Judge) -> list[int]:
    mine: TouchedState = judge.state.role_state["lycanthropy"]
    return mine.seats


def untouched(judge: Judge, seats: list[int]) -> list[int]:
    """The pack attacks only players it has not touched yet."""
    done = _touched(judge)
    return [s for s in seats if s not in done]


def _touch(judge: Judge, seat: int) -> None:
    """The judge touches the seat's head: he lives on, powerless from this moment."""
    _touched(judge).append(seat)
    judge.state.powerless.add(seat)
    judge.emit(Touched, (seat,), seat=seat, how=judge.rules[VariantRules].variant__lycanthropy)


def hunted(judge: Judge) -> None:
    """The pack's victim is touched the moment the pack has chosen him (V6: he never
    opens his eyes that night; 4.2.6: he loses his power at once): the night's later
    steps see him powerless, and nobody is left dying for the witch to save. A guarded
    victim is not touched (the guard stops the pack's attack, A2)."""
    tonight = judge.state.night
    target = tonight.wolf_target
    if target is None or (tonight.protected == target
                          and ROLES[judge.state.role_of(target)].guardable):
        return
    tonight.wolf_target = None
    _touch(judge, target)


def touch(judge: Judge, _tonight: NightState, dying: dict[int, str]) -> None:
    """Any other victim of the wolves (a second attack of the night) lives on, powerless."""
    for seat in [s for s, cause in dying.items() if cause == "wolves"]:
        del dying[seat]
        _touch(judge, seat)


def chain(judge: Judge, seat: int) -> list[tuple[int, str]]:
    """Fascination: exiling a hypnotised player kills every other hypnotised player."""
    done, st = _touched(judge), judge.state
    if judge.rules[VariantRules].variant__lycanthropy != "fascination" or seat not in done:
        return []
    return [(s, "hypnosis") for s in done if s != seat and st.is_alive(s)]


def last_untouched(judge: Judge, alive: list[int]) -> Outcome | None:
    """The wolves win when at most one living non-wolf is untouched."""
    st, done = judge.state, _touched(judge)
    wolves = [s for s in alive if is_wolf(st.role_of(s))]
    free = [s for s in alive if not is_wolf(st.role_of(s)) and s not in done]
    if not wolves or len(free) > 1:
        return None
    return "wolves", tuple(n for n, s in st.seats.items() if faction(s.role) == "wolves")


SPEC = VariantSpec(
    name="lycanthropy", active=lambda rules: rules[VariantRules].variant__lycanthropy != "none",
    state=TouchedState, prey=untouched, hunted=hunted, dawn=touch, exiled=chain, win=last_untouched,
)
