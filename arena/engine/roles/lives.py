"""Extra lives against wolf attacks and the penalty for killing the holder by
village hands: shared by the Elder (R12) and the online Chief (R23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import Reveal
from arena.engine.roles.factions import faction, in_pack, is_special

if TYPE_CHECKING:
    from arena.engine.judge import Judge

TWO_LIVES = ("elder", "chief")
VILLAGE_HANDS = frozenset({"vote", "hunter", "poison"})
LISTED = frozenset({"hunter", "guard", "witch", "seer"})


def absorbs(judge: Judge, seat: int) -> bool:
    """An unguarded wolf attack on a seat with a spare life costs a life instead (A6).
    The spare life is the card's: whoever holds it now (after the thief, R9)."""
    st = judge.state
    if st.role_of(seat) not in TWO_LIVES or seat in st.wounded or seat in st.powerless:
        return False
    st.wounded.add(seat)
    return True


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
    scope = rules.elder__penalty_scope if role == "elder" else rules.chief__penalty_scope
    st.silenced = st.silenced | silenced_roles(judge, scope)
    judge.emit(Reveal, "public", seat=seat, role=role, reason="penalty")
    if role != "elder":
        return []
    return [s for s in st.holders("idiot") if not st.seats[s].can_vote]
