"""The Sheriff office 警长: election, weighted vote and badge succession (C9-C12, A11).

Not a dealt role: an office held on top of a role card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from arena.engine.chance import chance
from arena.engine.events import Candidacy, Sheriff, Speech
from arena.engine.houses import holders
from arena.engine.rule_types import RuleGroup
from arena.engine.tally import cast_ballots, same_for_all

if TYPE_CHECKING:
    from arena.engine.judge import Judge

ELECTION_LOT = chance("sheriff_tie", "C10, `sheriff.election_tie = random`: a tied sheriff "
                      "election; the sheriff, among the tied candidates.")


class SheriffRules(RuleGroup):
    """The sheriff's election, vote weight and badge (C9-C12, A10, A11)."""

    sheriff__election: Literal["none", "day1_after_speeches", "before_night1"] = Field(
        "day1_after_speeches", description="C9: when the sheriff is elected."
    )
    sheriff__electorate: Literal["all_living", "non_candidates", "farmers"] = Field(
        "all_living", description="C10: who votes in the sheriff election (farmers: only "
        "the living farmers, VIL)."
    )
    sheriff__candidates: Literal["all_living", "farmers"] = Field(
        "all_living", description="C10/C12: who may run for sheriff and receive the badge "
        "(farmers: seats whose table attribute building is farmer)."
    )
    sheriff__election_tie: Literal["none", "revote_once", "random"] = Field(
        "revote_once", description="C10: a tied sheriff election."
    )
    sheriff__vote_weight: float = Field(2.0, gt=0, description="C11: weight of the sheriff's vote.")
    sheriff__succession: Literal["optional", "mandatory"] = Field(
        "optional", description="C12: a dying sheriff may or must pass the badge."
    )
    sheriff__succession_on: Literal["killed", "any_death"] = Field(
        "any_death", description="C12/A11: which deaths pass the badge (killed = not exiled)."
    )


def vote_weight(judge: Judge, seat: int) -> float:
    return judge.rules[SheriffRules].sheriff__vote_weight if judge.state.sheriff == seat else 1.0


def eligible(judge: Judge) -> list[int]:
    """The living seats who may hold the badge (C10, C12: only farmers, in VIL)."""
    st = judge.state
    if judge.rules[SheriffRules].sheriff__candidates == "all_living":
        return st.alive()
    return holders(st, "farmer")


async def election(judge: Judge, *, campaign: bool) -> None:
    st = judge.state
    st.election_held = True
    alive = st.alive()
    standing = eligible(judge)
    answers = await judge.ask_all([judge.request(s, "run") for s in standing])
    candidates = [s for s, a in zip(standing, answers, strict=True) if a.yes]
    for seat, answer in zip(standing, answers, strict=True):
        judge.emit(Candidacy, "public", seat=seat, running=bool(answer.yes))
    if campaign:
        for seat in candidates:
            said = await judge.ask(judge.request(seat, "speak", purpose="campaign",
                                                 candidates=tuple(candidates)))
            judge.emit(Speech, "public", seat=seat, text=said.text, claims=said.claims,
                       context="campaign")
    elected = await _ballot(judge, candidates, alive) if len(candidates) > 1 else (
        candidates[0] if candidates else None)
    st.sheriff = elected
    judge.emit(Sheriff, "public", seat=elected, how="elected" if elected else "no_sheriff")


async def _ballot(judge: Judge, candidates: list[int], alive: list[int]) -> int | None:
    rules = judge.rules[SheriffRules]
    electorate = alive
    if rules.sheriff__electorate == "non_candidates":
        electorate = [s for s in alive if s not in candidates] or alive
    elif rules.sheriff__electorate == "farmers":  # C10 VIL: only the farmers vote
        electorate = holders(judge.state, "farmer")
    for round_no in (1, 2):
        tally = await cast_ballots(
            judge, electorate, same_for_all(list(candidates)), ballot="sheriff",
            round_no=round_no, weight=lambda _s: 1.0)
        leaders = tally.leaders
        if len(leaders) == 1:
            return leaders[0]
        if not leaders or rules.sheriff__election_tie == "none":
            return None
        if rules.sheriff__election_tie == "random":
            return judge.draw(ELECTION_LOT, leaders)
        candidates = leaders
    return None


async def succession(judge: Judge, dead_sheriff: int, cause: str) -> None:
    """The dying sheriff passes the badge (or tears it) once the cascade settles."""
    st, rules = judge.state, judge.rules[SheriffRules]
    st.sheriff = None
    if rules.sheriff__succession_on == "killed" and cause == "vote":
        judge.emit(Sheriff, "public", seat=None, how="badge_lost", by=dead_sheriff)
        return
    options = eligible(judge)
    if not options:
        return
    decision = await judge.ask(judge.request(
        dead_sheriff, "badge", options, allow_none=rules.sheriff__succession == "optional"))
    st.sheriff = decision.target
    judge.emit(Sheriff, "public", seat=decision.target, by=dead_sheriff,
               how="badge" if decision.target else "badge_torn")
