"""Hunter 猎人: shoots one player when he dies, unless the cause forbids it (C2, C3, A5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import Field

from arena.engine.events import Reveal, Shot
from arena.engine.roles.base import RoleSpec
from arena.engine.roles.cupid import CupidRules
from arena.engine.rule_types import DeathCause, RuleGroup
from arena.engine.shared_rules import VariantRules

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class HunterRules(RuleGroup):
    """The hunter's rule keys (C2, C3, A5)."""

    hunter__shoot_on_night_death: bool = Field(
        True, description="C2: a hunter killed at night may shoot at dawn."
    )
    hunter__blocked_causes: tuple[DeathCause, ...] = Field(
        ("poison", "lover", "explode", "hybrid", "elder_penalty", "other"),
        description="C3: death causes on which the hunter may not shoot.",
    )
    hunter__requires_reveal: bool = Field(
        False, description="C3: a voted-out hunter shoots only if his role is revealed at death."
    )
    hunter__reveal_on_shot: bool = Field(
        True, description="A hunter who shoots shows his card to everyone."
    )


def may_shoot(judge: Judge, hunter: int, cause: str, revealed: bool) -> bool:
    rules = judge.rules[HunterRules]
    st = judge.state
    if st.silent(hunter) or hunter in st.blocked or cause in rules.hunter__blocked_causes:
        return False  # blocked: a seat that may not act now (O1, O2; the dreamer's night)
    if cause == "wolves" and not rules.hunter__shoot_on_night_death:
        return False
    return not (cause == "vote" and rules.hunter__requires_reveal and not revealed)


async def on_death(judge: Judge, hunter: int, cause: str, revealed: bool) -> int | None:
    """Ask a dead hunter whom he shoots; returns the victim, if any."""
    if not may_shoot(judge, hunter, cause, revealed):
        return None
    st = judge.state
    options = [s for s in st.alive() if s != hunter]
    lover = st.seats[hunter].lover
    if judge.rules[CupidRules].lovers__lover_target_forbidden and lover is not None:
        options = [s for s in options if s != lover]
    if judge.rules[VariantRules].harvest__neighbours:  # V4: only a neighbour
        options = [s for s in options if s in st.neighbours(hunter)]
    decision = await judge.ask(judge.request(hunter, "shoot", options, allow_none=True,
                                             cause=cause))
    judge.emit(Shot, "public", seat=hunter, target=decision.target)
    reveal = judge.rules[HunterRules].hunter__reveal_on_shot
    if decision.target is not None and reveal and not revealed:
        judge.emit(Reveal, "public", seat=hunter, role="hunter", reason="hunter_shot")
    return decision.target


SPEC = RoleSpec(
    kinds={"shoot": "target"},
    name="hunter", zh="猎人", faction="village", special=True, on_death=on_death,
    summary="When killed by wolves or exiled, shoots one player (not when poisoned).",
    rules=HunterRules,
)
