"""Cupid 丘比特: links two lovers on the first night or before the game (R6, C17, C18);
some deaths break the pair up instead of taking the partner along (C36, A48)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.events import Lovers, NightAction, Reveal
from arena.engine.roles import factions
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import ALL_CAUSES, DeathCause, RuleGroup

if TYPE_CHECKING:
    from arena.engine.judge import Judge


class CupidRules(RuleGroup):
    """Cupid and the lovers (C17-C19, C21, C36, A5)."""

    cupid__allow_self: bool = Field(True, description="R6: Cupid may link himself.")
    cupid__phase: Literal["night1", "before_game"] = Field(
        "night1", description="C17: Cupid links in his night-1 step, or before the game "
        "(before a before_night1 sheriff election)."
    )
    cupid__timeout_s: float | None = Field(
        None, description="C17: seconds Cupid has to link (online: the first 25 s of night 1); "
        "unset, the table's usual time limit."
    )
    lovers__see_roles: bool = Field(False, description="C18: lovers learn each other's role.")
    lovers__vote_restriction: Literal[
        "forbid_each_other", "none", "must_vote_each_other", "forbid_abandoned"] = (
        Field("forbid_each_other", description="C19: a lover may not vote for the partner, "
              "may vote freely, or must vote for the partner when he can; forbid_abandoned: "
              "as forbid_each_other, and in the Harvest triangle the abandoned lover may not "
              "vote for the unfaithful one either (C33b, 000).")
    )
    lovers__lover_target_forbidden: bool = Field(
        True, description="A5: a hunter may not shoot his lover, a witch not poison hers."
    )
    lovers__chain_causes: tuple[DeathCause, ...] = Field(
        ALL_CAUSES, description="C36: causes of death that take the partner along."
    )
    lovers__breakup_causes: tuple[DeathCause, ...] = Field(
        (), description="C36/A48: causes of death that instead break the pair up: the partner "
        "lives on for his own side (these win over chain_causes)."
    )
    lovers__win: Literal["last_two_alive", "both_survive"] = Field(
        "last_two_alive", description="C21: when a mixed (wolf + good) pair wins."
    )
    cupid__joins_mixed_pair: bool = Field(
        False, description="C21: Cupid wins with a mixed pair he linked."
    )


async def night(judge: Judge) -> None:
    """Cupid's night-1 step. With cupid.phase = before_game he has linked already, unless
    nobody held his card then: a thief who takes it from the centre links on night 1."""
    st = judge.state
    night1 = judge.rules[CupidRules].cupid__phase == "night1"
    if night1 or not any(s.lover for s in st.seats.values()):
        await link(judge)


async def before_game(judge: Judge) -> None:
    """C17: with cupid.phase = before_game, Cupid links right after the deal (before a
    before_night1 election)."""
    if judge.rules[CupidRules].cupid__phase == "before_game":
        await link(judge)


async def link(judge: Judge) -> None:
    st, rules = judge.state, judge.rules[CupidRules]
    context = {"before_game": True} if st.day == 0 else {}  # C17: linked before night 1
    for cupid in st.actors("cupid"):
        options = [s for s in st.alive() if rules.cupid__allow_self or s != cupid]
        request = judge.request(cupid, "link", options, **context)
        if rules.cupid__timeout_s is not None:  # C17: online, a short window of its own
            request = replace(request, timeout_s=min(request.timeout_s, rules.cupid__timeout_s))
        decision = await judge.ask(request)
        a, b = sorted(decision.targets)
        judge.emit(NightAction, (cupid,), seat=cupid, action="link", target=None, targets=(a, b))
        pair_up(judge, a, b)


def pair_up(judge: Judge, a: int, b: int) -> None:
    """``a`` and ``b`` become lovers and learn each other."""
    st = judge.state
    st.seats[a].lover, st.seats[b].lover = b, a
    judge.emit(Lovers, (a, b), seats=(a, b))
    if judge.rules[CupidRules].lovers__see_roles:
        judge.emit(Reveal, (a,), seat=b, role=st.role_of(b), reason="lover")
        judge.emit(Reveal, (b,), seat=a, role=st.role_of(a), reason="lover")
    if "hybrid" in (st.role_of(a), st.role_of(b)):
        st.hybrid_pair = (a, b)
    elif factions.in_pack(st.role_of(a)) != factions.in_pack(st.role_of(b)):
        st.mixed_lovers = (a, b)


def break_up(judge: Judge, dead: int) -> None:
    """C36/A48: ``dead``'s death ends the pair; the partner lives on, for his own side."""
    st = judge.state
    partner = st.seats[dead].lover
    if partner is not None:
        st.seats[partner].lover = None
    st.seats[dead].lover = None
    if st.mixed_lovers is not None and dead in st.mixed_lovers:
        st.mixed_lovers = None
    if st.hybrid_pair is not None and dead in st.hybrid_pair:
        st.hybrid_pair = None


SPEC = RoleSpec(
    kinds={"link": "pair"}, night_rank=20,
    name="cupid", zh="丘比特", faction="village", special=True, first_night_only=True, night=night,
    summary="On the first night, links two players as lovers: when one dies, so does the other.",
    rules=CupidRules, before_game=before_game,
)
