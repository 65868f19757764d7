"""Extra lives against wolf attacks and the penalty for killing the holder by
village hands: shared by the Elder (R12) and the online Chief (R23). The rules never
announce a spent life (A6: the night shows no death); the holder alone is told how many
lives he has left (a choice of this engine: the judge tells the player his own card's
state, as he tells the witch her potions)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import BaseEvent, Reveal, register_event
from arena.engine.roles.factions import faction, in_pack, is_special
from arena.engine.rule_types import RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class ElderRules(RuleGroup):
    """The elder's penalty (C25, A4)."""

    elder__penalty_scope: Literal["village_specials", "listed_roles", "all_roles"] = Field(
        "village_specials", description="C25: who loses powers when the village kills the elder."
    )
    elder__penalty_timing: Literal["after_triggers", "before_triggers"] = Field(
        "after_triggers",
        description="A4: powers are lost after the same cascade's triggers (a dying hunter "
        "still shoots) or before them.",
    )


class ChiefRules(RuleGroup):
    """The online chief's penalty (C25)."""

    chief__penalty_scope: Literal["village_specials", "listed_roles", "all_roles"] = Field(
        "all_roles", description="C25: who loses powers when the village kills the online chief."
    )

TWO_LIVES = ("elder", "chief")
LIVES = 2  # a two-lives card's lives at the deal
VILLAGE_HANDS = frozenset({"vote", "hunter", "poison"})
LISTED = frozenset({"hunter", "guard", "witch", "seer"})


def absorbs(judge: Judge, seat: int) -> bool:
    """An unguarded wolf attack on a seat with a spare life costs a life instead (A6).
    The spare life is the card's: whoever holds it now (after the thief, R9)."""
    st = judge.state
    if st.role_of(seat) not in TWO_LIVES or seat in st.wounded or seat in st.powerless:
        return False
    st.wounded.add(seat)
    mine: LivesState | None = st.role_state.get(st.role_of(seat))
    if mine is not None:
        mine.untold.append(seat)
    return True


@dataclass(slots=True)
class LivesState:
    """The holders who lost a life tonight, told at daybreak."""

    untold: list[int] = field(default_factory=list)


def teller(role: str) -> Callable[[Judge], None]:
    """The daybreak hook of ``role``: after the night's deaths are announced, each living
    holder who lost a life tonight learns, alone, how many he has left."""

    def tell(judge: Judge) -> None:
        mine: LivesState | None = judge.state.role_state.get(role)
        if mine is None or not mine.untold:
            return
        for seat in mine.untold:
            if judge.state.is_alive(seat):
                judge.emit(LifeLost, (seat,), seat=seat, lives=LIVES - 1)
        mine.untold.clear()

    return tell


@register_event
@dataclass(slots=True, kw_only=True)
class LifeLost(BaseEvent):
    """The holder of a spare life survived an attack and learns the lives he has left
    (told to him only)."""

    type: Literal["life_lost"] = "life_lost"
    seat: int
    lives: int


@register_event
@dataclass(slots=True, kw_only=True)
class LivesTold(BaseEvent):
    """The holder of a spare life learns he has fewer lives than his card shows for
    another reason than an attack (New Moon O11: a chief back from the dead has one);
    told to him only."""

    type: Literal["lives_told"] = "lives_told"
    seat: int
    lives: int


def wound(judge: Judge, seat: int) -> None:
    """The seat keeps one life only, and is told so (O11)."""
    judge.state.wounded.add(seat)
    judge.emit(LivesTold, (seat,), seat=seat, lives=LIVES - 1)


def lives_left(role: str | None, seat: int, events: Iterable[BaseEvent]) -> int | None:
    """The lives ``seat``, holding ``role``, knows it has left from the events it saw
    (None: the card has no spare life)."""
    if role not in TWO_LIVES:
        return None
    told = [e.lives for e in events if isinstance(e, LifeLost | LivesTold) and e.seat == seat]
    return told[-1] if told else LIVES


def silenced_roles(judge: Judge, scope: str) -> frozenset[str]:
    """C25: which roles lose their powers under a penalty scope."""
    dealt = [r for r, n in judge.config.roles.items() if n]
    if scope == "listed_roles":
        return frozenset(r for r in dealt if r in LISTED)
    if scope == "village_specials":
        return frozenset(r for r in dealt if faction(r) == "village" and is_special(r))
    return frozenset(r for r in dealt if not in_pack(r) and faction(r) != "solo")


def penalty_applies(judge: Judge, seat: int, cause: str) -> bool:
    role = judge.state.role_of(seat)
    return role in TWO_LIVES and cause in VILLAGE_HANDS


def apply_penalty(judge: Judge, seat: int) -> list[int]:
    """Silence the roles (A7); return revealed idiots, who leave with the Elder (A8)."""
    st = judge.state
    role = st.role_of(seat)
    rules = judge.rules
    scope = (rules[ElderRules].elder__penalty_scope if role == "elder" else
             rules[ChiefRules].chief__penalty_scope)
    st.silenced = st.silenced | silenced_roles(judge, scope)
    judge.emit(Reveal, "public", seat=seat, role=role, reason="penalty")
    if role != "elder":
        return []
    return [s for s in st.holders("idiot") if not st.seats[s].can_vote]
